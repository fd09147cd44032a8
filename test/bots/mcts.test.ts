/**
 * The MCTS bot: reproducible without a time budget, bounded by its time
 * budget with one, never holding the event loop for long, and sensible on
 * an obvious position (a claim is there to take).
 */
import { describe, expect, it } from 'vitest';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { playerView } from '../../src/games/lisbon/view';
import { actingPlayerOf, chooseMove, type SearchStats } from '../../src/bots/index';
import { applyMove, fromBgio } from '../../src/games/lisbon/bots/driver';
import { scoreOf } from '../../src/games/lisbon/selectors';
import { findState } from './helpers';
import { lisbon } from '../../src/games/lisbon/def';

describe('mcts bot', () => {
  const s = findState(2, (x) => x.ctx.turn >= 5 && !x.G.pending)!;
  const me = actingPlayerOf(lisbon, s)!;

  it('is reproducible from its seed when only the iteration cap applies', async () => {
    const a = await chooseMove(lisbon, s, me, 'mcts', 'easy', 42, { budgetMs: null });
    const b = await chooseMove(lisbon, s, me, 'mcts', 'easy', 42, { budgetMs: null });
    expect(a).toEqual(b);
    expect(botMoves(playerView(s.G, me), s.ctx, me)).toContainEqual(a);
  });

  it('keeps to its time budget and yields to the event loop while it searches', async () => {
    // The gaps between the ticks of a 5 ms timer during a 300 ms search: the search yields once ~30 ms of work have
    // passed, at the end of an iteration, so most gaps are about 30 ms plus one iteration. The median, not the
    // longest gap, is what the search controls: on a shared machine one gap can be stretched by the system (a CI run
    // saw 251 ms once, with Chromium busy beside it). A loaded machine stretches every iteration too (a fresh-clone
    // CI run, both cores busy with the browser tests, saw a median of 146 ms): the bound allows the 30 ms and three
    // iterations as long as this search's own average, and at least 100 ms. A search that never yields has fewer
    // than 3 gaps; one that yields every 200 ms on a quiet machine has a median near 200 ms.
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const t = performance.now();
      gaps.push(t - last);
      last = t;
    }, 5);
    const stats: SearchStats = { iterations: 0, ms: 0 };
    const t0 = performance.now();
    const m = await chooseMove(lisbon, s, me, 'mcts', 'hard', 1, { budgetMs: 300, stats });
    const took = performance.now() - t0;
    clearInterval(timer);
    expect(m).not.toBeNull();
    expect(took).toBeLessThan(300 + 700);
    expect(stats.iterations).toBeGreaterThan(0);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
    const iteration = took / stats.iterations;
    expect(median, `median gap, with ${stats.iterations} iterations in ${took.toFixed(0)} ms`).toBeLessThan(
      Math.max(100, 30 + 3 * iteration),
    );
  });

  /** The score the player has right after taking `move` (played by the rules driver). */
  const scoreAfter = (x: NonNullable<ReturnType<typeof findState>>, move: { move: string; args: unknown[] }) => {
    const sim = fromBgio(x);
    expect(applyMove(sim, x.ctx.currentPlayer, move.move, move.args)).toBe(true);
    return scoreOf(sim.G, x.ctx.currentPlayer).total;
  };

  it('takes the best of the claims on offer, where a random pick among them would not', async () => {
    // When a claim is possible the move list holds only claims, so "it claims" proves nothing:
    // look for a position with several claims of different worth, and check MCTS takes the best.
    const gains = (x: NonNullable<ReturnType<typeof findState>>) =>
      botMoves(x.G, x.ctx, x.ctx.currentPlayer).map((m) => ({ m, score: scoreAfter(x, m) }));
    const c = findState(
      2,
      (x) => {
        if (x.G.pending || !botMoves(x.G, x.ctx, x.ctx.currentPlayer).some((m) => m.move === 'dropOff')) return false;
        const g = gains(x).map((e) => e.score);
        const best = Math.max(...g);
        return g.filter((v) => v === best).length === 1 && g.some((v) => v < best);
      },
      30,
      0,
    )!;
    expect(c).not.toBeNull();
    const offered = gains(c);
    const best = Math.max(...offered.map((e) => e.score));
    const m = await chooseMove(lisbon, c, c.ctx.currentPlayer, 'mcts', 'easy', 3, { budgetMs: null });
    expect(m!.move).toBe('dropOff');
    expect(scoreAfter(c, m!)).toBe(best);
  });
});
