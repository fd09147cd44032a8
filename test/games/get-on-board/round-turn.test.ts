/**
 * A round is one boardgame.io turn (index.ts): the Inspector's, with every
 * seat active, the rules taking only the plot of the seat whose turn of the
 * round it is. And a match stored in the earlier form (a turn per plot, no
 * active players) still plays to its end.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { GetOnBoard } from '../../../src/games/get-on-board';
import { getOnBoard } from '../../../src/games/get-on-board/def';
import { enumerate } from '../../../src/games/get-on-board/ai';
import { waitingOn } from '../../../src/games/common/waiting-room';
import type { GobState } from '../../../src/games/get-on-board/types';
import { Rng } from '../../../src/bots/rng';

type S = State<GobState>;

function start(seed: string, numPlayers: number) {
  const game = { ...GetOnBoard, seed };
  const reducer = CreateGameReducer({ game }) as unknown as (s: S, a: unknown) => S;
  let s = InitializeGame({ game, numPlayers }) as unknown as S;
  const act = (state: S, playerID: string, type: string, arg: unknown) =>
    reducer(state, { type: 'MAKE_MOVE', payload: { type, args: [arg], playerID } });
  for (const p of s.G.order) s = act(s, p, 'chooseDeparture', { ticket: s.G.offers[p][0] });
  return { s, act };
}

describe('Get on Board: a round is one boardgame.io turn', () => {
  it("is the Inspector's turn with every seat active; only the seat to plot may, and the round's last plot passes it", () => {
    const rng = new Rng('round-turn');
    const game = start('round-turn', 3);
    const act = game.act;
    let s = game.s;
    expect(s.G.round).toBe(1);
    for (let round = 1; round <= 3; round++) {
      const turn = s.ctx.turn;
      expect(s.ctx.currentPlayer).toBe(s.G.inspector);
      expect(Object.keys(s.ctx.activePlayers ?? {}).sort()).toEqual(['0', '1', '2']);
      while (s.G.round === round) {
        const pid = s.G.toPlay!;
        expect(waitingOn(s.ctx, s.G, getOnBoard.waitingOn)).toEqual([pid]);
        const moves = enumerate(s.G, pid);
        const m = moves[rng.int(moves.length)];
        // Another seat sending the same plot: refused, nothing changes.
        for (const other of s.G.order.filter((p) => p !== pid)) {
          expect(enumerate(s.G, other)).toEqual([]);
          const refused = act(s, other, 'plot', m.args[0]);
          expect(refused._stateID).toBe(s._stateID);
          expect(refused.G).toBe(s.G);
          expect(refused.ctx).toEqual(s.ctx);
        }
        const next = act(s, pid, 'plot', m.args[0]);
        expect(next._stateID).toBe(s._stateID + 1);
        s = next;
        if (s.G.round === round) expect(s.ctx.turn).toBe(turn);
      }
      expect(s.ctx.turn).toBe(turn + 1);
    }
  });

  it('plays on a match stored with a turn per plot (no active players) to its end', () => {
    const rng = new Rng('old-form');
    const game = start('old-form', 4);
    const act = game.act;
    let s = game.s;
    // Mid-round 1, as the earlier form stored it: the plotter is the current player and nobody is "active".
    s = act(s, s.G.toPlay!, 'plot', enumerate(s.G, s.G.toPlay)[0].args[0]);
    s = JSON.parse(JSON.stringify({ ...s, ctx: { ...s.ctx, currentPlayer: s.G.toPlay, activePlayers: null } })) as S;
    let plots = 0;
    while (!s.ctx.gameover) {
      const pid = s.G.toPlay!;
      expect(waitingOn(s.ctx, s.G, getOnBoard.waitingOn)).toEqual([pid]);
      const moves = enumerate(s.G, pid);
      const next = act(s, pid, 'plot', moves[rng.int(moves.length)].args[0]);
      expect(next._stateID).toBe(s._stateID + 1);
      s = next;
      plots++;
      // From its next turn on, the match is in the new form.
      if (plots === 1) expect(Object.keys(s.ctx.activePlayers ?? {})).toHaveLength(4);
    }
    expect(s.G.round === 12 || s.G.order.every((p) => s.G.players[p].eliminated)).toBe(true);
    expect(s.ctx.gameover).toEqual(s.G.result);
  });
});
