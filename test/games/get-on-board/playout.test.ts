/**
 * The bots' fast playouts (the rules' moves on a plain copy, bots/index.ts)
 * agree with boardgame.io's reducer move for move, on Rome and Paris.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { Ctx } from 'boardgame.io';
import { GetOnBoard } from '../../../src/games/get-on-board';
import { getOnBoardBots } from '../../../src/games/get-on-board/bots';
import type { GobState } from '../../../src/games/get-on-board/types';
import { Rng } from '../../../src/bots/rng';

type State = { G: GobState; ctx: Ctx };

describe('Get on Board playouts agree with the reducer', () => {
  it.each([2, 3, 4, 5])('%i players: 12 seeded games, every state equal, same end', (numPlayers) => {
    const sim = getOnBoardBots.playout!;
    for (let seed = 1; seed <= 12; seed++) {
      const game = { ...GetOnBoard, seed: `playout-${seed}` };
      const reducer = CreateGameReducer({ game });
      let state = InitializeGame({ game, numPlayers }) as unknown as State;
      const copy = sim.start(state);
      const rng = new Rng(`playout-${numPlayers}-${seed}`);
      let moves = 0;
      while (!state.ctx.gameover) {
        const pid = getOnBoardBots.actingPlayer(state.G, state.ctx)!;
        const options = getOnBoardBots.moves(state.G, state.ctx, pid);
        // Half greedy, half random: long games (greedy survives) and early eliminations (random).
        const scores = getOnBoardBots.scoreMoves(state.G, state.ctx, pid, options);
        const best = scores.indexOf(Math.max(...scores));
        const m = rng.next() < 0.5 ? options[best] : options[rng.int(options.length)];
        state = reducer(
          state as never,
          {
            type: 'MAKE_MOVE',
            payload: { type: m.move, args: m.args, playerID: pid },
          } as never,
        );
        expect(sim.apply(copy, pid, m.move, m.args)).toBe(true);
        expect(JSON.parse(JSON.stringify(sim.current(copy).G))).toEqual(JSON.parse(JSON.stringify(state.G)));
        moves++;
      }
      expect(sim.current(copy).ctx.gameover).toEqual(state.ctx.gameover);
      expect(moves).toBeGreaterThan(numPlayers);
    }
  });

  it('refuses a move the rules refuse, changing nothing', () => {
    const game = { ...GetOnBoard, seed: 'playout-refuse' };
    const state = InitializeGame({ game, numPlayers: 2 }) as unknown as State;
    const sim = getOnBoardBots.playout!;
    const copy = sim.start(state);
    const before = JSON.stringify(sim.current(copy));
    expect(sim.apply(copy, '0', 'plot', [{ path: ['1,1'] }])).toBe(false);
    expect(sim.apply(copy, '0', 'chooseDeparture', [{ ticket: 99 }])).toBe(false);
    expect(sim.apply(copy, '0', 'nope', [{}])).toBe(false);
    expect(JSON.stringify(sim.current(copy))).toBe(before);
  });
});
