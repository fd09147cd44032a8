/**
 * Keeps take-backs from multiplying what is stored. boardgame.io's undo keeps,
 * in every state, a whole copy of the state after each action of the turn
 * (`_undo`), the last of them the state itself: with undo on, Lisbon's stored
 * states were 3.2 times larger on average (1.18 MB against 372 kB over random
 * 4-player games, whose long logs make G large) and Touched On's 2.5 times.
 *
 * On the way into storage (`packUndo`):
 *  - the positions no take-back can reach are dropped: a take-back goes back
 *    one action at a time and stops at the first action its game says may not
 *    be taken back (the move's `undoable`, as boardgame.io asks it), so only
 *    the tail of undoable actions and the position before it are kept;
 *  - the last position, the state itself, is stored as a marker;
 *  - in the positions kept, a log of the game (`GameDef.logKeys`) whose
 *    entries are the first entries of the state's own log, each equal, is
 *    stored as their count: late in a game the log is most of G, and every
 *    kept position repeated it.
 * On the way out (`unpackUndo`) the markers become the state's own G, ctx,
 * plugins and log again, so boardgame.io sees exactly the stack it made, minus
 * what it could never use. A storage is wrapped once, for every game
 * (`compactUndo`).
 */
import type { Game, Server, State, StorageAPI } from 'boardgame.io';
import { ProcessGameConfig } from 'boardgame.io/internal';
import type { AnyStorage } from './storage-hooks';

type UndoEntry = State['_undo'][number];

/** The key marking an entry that is the state itself. */
const SAME = '$sameAsState';
/** The key of a log stored as the count of the state's own log entries it starts with. */
const PREFIX = '$prefixOfState';

/** Deep equality of JSON values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** `G` with each log that starts the state's own (`own`) stored as its length. */
function withLogPrefixes(G: unknown, own: unknown, logKeys: readonly string[]): unknown {
  if (typeof G !== 'object' || G === null || typeof own !== 'object' || own === null) return G;
  let out: Record<string, unknown> | undefined;
  for (const key of logKeys) {
    const log = (G as Record<string, unknown>)[key];
    const full = (own as Record<string, unknown>)[key];
    if (!Array.isArray(log) || !Array.isArray(full) || log.length > full.length) continue;
    if (!log.every((entry, i) => same(entry, full[i]))) continue;
    out ??= { ...(G as Record<string, unknown>) };
    out[key] = { [PREFIX]: log.length };
  }
  return out ?? G;
}

/** `G` with each log stored as a length made the state's own first entries again. */
function withLogs(G: unknown, own: unknown): unknown {
  if (typeof G !== 'object' || G === null || typeof own !== 'object' || own === null) return G;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(G)) {
    const length = (value as Record<string, unknown> | null)?.[PREFIX];
    const full = (own as Record<string, unknown>)[key];
    if (typeof length !== 'number' || !Array.isArray(full)) continue;
    out ??= { ...(G as Record<string, unknown>) };
    out[key] = full.slice(0, length);
  }
  return out ?? G;
}

/** How many match IDs the wrapper remembers the game of (the oldest are forgotten first). */
const REMEMBERED = 50_000;

type Processed = ReturnType<typeof ProcessGameConfig>;

/**
 * Whether boardgame.io could undo the action that made `entry` (after
 * `before`). As its reducer asks: an entry of an event is undoable, a move is
 * unless its `undoable` says otherwise. When in doubt, true: keeping a
 * position too many costs only space.
 */
function undoable(game: Processed, before: UndoEntry, entry: UndoEntry): boolean {
  if (!entry.moveType) return true;
  const move = game.flow.getMove(before.ctx, entry.moveType, entry.playerID ?? before.ctx.currentPlayer) as unknown;
  if (!move || typeof move !== 'object') return true;
  const rule = (move as { undoable?: unknown }).undoable;
  if (rule === undefined) return true;
  if (typeof rule === 'function') return !!(rule as (c: { G: unknown; ctx: unknown }) => unknown)(entry);
  return !!rule;
}

/** The entries a take-back can still reach: the undoable tail and the position before it. */
export function reachableUndo(game: Processed, undo: readonly UndoEntry[]): UndoEntry[] {
  let first = undo.length - 1;
  while (first > 0 && undoable(game, undo[first - 1], undo[first])) first--;
  return undo.slice(Math.max(0, first));
}

/**
 * `state` as it is stored: unreachable positions dropped (when its game is
 * known), itself as a marker, the logs `logKeys` of the others as lengths.
 */
export function packUndo(state: State, game?: Processed, logKeys: readonly string[] = []): State {
  const undo = state._undo;
  if (!Array.isArray(undo) || undo.length === 0) return state;
  const kept = (game ? reachableUndo(game, undo) : undo.slice()).map((entry) =>
    logKeys.length > 0 && entry.G !== state.G ? { ...entry, G: withLogPrefixes(entry.G, state.G, logKeys) } : entry,
  );
  const last = kept[kept.length - 1];
  if (last && last.G === state.G && last.ctx === state.ctx && last.plugins === state.plugins) {
    const marker: Record<string, unknown> = { ...last, [SAME]: true };
    delete marker.G;
    delete marker.ctx;
    delete marker.plugins;
    kept[kept.length - 1] = marker as unknown as UndoEntry;
  }
  return { ...state, _undo: kept };
}

/** A stored state as boardgame.io made it: the marker back to the state's own G, ctx and plugins. */
export function unpackUndo<S extends State | undefined>(state: S): S {
  if (!state || !Array.isArray(state._undo) || state._undo.length === 0) return state;
  const _undo = state._undo.map((e) => {
    const entry = e as unknown as Record<string, unknown>;
    if (entry[SAME] === true) {
      const { [SAME]: _same, ...rest } = entry;
      return { ...rest, G: state.G as unknown, ctx: state.ctx, plugins: state.plugins } as UndoEntry;
    }
    const G = withLogs(entry.G, state.G);
    return G === entry.G ? e : ({ ...entry, G } as UndoEntry);
  });
  return { ...state, _undo };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return !!value && typeof (value as { then?: unknown }).then === 'function';
}

/** `inner`, storing states packed and handing them out unpacked (see the file comment). */
export function compactUndo(
  inner: AnyStorage,
  games: readonly Game[],
  logKeysOf: (gameName: string) => readonly string[] = () => [],
): AnyStorage {
  const processed = new Map<string, Processed>();
  for (const g of games) if (g.name && !g.disableUndo) processed.set(g.name, ProcessGameConfig(g as never));
  // The game of each match, learned from its metadata as it is created, read or written.
  const gameOf = new Map<string, string>();
  const remember = (matchID: string, metadata: Server.MatchData | undefined) => {
    if (!metadata?.gameName || gameOf.get(matchID) === metadata.gameName) return;
    gameOf.set(matchID, metadata.gameName);
    if (gameOf.size > REMEMBERED) gameOf.delete(gameOf.keys().next().value as string);
  };
  const pack = (matchID: string, state: State) => {
    const name = gameOf.get(matchID);
    return packUndo(state, name ? processed.get(name) : undefined, name ? logKeysOf(name) : []);
  };
  const then = <T, R>(value: T | Promise<T>, fn: (v: T) => R): R | Promise<R> =>
    isThenable(value) ? Promise.resolve(value).then(fn) : fn(value);

  const hooks: Record<string, (...args: never[]) => unknown> = {
    createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts) {
      remember(matchID, opts.metadata);
      return inner.createMatch(matchID, { ...opts, initialState: pack(matchID, opts.initialState) });
    },
    setState(matchID: string, state: State, deltalog?: never) {
      return inner.setState(matchID, pack(matchID, state), deltalog);
    },
    setMetadata(matchID: string, metadata: Server.MatchData) {
      remember(matchID, metadata);
      return inner.setMetadata(matchID, metadata);
    },
    fetch(matchID: string, opts: StorageAPI.FetchOpts) {
      return then(inner.fetch(matchID, opts) as StorageAPI.FetchResult<StorageAPI.FetchOpts>, (r) => {
        remember(matchID, r.metadata);
        if (!r.state && !r.initialState) return r;
        return { ...r, state: unpackUndo(r.state), initialState: unpackUndo(r.initialState) };
      });
    },
  };

  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(hooks, prop)) return hooks[prop];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
