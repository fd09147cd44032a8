/**
 * The rematch in Debian's Chromium against the real server, on Get on Board
 * and Touched On: a 3-player match of Ana, Bruno and a bot is played to its end (the rest of the game is played by the real
 * reducer, seeded random legal moves, and stored), both pages show the end;
 * Ana's "Play again" creates the next match with her in her seat and the bot
 * back in its own; Bruno's page offers "Join the rematch", and nobody else is
 * seated until he clicks. The new match starts with the same three seats.
 * Carla, who watches the end without a seat, is offered no rematch of her own
 * until the players make one, then "See the rematch", which opens it watched (a
 * reload goes on watching); a visitor of the old match's link is offered it
 * too, and comes to its join form.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';
import { findChromium, newContext, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** The stored match played to its end by seeded random legal moves through the game's own reducer. */
function playToEnd(gameId: string, state: State, seed: number): State {
  const def = findGame(gameId)!;
  const reducer = CreateGameReducer({ game: def.game });
  const rng = new Rng(seed);
  let s = state;
  for (let i = 0; i < 3000 && !s.ctx.gameover; i++) {
    const actor = actingPlayerOf(def, s)!;
    const moves = def.game.ai!.enumerate(s.G, s.ctx, actor) as { move: string; args?: unknown[] }[];
    const m = moves[rng.int(moves.length)];
    const next = reducer(s, {
      type: 'MAKE_MOVE',
      payload: { type: m.move, args: m.args ?? [], playerID: actor },
    } as never);
    expect(next._stateID).toBeGreaterThan(s._stateID);
    s = next;
  }
  expect(s.ctx.gameover).toBeTruthy();
  return s;
}

describe.skipIf(!CHROMIUM)('browser: rematch', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each([
    ['get-on-board', 'gob-board'],
    ['touched-on', 'online-board'],
  ])(
    '%s: seats both players and the bot in the next match, each by their own click',
    async (gameId, boardId) => {
      const { page: ana } = await newContext(suite.browser, errors, `rematch-ana-${gameId}`);
      await ana.goto(`${suite.server.url}/#/g/${gameId}`);
      await ana.getByTestId('player-name').fill('Ana');
      await ana.getByTestId('create-players-3').click();
      await ana.getByTestId('create-kind-2').selectOption('bot');
      await ana.getByTestId('create-submit').click();
      await ana.waitForURL(/\/match\//, { timeout: UI });
      const matchID = decodeURIComponent(ana.url().split('/match/')[1]);
      const link = await ana.getByTestId('share-link').inputValue();
      const { page: bruno } = await newContext(suite.browser, errors, `rematch-bruno-${gameId}`);
      await bruno.goto(link);
      await bruno.getByTestId('join-name').fill('Bruno');
      await bruno.getByTestId('join-submit').click();
      await bruno.getByTestId(boardId).waitFor({ timeout: UI });

      // The match ends: the rest is played by the rules and stored, as the server would have.
      const { state, metadata } = await suite.server.db.fetch(matchID, { state: true, metadata: true });
      const end = playToEnd(gameId, structuredClone<State>(state), 5);
      await suite.server.db.setState(matchID, end);
      await suite.server.db.setMetadata(matchID, { ...metadata, gameover: end.ctx.gameover, updatedAt: Date.now() });
      await ana.reload();
      await bruno.reload();
      await ana.getByTestId('gameover').waitFor({ timeout: UI });
      await bruno.getByTestId('gameover').waitFor({ timeout: UI });
      // Carla watches the end without a seat: no rematch is hers to make.
      const { page: carla } = await newContext(suite.browser, errors, `rematch-carla-${gameId}`);
      await carla.goto(`${suite.server.url}/#/g/${gameId}/match/${encodeURIComponent(matchID)}`);
      await carla.getByTestId('watch').click({ timeout: UI });
      await carla.getByTestId('game-over-bar').waitFor({ timeout: UI });
      expect(await carla.getByTestId('rematch-watch').count()).toBe(0);
      expect(await carla.getByTestId('rematch-play-again').count()).toBe(0);

      await ana.getByTestId('rematch-play-again').click({ timeout: UI });
      await ana.waitForURL((u) => !u.toString().includes(encodeURIComponent(matchID)), { timeout: UI });
      const nextID = decodeURIComponent(ana.url().split('/match/')[1]);
      expect(nextID).not.toBe(matchID);
      const next = await suite.server.db.fetch(nextID, { metadata: true });
      expect(next.metadata.players[0].name).toBe('Ana');
      expect(next.metadata.players[2].name).toMatch(/Bot 3/);
      // Bruno is not seated until he clicks.
      expect(next.metadata.players[1].name).toBeUndefined();
      await ana.getByTestId('waiting-room').waitFor({ timeout: UI });
      // Carla, watching, is told of the rematch as it is made, and can follow the players there; so can a visitor of
      // the old match's link.
      await carla.getByTestId('rematch-watch').click({ timeout: UI });
      await carla.waitForURL((u) => u.toString().includes(encodeURIComponent(nextID)), { timeout: UI });
      // She arrives watching it, as she watched the match, not at a join form inviting her into Bruno's seat; a reload
      // goes on watching. Taking the open seat is one deliberate click away.
      await carla.getByTestId('waiting-room').waitFor({ timeout: UI });
      await carla.getByTestId('watching').waitFor({ timeout: UI });
      expect(await carla.getByTestId('join-panel').count()).toBe(0);
      await carla.getByTestId('take-seat').waitFor({ timeout: UI });
      await carla.reload();
      await carla.getByTestId('watching').waitFor({ timeout: UI });
      expect(await carla.getByTestId('join-panel').count()).toBe(0);
      const { page: dan } = await newContext(suite.browser, errors, `rematch-dan-${gameId}`);
      await dan.goto(`${suite.server.url}/#/g/${gameId}/match/${encodeURIComponent(matchID)}`);
      await dan.getByTestId('join-over').waitFor({ timeout: UI });
      await dan.getByTestId('join-rematch').click({ timeout: UI });
      await dan.waitForURL((u) => u.toString().includes(encodeURIComponent(nextID)), { timeout: UI });
      // A visitor of the old link comes to the rematch's join form: to watch, or to take a seat left open.
      await dan.getByTestId('join-panel').waitFor({ timeout: UI });
      await dan.context().close();

      await bruno.getByTestId('rematch-join').click({ timeout: UI });
      await bruno.waitForURL((u) => u.toString().includes(encodeURIComponent(nextID)), { timeout: UI });
      await expect
        .poll(async () => (await suite.server.db.fetch(nextID, { metadata: true })).metadata.players[1].name)
        .toBe('Bruno');
      // Every seat is taken: the new match starts for both.
      await ana.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
      await bruno.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
      // Carla sees it start from where she watched, with no seat left to take.
      await carla.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
      await carla.getByTestId(boardId).waitFor({ timeout: UI });
      expect(await carla.getByTestId('take-seat').count()).toBe(0);
      await carla.context().close();
      await screenshot(bruno, `rematch-bruno-${gameId}`);
      // The old match's page now offers to go to the rematch.
      await ana.goto(`${suite.server.url}/#/g/${gameId}/match/${encodeURIComponent(matchID)}`);
      await ana.getByTestId('rematch-go').waitFor({ timeout: UI });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await ana.context().close();
      await bruno.context().close();
    },
    90_000,
  );
});
