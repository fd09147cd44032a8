/**
 * The stored form of boardgame.io's undo stack (server/undo-store.ts), on
 * seeded random games of every game that allows take-backs, through the real
 * reducer: after a JSON round trip through the packed form, every take-back
 * boardgame.io would allow on the real state is allowed on the stored one and
 * leads to the same states, and what is refused stays refused; and the stored
 * states are smaller (the kept positions' logs are stored as lengths).
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { GAMES } from '../../src/games/registry';
import { Rng } from '../../src/bots/rng';
import { packUndo, unpackUndo } from '../../server/undo-store';

const undo = (playerID: string) => ({ type: 'UNDO', payload: { type: null, args: null, playerID } }) as never;

/** The states reached by taking back again and again as `playerID`, until refused. */
function takeBacks(reducer: (s: State, a: never) => State, state: State, playerID: string): State[] {
  const out: State[] = [];
  for (let s = state; ;) {
    const next = reducer(s, undo(playerID));
    if (next._stateID === s._stateID) return out;
    out.push(next);
    s = next;
  }
}

describe('the stored undo stack', () => {
  it.each(GAMES.filter((g) => g.canTakeBack).map((g) => [g.alias, g] as const))(
    '%s: the same take-backs from the stored state, and less stored',
    (_alias, def) => {
      const game = ProcessGameConfig({ ...def.game, seed: 'undo-store' } as never);
      const reducer = CreateGameReducer({ game }) as unknown as (s: State, a: never) => State;
      let [full, packed, bare] = [0, 0, 0];
      let checkedTakeBacks = 0;
      for (let g = 0; g < 2; g++) {
        let state = InitializeGame({ game, numPlayers: 3 });
        const rng = new Rng(g + 1);
        for (let i = 0; i < 300 && !state.ctx.gameover; i++) {
          const pid = def.bots.actingPlayer(state.G, state.ctx)!;
          const options = def.game.ai!.enumerate(state.G, state.ctx, pid) as { move: string; args?: unknown[] }[];
          const o = options[rng.int(options.length)];
          state = reducer(state, {
            type: 'MAKE_MOVE',
            payload: { type: o.move, args: o.args ?? [], playerID: pid },
          } as never);
          const stored = JSON.stringify(packUndo(state, game, def.logKeys));
          const restored = unpackUndo(JSON.parse(stored) as State);
          expect(restored.G).toEqual(state.G);
          const expected = takeBacks(reducer, state, pid);
          const got = takeBacks(reducer, restored, pid);
          expect(got.map((s) => [s._stateID, s.G])).toEqual(expected.map((s) => [s._stateID, s.G]));
          checkedTakeBacks += expected.length;
          full += JSON.stringify(state).length;
          packed += stored.length;
          bare += JSON.stringify({ ...state, _undo: [] }).length;
        }
      }
      expect(checkedTakeBacks).toBeGreaterThan(20);
      // The stack costs little beyond the state itself once packed (a copy per undoable action of the
      // turn, without the log it shares with the state).
      expect(packed).toBeLessThan(full);
      expect(packed / bare).toBeLessThan(1.15);
      console.log(
        `${def.alias}: stored state ${(full / bare).toFixed(2)}x the state without undo, packed ${(packed / bare).toFixed(2)}x`,
      );
    },
    60_000,
  );
});
