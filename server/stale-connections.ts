/**
 * A lone server process starting: no socket is connected to it yet, so a
 * seat its stored metadata calls connected is not. boardgame.io marks a seat
 * connected on sync and gone on disconnect; a process that died without a
 * word (killed, out of memory, the machine lost) left its players' seats
 * connected for good, which hid them from the bots' rest (server/bots.ts)
 * and from the offer of a turn clock when a player is gone
 * (server/start-clock.ts). With several processes (Redis) another process
 * may hold those sockets, so it is not done there.
 */
import type { Server } from 'boardgame.io';
import type { Logger } from './log';
import { isSyncStorage, type AnyStorage } from './storage-hooks';

/** Marks every seat of every unfinished match not connected; resolves with the matches changed. */
export async function clearStaleConnections(db: AnyStorage, log: Logger): Promise<number> {
  const sync = isSyncStorage(db);
  const ids = sync
    ? db.listMatches({ where: { isGameover: false } })
    : await db.listMatches({ where: { isGameover: false } });
  let changed = 0;
  for (const matchID of ids) {
    try {
      const opts = { metadata: true } as const;
      const { metadata } = sync ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
      const players = Object.values((metadata as Server.MatchData | undefined)?.players ?? {});
      if (!metadata || !players.some((p) => p.isConnected)) continue;
      // Changed on the object read: the storage writes only this change (server/storage/postgres.ts).
      for (const p of players) if (p.isConnected) p.isConnected = false;
      if (sync) db.setMetadata(matchID, metadata);
      else await db.setMetadata(matchID, metadata);
      changed++;
    } catch (err) {
      // A damaged match is reported by the storage and not served; the others are still put right.
      log('warn', 'stale connections not cleared', { matchID, error: String(err) });
    }
  }
  if (changed > 0) log('info', 'seats left connected by an earlier run marked gone', { matches: changed });
  return changed;
}
