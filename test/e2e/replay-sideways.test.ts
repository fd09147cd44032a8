/**
 * A replay on a phone held sideways (844 × 390 and 740 × 360), for every game, in Debian's Chromium against the real
 * server: the page brings the board to the window's top once it has drawn, as a match's page does, and the board
 * then takes the window down to the timeline pinned at its foot. Before, the site's header and the replay's card
 * (116 px, its title on a row of its own) stayed above it, and the board had 143 px of the first screen at 844 × 390
 * (113 px at 740 × 360), its map or table 61 to 99 px under its banner. The card above the board, a scroll away, is
 * one row: its title, the jump and "Seen by"; the timeline stays in reach.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';
import { expectTimelineInReach, playedInProcess } from './replay-match';

const CHROMIUM = findChromium();
const UI = 10_000;
const SIZES = [
  { width: 844, height: 390 },
  { width: 740, height: 360 },
];

/**
 * How much of the window the board has, between the window's top and the pinned timeline, once the page has settled:
 * the whole board's part, and the part under its banner (the board's element marked as its banner).
 */
async function boardInView(page: Page) {
  // The page brings the board up once it is drawn: wait for it to stand at the window's top.
  await expect
    .poll(() => page.locator('.replay-board').evaluate((b) => Math.round(b.getBoundingClientRect().top)), {
      timeout: UI,
      message: "the board's top in the window",
    })
    .toBeLessThanOrEqual(1);
  return page.evaluate(() => {
    const board = document.querySelector('.replay-board')!.getBoundingClientRect();
    const timeline = document.querySelector('[data-testid="replay-timeline"]')!.getBoundingClientRect();
    const banner = document.querySelector('.replay-board .board-banner')?.getBoundingClientRect();
    const top = Math.max(0, board.top);
    const bottom = Math.min(board.bottom, timeline.top);
    return {
      board: Math.round(bottom - top),
      underBanner: Math.round(bottom - Math.max(top, banner?.bottom ?? 0)),
      window: innerHeight,
    };
  });
}

describe.skipIf(!CHROMIUM)('browser: a replay held sideways', () => {
  const suite = e2eSuite();

  // Touched On's jump has the longest choices ("Journey 2 · turn 10"), and its second player a long name.
  for (const [game, seed, longName] of [
    ['lisbon-tram-28', 28, false],
    ['touched-on', 5, true],
    ['get-on-board', 5, false],
  ] as const) {
    it(`${game}: the board takes the window above the timeline, the card above it one row`, async () => {
      const { matchID } = await playedInProcess(suite, game, 2, seed);
      if (longName) {
        // A name of 39 characters (the lobby takes up to 40), which "Seen by" offers as a chair.
        const { metadata } = await suite.server.db.fetch(matchID, { metadata: true });
        metadata.players[1].name = 'Maximiliana Rodríguez-Santos de la Vega';
        await suite.server.db.setMetadata(matchID, metadata);
      }
      const { page, context } = await newContext(suite.browser, suite.errors, `replay-sideways-${game}`, {
        viewport: SIZES[0],
        isMobile: true,
        hasTouch: true,
      });
      await page.goto(`${suite.server.url}/#/g/${game}/replay/${matchID}`);
      for (const size of SIZES) {
        if (size !== SIZES[0]) {
          await page.setViewportSize(size);
          await page.reload();
        }
        await page.getByTestId('replay-log').waitFor({ timeout: UI });
        const seen = await boardInView(page);
        const at = `${size.width} × ${size.height}: ${JSON.stringify(seen)}`;
        // Before: the board 143 px of 390 (37%) and 113 of 360 (31%); 61 to 99 px under its banner (16 to 25%).
        expect(seen.board, at).toBeGreaterThanOrEqual(0.8 * seen.window);
        expect(seen.underBanner, at).toBeGreaterThanOrEqual(0.6 * seen.window);
        await screenshot(page, `replay-sideways-${game}-${size.width}x${size.height}`, { fullPage: false });
        // A step on keeps the board where it is: the page does not scroll again.
        const scrolled = await page.evaluate(() => scrollY);
        await page.getByTestId('replay-forward').tap();
        await expect.poll(() => page.getByTestId('replay-step').textContent()).toMatch(/^Step 1 of/);
        expect(await page.evaluate(() => scrollY)).toBe(scrolled);
        // The card above, a scroll away, is one row (44 px choices in its padding; the title on a row of its own
        // where a long name leaves it no room beside the choices), no wider than the window, its two choices side by
        // side and named.
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const chair of ['', '1']) {
          await page.getByRole('combobox', { name: 'Seen by' }).selectOption(chair);
          const card = (await page.locator('.replay-bar').boundingBox())!;
          const [jump, show] = await Promise.all(
            ['replay-turn', 'replay-show-all'].map(async (id) => (await page.getByTestId(id).boundingBox())!),
          );
          const at = `${size.width} × ${size.height}, seen by "${chair}"`;
          expect(card.height, `${at}: the card's height`).toBeLessThanOrEqual(longName ? 100 : 64);
          expect(Math.abs(jump.y - show.y), `${at}: the choices side by side`).toBeLessThanOrEqual(1);
          expect(show.x + show.width, `${at}: "Seen by" inside the window`).toBeLessThanOrEqual(size.width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        }
        // What a chair's view means is still the choice's description, for a screen reader.
        expect(await page.getByTestId('replay-show-all').getAttribute('aria-describedby')).toBe('replay-show-note');
        expect(await page.getByTestId('replay-show-note').count()).toBe(1);
        await page.getByTestId('replay-show-all').selectOption('');
        // The timeline, pinned to the window's foot, is in reach with the page scrolled to the board and to its end.
        await expectTimelineInReach(page);
      }
      expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
