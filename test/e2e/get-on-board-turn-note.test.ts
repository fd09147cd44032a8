/**
 * Hot-seat's "Ana's turn" on Get on Board's board on a phone held upright (390 × 844), in Debian's Chromium against
 * the real server. The device goes from one player to the other without the pass screen, and the page says whose
 * turn it is for 4 s (src/client/hotseatNotes.ts places the note off every control and off the parts a board marks
 * with NOTE_CLEAR). The board marks its map and its banner: while the note shows, the player scrolls the map's foot
 * down to the plot panel's sheet and taps a marker (the sheet grows), and the note stands over no part of the map,
 * the banner or the plot panel. Unmarked, the note stood above the sheet in the window's bottom-right corner, over
 * the map's corner (taps went through it, but the map's stations and lines there could not be seen for 4 s).
 * Viewport screenshots: artifacts/screenshots/gob-turn-note-390x844-<n>.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';
import { hotSeatToFirstPlot, placeSafeMarkers } from './get-on-board-steps';

const CHROMIUM = findChromium();
const UI = 10_000;

type Box = { left: number; top: number; right: number; bottom: number };

/** The note, the map's box, the banner and the plot panel as they stand (the note null once it is gone). */
function boxes(page: Page) {
  return page.evaluate(async () => {
    // The note is placed again at the next frame after anything moved (hotseatNotes.ts' followMoves).
    for (let f = 0; f < 3; f++) await new Promise((r) => requestAnimationFrame(r));
    const box = (sel: string): Box | null => {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      return r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
    };
    return {
      note: box('[data-testid="hs-handed-to"]'),
      map: box('.gob-map-box'),
      banner: box('[data-testid="banner"]'),
      panel: box('[data-testid="plot-panel"]'),
    };
  });
}

const meet = (a: Box, b: Box | null) =>
  !!b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe.skipIf(!CHROMIUM)("browser: hot-seat's \"Ana's turn\" on Get on Board's board on a phone", () => {
  const suite = e2eSuite();

  it('keeps the turn note off the map, the banner and the plot panel at 390 × 844', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'gob-turn-note', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // The first plot, then the device goes to the other player without the pass screen.
    await hotSeatToFirstPlot(page, suite.server.url);
    await placeSafeMarkers(page);
    await page.getByTestId('plot-confirm').click();
    const note = page.getByTestId('hs-handed-to');
    await note.waitFor({ timeout: UI });
    // The player scrolls the map's foot down to 10 px above the sheet, where the note stood.
    await page.evaluate(() => {
      const map = document.querySelector('.gob-map-box')!.getBoundingClientRect();
      const sheet = document.querySelector('.gob-action-slot')!.getBoundingClientRect();
      window.scrollBy(0, map.bottom - (sheet.top - 10));
    });
    const found: string[] = [];
    let measured = 0;
    for (let step = 0; step < 2; step++) {
      // A marker tapped: the sheet grows, and the page keeps the map clear of it.
      if (step === 1) {
        const safe = page.locator('.gob-target[data-eliminates="no"]');
        await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).tap();
      }
      const b = await boxes(page);
      if (!b.note) break;
      measured++;
      await screenshot(page, `gob-turn-note-390x844-${step}`, { fullPage: false });
      const at = `${step === 0 ? 'scrolled' : 'a marker tapped'}: the note ${JSON.stringify(b.note)}`;
      if (b.note.top < 0 || b.note.bottom > 844) found.push(`${at} out of the window`);
      for (const what of ['map', 'banner', 'panel'] as const)
        if (meet(b.note, b[what])) found.push(`${at} over the ${what} ${JSON.stringify(b[what])}`);
    }
    // The note was up to be measured (it shows for 4 s), once scrolled at least.
    expect(measured).toBeGreaterThanOrEqual(1);
    expect(found).toEqual([]);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
