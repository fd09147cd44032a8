/**
 * Storage for the lobby server: pick one of three kinds.
 *
 * - `file` (the default for the embedded server): crash-safe files under `dataDir`.
 * - `memory`: nothing is kept when the process stops.
 * - `postgres`: tables in the database at `databaseUrl` (add `?schema=name` for a schema other than `public`).
 *
 * Pass the result as `db` to boardgame.io's `Server`, and pass
 * `new PersistFirstPubSub(db)` as the SocketIO transport's `pubSub` so that no
 * client sees a move before it is stored.
 */
import type { StorageAPI } from 'boardgame.io';
import { FileStorage } from './file';
import { MemoryStorage } from './memory';
import { PostgresStorage } from './postgres';
import { redactUrl, type Logger } from '../log';

export { FileStorage } from './file';
export { MemoryStorage } from './memory';
export { PostgresStorage, parseDatabaseUrl } from './postgres';
export { LocalPubSub, PersistFirstPubSub } from './persist-first-pubsub';

export type StorageKind = 'file' | 'memory' | 'postgres';

export interface StorageOptions {
  kind: StorageKind;
  /** Folder for `file` storage. */
  dataDir: string;
  /** Connection URL for `postgres` storage. */
  databaseUrl?: string;
  /** fsync each file write (file storage; default true; the server's FILE_FSYNC, read by parseCli, sets it). */
  fsync?: boolean;
  /** Where the PostgreSQL storage logs its connection errors. */
  logger?: Logger;
  /** Where the file storage reports a damaged match. */
  reportDamage?: (damage: { matchID: string; file: string; reason: string }) => void;
}

/** Creates and connects the storage of the given kind. */
export async function createStorage(opts: StorageOptions): Promise<StorageAPI.Async | StorageAPI.Sync> {
  switch (opts.kind) {
    case 'memory':
      return new MemoryStorage();
    case 'file': {
      // Without fsync (FILE_FSYNC=0): still safe against a killed process, not against power loss.
      const fsync = opts.fsync ?? true;
      const db = new FileStorage({ dir: opts.dataDir, fsync, report: opts.reportDamage });
      db.connect();
      return db;
    }
    case 'postgres': {
      if (!opts.databaseUrl) throw new Error('postgres storage needs a database URL (DATABASE_URL)');
      const db = new PostgresStorage({ connectionString: opts.databaseUrl, logger: opts.logger });
      try {
        await db.connect();
      } catch (err) {
        await db.close().catch(() => undefined);
        // Name the database (its URL as given may hold a password: never in a log line); keep pg's error code.
        const e = err as Error & { code?: string };
        throw Object.assign(new Error(`PostgreSQL at ${redactUrl(opts.databaseUrl)}: ${e.message}`, { cause: err }), {
          code: e.code,
        });
      }
      return db;
    }
    default:
      throw new Error(`unknown storage kind: ${String((opts as { kind: unknown }).kind)}`);
  }
}
