/**
 * Taking back over raw sockets against a real server, for every game that
 * allows it (Lisbon and Touched On): seeded legal moves are played until a
 * seat may take back its last action (the game's own `canTakeBack`); then
 * forged, stale, out-of-turn and REDO attempts are refused with nothing
 * stored or broadcast, the mover's UNDO restores the stored state before the
 * move, and what the spectator receives holds no hand and no undo stack. A
 * take-back after an action that revealed something is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { findGame, GAMES } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { mayTakeBack } from '../../src/games/common/take-back';
import { Rng } from '../../src/bots/rng';
import { RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';
import { seatedMatch } from './play';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const stored = async (matchID: string) => (await readMatch(server, matchID)).state!;

/** Every hand in a state a spectator received, and its undo stack. */
function spectatorSecrets(s: State): unknown[] {
  const players = (s.G as { players: Record<string, { hand: unknown }> }).players;
  return [...Object.values(players).map((p) => p.hand), ...s._undo, ...s._redo].filter((v) => v !== null);
}

describe('taking back over sockets', () => {
  it('no game without a take-back check allows undo, and every game with one does', () => {
    for (const def of GAMES) expect(def.game.disableUndo === true).toBe(def.canTakeBack === undefined);
    expect(GAMES.filter((g) => g.canTakeBack).map((g) => g.alias)).toEqual(['lisbon', 'touched-on']);
  });

  it.each([
    ['lisbon-tram-28', 2, 11],
    ['touched-on', 3, 5],
  ])(
    '%s: only the mover takes back, only what revealed nothing, and nobody learns anything',
    async (gameId, players, seed) => {
      const def = findGame(gameId)!;
      const m = await seatedMatch(server.url, gameId, players);
      const spectator = new RawClient(server.url, { namespace: gameId });
      await spectator.sync(m.matchID, null);
      const rng = new Rng(seed);

      /** Play one seeded legal move; returns the seat and the stored state before it. */
      const step = async () => {
        const before = await stored(m.matchID);
        const seat = actingPlayerOf(def, before)!;
        const c = m.clients[Number(seat)];
        await c.waitFor(() => c.state!._stateID === before._stateID, 5000, 'the seat to catch up');
        const options = def.game.ai!.enumerate(c.state!.G, c.state!.ctx, seat) as { move: string; args?: unknown[] }[];
        const pick = options[rng.int(options.length)];
        c.move(m.matchID, seat, m.creds[Number(seat)], pick.move, pick.args ?? [], before._stateID);
        await c.waitFor(() => c.state!._stateID > before._stateID, 5000, `${seat}'s ${pick.move}`);
        await spectator.waitFor(() => spectator.state!._stateID === c.state!._stateID, 5000, 'the spectator');
        return { seat, before, after: await stored(m.matchID) };
      };
      /** Nothing was stored or broadcast since `s`. */
      const unchanged = async (s: State, spectatorUpdates: number) => {
        await sleep(250);
        const now = await stored(m.matchID);
        expect(now._stateID).toBe(s._stateID);
        expect(now.G).toEqual(s.G);
        expect(spectator.count('update')).toBe(spectatorUpdates);
      };

      // Until a seat may take back its move.
      let moved = await step();
      for (let i = 0; i < 400 && !def.canTakeBack!(moved.after.G, moved.after.ctx, moved.seat); i++)
        moved = await step();
      const { seat, before, after } = moved;
      expect(def.canTakeBack!(after.G, after.ctx, seat)).toBe(true);
      const other = String((Number(seat) + 1) % players);
      const mover = m.clients[Number(seat)];
      const updates = spectator.count('update');

      // Another seat, a stale state, wrong credentials, REDO: all refused.
      m.clients[Number(other)].undo(m.matchID, other, m.creds[Number(other)], after._stateID);
      mover.undo(m.matchID, seat, m.creds[Number(seat)], before._stateID);
      mover.undo(m.matchID, seat, m.creds[Number(other)], after._stateID);
      mover.undo(m.matchID, seat, m.creds[Number(seat)], after._stateID, 'REDO');
      await unchanged(after, updates);

      // The mover's own take-back: the stored state before the move, under a new state ID.
      mover.undo(m.matchID, seat, m.creds[Number(seat)], after._stateID);
      await spectator.waitFor(() => spectator.count('update') > updates, 5000, 'the take-back');
      const back = await stored(m.matchID);
      expect(back._stateID).toBe(after._stateID + 1);
      expect(back.G).toEqual(before.G);
      expect(back.ctx).toEqual(before.ctx);
      expect(spectatorSecrets(spectator.state!)).toEqual([]);
      expect(spectator.state!.G).toEqual(def.game.playerView!({ G: before.G, ctx: before.ctx, playerID: null }));
      expect(mover.state!._undo).toEqual([]);

      // An action that reveals something (or asks another seat) cannot be taken back.
      let revealing = await step();
      for (
        let i = 0;
        i < 400 &&
        !(
          !def.canTakeBack!(revealing.after.G, revealing.after.ctx, revealing.seat) &&
          mayTakeBack(true, revealing.after.ctx, revealing.seat) &&
          revealing.after.ctx.turn === revealing.before.ctx.turn
        );
        i++
      )
        revealing = await step();
      const r = revealing;
      expect(def.canTakeBack!(r.after.G, r.after.ctx, r.seat)).toBe(false);
      expect(mayTakeBack(true, r.after.ctx, r.seat) && r.after.ctx.turn === r.before.ctx.turn).toBe(true);
      const rUpdates = spectator.count('update');
      m.clients[Number(r.seat)].undo(m.matchID, r.seat, m.creds[Number(r.seat)], r.after._stateID);
      await unchanged(r.after, rUpdates);
      for (const c of [...m.clients, spectator]) c.close();
    },
    60_000,
  );
});
