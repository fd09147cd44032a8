/**
 * Running a game's moves on a copy instead of boardgame.io's Immer draft.
 *
 * boardgame.io 0.50.2 wraps every move and hook in its bundled Immer 9,
 * whose drafts copy each object they touch through its property descriptors
 * and then walk and freeze the result. For a game whose moves touch much of
 * the state, that costs many times the rules themselves (measured with
 * `npm run bench`). A move wrapped here reads the state before the call
 * (`base`, from the `baseState` plugin), changes its own copy (`fork`), and
 * hands boardgame.io the copy with a frozen root: Immer then has nothing to
 * draft, and its deep freeze stops at the frozen root.
 */
import type { Plugin } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

/**
 * Hands every move and hook the state as it was before the call (`base`),
 * next to boardgame.io's Immer draft (`G`). Game plugins wrap outside the
 * Immer plugin, so `context.G` is still the plain state here.
 */
export const baseState: Plugin = {
  name: 'base-state',
  fnWrap:
    (fn) =>
    (context, ...args: unknown[]) =>
      fn({ ...context, base: context.G }, ...args) as unknown,
};

/**
 * Wrap a move or hook `fn(context, ...args)` that changes `context.G` in
 * place: it runs on `fork(base)`, and returns that copy, frozen (see
 * `freezeState`), or INVALID_MOVE, with nothing changed. A `fork` may share
 * what the rules never change; outside production everything is frozen, so a
 * rule that writes to a shared part throws in the tests.
 */
export function onCopy<G extends object, C extends { G: G }, A extends unknown[]>(
  fork: (state: G) => G,
  fn: (context: C, ...args: A) => unknown,
): (context: C & { base?: G }, ...args: A) => G | typeof INVALID_MOVE {
  return (context, ...args) => {
    const G = fork(context.base ?? context.G);
    if (fn({ ...context, G }, ...args) === INVALID_MOVE) return INVALID_MOVE;
    return freezeState(G);
  };
}

/**
 * Deep freezing costs several times what a game's `fork` does (V8's Object.freeze is
 * slow, and frozen arrays copy slower), so production freezes only the root,
 * which is all boardgame.io's Immer needs to leave the state alone. Tests and
 * development freeze everything a call created.
 */
const DEEP_FREEZE = ((): boolean => {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true; // a browser build without NODE_ENV defined
  }
})();

/** Freeze a state a move or hook made: everything in it outside production, the root in production. */
export function freezeState<T extends object>(v: T): T {
  return DEEP_FREEZE ? deepFreeze(v) : Object.freeze(v);
}

/** Freeze `v` and everything in it that is not frozen yet (what is frozen was frozen whole). */
export function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return v;
  Object.freeze(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object') deepFreeze(v[i]);
  } else {
    for (const k in v) if (typeof v[k] === 'object') deepFreeze(v[k]);
  }
  return v;
}
