/** Match options (`setupData`) and the starting position. */
import { describe, expect, it } from 'vitest';
import { validateSetupData } from '../../src/games/lisbon/state';
import { LisbonTram28 } from '../../src/games/lisbon';
import { startState } from '../helpers';
import { total } from '../../src/games/lisbon/counts';

describe('validateSetupData', () => {
  it.each([
    [undefined, 4],
    [null, 2],
    [{}, 3],
    [{ faceUp: 'final' }, 4],
    [{ faceUp: 'early', firstPlayer: 2 }, 3],
    [{ firstPlayer: 'random' }, 2],
  ])('accepts %j for %i players', (data, n) => {
    expect(validateSetupData(data, n)).toBeUndefined();
    expect(LisbonTram28.validateSetupData!(data as never, n)).toBeUndefined();
  });

  it.each([
    [{}, 1, /2 to 4 players/],
    [{}, 5, /2 to 4 players/],
    ['early', 2, /must be an object/],
    [[1], 2, /must be an object/],
    [{ faceUp: 'late' }, 2, /faceUp must be "final".*or "early"/],
    [{ firstPlayer: 2 }, 2, /seat number from 0 to 1/],
    [{ firstPlayer: -1 }, 3, /seat number/],
    [{ firstPlayer: 1.5 }, 3, /seat number/],
    [{ firstPlayer: '0' }, 3, /seat number/],
    [{ seed: 'x' }, 3, /Unknown option "seed"/],
    [{ __proto__: { faceUp: 'x' }, bots: 1 }, 3, /Unknown option "bots"/],
  ])('refuses %j for %i players with a clear message', (data, n, message) => {
    expect(validateSetupData(data, n)).toMatch(message);
  });
});

describe('the starting position', () => {
  it.each([2, 3, 4])('%i players: trams at Rossio, 5 tickets each, 3 passengers on every stop', (n) => {
    const G = startState(n, `start-${n}`);
    for (const id of Object.keys(G.players)) {
      expect(G.players[id].position).toBe('rossio');
      expect(G.players[id].handSize).toBe(5);
      expect(G.players[id].row).toEqual([]);
    }
    for (const s of Object.keys(G.stops)) expect(total(G.stops[s])).toBe(3);
    expect(total(G.bag)).toBe(60 - 3 * Object.keys(G.stops).length);
    expect(G.deckSize).toBe(108 - 5 * n);
  });

  it('chooses the first player at random unless told, reproducibly from the seed', () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 12; i++) firsts.add(startState(4, `first-${i}`, {}).firstPlayer);
    expect(firsts.size).toBeGreaterThan(1);
    expect(startState(4, 'same', {}).firstPlayer).toBe(startState(4, 'same', {}).firstPlayer);
    expect(startState(3, 'x', { firstPlayer: 2 }).firstPlayer).toBe('2');
  });
});
