/**
 * The game log after a reload, for every game, in Chromium against the real
 * server: a player's browser watches a match from its start while both
 * seats play legal moves over raw sockets, far past a short window of
 * events; then the player's page is reloaded and a spectator opens the
 * match. Both must show every line the player saw live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import { GAMES } from '../../src/games/registry';
import { actors, http, RawClient } from '../server/harness';
import { buildClient, findChromium, launchBrowser, newContext, startE2EServer, type E2EServer } from './harness';

const CHROMIUM = findChromium();
const UI_TIMEOUT = 10_000;
/** Moves to play (fewer if the game ends first): Lisbon's old window held 16–32 events. */
const MOVES = 60;

/** The log's lines on the page: each line's test id and text, in order. */
async function logLines(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="log"] li')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-testid')}: ${el.textContent}`));
}

describe.skipIf(!CHROMIUM)('the whole log comes back after a reload, for a player and a spectator', () => {
  let server: E2EServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    buildClient();
    server = await startE2EServer();
    browser = await launchBrowser(CHROMIUM!);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it.each(GAMES.map((g) => [g.id, g] as const))(
    '%s',
    async (id, def) => {
      const numPlayers = def.minPlayers;
      const created = await http(server.url, `/games/${id}/create`, { method: 'POST', json: { numPlayers } });
      expect(created.status).toBe(200);
      const matchID = created.json.matchID as string;
      const creds: string[] = [];
      for (let i = 0; i < numPlayers; i++) {
        const joined = await http(server.url, `/games/${id}/${matchID}/join`, {
          method: 'POST',
          json: { playerID: String(i), playerName: `Player ${i + 1}` },
        });
        expect(joined.status).toBe(200);
        creds.push(joined.json.playerCredentials);
      }
      const link = `${server.url}/#/g/${id}/match/${matchID}`;

      // Seat 0's browser holds its seat, as after joining, and watches from the start.
      const { context, page } = await newContext(browser, errors, `log-${id}`);
      const seat = { gameId: id, matchID, playerID: '0', credentials: creds[0], playerName: 'Player 1', joinedAt: 0 };
      await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
      await page.goto(link);
      await page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });

      // Every seat plays legal moves from its own view, over its own socket.
      const players = creds.map(() => new RawClient(server.url, { namespace: id }));
      for (let i = 0; i < numPlayers; i++) await players[i].sync(matchID, String(i), creds[i]);
      let moves = 0;
      for (; moves < MOVES; moves++) {
        const pid = actors(players[0].state!.ctx)[0];
        if (pid === undefined) break;
        const own = players[Number(pid)].state as State;
        const options = def.bots.moves(own.G, own.ctx, pid) as Array<{ move: string; args?: unknown }>;
        const choice = options[(moves * 7919) % options.length];
        const args = choice.args === undefined ? [] : Array.isArray(choice.args) ? choice.args : [choice.args];
        const before = own._stateID;
        players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, args, before);
        await Promise.all(
          players.map((p) => p.waitFor(() => p.state!._stateID > before, UI_TIMEOUT, `the update after move ${moves}`)),
        );
      }
      players.forEach((p) => p.close());

      const spectator = await newContext(browser, errors, `log-${id}-spectator`);
      await spectator.page.goto(link);
      await spectator.page.getByTestId('watch').click({ timeout: UI_TIMEOUT });
      await spectator.page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });
      // The spectator's log is the server's; the player's live log must reach the same ids.
      const ids = (lines: string[]) => lines.map((l) => l.slice(0, l.indexOf(':')));
      await expect
        .poll(async () => ids(await logLines(spectator.page)).length, { timeout: UI_TIMEOUT })
        .toBeGreaterThan(30);
      const watched = await logLines(spectator.page);
      await expect.poll(async () => ids(await logLines(page)), { timeout: UI_TIMEOUT }).toEqual(ids(watched));
      const live = await logLines(page);

      await page.reload();
      await page.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => logLines(page), { timeout: UI_TIMEOUT }).toEqual(live);

      await spectator.page.reload();
      await spectator.page.getByTestId('watch').click({ timeout: UI_TIMEOUT });
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
