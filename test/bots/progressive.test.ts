/**
 * The generic MCTS's progressive bias and widening (src/bots/mcts.ts): with
 * `bias` > 0 a node expands the game heuristic's best moves first and only
 * as many children as the square root of its visits; with `bias` 0 it
 * expands every move before it descends, in boardgame.io's random order.
 * Played on a Get on Board position, where a plot has dozens of options.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { Ctx } from 'boardgame.io';
import { GameMctsBot, LEVELS, rewards } from '../../src/bots/mcts';
import { getOnBoard } from '../../src/games/get-on-board/def';
import type { GobState } from '../../src/games/get-on-board/types';

type State = { G: GobState; ctx: Ctx };

/** A 2-player position from round 3 on with more than 12 moves to choose from, reached by greedy play. */
function position(): State {
  const game = { ...getOnBoard.game, seed: 'progressive' };
  const reducer = CreateGameReducer({ game });
  let s = InitializeGame({ game, numPlayers: 2 }) as unknown as State;
  for (;;) {
    const pid = getOnBoard.bots.actingPlayer(s.G, s.ctx)!;
    const moves = getOnBoard.bots.moves(s.G, s.ctx, pid);
    if (s.G.round >= 3 && moves.length > 12) return s;
    if (s.ctx.gameover) throw new Error('no such position');
    const scores = getOnBoard.bots.scoreMoves(s.G, s.ctx, pid, moves);
    const m = moves[scores.indexOf(Math.max(...scores))];
    s = reducer(
      s as never,
      {
        type: 'MAKE_MOVE',
        payload: { type: m.move, args: m.args, playerID: pid },
      } as never,
    );
  }
  return s;
}

interface Node {
  visits: number;
  rank?: number;
  children: Node[];
  actions: unknown[];
  parentAction?: { payload: { type: string; args: unknown[] } };
}

async function search(bias: number, iterations: number) {
  const state = position();
  const pid = getOnBoard.bots.actingPlayer(state.G, state.ctx)!;
  const bot = new GameMctsBot(getOnBoard, { ...LEVELS.easy, iterations, bias }, 'seed');
  const internals = bot as unknown as {
    createNode(a: { state: unknown; playerID: string }): Node;
    grow(root: Node, cap: number, deadline: number): Promise<number>;
  };
  const full = { ...state, plugins: { random: { data: { seed: 'x' } } }, _undo: [], _redo: [], _stateID: 0 };
  const root = internals.createNode({ state: full, playerID: pid });
  const options = root.actions.length;
  await internals.grow(root, iterations, Infinity);
  const moves = getOnBoard.bots.moves(state.G, state.ctx, pid);
  const scores = getOnBoard.bots.scoreMoves(state.G, state.ctx, pid, moves);
  const best = moves[scores.indexOf(Math.max(...scores))];
  return { root, options, best };
}

describe('MCTS progressive bias and widening', () => {
  it('with a bias, expands the heuristic best first and widens with the square root of the visits', async () => {
    const { root, options, best } = await search(1, 100);
    expect(options).toBeGreaterThan(12);
    expect(root.visits).toBe(100);
    expect(root.children[0].parentAction!.payload.args).toEqual(best.args);
    expect(root.children.map((c) => c.rank)).toEqual(root.children.map((_, i) => i + 1));
    expect(root.children.length).toBeLessThanOrEqual(Math.ceil(Math.sqrt(root.visits)) + 1);
    expect(root.children.length).toBeGreaterThanOrEqual(Math.floor(Math.sqrt(root.visits)) - 1);
  });

  it('without a bias, tries every move at the root before it goes deeper', async () => {
    const { root, options } = await search(0, 100);
    expect(root.children.length).toBe(Math.min(options, 100));
    expect(root.children.every((c) => c.rank === undefined)).toBe(true);
  });
});

describe('MCTS rewards at a shared victory', () => {
  it('every winner named in `winners` gets a winner’s reward', () => {
    const scores = { '0': { total: 50 }, '1': { total: 50 }, '2': { total: 30 } };
    const ctx = { playOrder: ['0', '1', '2'], gameover: { winners: ['0', '1'], scores } } as unknown as Ctx;
    const r = rewards(getOnBoard, {}, ctx, 3);
    expect(r['0']).toBeGreaterThanOrEqual(0.8);
    expect(r['1']).toBeGreaterThanOrEqual(0.8);
    expect(r['2']).toBeLessThan(0.2);
  });
});
