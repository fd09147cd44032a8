/**
 * A match page on a desktop or laptop (1280 × 800, 1366 × 768), online, for every game: the controls above the board
 * take two low rows, the match bar's ("Copy the link to watch", the seats, "Play on another device", "Leave match")
 * and, under it, Take back and the alert switches with the closed chat at their end, so the board's top is at most
 * 170 px down the page. Before, the bar's 41 px "Leave match", the switches' row and the chat's row of its own put it
 * at 225 px (Lisbon and Get on Board, two players) to 230 px (Touched On): much of the first screen was controls.
 * Every control keeps its name; the chat, opened, takes a row of its own.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createJoined, e2eSuite, findChromium, openAsSeat } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

/** The top of the board in the page (whatever the page's scroll: Get on Board scrolls its map into view). */
function boardTop(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.round(document.querySelector('[data-testid="board-wrap"]')!.getBoundingClientRect().top + scrollY),
  );
}

describe.skipIf(!CHROMIUM)('browser: a desktop shows the board high on the first screen', () => {
  const suite = e2eSuite();

  for (const game of ['lisbon-tram-28', 'touched-on', 'get-on-board']) {
    it(`online, ${game}: two low rows of controls above the board, each control named`, async () => {
      const { matchID, creds } = await createJoined(suite.server.url, game, 2);
      const at = { url: suite.server.url, game, matchID, playerID: '0', credentials: creds[0] };
      for (const viewport of SIZES) {
        const { context, page } = await openAsSeat(suite.browser, suite.errors, `desktop-${game}`, at, undefined, {
          viewport,
        });
        const size = `${viewport.width} × ${viewport.height}`;
        // Every control above the board, by its name.
        const named = [
          page.getByRole('button', { name: 'Copy the link to watch' }),
          page.getByRole('button', { name: 'Play on another device' }),
          page.getByRole('button', { name: 'Leave match' }),
          page.getByRole('button', { name: 'Sound', exact: true }),
          page.getByRole('button', { name: 'Notify me when it is my move' }),
          page.getByTestId('chat').locator('summary'),
        ];
        for (const control of named) await control.waitFor({ timeout: UI });
        await page.getByTestId('board-wrap').waitFor({ timeout: UI });
        await expect
          .poll(() => page.getByTestId('board-wrap').evaluate((el) => el.getBoundingClientRect().height), {
            timeout: UI,
          })
          .toBeGreaterThan(300);
        const rows = await page.evaluate(() => {
          const box = (sel: string) => {
            const r = document.querySelector(sel)!.getBoundingClientRect();
            return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
          };
          return {
            bar: ['copy-watch-link', 'seat-chip-0', 'seat-chip-1', 'handover-open', 'leave-match'].map((id) =>
              box(`[data-testid="${id}"]`),
            ),
            second: ['sound-toggle', 'notify-toggle', 'chat'].map((id) => box(`[data-testid="${id}"]`)),
          };
        });
        // One row each: their boxes share some height.
        for (const [name, boxes] of Object.entries(rows)) {
          const what = `${size}, ${name}: ${boxes.map((b) => `${b.top}–${b.bottom}`).join(', ')}`;
          expect(Math.max(...boxes.map((b) => b.top)), what).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
        }
        expect(rows.second[0].top, `${size}: the switches under the bar`).toBeGreaterThanOrEqual(
          Math.max(...rows.bar.map((b) => b.bottom)),
        );
        // Before: 225 px (Lisbon, Get on Board) and 230 px (Touched On).
        const top = await boardTop(page);
        expect(top, `${size}: the board's top in the page`).toBeLessThanOrEqual(170);

        // Opened, the chat takes a row of its own, the board's width, under the switches.
        await page.getByTestId('chat').locator('summary').click();
        await page.getByTestId('chat-input').waitFor({ timeout: UI });
        const open = await page.evaluate(() => {
          const chat = document.querySelector('[data-testid="chat"]')!.getBoundingClientRect();
          const sound = document.querySelector('[data-testid="sound-toggle"]')!.getBoundingClientRect();
          const wrap = document.querySelector('[data-testid="board-wrap"]')!.getBoundingClientRect();
          return { width: chat.width, boardWidth: wrap.width, below: chat.top >= sound.bottom };
        });
        expect(open.below, `${size}: the open chat under the switches`).toBe(true);
        expect(
          Math.abs(open.width - open.boardWidth),
          `${size}: the open chat as wide as the board`,
        ).toBeLessThanOrEqual(1);
        await context.close();
      }
      expect(suite.errors).toEqual([]);
    }, 60_000);
  }
});
