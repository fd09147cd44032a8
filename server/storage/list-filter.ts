/** The `listMatches` filter shared by the storage adapters that keep metadata in memory. */
import type { Server, StorageAPI } from 'boardgame.io';

/** Returns the IDs of the matches whose metadata passes `opts` (same rules as boardgame.io's InMemory). */
export function filterMatchIDs(metadata: Map<string, Server.MatchData>, opts?: StorageAPI.ListMatchesOpts): string[] {
  const ids: string[] = [];
  for (const [id, m] of metadata) {
    if (opts?.gameName !== undefined && m.gameName !== opts.gameName) continue;
    const where = opts?.where;
    if (where?.isGameover !== undefined && (m.gameover !== undefined) !== where.isGameover) continue;
    if (where?.updatedBefore !== undefined && m.updatedAt >= where.updatedBefore) continue;
    if (where?.updatedAfter !== undefined && m.updatedAt <= where.updatedAfter) continue;
    ids.push(id);
  }
  return ids;
}

/** One page of a match listing, newest update first. */
export interface PageOptions {
  gameName: string;
  isGameover?: boolean;
  updatedBefore?: number;
  updatedAfter?: number;
  /** Matches to return at the most. */
  limit: number;
  /** Continue after this match (the last of the previous page). */
  after?: { updatedAt: number; matchID: string };
}

/** A match as a page lists it. */
export interface PageEntry {
  matchID: string;
  metadata: Server.MatchData;
}

/** Orders newest update first, then by match ID (descending), the listing order of every storage. */
function newerFirst(a: PageEntry, b: PageEntry): number {
  return b.metadata.updatedAt - a.metadata.updatedAt || (a.matchID < b.matchID ? 1 : a.matchID > b.matchID ? -1 : 0);
}

/** A page of the listed (not `unlisted`) matches among `metadata`, for the storages that keep it in memory. */
export function pageOf(metadata: Map<string, Server.MatchData>, opts: PageOptions): PageEntry[] {
  const ids = filterMatchIDs(metadata, {
    gameName: opts.gameName,
    where: { isGameover: opts.isGameover, updatedBefore: opts.updatedBefore, updatedAfter: opts.updatedAfter },
  });
  const after = opts.after;
  const entries = ids
    .map((matchID) => ({ matchID, metadata: metadata.get(matchID)! }))
    .filter((e) => !e.metadata.unlisted)
    .filter(
      (e) =>
        !after ||
        e.metadata.updatedAt < after.updatedAt ||
        (e.metadata.updatedAt === after.updatedAt && e.matchID < after.matchID),
    );
  return entries.sort(newerFirst).slice(0, opts.limit);
}
