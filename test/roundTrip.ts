/**
 * The JSON round trip of a boardgame.io state, as storage gives it back, for
 * simulations that continue from the copy after every move.
 *
 * A whole round trip costs time in proportion to the game's log, which `G`
 * keeps whole (once in `G`, again in every undo snapshot), so a game's round
 * trips grow with the square of its length: over half of a 4-player Lisbon
 * simulation went into them. The log only grows, so each entry goes through
 * its own round trip once, when it first appears, and is frozen: from then on
 * nothing can change it, and the same object later in the log (or in an undo
 * snapshot) needs no second trip. Everything else in the state goes through a
 * whole round trip at every step. JSON round trips compose (an array's is its
 * members'), so the copy is the one a whole round trip would give; `sameAsWhole`
 * checks that at the end of a game.
 */
import { isDeepStrictEqual } from 'node:util';
import type { State } from 'boardgame.io';

type Log = unknown[];
type Snapshot = { G?: Record<string, unknown> };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class LogRoundTrip {
  /** Each log entry's copy after its round trip (frozen), under the entry and under the copy itself. */
  private readonly copies = new WeakMap<object, unknown>();

  /** `logKey`: the member of `G` that holds the log (an array). */
  constructor(private readonly logKey: string) {}

  /** The state as a whole JSON round trip gives it back. */
  copy<S extends State>(state: S): S {
    const logs: Log[] = [];
    const strip = (G: Record<string, unknown> | undefined) => {
      const log = G?.[this.logKey];
      if (!Array.isArray(log)) return G;
      logs.push(log);
      return { ...G, [this.logKey]: logs.length - 1 };
    };
    const snapshots = (list: Snapshot[] | undefined) => list?.map((s) => ({ ...s, G: strip(s.G) }));
    const bare = {
      ...state,
      G: strip(state.G as Record<string, unknown>),
      _undo: snapshots(state._undo as Snapshot[] | undefined),
      _redo: snapshots(state._redo as Snapshot[] | undefined),
    };
    const copy = JSON.parse(JSON.stringify(bare)) as S;
    const restore = (G: Record<string, unknown> | undefined) => {
      if (G && typeof G[this.logKey] === 'number')
        G[this.logKey] = logs[G[this.logKey] as number].map((e) => this.entry(e));
    };
    restore(copy.G as Record<string, unknown>);
    for (const s of [...((copy._undo ?? []) as Snapshot[]), ...((copy._redo ?? []) as Snapshot[])]) restore(s.G);
    return copy;
  }

  /**
   * One move of a simulation through boardgame.io's `reducer`, without its own
   * serializable check (`withoutEngineSerializableCheck`): throws if the rules
   * refuse it, or if it leaves in `G` anything but plain JSON data (`notPlainData`,
   * which skips the log entries already through this round trip). `at` names the
   * step in the error.
   */
  move<S extends State>(
    reducer: (state: S, action: unknown) => S,
    state: S,
    playerID: string,
    m: { move: string; args: unknown[] },
    at: string,
  ): S {
    const action = { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID } };
    const next = withoutEngineSerializableCheck(() => reducer(state, action));
    if (next._stateID === state._stateID)
      throw new Error(`enumerated move refused at ${at}: ${playerID} ${JSON.stringify(m)}`);
    const unplain = notPlainData(next.G, (v) => this.isEntryCopy(v));
    if (unplain) throw new Error(`${at} (${m.move}): ${unplain} is not plain JSON data`);
    return next;
  }

  /** Whether `value` is the copy of a log entry made by this round trip (plain JSON data, frozen). */
  isEntryCopy(value: object): boolean {
    return this.copies.get(value) === value;
  }

  private entry(e: unknown): unknown {
    const isObject = e !== null && typeof e === 'object';
    if (isObject && this.copies.has(e)) return this.copies.get(e);
    // Inside an array, as in the log: `undefined` becomes null there, as a whole round trip would make it.
    const copy = deepFreeze((JSON.parse(JSON.stringify([e])) as unknown[])[0]);
    if (isObject) this.copies.set(e, copy);
    if (copy !== null && typeof copy === 'object') this.copies.set(copy, copy);
    return copy;
  }
}

/** Whether `state` is exactly what a whole JSON round trip of it gives back. */
export function sameAsWhole(state: State): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(state)), state);
}

/**
 * Where `value` holds something other than plain JSON data (plain objects,
 * arrays, primitives), as boardgame.io's own check after every move sees it,
 * or null. `known` names objects already checked (log entries through their
 * round trip), which it does not walk again.
 */
export function notPlainData(value: unknown, known: (v: object) => boolean = () => false, path = 'G'): string | null {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? path : null;
  }
  if (known(value)) return null;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return path;
  for (const key in value) {
    const bad = notPlainData((value as Record<string, unknown>)[key], known, `${path}.${key}`);
    if (bad) return bad;
  }
  return null;
}

/**
 * Runs `fn` (a simulation's moves through boardgame.io's reducer) without
 * boardgame.io's own check that a move's state is serializable, which walks
 * the whole state, log included, after every move: over half of a 4-player
 * Lisbon simulation went into it, growing with the square of the game's
 * length. The simulations check the same with `notPlainData` on what each
 * step added, and continue from a JSON round-tripped copy.
 * boardgame.io reads NODE_ENV at each move for that check alone (and its
 * logging, chosen when it is loaded); React, Immer and our deep freezing
 * chose their builds when loaded, so they do not change.
 */
export function withoutEngineSerializableCheck<T>(fn: () => T): T {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return fn();
  } finally {
    process.env.NODE_ENV = before;
  }
}
