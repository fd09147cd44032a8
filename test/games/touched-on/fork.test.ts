/**
 * Moves run on `fork(G)` (src/games/touched-on/fork.ts), which copies the
 * players' and the Lines' states only when a rule asks for them.
 */
import { describe, expect, it } from 'vitest';
import { fork, ownLine, ownPlayer, pushLog } from '../../../src/games/touched-on/fork';
import { deepFreeze } from '../../../src/games/common/copy-on-call';
import { startState } from './helpers';

describe('fork', () => {
  it('serialises exactly as the state it copies, field order included', () => {
    const G = startState(4, 'fork');
    expect(Object.keys(fork(G))).toEqual(Object.keys(G));
    expect(JSON.stringify(fork(G))).toBe(JSON.stringify(G));
  });

  it('copies a player, a Line or the log the first time a rule changes it, and leaves the state it came from alone', () => {
    const G = deepFreeze(startState(4, 'fork'));
    const before = JSON.stringify(G);
    const F = fork(G);
    expect(F.players).toBe(G.players);
    expect(F.lines).toBe(G.lines);
    const pl = ownPlayer(F, '1');
    expect(pl).not.toBe(G.players['1']);
    expect(ownPlayer(F, '1')).toBe(pl);
    expect(F.players['0']).toBe(G.players['0']);
    pl.hand!.pop();
    pl.handSize--;
    const L = ownLine(F, '96');
    expect(ownLine(F, '96')).toBe(L);
    expect(F.lines['19']).toBe(G.lines['19']);
    L.carriages.push({ id: 1, cards: [] });
    expect(F.log).toBe(G.log);
    pushLog(F, { type: 'gameEnd' });
    expect(F.log).toHaveLength(G.log.length + 1);
    expect(JSON.stringify(G)).toBe(before);
    expect(F.players['1'].handSize).toBe(G.players['1'].handSize - 1);
    expect(F.lines['96'].carriages).toHaveLength(1);
  });

  it('outside a fork, a rule changes the state it is given', () => {
    const G = startState(4, 'fork');
    expect(ownPlayer(G, '2')).toBe(G.players['2']);
    expect(ownLine(G, '86')).toBe(G.lines['86']);
  });
});
