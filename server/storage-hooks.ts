/**
 * A transparent wrapper around the match storage that
 *  - logs one line per match created, started (every seat taken), finished and removed;
 *  - refuses to create matches outside a lobby request: boardgame.io's socket
 *    `sync` creates any unknown match ID on demand, which lets anyone fill
 *    the storage (the socket guard refuses such syncs first; this is the
 *    second line);
 *  - tracks reads and writes in flight so shutdown can wait for them (a
 *    read may lead to a write: a socket's disconnection reads its match,
 *    then writes the seat's connection status);
 *  - drops writes to a match removed a moment ago (`wipe`, or `markRemoved`
 *    when another process removed it): a join, a chat message or a
 *    connection change that read the match before it was removed would
 *    otherwise write it back, without its state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import type { Logger } from './log';
import { ExpiringMap } from './expiring-map';

/** Any boardgame.io storage. */
export type AnyStorage = StorageAPI.Async | StorageAPI.Sync;

/** One lobby request's dealings with the storage: the matches it created itself. */
export interface LobbyRequest {
  created: Set<string>;
}

const lobbyScope = new AsyncLocalStorage<LobbyRequest>();

/** Runs `fn` as a lobby request that may create matches; `request.created` gets the IDs of those it creates. */
export function asLobbyRequest<T>(fn: () => T, request: LobbyRequest = { created: new Set() }): T {
  return lobbyScope.run(request, fn);
}

/** The wrapped storage plus a way to wait for pending writes. */
export interface HookedStorage {
  storage: AnyStorage;
  /** Resolves once every read and write started so far has settled, and every write those reads led to. */
  drain(): Promise<void>;
  /** Drops the writes to `matchID` for a while: another process removed it. */
  markRemoved(matchID: string): void;
}

/** How long writes to a removed match are dropped, and how many removed matches are remembered. */
const REMOVED_MS = 10 * 60 * 1000;
const REMOVED_KEPT = 10_000;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return !!value && typeof (value as { then?: unknown }).then === 'function';
}

function seatsTaken(metadata: Server.MatchData): boolean {
  const players = Object.values(metadata.players ?? {});
  return players.length > 0 && players.every((p) => typeof p.name === 'string' && p.name !== '');
}

/**
 * Wraps `inner`; see the file comment. `onMetadata` hears of every metadata
 * write, and whether it is boardgame.io's write after a move (made in the same
 * block as the move's state): that one is the metadata as the Master read it
 * before the move, with a new `updatedAt`, so its seats' connections and
 * credentials may be older than a write stored meanwhile. `written` is the
 * write itself (a promise, or nothing from a synchronous storage).
 */
export function hookStorage(
  inner: AnyStorage,
  log: Logger,
  onMetadata?: (matchID: string, metadata: Server.MatchData, afterMove: boolean, written: unknown) => void,
): HookedStorage {
  const pending = new Set<Promise<unknown>>();
  /** Matches whose state is being written in this block (the Master writes the metadata right after). */
  const moving = new Set<string>();
  const started = new Set<string>();
  const finished = new Set<string>();
  /** Removed matches, for a while. */
  const removed = new ExpiringMap<true>(REMOVED_MS, REMOVED_KEPT);
  const markRemoved = (matchID: string) => removed.set(matchID, true);
  const wasRemoved = (matchID: string, what: string) => {
    if (!removed.get(matchID)) return false;
    log('warn', 'write to a removed match dropped', { matchID, what });
    return true;
  };
  const skipped = () => (isSyncStorage(inner) ? undefined : Promise.resolve());

  const track = <T>(result: T): T => {
    if (isThenable(result)) {
      // Only awaited by drain(): the caller gets `result` and handles its rejection.
      const p = Promise.resolve(result)
        .catch(() => undefined)
        .finally(() => pending.delete(p));
      pending.add(p);
    }
    return result;
  };

  const noteFinished = (matchID: string, gameover: unknown) => {
    if (gameover === undefined || gameover === null || finished.has(matchID)) return;
    finished.add(matchID);
    log('info', 'match finished', { matchID, gameover });
  };

  const hooks: Record<string, (...args: never[]) => unknown> = {
    fetch(matchID: string, opts: StorageAPI.FetchOpts) {
      const result = inner.fetch(matchID, opts);
      // A match read full (or over) before this process wrote it started (or ended) earlier, here or elsewhere:
      // its next write (a connection, after a restart) is not logged as its start (or end).
      const seen = (r: StorageAPI.FetchResult<StorageAPI.FetchOpts> | undefined) => {
        if (!r?.metadata) return;
        if (seatsTaken(r.metadata)) started.add(matchID);
        if (r.metadata.gameover !== undefined && r.metadata.gameover !== null) finished.add(matchID);
      };
      if (opts?.metadata) {
        if (isThenable(result)) result.then(seen, () => undefined);
        else seen(result);
      }
      return track(result);
    },
    listMatches(opts?: StorageAPI.ListMatchesOpts) {
      return track(inner.listMatches(opts));
    },
    createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts) {
      const request = lobbyScope.getStore();
      if (!request) {
        log('warn', 'refused to create a match outside the lobby API', { matchID });
        return skipped();
      }
      removed.delete(matchID);
      request.created.add(matchID);
      const result = track(inner.createMatch(matchID, opts));
      const m = opts.metadata;
      const created = () =>
        log('info', 'match created', {
          matchID,
          game: m.gameName,
          players: Object.keys(m.players ?? {}).length,
          unlisted: m.unlisted || undefined,
        });
      // Only once it is stored: a write that fails (the database is down) created nothing.
      if (isThenable(result)) result.then(created, () => undefined);
      else created();
      return result;
    },
    setState(matchID: string, state: State, deltalog?: LogEntry[]) {
      if (wasRemoved(matchID, 'state')) return skipped();
      const result = track(inner.setState(matchID, state, deltalog));
      moving.add(matchID);
      queueMicrotask(() => moving.delete(matchID));
      noteFinished(matchID, state?.ctx?.gameover);
      return result;
    },
    setMetadata(matchID: string, metadata: Server.MatchData) {
      if (wasRemoved(matchID, 'metadata')) return skipped();
      const result = track(inner.setMetadata(matchID, metadata));
      onMetadata?.(matchID, metadata, moving.delete(matchID), result);
      if (!started.has(matchID) && seatsTaken(metadata)) {
        started.add(matchID);
        log('info', 'match started', { matchID, players: Object.keys(metadata.players).length });
      }
      noteFinished(matchID, metadata.gameover);
      return result;
    },
    wipe(matchID: string) {
      markRemoved(matchID);
      const result = track(inner.wipe(matchID));
      log('info', 'match removed', { matchID });
      return result;
    },
  };

  const storage = new Proxy(inner, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(hooks, prop)) {
        return hooks[prop];
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    storage,
    markRemoved,
    async drain() {
      // Between rounds, a macrotask turn lets the callers of settled reads run on and start their writes.
      do {
        await Promise.allSettled([...pending]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (pending.size > 0);
    },
  };
}

/** True for a boardgame.io `Sync` storage (`Type.SYNC` is 0). */
export function isSyncStorage(storage: AnyStorage): storage is StorageAPI.Sync {
  return (storage.type() as number) === 0;
}

/**
 * Writes `metadata` for `matchID` to a storage of either kind. A `Sync` storage has written it when this returns (its
 * promise only resolves after), so a caller that reads, changes and writes with no `await` between keeps that atomic.
 */
export async function storeMetadata(db: AnyStorage, matchID: string, metadata: Server.MatchData): Promise<void> {
  if (isSyncStorage(db)) db.setMetadata(matchID, metadata);
  else await db.setMetadata(matchID, metadata);
}

/** Removes `matchID` from a storage of either kind. */
export async function wipeMatch(db: AnyStorage, matchID: string): Promise<void> {
  if (isSyncStorage(db)) db.wipe(matchID);
  else await db.wipe(matchID);
}

/** The IDs of the stored matches `opts` selects, from a storage of either kind. */
export async function listMatchIDs(db: AnyStorage, opts?: StorageAPI.ListMatchesOpts): Promise<string[]> {
  return isSyncStorage(db) ? db.listMatches(opts) : await db.listMatches(opts);
}

/**
 * The stored metadata of `matchID` (undefined when there is no such match), from a storage of either kind; `M` names
 * the server's own fields it holds besides boardgame.io's.
 */
export async function fetchMetadata<M extends Server.MatchData = Server.MatchData>(
  db: AnyStorage,
  matchID: string,
): Promise<M | undefined> {
  const opts = { metadata: true } as const;
  return (isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts)).metadata as M | undefined;
}
