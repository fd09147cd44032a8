/** Shared by the file and Postgres storages to spot the Master's per-move `updatedAt` bump. */
import type { Server } from 'boardgame.io';

/** The metadata apart from `updatedAt`, as text: equal keys mean only `updatedAt` changed. */
export function metadataKey(metadata: Server.MatchData): string {
  const { updatedAt: _ignored, ...rest } = metadata;
  return JSON.stringify(rest);
}
