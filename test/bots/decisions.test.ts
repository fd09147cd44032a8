/**
 * Decisions outside the turn (push branch, placing passengers) and the
 * draw-3 choice are made by the right player's bot: the player the game
 * waits for gets a stage move; everyone else, including the current
 * player, gets nothing to decide.
 */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/games/lisbon/ai';
import { playerView } from '../../src/games/lisbon/view';
import { actingPlayerOf, chooseMove } from '../../src/bots/index';
import { findState, start, step, type State } from './helpers';
import { lisbon } from '../../src/games/lisbon/def';

const STAGE_MOVE = {
  pushBranch: 'choosePushBranch',
  placePassengers: 'placePassengers',
  bellChoice: 'keepPassenger',
} as const;

function check(kindName: keyof typeof STAGE_MOVE, s: State | null) {
  expect(s, `no ${kindName} decision found in the seeded games`).not.toBeNull();
  return s!;
}

describe('decisions outside the turn', () => {
  const cases: [keyof typeof STAGE_MOVE, State | null][] = [
    [
      'placePassengers',
      findState(
        3,
        (s) => s.G.pending?.kind === 'placePassengers' && s.G.pending.player !== s.ctx.currentPlayer,
        30,
        0.2,
      ),
    ],
    [
      'pushBranch',
      findState(
        4,
        (s) =>
          s.G.pending?.kind === 'pushBranch' &&
          s.G.pending.player !== s.ctx.currentPlayer &&
          s.G.pending.options.length > 1,
        30,
        0.6,
      ),
    ],
    [
      'bellChoice',
      findState(2, (s) => s.G.pending?.kind === 'bellChoice' && new Set(s.G.pending.drawn).size > 1, 40, 0.6),
    ],
  ];

  for (const [kindName, found] of cases) {
    for (const bot of ['random', 'greedy', 'mcts'] as const) {
      it(`${bot}: ${kindName} is decided by the waiting player, and the move is accepted`, async () => {
        const s = check(kindName, found);
        const waiting = s.G.pending!.player;
        expect(actingPlayerOf(lisbon, s)).toBe(waiting);
        expect(Object.keys(s.ctx.activePlayers ?? {})).toEqual([waiting]);
        for (const p of Object.keys(s.G.players)) {
          const m = await chooseMove(lisbon, s, p, bot, 'easy', 'seed', { budgetMs: null });
          if (p !== waiting) {
            expect(m).toBeNull();
            continue;
          }
          expect(m!.move).toBe(STAGE_MOVE[kindName]);
          const legal = enumerate(playerView(s.G, p), s.ctx, p);
          expect(legal).toContainEqual({ move: m!.move, args: m!.args });
          // The real reducer accepts it from the waiting player, and the decision is gone.
          const game = start(s.G.numPlayers, 'x');
          const next = step(game.reducer, s, p, m!.move, m!.args);
          expect(
            next.G.pending?.kind === kindName &&
              next.G.pending.player === waiting &&
              JSON.stringify(next.G.pending) === JSON.stringify(s.G.pending),
          ).toBe(false);
        }
      });
    }
  }
});
