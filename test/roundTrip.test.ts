import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { LogRoundTrip, notPlainData, sameAsWhole, withoutEngineSerializableCheck } from './roundTrip';

const whole = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function state(log: unknown[], extra: Record<string, unknown> = {}): State {
  const G = { score: 1, log, ...extra };
  return {
    G,
    ctx: { turn: 1 },
    plugins: {},
    _stateID: 1,
    _undo: [{ G: { ...G, log: log.slice(0, 1) } }],
    _redo: [],
  } as never;
}

describe('LogRoundTrip (the simulations’ JSON round trip)', () => {
  it('gives back what a whole round trip gives, step after step, however the state changes', () => {
    const trip = new LogRoundTrip('log');
    let s = trip.copy(state([{ a: 1, gone: undefined }], { when: new Date(0) }));
    expect(s).toEqual(whole(state([{ a: 1, gone: undefined }], { when: new Date(0) })));
    expect(s.G.log[0]).not.toHaveProperty('gone');
    const grown = { ...s, G: { ...s.G, log: [...s.G.log, { b: [1, undefined, Infinity] }] } } as State;
    const next = trip.copy(grown);
    expect(next).toEqual(whole(grown));
    expect(next.G.log[1]).toEqual({ b: [1, null, null] });
    // An entry already through its trip is the same object in the next copy, in G and in the undo snapshot.
    expect(next.G.log[0]).toBe(s.G.log[0]);
    expect((next._undo[0] as { G: { log: unknown[] } }).G.log[0]).toBe(s.G.log[0]);
    s = next;
    expect(sameAsWhole(s)).toBe(true);
  });

  it('freezes each entry once through, so nothing can change it afterwards', () => {
    const s = new LogRoundTrip('log').copy(state([{ a: { b: 1 } }]));
    expect(Object.isFrozen(s.G.log[0])).toBe(true);
    expect(() => {
      (s.G.log[0] as { a: { b: number } }).a.b = 2;
    }).toThrow(TypeError);
  });

  it('sends a new entry through its own trip, even one equal to an earlier entry', () => {
    const trip = new LogRoundTrip('log');
    const s = trip.copy(state([{ a: 1 }]));
    const fresh = { a: 1, f: () => 0 };
    const next = trip.copy({ ...s, G: { ...s.G, log: [...s.G.log, fresh] } } as State);
    expect(next.G.log[1]).toEqual({ a: 1 });
    expect(next.G.log[1]).not.toBe(fresh);
  });

  it('sameAsWhole refuses a state that a whole round trip would change', () => {
    expect(sameAsWhole(state([{ a: 1 }]))).toBe(true);
    expect(sameAsWhole(state([{ a: undefined }]))).toBe(false);
    expect(sameAsWhole(state([], { n: NaN }))).toBe(false);
  });
});

describe('notPlainData (the simulations’ check in place of boardgame.io’s)', () => {
  it('names the first value that is not plain JSON data, and passes plain data', () => {
    expect(notPlainData({ a: [1, 'x', null, undefined, { b: true }] })).toBeNull();
    expect(notPlainData(Object.assign(Object.create(null) as object, { a: 1 }))).toBeNull();
    expect(notPlainData({ a: { when: new Date(0) } })).toBe('G.a.when');
    expect(notPlainData({ a: [0, new Map()] })).toBe('G.a.1');
    expect(notPlainData({ f: () => 0 })).toBe('G.f');
    class Seat {
      id = 1;
    }
    expect(notPlainData({ seats: [new Seat()] })).toBe('G.seats.0');
  });

  it('does not walk what it is told is known', () => {
    const entry = { when: new Date(0) };
    expect(notPlainData({ log: [entry] }, (v) => v === entry)).toBeNull();
    // A log entry through the round trip is known to its LogRoundTrip.
    const trip = new LogRoundTrip('log');
    const s = trip.copy(state([{ a: 1 }]));
    expect(trip.isEntryCopy(s.G.log[0] as object)).toBe(true);
    expect(trip.isEntryCopy({ a: 1 })).toBe(false);
  });

  it('turns boardgame.io’s own check off only while its function runs', () => {
    const before = process.env.NODE_ENV;
    expect(withoutEngineSerializableCheck(() => process.env.NODE_ENV)).toBe('production');
    expect(process.env.NODE_ENV).toBe(before);
    expect(() =>
      withoutEngineSerializableCheck(() => {
        throw new Error('a move failed');
      }),
    ).toThrow('a move failed');
    expect(process.env.NODE_ENV).toBe(before);
  });
});
