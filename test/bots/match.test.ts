/** The match runner: bot names, and the round cap for stalled games. */
import { describe, expect, it } from 'vitest';
import { parseBot, playGame } from '../../src/bots/match';
import { lisbon } from '../../src/games/lisbon/def';
import { getOnBoard } from '../../src/games/get-on-board/def';

describe('match runner', () => {
  it('parses bot names and levels, and rejects unknown ones', () => {
    expect(parseBot('mcts')).toEqual({ kind: 'mcts', level: 'normal', label: 'mcts:normal' });
    expect(parseBot('mcts:hard').level).toBe('hard');
    expect(parseBot('greedy').label).toBe('greedy');
    expect(() => parseBot('greedy:hard')).toThrow(/Only mcts takes a level/);
    expect(() => parseBot('alphazero')).toThrow(/Unknown bot/);
    expect(() => parseBot('mcts:insane')).toThrow(/Unknown level/);
  });

  it('stops a game at the round cap: unfinished, won by nobody', async () => {
    const r = await playGame(lisbon, [parseBot('random'), parseBot('random')], 'cap', 0, null, 3);
    expect(r.decidedBy).toBe('unfinished');
    // It played the 3 rounds and no move of a 4th (the table's `rounds` column).
    expect(r.rounds).toBe(3);
    expect(r.turns).toBe(3 * 2 + 1);
    expect(r.seats.some((s) => s.win)).toBe(false);
  });

  it("counts the cap in the game's own rounds where a round is one boardgame.io turn (Get on Board)", async () => {
    const r = await playGame(
      getOnBoard,
      [parseBot('random'), parseBot('random'), parseBot('random')],
      'cap',
      0,
      null,
      2,
    );
    expect(r.decidedBy).toBe('unfinished');
    expect(r.rounds).toBe(2);
    // The departures' turn, then one turn per round: the 3rd round's has begun.
    expect(r.turns).toBe(1 + 2 + 1);
  });
});
