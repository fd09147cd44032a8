/**
 * The game log after a reload, for every game, in Chromium against the real
 * server: a player's browser watches a match from its start while both
 * seats play legal moves over raw sockets, far past a short window of
 * events; then the player's page is reloaded and a spectator opens the
 * match. Both must show every line the player saw live. The page is sent
 * each update's log as the entries it lacks (src/shared/log-suffix.ts) and
 * puts the log back together itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../src/games/registry';
import { createJoined, e2eSuite, findChromium, newContext, openAsSeat, playOverSockets } from './harness';

const CHROMIUM = findChromium();
const UI_TIMEOUT = 10_000;
/** Moves to play (fewer if the game ends first). */
const MOVES = 60;
/** The most events Lisbon's state used to keep: a log must outgrow it (or have a line per move of a shorter game). */
const WINDOW = 32;

/** The log's lines on the page: each line's test id and text, in order. */
async function logLines(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="log"] li')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-testid')}: ${el.textContent}`));
}

describe.skipIf(!CHROMIUM)('the whole log comes back after a reload, for a player and a spectator', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(GAMES.map((g) => [g.id, g] as const))(
    '%s',
    async (id, def) => {
      const { matchID, creds } = await createJoined(suite.server.url, id, def.minPlayers);
      const link = `${suite.server.url}/#/g/${id}/match/${matchID}`;

      // Seat 0's browser holds its seat, as after joining, and watches from the start.
      const at = { url: suite.server.url, game: id, matchID, playerID: '0', credentials: creds[0] };
      // Updates that reach the page with the log cut to its new entries.
      let cutUpdates = 0;
      const { context, page } = await openAsSeat(suite.browser, errors, `log-${id}`, at, (p) =>
        p.on('websocket', (ws) =>
          ws.on('framereceived', ({ payload }) => {
            if (typeof payload === 'string' && payload.includes('"update"') && payload.includes('"logFrom"'))
              cutUpdates++;
          }),
        ),
      );
      await page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });

      // Every seat plays legal moves from its own view, over its own socket.
      const moves = await playOverSockets(suite.server.url, id, matchID, creds, MOVES);

      const spectator = await newContext(suite.browser, errors, `log-${id}-spectator`);
      await spectator.page.goto(link);
      await spectator.page.getByTestId('watch').click({ timeout: UI_TIMEOUT });
      await spectator.page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });
      // The spectator's log is the server's; the player's live log must reach the same ids.
      const ids = (lines: string[]) => lines.map((l) => l.slice(0, l.indexOf(':')));
      await expect
        .poll(async () => ids(await logLines(spectator.page)).length, { timeout: UI_TIMEOUT })
        .toBeGreaterThanOrEqual(Math.min(WINDOW + 1, moves));
      const watched = await logLines(spectator.page);
      await expect.poll(async () => ids(await logLines(page)), { timeout: UI_TIMEOUT }).toEqual(ids(watched));
      const live = await logLines(page);
      expect(cutUpdates).toBeGreaterThan(moves / 2);

      await page.reload();
      await page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => logLines(page), { timeout: UI_TIMEOUT }).toEqual(live);

      // The spectator's tab goes on watching after the reload.
      await spectator.page.reload();
      await spectator.page.getByTestId('watching').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => logLines(spectator.page), { timeout: UI_TIMEOUT }).toEqual(watched);
      console.log(`[log] ${id}: ${moves} moves, ${live.length} log lines before and after a reload`);
      await spectator.context.close();
      await context.close();
    },
    90_000,
  );

  it('threw no uncaught errors in any page', () => {
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  });
});
