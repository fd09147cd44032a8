/**
 * Touched On and Get on Board on tablets, held as an iPad is, with a finger (touch), in Debian's Chromium against
 * the real server: 1024 × 768, 1180 × 820 and 1366 × 1024 landscape, wider than the phone layout (860 px), where
 * the boards take their desktop layout but are still played with a finger.
 *
 * Touched On: the seat on turn (a known hand: two Evaders of 96, two of 86, an Appeal) puts a batch together with
 * a tap on an Evader, plays it and ends the turn, on its match page. While the batch waits and when End turn is
 * offered, every enabled control of the action panel (the batch's −, + and All, Play, Cancel, End turn) and every
 * hand card is a tap target of at least 44 × 44 px, and the pending action's control is in view without scrolling.
 * Screenshots go to artifacts/screenshots/ (`tablet-…`).
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { findChromium, FIRST_BOARD_SCRIPT, SCREENSHOTS, e2eSuite } from './harness';
import { knownMatch, storedState } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

/** The tablets held sideways: wider than the phone layout of either board. */
const TABLETS = [
  { name: 'tablet-1024', width: 1024, height: 768 },
  { name: 'tablet-1180', width: 1180, height: 820 },
  { name: 'tablet-1366', width: 1366, height: 1024 },
] as const;

/** Every hand card and enabled control of Touched On's action panel smaller than 44 px either way. */
function smallTouchedOnTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll('.hand-card, [data-testid="actions"] button:enabled, [data-testid="actions"] label'),
    )
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(
        ({ el, r }) =>
          `${el.getAttribute('data-testid') ?? el.textContent}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}`,
      ),
  );
}

/** Checks that a control is shown inside the viewport as the page stands. */
async function expectInView(page: Page, control: Locator, what: string): Promise<void> {
  const box = await control.boundingBox();
  if (!box) throw new Error(`${what} is not shown`);
  const vp = page.viewportSize()!;
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(vp.height);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(vp.width);
}

describe.skipIf(!CHROMIUM)('browser: Touched On and Get on Board on tablets (touch)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(TABLETS)(
    'Touched On at $name ($width × $height): a batch played and the turn ended with 44 px tap targets',
    async (size) => {
      const { server, browser } = suite;
      const m = await knownMatch(server);
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(FIRST_BOARD_SCRIPT);
      const seat = {
        gameId: 'touched-on',
        matchID: m.matchID,
        playerID: m.seat,
        credentials: m.creds[Number(m.seat)],
        playerName: `Player ${Number(m.seat) + 1}`,
        joinedAt: 0,
      };
      await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`[to-${size.name}] pageerror: ${e.message}`));
      await page.goto(`${server.url}/#/g/touched-on/match/${m.matchID}`);

      await page.getByTestId(`hand-card-${m.cards.e96[0]}`).tap();
      await page.getByTestId('batch').waitFor({ timeout: UI });
      await page.getByTestId('batch-plus').tap();
      await expect.poll(() => page.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('2');
      // The batch waits: its controls are in view and big enough for a finger.
      await expectInView(page, page.getByTestId('play-batch'), 'Play (the batch)');
      await expectInView(page, page.getByTestId('batch-cancel'), 'Cancel (the batch)');
      expect(await smallTouchedOnTargets(page), 'while the batch waits').toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/tablet-touched-on-${size.name}-batch.png` });
      await page.getByTestId('play-batch').tap();
      await page.getByTestId(`placed-${m.cards.e96[0]}`).waitFor({ timeout: UI });
      await page.getByTestId('end-turn').waitFor({ timeout: UI });
      await expectInView(page, page.getByTestId('end-turn'), 'End turn');
      expect(await smallTouchedOnTargets(page), 'with End turn offered').toEqual([]);
      await page.getByTestId('end-turn').tap();
      await expect
        .poll(async () => (await storedState(server, m.matchID)).ctx.currentPlayer, { timeout: UI })
        .not.toBe(m.seat);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
