/**
 * Touched On watched on a phone (no hand), in Debian's Chromium against the real server. Held sideways (844 × 390,
 * 740 × 360, 915 × 412) the board keeps no column for a hand: the Lines take the board's width and the sheet ("Waiting
 * for …") stands under them as wide, stuck to the window's foot (without board.css's block for it, the Lines took 458 of 804
 * px at 844 × 390, beside an empty column 338 px wide). Held upright (360 × 640, 390 × 844) the sheet is fixed at the
 * window's foot and the board is one column as wide as the window: the same block in the upright phone's query changed
 * no box of the board (measured 2026-12-03) and was dropped; this check holds with it and without it.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, findChromium, newContext } from './harness';
import { midJourney } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Touched On watched on a phone', () => {
  const suite = e2eSuite();

  it.each([
    [844, 390],
    [740, 360],
    [915, 412],
    [360, 640],
    [390, 844],
  ])(
    '%i × %i: the Lines take the board’s width, the sheet under them or at the window’s foot',
    async (width, height) => {
      const { matchID } = await midJourney(suite.server);
      const { context, page } = await newContext(suite.browser, suite.errors, `to-watch-${width}`, {
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      });
      await page.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
      await page.getByTestId('watch').click({ timeout: UI });
      await page.getByTestId('banner').waitFor({ timeout: UI });
      await page.locator('.to-lines .line-col').first().waitFor({ timeout: UI });
      const m = await page.evaluate(() => {
        const box = (sel: string) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY };
        };
        const main = document.querySelector('.to-main')!;
        const pad = parseFloat(getComputedStyle(main).paddingLeft) + parseFloat(getComputedStyle(main).paddingRight);
        return {
          hand: document.querySelector('[data-testid="hand"]') !== null,
          room: main.getBoundingClientRect().width - pad,
          lines: box('.to-lines'),
          seats: box('.to-seats'),
          sheet: box('.to-actions'),
          sheetPosition: getComputedStyle(document.querySelector('.to-actions')!).position,
          sheetFoot: document.querySelector('.to-actions')!.getBoundingClientRect().bottom,
          overflow: document.documentElement.scrollWidth - innerWidth,
        };
      });
      const where = JSON.stringify(m);
      expect(m.hand, where).toBe(false);
      expect(m.overflow, `the page wider than the window, ${where}`).toBeLessThanOrEqual(0);
      // The Lines and the seats as wide as the board's room (no column kept for a hand).
      for (const b of [m.lines, m.seats])
        expect(b.right - b.left, `the table's width, ${where}`).toBeGreaterThanOrEqual(m.room - 1);
      // The sheet as wide as the table, at the window's foot: stuck there in the board's column sideways, fixed upright.
      expect(m.sheet.right - m.sheet.left, `the sheet's width, ${where}`).toBeGreaterThanOrEqual(m.room - 1);
      expect(m.sheetPosition, where).toBe(width > height ? 'sticky' : 'fixed');
      expect(Math.round(m.sheetFoot), `the sheet at the window's foot, ${where}`).toBe(height);
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
