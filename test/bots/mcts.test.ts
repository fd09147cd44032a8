/**
 * The MCTS bot: reproducible without a time budget, bounded by its time
 * budget with one, never holding the event loop for long, and sensible on
 * an obvious position (a claim is there to take).
 */
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../src/game/ai';
import { playerView } from '../../src/game/view';
import { actingPlayerOf, chooseMove, type SearchStats } from '../../src/bots/index';
import { findState } from './helpers';

describe('mcts bot', () => {
  const s = findState(2, (x) => x.ctx.turn >= 5 && !x.G.pending)!;
  const me = actingPlayerOf(s)!;

  it('is reproducible from its seed when only the iteration cap applies', async () => {
    const a = await chooseMove(s, me, 'mcts', 'easy', 42, { budgetMs: null });
    const b = await chooseMove(s, me, 'mcts', 'easy', 42, { budgetMs: null });
    expect(a).toEqual(b);
    expect(enumerate(playerView(s.G, me), s.ctx, me)).toContainEqual(a);
  });

  it('keeps to its time budget and yields to the event loop while it searches', async () => {
    let ticks = 0;
    let maxGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const t = performance.now();
      maxGap = Math.max(maxGap, t - last);
      last = t;
      ticks++;
    }, 5);
    const stats: SearchStats = { iterations: 0, ms: 0 };
    const t0 = performance.now();
    const m = await chooseMove(s, me, 'mcts', 'hard', 1, { budgetMs: 300, stats });
    const took = performance.now() - t0;
    clearInterval(timer);
    expect(m).not.toBeNull();
    expect(took).toBeLessThan(300 + 700);
    expect(stats.iterations).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
    expect(maxGap).toBeLessThan(250);
  });

  it('takes a claim that is there to take', async () => {
    const c = findState(
      2,
      (x) => !x.G.pending && enumerate(x.G, x.ctx, x.ctx.currentPlayer).some((m) => m.move === 'dropOff'),
      20,
      0,
    )!;
    expect(c).not.toBeNull();
    const m = await chooseMove(c, c.ctx.currentPlayer, 'mcts', 'easy', 3, { budgetMs: null });
    expect(m!.move).toBe('dropOff');
  });
});
