/**
 * The greedy bot rings the bell when it pays off: a colour the displayed
 * cards want is what the bag holds and the hand can pay for the larger group.
 * It does not ring when the bag can only give colours nobody needs, or when
 * the bag and the discard are empty.
 */
import type { Ctx } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { greedyMove } from '../../src/bots';
import { Rng } from '../../src/bots/rng';
import { counts } from '../../src/games/lisbon/counts';
import type { GState } from '../../src/games/lisbon/types';
import { clearBoard, setDisplay, setHand, setStop, startState } from '../helpers';
import { lisbon } from '../../src/games/lisbon/def';

const ctx = { currentPlayer: '0', numPlayers: 2, playOrder: ['0', '1'], turn: 1 } as unknown as Ctx;

/** Tram 0 at Baixa with one yellow passenger waiting; padrao-1 (2 yellow) on display; a rich hand. */
function position(bag: Record<string, number>): GState {
  const G = clearBoard(startState(2));
  G.players['0'].position = 'baixa';
  setHand(G, '0', { red: 3, yellow: 3, green: 3, blue: 3 });
  setDisplay(G, ['padrao-1', 'torre-belem-1']);
  setStop(G, 'baixa', { yellow: 1 });
  G.bag = counts(bag);
  G.passengerDiscard = counts();
  return G;
}

const choice = (G: GState) => greedyMove(lisbon, G, ctx, '0', new Rng(1));

describe('the greedy bot and the bell', () => {
  it('rings for one more passenger when the bag holds the colour a displayed card wants', () => {
    expect(choice(position({ yellow: 10 }))).toEqual({ move: 'pickUp', args: [{ bell: 'one' }] });
  });

  it('picks up without the bell when the bag can only give colours nobody needs', () => {
    expect(choice(position({ green: 10 }))).toEqual({ move: 'pickUp', args: [{ bell: 'none' }] });
  });

  it('picks up without the bell when there is nothing to draw', () => {
    expect(choice(position({}))).toEqual({ move: 'pickUp', args: [{ bell: 'none' }] });
  });
});
