/**
 * A finished match for the replay's browser tests, played in this process by greedy bots and stored on the test
 * server as the server stores one (replay.test.ts, replay-chair.test.ts), and the check that a phone's replay keeps
 * its timeline in reach (replay.test.ts, phone-targets.test.ts).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { LogEntry, State } from 'boardgame.io';
import { CreateGameReducer } from 'boardgame.io/internal';
import { seatedMatch } from '../server/play';
import type { E2ESuite } from './harness';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { greedyMove, viewFor } from '../../src/bots';
import { Rng } from '../../src/bots/rng';

/**
 * A match of `gameId` created and seated through the lobby, then played to its end in this process by `greedy`
 * seats (each from its own view) through boardgame.io's reducer, from the state the server stored, and written
 * back to the server's storage with its log and result, as the server writes a match. (A Lisbon match played
 * over sockets did not finish within 2 minutes.) Resolves to the match ID, the number of moves, the result and the
 * seats' credentials.
 */
export async function playedInProcess(suite: E2ESuite, gameId: string, numPlayers: number, seed: number) {
  const m = await seatedMatch(suite.server.url, gameId, numPlayers);
  m.clients.forEach((c) => c.close());
  const def = findGame(gameId)!;
  const reducer = CreateGameReducer({ game: def.game });
  const db = suite.server.db;
  const { state: start, metadata } = await db.fetch(m.matchID, { state: true, metadata: true });
  const rng = new Rng(seed);
  const log: LogEntry[] = [];
  let state = start;
  let moves = 0;
  while (!state.ctx.gameover) {
    if (moves > 3000) throw new Error('the match did not end');
    const seat = actingPlayerOf(def, state)!;
    const pick = greedyMove(def, viewFor(def, state.G, state.ctx, seat), state.ctx, seat, rng)!;
    const next = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: pick.move, args: pick.args, playerID: seat },
    } as never) as State & { deltalog?: LogEntry[] };
    expect(next._stateID, `${seat}'s ${pick.move}`).toBeGreaterThan(state._stateID);
    const { deltalog, ...rest } = next;
    log.push(...(deltalog ?? []));
    state = rest as State;
    moves++;
  }
  await db.setState(m.matchID, state, log);
  await db.setMetadata(m.matchID, { ...metadata, gameover: state.ctx.gameover, updatedAt: Date.now() });
  return { matchID: m.matchID, moves, gameover: state.ctx.gameover, creds: m.creds };
}

/** The replay's timeline: its arrows, Play and the slider. */
const TIMELINE = ['replay-first', 'replay-back', 'replay-play', 'replay-forward', 'replay-last', 'replay-slider'];

/**
 * With the page scrolled to its middle (the board), then to its end, every control of the replay's timeline is
 * wholly in the window and is what shows at its centre (nothing covers it): pinned, it stays in reach without
 * scrolling back; and at the end the list of steps, the page's last part there, ends above it (the timeline, pinned
 * to the window's bottom, covers nothing of it). Each failure in words: "middle, replay-first: top -1210".
 */
export async function expectTimelineInReach(page: Page): Promise<void> {
  const problems = await page.evaluate((ids) => {
    const out: string[] = [];
    const end = document.documentElement.scrollHeight;
    for (const [where, y] of [
      ['middle', (end - innerHeight) / 2],
      ['end', end],
    ] as const) {
      window.scrollTo(0, y);
      let top = Infinity;
      for (const id of ids) {
        const el = document.querySelector(`[data-testid="${id}"]`)!;
        const r = el.getBoundingClientRect();
        top = Math.min(top, r.top);
        const at = `${where}, ${id}`;
        if (r.top < 0) out.push(`${at}: top ${Math.round(r.top)}`);
        if (r.bottom > innerHeight) out.push(`${at}: bottom ${Math.round(r.bottom)} of ${innerHeight}`);
        if (r.left < 0 || r.right > innerWidth) out.push(`${at}: ${Math.round(r.left)} to ${Math.round(r.right)}`);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit !== el && !el.contains(hit)) out.push(`${at}: under ${hit?.tagName}.${hit?.className}`);
      }
      const list = document.querySelector('[data-testid="replay-log"]')!.getBoundingClientRect();
      if (where === 'end' && list.bottom > top + 1)
        out.push(`the list of steps ends at ${Math.round(list.bottom)}, under the timeline`);
    }
    return out;
  }, TIMELINE);
  expect(problems).toEqual([]);
}
