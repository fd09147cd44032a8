/**
 * A match saved by an earlier version of the rules still plays on: its
 * decision stages were set without a move limit and its turn record has no
 * `ctxTurn` (the rules now end stages by `maxMoves: 1` and turns inside the
 * move that ends them) but a `couldPlayAtStart` the rules no longer keep. Played through boardgame.io's own reducer, as the
 * server runs a stored match.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import type { TOState } from '../../../src/games/touched-on/types';
import { emptyTable, gameFrom, give, pick } from './helpers';

const A = '0';
const B = '1';
const C = '2';

describe('Touched On: matches saved by an earlier version', () => {
  it('an Appeal prompt saved without a move limit ends with the answer, and turns go on', () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'E96']);
    const u = pick(G, 'U');
    give(G, B, ['U', 'E86']);
    give(G, C, ['E19', 'E19']);
    const game = ProcessGameConfig(gameFrom(G) as never);
    const reducer = CreateGameReducer({ game });
    let s = InitializeGame({ game, numPlayers: 3 }) as State<TOState>;
    const move = (playerID: string, type: string, ...args: unknown[]) => {
      const next = reducer(
        s as never,
        { type: 'MAKE_MOVE', payload: { type, args, playerID } } as never,
      ) as State<TOState>;
      expect(next._stateID).toBe(s._stateID + 1);
      s = next;
    };

    // Ana plays both Evaders and has nothing left to play: Ben's turn; he inspects her.
    move(A, 'playEvaders', { line: '96', count: 2 });
    expect(s.ctx.currentPlayer).toBe(B);
    move(B, 'inspect', { card: u });
    expect(s.ctx.activePlayers).toEqual({ [A]: 'appeal' });

    // As an earlier version saved it: no move limit on the stage, no ctxTurn in the turn record, and a field
    // the rules no longer keep (`couldPlayAtStart`, written but never read).
    const { ctxTurn: _dropped, ...oldTurn } = s.G.turn;
    s = {
      ...s,
      G: { ...s.G, turn: { ...oldTurn, couldPlayAtStart: true } as unknown as TOState['turn'] },
      ctx: { ...s.ctx, _activePlayersMaxMoves: null, _activePlayersMinMoves: null },
    } as unknown as State<TOState>;

    move(A, 'acceptInspection');
    expect(s.ctx.activePlayers).toBeNull();
    expect(s.G.pending).toBeNull();
    expect(s.G.players[A].handSize).toBe(2);
    // Ben plays on; with nothing left to play his turn ends, and Cleo's begins.
    expect(s.ctx.currentPlayer).toBe(B);
    move(B, 'playEvaders', { line: '86', count: 1 });
    expect(s.ctx.currentPlayer).toBe(C);
    expect(s.G.turn.player).toBe(C);
    expect(s.G.turn.ctxTurn).toBe(s.ctx.turn);
  });
});
