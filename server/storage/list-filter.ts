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
