/**
 * Lisbon's board on touch tablets, in Debian's Chromium against the real
 * server (hot-seat games, touch, no mobile viewport):
 *  - upright (820 × 1180, 1024 × 1366), the map takes the board's width on
 *    top, its place names readable, with the actions under it: a move chosen
 *    through the close-up has Confirm and Cancel in view without scrolling,
 *    and the page never scrolls sideways (beside the actions the map had 484
 *    of 820 px, its place names 6 px high);
 *  - "How to play" opens with a tap on a line at least 44 px high (it was 18);
 *  - at the end, with the final scores closed, their "Final scores" button is
 *    whole, clear of the page's bar with the ways on, upright (768 × 1024,
 *    820 × 1180; the bar hid part of it) and sideways (1024 × 768);
 *  - upright at 768 × 1024 (one column), each player's row is as high as what
 *    it holds, with no blank under it (each was 220 px high, half of it blank).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { changeStoredHotSeat, e2eSuite, findChromium, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
/** A destination whose move pushes nobody (a push may hand the device to another player). */
const QUIET_DEST = '.lt-mapcol [data-testid^="dest-"]:not([aria-label*="pushes"])';

/** A touch tablet of the given size; its pages log errors into `errors`. */
async function tablet(browser: Browser, errors: string[], width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`[tablet ${width}] pageerror: ${e.message}`));
  return { context, page };
}

/** Start a hot-seat game of `players` humans, Ana first, and hand her the device. */
async function startHotSeat(page: Page, url: string, players: number): Promise<void> {
  await page.goto(`${url}/#/g/lisbon-tram-28/hotseat`);
  await page.getByTestId(`hs-players-${players}`).tap();
  for (let i = 0; i < players; i++) await page.getByTestId(`hs-name-${i}`).fill(['Ana', 'Bruno', 'Carla', 'Duarte'][i]);
  await page.getByTestId('hs-first').selectOption('0');
  await page.getByTestId('hs-start').tap();
  await page.getByTestId('pass-ready').tap({ timeout: UI });
  await page.getByTestId('map').waitFor({ timeout: UI });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** The element's box as it is now (not scrolled), which must be shown. */
async function rect(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
}

/** The first element matching `selector` lies wholly inside the window as it is now. */
async function expectInView(page: Page, selector: string): Promise<void> {
  const size = page.viewportSize()!;
  const r = await rect(page, selector);
  expect(r.top, `${selector} top`).toBeGreaterThanOrEqual(0);
  expect(r.left, `${selector} left`).toBeGreaterThanOrEqual(0);
  expect(r.bottom, `${selector} bottom`).toBeLessThanOrEqual(size.height);
  expect(r.right, `${selector} right`).toBeLessThanOrEqual(size.width);
}

describe.skipIf(!CHROMIUM)('browser: Lisbon on touch tablets', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  for (const [width, height] of [
    [820, 1180],
    [1024, 1366],
  ] as const) {
    it(`upright at ${width} × ${height}, 4 players: the map takes the width, a move's controls are in view`, async () => {
      const { page, context } = await tablet(suite.browser, errors, width, height);
      await startHotSeat(page, suite.server.url, 4);
      // The map spans the board (but its margins), and its place names are at least 9 px high on the screen.
      const map = await rect(page, '[data-testid="map"]');
      expect(map.width, 'the map’s width').toBeGreaterThanOrEqual(0.9 * width);
      const names = await page.locator('[data-testid="map"] .label').evaluateAll((els) =>
        els.map((e) => {
          const svg = (e as SVGGraphicsElement).ownerSVGElement!;
          return parseFloat(getComputedStyle(e).fontSize) * svg.getScreenCTM()!.a;
        }),
      );
      expect(names.length).toBeGreaterThan(10);
      expect(Math.min(...names), 'the smallest place name, in px').toBeGreaterThanOrEqual(9);
      // The actions are under the map, not over it, and their panel starts in the window.
      const actions = await rect(page, '[data-testid="actions"]');
      expect(actions.top).toBeGreaterThanOrEqual(map.bottom);
      expect(actions.top).toBeLessThan(height - 100);
      await screenshot(page, `lisbon-tablet-upright-${width}`);
      // A move through the close-up: Confirm and Cancel are in view, and confirming spends an action.
      const dest = page.locator(QUIET_DEST).first();
      const id = (await dest.getAttribute('data-testid'))!;
      await dest.tap();
      const zoomed = page.getByTestId(`zoom-${id}`);
      await page.getByTestId('loupe').or(page.getByTestId('confirm-move')).first().waitFor({ timeout: UI });
      if ((await page.getByTestId('loupe').count()) > 0) await zoomed.tap();
      await page.getByTestId('confirm-move').waitFor({ timeout: UI });
      await expectInView(page, '[data-testid="confirm-move"]');
      await expectInView(page, '[data-testid="cancel-move"]');
      await screenshot(page, `lisbon-tablet-upright-${width}-confirm`);
      await page.getByTestId('confirm-move').tap();
      await expect.poll(() => page.getByTestId('actions-left').textContent()).toMatch(/1 of 2 action/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('"How to play" opens with a tap on a line at least 44 px high (1180 × 820, touch)', async () => {
    const { page, context } = await tablet(suite.browser, errors, 1180, 820);
    await startHotSeat(page, suite.server.url, 2);
    const summary = page.locator('[data-testid="help"] summary');
    await summary.scrollIntoViewIfNeeded();
    const r = (await summary.boundingBox())!;
    expect(r.height, 'the line to tap').toBeGreaterThanOrEqual(44);
    // Its centre is the summary itself (nothing over it), and a tap there opens the rules.
    const hit = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="help"] summary')),
      [r.x + r.width / 2, r.y + r.height / 2],
    );
    expect(hit).toBe(true);
    await summary.tap();
    await expect.poll(() => page.getByTestId('help').evaluate((e) => (e as HTMLDetailsElement).open)).toBe(true);
    await context.close();
  }, 60_000);

  for (const [width, height] of [
    [768, 1024],
    [820, 1180],
    [1024, 768],
  ] as const) {
    it(`at the end (${width} × ${height}), "Final scores" to reopen them is whole, clear of the bar with the ways on`, async () => {
      const { page, context } = await tablet(suite.browser, errors, width, height);
      await startHotSeat(page, suite.server.url, 2);
      // The last round: the stored game is changed, and resumed after a reload; both end their turns.
      await changeStoredHotSeat<GState>(page, (s) => {
        s.G.endTriggered = true;
      });
      await page.getByTestId('hs-resume').tap({ timeout: UI });
      for (let i = 0; i < 2; i++) {
        await page.getByTestId('pass-ready').tap({ timeout: UI });
        await page.getByTestId('end-turn').tap({ timeout: UI });
        await page.getByTestId('end-turn-confirm').tap({ timeout: UI });
      }
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      await page.getByTestId('gameover-close').tap();
      const button = page.getByTestId('show-scores');
      await button.waitFor({ timeout: UI });
      await page.getByTestId('hs-end').waitFor({ timeout: UI });
      // Every point of the button a finger may touch, its rounded corners' 6 px in included, is the button's, not the bar's.
      const r = await rect(page, '[data-testid="show-scores"]');
      const bar = await rect(page, '[data-testid="hs-end"]');
      const across = Math.max(0, Math.min(r.right, bar.right) - Math.max(r.left, bar.left));
      const down = Math.max(0, Math.min(r.bottom, bar.bottom) - Math.max(r.top, bar.top));
      expect(across * down, `${Math.round(across)} × ${Math.round(down)} px of the button under the bar`).toBe(0);
      const xs = [r.left + 6, (r.left + r.right) / 2, r.right - 6];
      const ys = [r.top + 6, (r.top + r.bottom) / 2, r.bottom - 6];
      const hidden = await page.evaluate(
        ({ xs, ys }) =>
          xs.flatMap((x) =>
            ys
              .filter((y) => !document.elementFromPoint(x, y)?.closest('[data-testid="show-scores"]'))
              .map((y) => `${Math.round(x)},${Math.round(y)}`),
          ),
        { xs, ys },
      );
      expect(hidden, 'points of the button under something else').toEqual([]);
      await expectInView(page, '[data-testid="show-scores"]');
      await screenshot(page, `lisbon-tablet-end-${width}`);
      await button.tap();
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it("upright at 768 × 1024 (one column), 4 players: each player's row is as high as what it holds", async () => {
    const { page, context } = await tablet(suite.browser, errors, 768, 1024);
    await startHotSeat(page, suite.server.url, 4);
    const rows = page.locator('.lt-players .player-panel');
    await expect.poll(() => rows.count()).toBe(4);
    // The blank between a row's last line and its bottom edge: its padding and border only (8 + 2 px).
    const blanks = await rows.evaluateAll((els) =>
      els.map((e) => {
        const last = Math.max(...Array.from(e.children, (c) => c.getBoundingClientRect().bottom));
        return Math.round(e.getBoundingClientRect().bottom - last);
      }),
    );
    for (const blank of blanks)
      expect(blank, `px blank under a row's last line (${blanks.join(', ')})`).toBeLessThanOrEqual(16);
    await context.close();
  }, 60_000);
});
