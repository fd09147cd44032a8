/**
 * Removes matches abandoned before they started: every seat never filled and
 * nothing changed for `afterMs` (a join counts as a change: server/lobby-guard.ts
 * dates it). A match that started (every seat taken, or any move made: one a
 * player left after it began) or ended is never removed. The sweep runs every
 * `afterMs / 4` (at most every 10 minutes).
 *
 * The sweep reads a match, then removes it. On a storage shared by several
 * processes (PostgreSQL) a join or a move can land between the two, so the
 * removal is conditional there (`wipeIfUnchanged`, server/storage/postgres.ts):
 * it removes nothing if the match was written since the read. The file and
 * memory storages belong to one process and hand out their live objects, and
 * nothing runs between the sweep's checks and its `wipe`.
 *
 * Each removal is announced (`onExpired`): server/app.ts sends it as a
 * `MatchClosed` notice with the reason `expired` (server/close-match.ts), so
 * every process tells its sockets of the match, stops its bot seats there and
 * forgets its clock, as for a match its creator closed.
 */
import type { Server, StorageAPI } from 'boardgame.io';
import type { Logger } from './log';
import { isSyncStorage, listMatchIDs, wipeMatch, type AnyStorage } from './storage-hooks';

/** A storage that can remove a match only if it is unchanged since a read (server/storage/postgres.ts). */
export interface ConditionalWipe {
  wipeIfUnchanged(matchID: string, read: Server.MatchData, stateID: number, idleBefore: number): Promise<boolean>;
}

/** Starts the sweep; returns a function that stops it (a sweep under way stops before its next match). */
export function expireAbandoned(
  db: AnyStorage,
  afterMs: number,
  log: Logger,
  /** Hears of each match removed (after its removal). */
  onExpired?: (matchID: string) => unknown,
): () => void {
  if (afterMs <= 0) return () => {};
  let stopped = false;
  const conditional =
    typeof (db as Partial<ConditionalWipe>).wipeIfUnchanged === 'function' ? (db as unknown as ConditionalWipe) : null;
  const sweep = async () => {
    const opts: StorageAPI.ListMatchesOpts = { where: { isGameover: false, updatedBefore: Date.now() - afterMs } };
    const ids = await listMatchIDs(db, opts);
    for (const matchID of ids) {
      // Shutdown waits for the storage calls in flight, not for the rest of a long sweep.
      if (stopped) return;
      try {
        const fetched = isSyncStorage(db)
          ? db.fetch(matchID, { metadata: true, state: true })
          : await db.fetch(matchID, { metadata: true, state: true });
        const { metadata, state } = fetched;
        const idleBefore = Date.now() - afterMs;
        if (!metadata || metadata.gameover !== undefined || metadata.updatedAt >= idleBefore) continue;
        // A move was made: the match started, even if a player has left it since.
        if (state && state._stateID > 0) continue;
        const seats = Object.values(metadata.players);
        if (seats.every((p) => typeof p.name === 'string' && p.name !== '')) continue;
        if (conditional) {
          if (!(await conditional.wipeIfUnchanged(matchID, metadata, state?._stateID ?? -1, idleBefore))) continue;
        } else {
          await wipeMatch(db, matchID);
        }
        log('info', 'match expired', { matchID });
        await onExpired?.(matchID);
      } catch (err) {
        log('error', 'expiry sweep skipped a match', { matchID, error: (err as Error).message });
      }
    }
  };
  let running: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      running ??= sweep()
        .catch((err: Error) => log('error', 'expiry sweep failed', { error: err.message }))
        .finally(() => (running = undefined));
    },
    Math.max(50, Math.min(afterMs / 4, 10 * 60 * 1000)),
  );
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
