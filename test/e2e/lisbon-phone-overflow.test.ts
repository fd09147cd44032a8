/**
 * Lisbon's board on phones, in Debian's Chromium against the real server:
 *  - a long row of Monument cards (8 in one player's row) at 360 × 640 and 390 × 844 (touch), and upright on an
 *    820 × 1180 tablet: the page is never wider than the window, during play and at the end; the row scrolls inside
 *    its panel, no wider than the list of players; at the end the page's bar with the ways on and "Final scores"
 *    are in the window and take a tap (on both phones the page was 498 px wide, the bar and the button partly off
 *    the screen);
 *  - with the page above the board grown (an online match's "Leave match" asks in place), the bottom sheet of
 *    actions stays above the turn banner: a tap inside the sheet reaches the sheet (the banner, pushed down behind
 *    it, was painted over it).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { changeStoredHotSeat, createJoined, e2eSuite, findChromium, openAsSeat, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
/** Two phones, and an upright tablet (two rows to a line under the map, beside the actions). */
const SCREENS = [
  { width: 360, height: 640, mobile: true },
  { width: 390, height: 844, mobile: true },
  { width: 820, height: 1180, mobile: false },
] as const;
const EIGHT = [
  'torre-belem-1',
  'padrao-1',
  'jeronimos-1',
  'ajuda-1',
  'estrela-1',
  'chiado-1',
  'carmo-1',
  'castelo-1',
] as const;

/** A touch screen of the given size (a phone's with a mobile viewport); its pages log errors into `errors`. */
async function phone(browser: Browser, errors: string[], width: number, height: number, mobile = true) {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`[phone ${width}] pageerror: ${e.message}`));
  return { context, page };
}

/** Fonts loaded and two frames drawn: the layout is settled. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** The page's width against the window's. */
async function widths(page: Page) {
  return page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
}

/** The element lies wholly inside the window as it is now, and a tap at its centre reaches it. */
async function expectTappable(page: Page, testid: string): Promise<void> {
  const size = page.viewportSize()!;
  const r = await page.getByTestId(testid).evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  expect(r.left, `${testid} left`).toBeGreaterThanOrEqual(0);
  expect(r.top, `${testid} top`).toBeGreaterThanOrEqual(0);
  expect(r.right, `${testid} right`).toBeLessThanOrEqual(size.width);
  expect(r.bottom, `${testid} bottom`).toBeLessThanOrEqual(size.height);
  const hit = await page.evaluate(([x, y, id]) => !!document.elementFromPoint(x, y)?.closest(`[data-testid="${id}"]`), [
    r.left + r.width / 2,
    r.top + r.height / 2,
    testid,
  ] as const);
  expect(hit, `a tap at the centre of ${testid} reaches it`).toBe(true);
}

describe.skipIf(!CHROMIUM)("browser: Lisbon's board on phones", () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  for (const { width, height, mobile } of SCREENS) {
    it(`at ${width} × ${height}, 8 Monument cards in a row scroll inside their panel; the page keeps the window's width`, async () => {
      const { page, context } = await phone(suite.browser, errors, width, height, mobile);
      await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
      await page.getByTestId('hs-players-2').tap();
      await page.getByTestId('hs-name-0').fill('Ana');
      await page.getByTestId('hs-name-1').fill('Bruno');
      await page.getByTestId('hs-first').selectOption('0');
      await page.getByTestId('hs-start').tap();
      await page.getByTestId('pass-device').waitFor({ timeout: UI });
      // The last round, with 8 cards in Bruno's row: the stored game is changed, and resumed after a reload.
      await changeStoredHotSeat<GState>(page, ({ G }) => {
        G.endTriggered = true;
        G.players['1'].row = [...EIGHT];
      });
      await page.getByTestId('hs-resume').tap({ timeout: UI });
      await page.getByTestId('pass-ready').tap({ timeout: UI });
      await page.getByTestId('map').waitFor({ timeout: UI });
      await settled(page);

      // During play: the page is as wide as the window; the row scrolls inside its panel, within the players' list.
      expect(await widths(page), 'during play').toEqual({ page: width, window: width });
      const fit = await page.evaluate(() => {
        const list = document.querySelector('.lt-players')!.getBoundingClientRect();
        const panel = document.querySelector('[data-testid="player-1"]')!;
        const row = panel.querySelector('.card-row')!;
        const p = panel.getBoundingClientRect();
        return {
          list: { left: list.left, right: list.right },
          panel: { left: p.left, right: p.right },
          cards: row.querySelectorAll('.mcard').length,
          scrolls: row.scrollWidth > row.clientWidth,
          rowRight: row.getBoundingClientRect().right,
        };
      });
      expect(fit.cards).toBe(8);
      expect(fit.panel.left).toBeGreaterThanOrEqual(fit.list.left - 0.5);
      expect(fit.panel.right).toBeLessThanOrEqual(fit.list.right + 0.5);
      expect(fit.list.right).toBeLessThanOrEqual(width);
      expect(fit.rowRight).toBeLessThanOrEqual(fit.panel.right);
      expect(fit.scrolls, 'the row scrolls inside its panel').toBe(true);
      await screenshot(page, `lisbon-phone-overflow-${width}-play`);
      // A sideways swipe of the page does not move it.
      await page.evaluate(() => window.scrollTo(200, window.scrollY));
      expect(await page.evaluate(() => window.scrollX)).toBe(0);

      // Both end their turns: the game is over.
      await page.getByTestId('end-turn').tap({ timeout: UI });
      await page.getByTestId('end-turn-confirm').tap({ timeout: UI });
      await page.getByTestId('pass-ready').tap({ timeout: UI });
      await page.getByTestId('end-turn').tap({ timeout: UI });
      await page.getByTestId('end-turn-confirm').tap({ timeout: UI });
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      await page.getByTestId('hs-end').waitFor({ timeout: UI });
      await settled(page);
      expect(await widths(page), 'at the end').toEqual({ page: width, window: width });
      await expectTappable(page, 'hs-end');
      await screenshot(page, `lisbon-phone-overflow-${width}-end`);

      // The scores closed: the board behind, as wide as the window, and "Final scores" in it, above the bar.
      await page.getByTestId('gameover-close').tap();
      await page.getByTestId('show-scores').waitFor({ timeout: UI });
      await settled(page);
      expect(await widths(page), 'the scores closed').toEqual({ page: width, window: width });
      await expectTappable(page, 'hs-end');
      await expectTappable(page, 'show-scores');
      await screenshot(page, `lisbon-phone-overflow-${width}-closed`, { fullPage: false });
      await page.getByTestId('show-scores').tap();
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('at 360 × 640, the bottom sheet stays above the turn banner when the page above the board grows', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, 'lisbon-tram-28', 2, { firstPlayer: 0 });
    const { page, context } = await openAsSeat(
      suite.browser,
      errors,
      'lisbon-sheet',
      { url: suite.server.url, game: 'lisbon-tram-28', matchID, playerID: '0', credentials: creds[0] },
      undefined,
      { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    );
    await page.getByTestId('map').waitFor({ timeout: UI });
    // Player 1 plays first: the sheet holds the turn's actions (as high as it will be).
    await page.getByTestId('end-turn').waitFor({ timeout: UI });
    // "Leave match" asks in place, above the board: the board, and its sticky banner, move down.
    await page.getByTestId('leave-match').tap({ timeout: UI });
    await page.getByTestId('leave-confirm').waitFor({ timeout: UI });
    // At the page's top (the sheet, as the turn began, had the page scroll the map clear of it).
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    const at = await page.evaluate(() => {
      const sheet = document.querySelector('.lt-sheet')!.getBoundingClientRect();
      const banner = document.querySelector('[data-testid="turn-banner"]')!.getBoundingClientRect();
      return {
        sheet: { top: sheet.top, bottom: sheet.bottom, left: sheet.left, right: sheet.right },
        banner: { top: banner.top, bottom: banner.bottom },
      };
    });
    // The banner is behind the sheet's band (else this checks nothing).
    expect(at.banner.bottom, 'banner under the sheet top').toBeGreaterThan(at.sheet.top);
    expect(at.banner.top, 'banner above the sheet bottom').toBeLessThan(at.sheet.bottom);
    const top = Math.max(at.sheet.top, at.banner.top);
    const bottom = Math.min(at.sheet.bottom, at.banner.bottom);
    const points: [number, number][] = [];
    for (const y of [top + 2, (top + bottom) / 2, bottom - 2, at.sheet.top + 4, at.sheet.bottom - 4])
      for (const x of [at.sheet.left + 8, (at.sheet.left + at.sheet.right) / 2, at.sheet.right - 8])
        points.push([x, y]);
    const hits = await page.evaluate(
      (pts) =>
        pts.map(([x, y]) => {
          const el = document.elementFromPoint(x, y);
          return { x, y, sheet: !!el?.closest('.lt-sheet'), banner: !!el?.closest('.turn-banner') };
        }),
      points,
    );
    await screenshot(page, 'lisbon-phone-sheet-over-banner');
    for (const h of hits) {
      expect(h.banner, `banner at ${h.x},${h.y}`).toBe(false);
      expect(h.sheet, `sheet at ${h.x},${h.y}`).toBe(true);
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
