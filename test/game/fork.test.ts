/**
 * Moves run on `fork(state)` (src/games/lisbon/fork.ts): a copy whose every object is
 * new, except the logged events and the two decks, which are shared and only
 * ever replaced. Outside
 * production every state a move or hook makes is frozen whole, so a rule that
 * writes to shared data throws instead of changing an earlier state.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../../src/games/lisbon';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { deepFreeze, fork, freezeState } from '../../src/games/lisbon/fork';
import { actingPlayer } from '../../src/games/lisbon/bots/driver';
import { Rng } from '../../src/bots/rng';
import type { GState } from '../../src/games/lisbon/types';

/** States of one seeded random 4-player game through boardgame.io's reducer, every `every` steps. */
function statesOfAGame(seed: string, every: number): GState[] {
  const game = { ...LisbonTram28, seed };
  const reducer = CreateGameReducer({ game });

  let s: any = InitializeGame({ game, numPlayers: 4 });
  const rng = new Rng(seed);
  const out: GState[] = [];
  for (let step = 0; !s.ctx.gameover; step++) {
    const pid = actingPlayer(s.ctx);
    const ms = botMoves(s.G, s.ctx, pid);
    const m = ms[rng.int(ms.length)];
    s = reducer(s, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } });
    if (step % every === 0 || s.G.pending) out.push(s.G);
  }
  return out;
}

/** Every object and array in `v`, with its path, not descending into `skip`ped paths. */
function objects(
  v: unknown,
  path: string,
  skip: (path: string) => boolean,
  out: [string, object][] = [],
): [string, object][] {
  if (typeof v !== 'object' || v === null || skip(path)) return out;
  out.push([path, v]);
  for (const [k, x] of Object.entries(v)) objects(x, `${path}.${k}`, skip, out);
  return out;
}

/** What a fork shares with its state: the logged events and the decks. */
const isShared = (path: string) => /^G\.events\.\d+$/.test(path) || /^G\.secret\.(ticketDeck|monumentDeck)$/.test(path);

describe('fork and freezeState', () => {
  const states = statesOfAGame('fork-test', 7);

  it('the states boardgame.io keeps are frozen all through (outside production)', () => {
    expect(states.length).toBeGreaterThan(30);
    for (const G of states) {
      for (const [path, o] of objects(G, 'G', () => false)) expect(Object.isFrozen(o), path).toBe(true);
    }
  });

  it('a fork equals its state, shares only the logged events and the decks, and can be changed anywhere else', () => {
    let pendingSeen = 0;
    for (const G of states) {
      const copy = fork(G);
      expect(copy).toEqual(G);
      if (G.pending) pendingSeen++;
      G.events.forEach((e, i) => expect(copy.events[i]).toBe(e));
      expect(copy.secret!.ticketDeck).toBe(G.secret!.ticketDeck);
      expect(copy.secret!.monumentDeck).toBe(G.secret!.monumentDeck);
      for (const [path, o] of objects(copy, 'G', isShared)) {
        expect(Object.isFrozen(o), path).toBe(false);
        // Nothing in the fork is an object of the original state.
        expect(
          objects(G, 'G', isShared).some(([, x]) => x === o),
          path,
        ).toBe(false);
      }
    }
    expect(pendingSeen).toBeGreaterThan(0);
  });

  it('writing to a shared event throws instead of changing an earlier state', () => {
    const G = states.find((s) => s.events.length > 0)!;
    const copy = fork(G);
    const before = JSON.stringify(G.events[0]);
    expect(() => {
      (copy.events[0] as { turn: number }).turn = -1;
    }).toThrow(TypeError);
    expect(JSON.stringify(G.events[0])).toBe(before);
  });

  it('changing a shared deck in place throws: the rules may only replace it', () => {
    const G = states[0];
    const copy = fork(G);
    const deck = [...G.secret!.ticketDeck];
    expect(() => copy.secret!.ticketDeck.shift()).toThrow(TypeError);
    expect(() => copy.secret!.monumentDeck.push('x')).toThrow(TypeError);
    expect(G.secret!.ticketDeck).toEqual(deck);
    copy.secret!.ticketDeck = deck.slice(1);
    expect(G.secret!.ticketDeck).toEqual(deck);
  });

  it('freezes what a move made and skips what was frozen already', () => {
    const G = fork(states[states.length - 1]);
    G.turn.pushRewarded.push('1');
    const frozen = freezeState(G);
    expect(frozen).toBe(G);
    for (const [path, o] of objects(G, 'G', () => false)) expect(Object.isFrozen(o), path).toBe(true);
    // deepFreeze stops at frozen objects: an unfrozen object under a frozen one stays as it was.
    const inner = { n: 1 };
    const outer = Object.freeze({ inner });
    deepFreeze({ outer });
    expect(Object.isFrozen(inner)).toBe(false);
  });
});
