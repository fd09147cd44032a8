/**
 * Bot sanity, seeded and fast: over a fixed set of 2-player games with the
 * seats swapped every game, `greedy` beats `random` and `mcts easy` beats
 * `greedy`, clearly. A bot that plays backwards (MCTS picking its least
 * visited move, greedy ranking moves the wrong way round) loses these and
 * fails the test. The games are reproducible: the engine and the bots are
 * seeded and MCTS runs on its iteration cap, not a time budget.
 */
import { describe, expect, it } from 'vitest';
import { parseBot, playGame } from '../../src/bots/match';

async function wins(bot: string, against: string, games: number): Promise<number> {
  let won = 0;
  for (let g = 0; g < games; g++) {
    const seats = g % 2 === 0 ? [bot, against] : [against, bot];
    const r = await playGame(seats.map(parseBot), 'sanity', g, null);
    expect(r.decidedBy).not.toBe('unfinished');
    if (r.seats[g % 2].win) won++;
  }
  return won;
}

describe('bot sanity', () => {
  it('greedy beats random in at least 7 of 8 seeded games', async () => {
    expect(await wins('greedy', 'random', 8)).toBeGreaterThanOrEqual(7);
  });

  it('mcts easy beats greedy in at least 6 of 8 seeded games', async () => {
    expect(await wins('mcts:easy', 'greedy', 8)).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
