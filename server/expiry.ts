/**
 * Removes matches abandoned before they started: every seat never filled and
 * nothing changed for `afterMs`. A match that started (every seat taken, or
 * any move made: one a player left after it began) or ended is never removed.
 * The sweep runs every `afterMs / 4` (at most every 10 minutes) and logs each
 * removal through the storage hooks.
 */
import type { StorageAPI } from 'boardgame.io';
import type { Logger } from './log';
import { isSyncStorage, type AnyStorage } from './storage-hooks';

/** Starts the sweep; returns a function that stops it (a sweep under way stops before its next match). */
export function expireAbandoned(db: AnyStorage, afterMs: number, log: Logger): () => void {
  if (afterMs <= 0) return () => {};
  let stopped = false;
  const sweep = async () => {
    const opts: StorageAPI.ListMatchesOpts = { where: { isGameover: false, updatedBefore: Date.now() - afterMs } };
    const ids = isSyncStorage(db) ? db.listMatches(opts) : await db.listMatches(opts);
    for (const matchID of ids) {
      // Shutdown waits for the storage calls in flight, not for the rest of a long sweep.
      if (stopped) return;
      try {
        const fetched = isSyncStorage(db)
          ? db.fetch(matchID, { metadata: true, state: true })
          : await db.fetch(matchID, { metadata: true, state: true });
        const { metadata, state } = fetched;
        if (!metadata || metadata.gameover !== undefined || metadata.updatedAt >= Date.now() - afterMs) continue;
        // A move was made: the match started, even if a player has left it since.
        if (state && state._stateID > 0) continue;
        const seats = Object.values(metadata.players);
        if (seats.every((p) => typeof p.name === 'string' && p.name !== '')) continue;
        await db.wipe(matchID);
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
