/**
 * Postgres storage for boardgame.io matches, on the `pg` driver.
 *
 * Tables (in `schema`, created if missing):
 *
 *   bgio_match      one row per match: metadata, initial state, latest state and its stateID
 *   bgio_match_log  the game log, append-only: one row per log entry, keyed by
 *                   (match, stateID of the write, position in its deltalog)
 *
 * Every write is one SQL statement, so no write reads first and none can
 * overwrite another's data:
 * - `setState` is a compare-and-set: a move turns the state it read (stateID
 *   n) into state n + 1, so the row is replaced only while it is older than
 *   the new state (`ON CONFLICT ... WHERE state_id < EXCLUDED.state_id`, which
 *   locks the row and re-reads it), and the move's log entries are inserted in
 *   the same statement only when the state was. Two processes that read state
 *   n and computed different states n + 1 cannot both store theirs: the second
 *   write changes nothing (no state, no log entry) and is a `StateConflict`.
 *   boardgame.io's Master cannot handle a refused write, so `setState` still
 *   resolves; `whenWritten` rejects with the conflict, which is how
 *   `PersistFirstPubSub` learns not to broadcast the move and to resync the
 *   match's sockets with the stored state instead. The Master's metadata write
 *   for the same move (`gameover`, `updatedAt`) waits for the state write and
 *   is dropped with it.
 * - `setMetadata` touches only the metadata columns. The lobby changes
 *   metadata by read-modify-write (fetch, set one seat, write back), so two
 *   players joining one match at once would each write back a copy holding
 *   only their own seat. `fetch` therefore tags the metadata object it returns
 *   with the version it read; when that object is written back and the row has
 *   moved on since, the write is merged three ways (what this caller changed
 *   since its read, seat by seat, applied over the row's current metadata) in a
 *   transaction that locks the row. Untagged objects, a copy of a fetched
 *   object included (the tag does not go with a spread), are written as they
 *   are: a change must be made on the fetched object itself, as the lobby,
 *   the chat, the turn clocks and the bot seats do. A tagged object whose row
 *   is gone (the match was removed after the read) is not written: it would
 *   bring the match back without its state. A tagged write that gives a
 *   seat a name another seat has as it is stored (two joins of "Ana" and
 *   "ana" on two processes, each checked by the lobby on its own read) is
 *   refused with the lobby's same-name 400 (`refuseNameTaken`).
 *
 * - `wipeIfUnchanged` (the expiry sweep's removal, server/expiry.ts) deletes
 *   the row and its log in one statement, only while the row is as the
 *   sweep's read found it (`meta_version`, `state_id`) and still idle.
 *
 * Two savings on the per-move path, neither of which trusts memory over the
 * database:
 * - The latest state this process wrote (and the database confirmed), or
 *   read, is kept per match. `fetch` still asks for the row's `state_id`, and
 *   the state column only when it differs from the kept state's: a move reads
 *   a few bytes instead of the whole state, and another process writing the
 *   match is still seen at once.
 * - The Master rewrites the metadata after every move only to bump
 *   `updatedAt` (and to set `gameover` after the last move). Such a write
 *   only sets `updated_at` and the metadata's `updatedAt`, in one batched
 *   statement up to a second later (and at `close`), so a crash can leave
 *   `updatedAt` up to a second old. So does a write of the metadata as this
 *   process last read it, apart from `updatedAt`. Every other metadata
 *   change is written at once, as before.
 *
 * The Master's per-move write is the metadata as it read it before the move,
 * with those fields changed; a connection change or a join stored since (the
 * Master does not queue them with its moves) would be undone if the write
 * were stored whole. So only its own fields are written (`writeMoveMetadata`):
 * `updatedAt`, and `gameover` with its column.
 *
 * Why not bgio-postgres: it keeps the log as one JSON array that each move reads
 * and rewrites in full, reads the whole row (log and initial state included)
 * for every fetch, and has a fixed table name.
 */
import pg from 'pg';
import { Async } from 'boardgame.io/internal';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import type { PageEntry, PageOptions } from './list-filter';
import { metadataKey } from './metadata-key';
import { StateConflict } from './conflict';
import { consoleLogger, type Logger } from '../log';
import { refuseSameName } from '../name-refusal';
import { nameHeldBy } from '../../src/games/common/same-name';

/**
 * The advisory lock key under which the site's tables are created (the storage's and the bot leases'):
 * CREATE ... IF NOT EXISTS run by processes starting together can fail on PostgreSQL's catalogue.
 */
export const DDL_LOCK = 7_342_001;

export interface PostgresStorageOptions {
  /** postgres://user@host:port/db; a `schema` query parameter picks the schema. */
  connectionString: string;
  /** Schema for the tables (default: the URL's `schema` parameter, else `public`). */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
  /** Where connection errors and failed background writes are logged (default: the console logger). */
  logger?: Logger;
  /**
   * A query not answered within this many ms fails, and its connection is dropped, as does a wait for a connection
   * (default `QUERY_TIMEOUT_MS`): a
   * server that hangs (stopped, swapping, a network that carries nothing) kept each query, its pool connection, the
   * pool's end and the server's close waiting for good.
   */
  queryTimeoutMs?: number;
}

/** Default `queryTimeoutMs`: far above any query's time here, even under load. */
export const QUERY_TIMEOUT_MS = 30_000;

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** Hidden tag on fetched metadata: the version and the JSON text it was read at. */
const BASE = Symbol('bgio-postgres-metadata-base');

interface Base {
  version: number;
  json: string;
}

type Tagged = Server.MatchData & { [BASE]?: Base };

function tag(metadata: Server.MatchData, base: Base): Server.MatchData {
  Object.defineProperty(metadata, BASE, { value: base, enumerable: false, configurable: true, writable: true });
  return metadata;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Matches whose latest state is kept in memory (the least recently used go first). */
const KEPT_STATES = 2000;
/**
 * Matches whose metadata key (`metaKeys`) is kept, the least recently used going first. Every process reads the
 * metadata of every match with a seat connected (server/stale-connections.ts `SeatSweep`), and a match removed or
 * finished through another process was never let go here: without a bound the keys, each the whole metadata as text,
 * grew with every match the site ever had. A key let go costs only a full write instead of a deferred bump.
 */
const KEPT_KEYS = 2000;

/**
 * Fields merged seat by seat: `players`, the server-only `botSeats` (server/bots.ts) and the turn clocks' counts of
 * timeouts (`clockTimeouts`, server/clocks.ts: two seats' timeouts counted at once, each on its own read, kept only
 * the later writer's, merged whole).
 */
const PER_SEAT = new Set(['players', 'botSeats', 'clockTimeouts']);

/** A seat's credentials, if it has any. */
const credentialsOf = (seat: unknown) =>
  typeof seat === 'object' && seat !== null ? (seat as { credentials?: unknown }).credentials : undefined;

/** A seat's name, if it has one. */
const nameOf = (seat: unknown) => {
  const name = typeof seat === 'object' && seat !== null ? (seat as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
};

/**
 * Refuses (400, as the lobby refuses it: server/lobby-guard.ts) a write that gives a seat a name (a join, a rename)
 * another seat of the match has as the write is stored (`stored`: the seats written, merged or not). The lobby checks
 * the name on its own read of the match, before boardgame.io reads it again and writes; on two processes, two joins
 * of "Ana" and "ana" to two seats at once each passed that check. Only a seat whose name this write changed since its
 * read (`base`) is checked: two seats that already shared a name (a match from before the rule) keep it.
 */
export function refuseNameTaken(base: Server.MatchData, mine: Server.MatchData, stored: Server.MatchData): void {
  const before = (base.players ?? {}) as Record<string, unknown>;
  const seats = (mine.players ?? {}) as Record<string, unknown>;
  const now = (stored.players ?? {}) as Record<string, unknown>;
  for (const seat of Object.keys(seats)) {
    const name = nameOf(seats[seat]);
    if (name === undefined || name === nameOf(before[seat])) continue;
    const others = Object.keys(now)
      .filter((other) => other !== seat)
      .map((other) => nameOf(now[other]));
    const held = nameHeldBy(name, others);
    if (held === undefined) continue;
    const joined = credentialsOf(seats[seat]) !== credentialsOf(before[seat]);
    refuseSameName(joined ? 'playerName' : 'newName', name, held);
  }
}

/**
 * Applies what `mine` changed since `base` over `theirs`: top-level fields one
 * by one, `players`, `botSeats` and `clockTimeouts` seat by seat. A seat both sides changed
 * takes `mine`, unless both gave it new credentials (two joins of one seat, a
 * join and a leave): the seat went to the other writer first, so this write
 * is refused with a 409 and changes nothing.
 */
export function mergeMetadata(
  base: Server.MatchData,
  mine: Server.MatchData,
  theirs: Server.MatchData,
): Server.MatchData {
  const out: Record<string, unknown> = { ...theirs };
  const b = base as unknown as Record<string, unknown>;
  const m = mine as unknown as Record<string, unknown>;
  const t = theirs as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(b), ...Object.keys(m)])) {
    if (PER_SEAT.has(key)) continue;
    if (!same(m[key], b[key])) {
      if (m[key] === undefined) delete out[key];
      else out[key] = m[key];
    }
  }
  for (const key of PER_SEAT) {
    const bs = (b[key] ?? {}) as Record<string, unknown>;
    const ms = (m[key] ?? {}) as Record<string, unknown>;
    const ts = (t[key] ?? {}) as Record<string, unknown>;
    const seats: Record<string, unknown> = { ...ts };
    for (const seat of new Set([...Object.keys(bs), ...Object.keys(ms)])) {
      if (same(ms[seat], bs[seat])) continue;
      const was = credentialsOf(bs[seat]);
      const mineNow = credentialsOf(ms[seat]);
      const theirsNow = credentialsOf(ts[seat]);
      if (key === 'players' && mineNow !== was && theirsNow !== was && theirsNow !== mineNow) {
        const err = new Error('That seat was taken or left a moment ago; reload the match and try again');
        Object.assign(err, { status: 409, expose: true });
        throw err;
      }
      if (ms[seat] === undefined) delete seats[seat];
      else seats[seat] = ms[seat];
    }
    if (key === 'players' || Object.keys(seats).length > 0) out[key] = seats;
  }
  // A match's rematch, once named, stays: two `playAgain`s that both read "none yet" each made one, and the
  // second write would rename it (server/lobby-guard.ts answers the loser with the stored one).
  if (t.nextMatchID !== undefined) out.nextMatchID = t.nextMatchID;
  return out as unknown as Server.MatchData;
}

/** Splits a `schema` query parameter off a connection URL. */
export function parseDatabaseUrl(url: string): { connectionString: string; schema?: string } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? undefined;
  u.searchParams.delete('schema');
  return { connectionString: u.toString(), schema };
}

/** Asynchronous Postgres storage (see the file comment). */
/** The columns `fetch` may read from a match row. */
interface MatchRow {
  state_id?: number;
  state?: State | null;
  metadata_text?: string | null;
  meta_version?: number;
  initial_state?: State | null;
}

export class PostgresStorage extends Async {
  readonly pool: pg.Pool;
  readonly schema: string;
  private readonly match: string;
  private readonly log: string;
  private readonly pending = new Map<string, Set<Promise<unknown>>>();
  /** Per match: the latest state known to be the stored one at its stateID. */
  private readonly states = new Map<string, State>();
  /** Per match: `metadataKey` of the metadata as last read or written. */
  private readonly metaKeys = new Map<string, string>();
  /** Deferred `updatedAt` bumps, by match. */
  private readonly touches = new Map<string, number>();
  private touchTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Per match: the state write started in the current synchronous block, so
   * that the Master's metadata write for the same move (made right after it)
   * can wait for it and be dropped if it was refused. Cleared a microtask later.
   */
  private readonly moveWrites = new Map<string, Promise<boolean>>();
  /** Prepared statement names, by SQL text (see `run`). */
  private readonly statements = new Map<string, string>();

  private readonly logger: Logger;

  constructor(opts: PostgresStorageOptions) {
    super();
    const parsed = parseDatabaseUrl(opts.connectionString);
    this.schema = opts.schema ?? parsed.schema ?? 'public';
    if (!IDENT.test(this.schema)) throw new Error(`invalid schema name: ${this.schema}`);
    this.match = `"${this.schema}".bgio_match`;
    this.log = `"${this.schema}".bgio_match_log`;
    this.pool = new pg.Pool({
      connectionString: parsed.connectionString,
      max: opts.max ?? 10,
      // A hung query fails (its client is then removed from the pool, so that the pool's end does not wait on it), and
      // TCP keepalives find a connection whose peer is gone while it is idle.
      query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      // So does a wait for a connection (a new one's handshake hangs the same way, or the pool is busy that long).
      connectionTimeoutMillis: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    const logger = (this.logger = opts.logger ?? consoleLogger);
    // An idle client that loses its connection must not crash the server; the pool connects anew when asked.
    this.pool.on('error', (err: Error & { code?: string }) =>
      logger('warn', 'postgres: an idle connection failed', { error: err.message, code: err.code }),
    );
  }

  /** Creates the schema and tables if they are missing (under the DDL lock: several processes may start at once). */
  async connect(): Promise<void> {
    // One query string runs as one transaction, which holds the advisory lock to its end.
    await this.pool.query(`
      SELECT pg_advisory_xact_lock(${DDL_LOCK});
      CREATE SCHEMA IF NOT EXISTS "${this.schema}";
      CREATE TABLE IF NOT EXISTS ${this.match} (
        id            text PRIMARY KEY,
        game_name     text,
        metadata      json,
        meta_version  integer NOT NULL DEFAULT 0,
        initial_state json,
        state         json,
        state_id      integer NOT NULL DEFAULT -1,
        gameover      boolean NOT NULL DEFAULT false,
        updated_at    bigint
      );
      CREATE TABLE IF NOT EXISTS ${this.log} (
        match_id  text    NOT NULL,
        state_id  integer NOT NULL,
        idx       integer NOT NULL,
        entry     json    NOT NULL,
        PRIMARY KEY (match_id, state_id, idx)
      );
      ALTER TABLE ${this.match} ADD COLUMN IF NOT EXISTS meta_version integer NOT NULL DEFAULT 0;`);
  }

  /** Resolves when every write started so far for `matchID` has finished; rejects if one failed. */
  async whenWritten(matchID: string): Promise<void> {
    const set = this.pending.get(matchID);
    if (set) await Promise.all(set);
  }

  /** Registers a write synchronously, so `whenWritten` sees it from the moment it starts. */
  private track<T>(matchID: string, write: Promise<T>): Promise<T> {
    let set = this.pending.get(matchID);
    if (!set) this.pending.set(matchID, (set = new Set()));
    set.add(write);
    const done = () => {
      set.delete(write);
      if (set.size === 0 && this.pending.get(matchID) === set) this.pending.delete(matchID);
    };
    write.then(done, done);
    return write;
  }

  /**
   * Runs one of this adapter's statements as a named prepared statement, so
   * each pooled connection parses and plans it once rather than on every move.
   */
  private run<R extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    let name = this.statements.get(text);
    if (name === undefined) this.statements.set(text, (name = `ns_${this.statements.size}`));
    return this.pool.query<R>({ name, text, values });
  }

  /** Notes `key` as the stored metadata's of `matchID` (see `KEPT_KEYS`). */
  private noteKey(matchID: string, key: string): void {
    this.metaKeys.delete(matchID);
    this.metaKeys.set(matchID, key);
    if (this.metaKeys.size > KEPT_KEYS) this.metaKeys.delete(this.metaKeys.keys().next().value!);
  }

  /** Remembers `state` as the stored state of the match. */
  private keep(matchID: string, state: State): void {
    this.states.delete(matchID);
    this.states.set(matchID, state);
    if (this.states.size > KEPT_STATES) this.states.delete(this.states.keys().next().value!);
  }

  /** Writes the deferred `updatedAt` bumps now, in one statement. */
  async flush(): Promise<void> {
    if (this.touchTimer) clearTimeout(this.touchTimer);
    this.touchTimer = null;
    if (this.touches.size === 0) return;
    const ids = [...this.touches.keys()];
    const ats = ids.map((id) => this.touches.get(id)!);
    this.touches.clear();
    await this.run(
      `UPDATE ${this.match} AS m
         SET updated_at = t.at,
             metadata = jsonb_set(m.metadata::jsonb, '{updatedAt}', to_jsonb(t.at))::json
       FROM unnest($1::text[], $2::bigint[]) AS t(id, at)
       WHERE m.id = t.id AND m.metadata IS NOT NULL AND (m.updated_at IS NULL OR m.updated_at < t.at)`,
      [ids, ats],
    );
  }

  /** `flush`, logging a failure instead of throwing (a lost bump costs only `updatedAt`). */
  private flushLogged(): Promise<void> {
    return this.flush().catch((err: Error) =>
      this.logger('warn', 'postgres: updatedAt write failed', { error: err.message }),
    );
  }

  /**
   * The tables' site, as PostgreSQL itself names it (`<system_identifier>/<database>/<schema>`): the same for every
   * process on these tables, however its URL names the server (`localhost` or `127.0.0.1`, a port left out, a DNS
   * alias, a pooler or a tunnel in front). The system identifier is the cluster's own, chosen at its `initdb`;
   * `pg_control_system()` may be called by any role. The server's address as it sees a connection
   * (`inet_server_addr()`) is not: it is the interface the connection came in by (the loopback for one process, the
   * network's for another, none over a Unix socket). Undefined if the cluster does not say (an error).
   */
  async site(): Promise<string | undefined> {
    try {
      const r = await this.pool.query<{ id: string; db: string }>(
        'SELECT system_identifier::text AS id, current_database() AS db FROM pg_control_system()',
      );
      const row = r.rows[0];
      return row ? `${row.id}/${row.db}/${this.schema}` : undefined;
    } catch {
      return undefined;
    }
  }

  /** Throws unless the database answers (for `/health`). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Writes the deferred bumps and closes the pool. */
  async close(): Promise<void> {
    await this.flushLogged();
    await this.pool.end();
  }

  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    return this.track(matchID, this.insertMatch(matchID, opts));
  }

  private async insertMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    const { initialState, metadata } = opts;
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM ${this.log} WHERE match_id = $1`, [matchID]);
      await client.query(
        `INSERT INTO ${this.match}
           (id, game_name, metadata, initial_state, state, state_id, gameover, updated_at)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET
           game_name = EXCLUDED.game_name, metadata = EXCLUDED.metadata,
           initial_state = EXCLUDED.initial_state, state = EXCLUDED.state,
           state_id = EXCLUDED.state_id, gameover = EXCLUDED.gameover,
           updated_at = EXCLUDED.updated_at`,
        [
          matchID,
          metadata.gameName,
          JSON.stringify(metadata),
          JSON.stringify(initialState),
          initialState._stateID,
          metadata.gameover !== undefined,
          metadata.updatedAt,
        ],
      );
      await client.query('COMMIT');
      this.keep(matchID, initialState);
      this.noteKey(matchID, metadataKey(metadata));
      this.touches.delete(matchID);
    } catch (err) {
      this.states.delete(matchID);
      // A connection whose ROLLBACK fails (a timed-out query's, hung) is dropped, not handed to the next query.
      broken = await client.query('ROLLBACK').then(
        () => undefined,
        (e: Error) => e,
      );
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * boardgame.io's `setState`: stores `state` if the row still holds the state
   * before it (see the file comment). Resolves also when the write is refused;
   * `whenWritten` and `trySetState` tell.
   */
  setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    const stored = this.trySetState(matchID, state, deltalog);
    this.moveWrites.set(matchID, stored);
    queueMicrotask(() => {
      if (this.moveWrites.get(matchID) === stored) this.moveWrites.delete(matchID);
    });
    const conflictChecked = stored.then((ok) => {
      if (!ok) throw new StateConflict(matchID, state._stateID);
    });
    // whenWritten sees the conflict; the caller (the Master) only a real failure.
    this.track(matchID, conflictChecked).catch(() => undefined);
    return stored.then(() => undefined);
  }

  /** Stores `state` and its log entries if the row holds an older state; resolves whether it did. */
  trySetState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<boolean> {
    return this.writeState(matchID, state, deltalog);
  }

  private async writeState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<boolean> {
    let updated = false;
    try {
      const r = await this.run(
        `WITH up AS (
           INSERT INTO ${this.match} AS m (id, state, state_id) VALUES ($1, $2, $3)
           ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, state_id = EXCLUDED.state_id
             WHERE m.state_id < EXCLUDED.state_id
           RETURNING 1
         ), lg AS (
           INSERT INTO ${this.log} (match_id, state_id, idx, entry)
           SELECT $1, $3, e.ord, e.value FROM json_array_elements($4::json) WITH ORDINALITY AS e(value, ord)
           WHERE EXISTS (SELECT 1 FROM up)
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM up) AS updated, (SELECT count(*) FROM lg) AS logged`,
        [matchID, JSON.stringify(state), state._stateID, JSON.stringify(deltalog ?? [])],
      );
      updated = Number((r.rows[0] as { updated: string }).updated) > 0;
      return updated;
    } finally {
      // Kept only when the row now holds this very state; a newer kept state stays.
      const kept = this.states.get(matchID);
      if (updated && (!kept || kept._stateID < state._stateID)) this.keep(matchID, state);
      else if (!updated && kept && kept._stateID <= state._stateID) this.states.delete(matchID);
    }
  }

  setMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    const move = this.moveWrites.get(matchID);
    if (move !== undefined && (metadata as Tagged)[BASE] === undefined) {
      // The Master's write for the move just stored: only if that move was stored.
      this.moveWrites.delete(matchID);
      return this.track(
        matchID,
        move.then(
          (ok) => (ok ? this.writeMoveMetadata(matchID, metadata) : undefined),
          () => undefined,
        ),
      );
    }
    return this.writeMetadataNow(matchID, metadata);
  }

  /**
   * The Master's metadata write for a stored move (see the file comment):
   * `updatedAt` as a deferred bump, and `gameover`, if the move ended the
   * game, at once; never the rest, which is the Master's read from before the
   * move. A removed match's row is not brought back.
   */
  private writeMoveMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    if (metadata.gameover === undefined) {
      if (typeof metadata.updatedAt === 'number') this.touch(matchID, metadata.updatedAt);
      return Promise.resolve();
    }
    this.metaKeys.delete(matchID);
    return this.run(
      `UPDATE ${this.match}
         SET gameover = true, updated_at = GREATEST(updated_at, $3::bigint), meta_version = meta_version + 1,
             metadata = jsonb_set(jsonb_set(metadata::jsonb, '{gameover}', $2::jsonb),
                                  '{updatedAt}', to_jsonb(GREATEST(updated_at, $3::bigint)))::json
       WHERE id = $1 AND metadata IS NOT NULL`,
      [matchID, JSON.stringify(metadata.gameover), metadata.updatedAt ?? 0],
    ).then(() => undefined);
  }

  /** Sets `updated_at` and the metadata's `updatedAt` to `at` (if later) in the next batched statement. */
  private touch(matchID: string, at: number): void {
    this.touches.set(matchID, Math.max(at, this.touches.get(matchID) ?? 0));
    if (!this.touchTimer) {
      this.touchTimer = setTimeout(() => {
        this.touchTimer = null;
        void this.flushLogged();
      }, 1000);
      this.touchTimer.unref();
    }
  }

  private writeMetadataNow(matchID: string, metadata: Server.MatchData): Promise<void> {
    const base = (metadata as Tagged)[BASE];
    if (base !== undefined) {
      // After a merge the row holds more than this object: the next read sets the key.
      this.metaKeys.delete(matchID);
      return this.track(matchID, this.mergeWriteMetadata(matchID, metadata, base));
    }
    const key = metadataKey(metadata);
    if (this.metaKeys.get(matchID) === key && typeof metadata.updatedAt === 'number') {
      // Only `updatedAt` changed (see the file comment).
      this.touch(matchID, metadata.updatedAt);
      return Promise.resolve();
    }
    this.metaKeys.delete(matchID);
    return this.track(
      matchID,
      this.writeMetadata(matchID, metadata).then(() => this.noteKey(matchID, key)),
    );
  }

  /** Blind write of the metadata columns (bumps the version). */
  private async writeMetadata(matchID: string, metadata: Server.MatchData): Promise<void> {
    await this.run(
      `INSERT INTO ${this.match} (id, game_name, metadata, gameover, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET game_name = EXCLUDED.game_name,
         metadata = EXCLUDED.metadata, gameover = EXCLUDED.gameover,
         updated_at = EXCLUDED.updated_at, meta_version = ${this.match}.meta_version + 1`,
      [matchID, metadata.gameName, JSON.stringify(metadata), metadata.gameover !== undefined, metadata.updatedAt],
    );
  }

  /** Writes a fetched-then-changed metadata object, merging if the row changed since the fetch. */
  private async mergeWriteMetadata(matchID: string, metadata: Server.MatchData, base: Base): Promise<void> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const cur = await client.query(
        `SELECT metadata::text AS json, meta_version FROM ${this.match} WHERE id = $1 FOR UPDATE`,
        [matchID],
      );
      let next = metadata;
      const row = cur.rows[0] as { json: string | null; meta_version: number } | undefined;
      if (!row) {
        // Read from a row that is gone: the match was removed since (closed, expired); do not write it back.
        await client.query('ROLLBACK');
        return;
      }
      const merged = row.json !== null && row.meta_version !== base.version;
      const read = JSON.parse(base.json) as Server.MatchData;
      if (merged) next = mergeMetadata(read, metadata, JSON.parse(row.json!) as Server.MatchData);
      refuseNameTaken(read, metadata, next);
      const json = JSON.stringify(next);
      const r = await client.query(
        `INSERT INTO ${this.match} (id, game_name, metadata, gameover, updated_at, meta_version)
         VALUES ($1, $2, $3, $4, $5, 1)
         ON CONFLICT (id) DO UPDATE SET game_name = EXCLUDED.game_name,
           metadata = EXCLUDED.metadata, gameover = EXCLUDED.gameover,
           updated_at = EXCLUDED.updated_at, meta_version = ${this.match}.meta_version + 1
         RETURNING meta_version`,
        [matchID, next.gameName, json, next.gameover !== undefined, next.updatedAt],
      );
      await client.query('COMMIT');
      // The caller may change and write the same object again. After a merge the
      // object lacks the others' changes, so its next write must merge again.
      (metadata as Tagged)[BASE] = merged
        ? { version: -1, json: JSON.stringify(metadata) }
        : { version: (r.rows[0] as { meta_version: number }).meta_version, json };
    } catch (err) {
      // A connection whose ROLLBACK fails (a timed-out query's, hung) is dropped, not handed to the next query.
      broken = await client.query('ROLLBACK').then(
        () => undefined,
        (e: Error) => e,
      );
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>> {
    const result = {} as StorageAPI.FetchFields;
    const kept = opts.state ? this.states.get(matchID) : undefined;
    const params: unknown[] = [matchID];
    if (kept) params.push(kept._stateID);
    const cols = [
      // The state column only when the row moved past the kept state (see the file comment).
      opts.state && (kept ? 'state_id, CASE WHEN state_id = $2 THEN NULL ELSE state END AS state' : 'state_id, state'),
      opts.metadata && 'metadata::text AS metadata_text, meta_version',
      opts.initialState && 'initial_state',
    ].filter(Boolean);
    const [row, logRows] = await Promise.all([
      cols.length > 0
        ? this.run<MatchRow>(`SELECT ${cols.join(', ')} FROM ${this.match} WHERE id = $1`, params).then(
            (r) => r.rows[0] as MatchRow | undefined,
          )
        : undefined,
      opts.log
        ? this.run<{ entry: LogEntry }>(`SELECT entry FROM ${this.log} WHERE match_id = $1 ORDER BY state_id, idx`, [
            matchID,
          ]).then((r) => r.rows)
        : undefined,
    ]);
    if (row) {
      // The row exists once metadata or state is written; absent fields stay undefined.
      if (opts.state) {
        if (kept && row.state_id === kept._stateID) result.state = kept;
        else if (row.state) {
          result.state = row.state;
          this.keep(matchID, row.state);
        }
      }
      if (opts.metadata && typeof row.metadata_text === 'string') {
        const base = { version: row.meta_version ?? 0, json: row.metadata_text };
        result.metadata = tag(JSON.parse(row.metadata_text) as Server.MatchData, base);
        // A deferred `updatedAt` bump not yet written is this process's latest word: a read after the move sees it
        // (the turn clocks date a new wait from it; without this, the wait began at the last bump written, maybe
        // a whole turn earlier, and the clock ran out at once).
        const touched = this.touches.get(matchID);
        if (touched !== undefined && touched > (result.metadata.updatedAt ?? 0)) result.metadata.updatedAt = touched;
        this.noteKey(matchID, metadataKey(result.metadata));
      }
      if (opts.initialState && row.initial_state) result.initialState = row.initial_state;
    }
    if (logRows) result.log = logRows.map((r) => r.entry);
    return result;
  }

  async wipe(matchID: string): Promise<void> {
    this.states.delete(matchID);
    this.metaKeys.delete(matchID);
    this.touches.delete(matchID);
    await this.pool.query(
      `WITH d AS (DELETE FROM ${this.log} WHERE match_id = $1)
       DELETE FROM ${this.match} WHERE id = $1`,
      [matchID],
    );
  }

  /**
   * Removes the match only if it is still as a read from here found it: `read` is the metadata object `fetch`
   * returned, `stateID` the state's then (-1: none). The row goes, with its log, in one statement, only while no
   * metadata write (`meta_version`) and no move (`state_id`) has been stored since and `updated_at` is still before
   * `idleBefore`; a join or a move racing the expiry sweep keeps the match. Resolves whether it was removed.
   */
  async wipeIfUnchanged(
    matchID: string,
    read: Server.MatchData,
    stateID: number,
    idleBefore: number,
  ): Promise<boolean> {
    const base = (read as Tagged)[BASE];
    // Not read from here (or written since): nothing to compare with.
    if (base === undefined || base.version < 0) return false;
    const r = await this.pool.query<{ n: string }>(
      `WITH d AS (
         DELETE FROM ${this.match}
         WHERE id = $1 AND meta_version = $2 AND state_id = $3 AND (updated_at IS NULL OR updated_at < $4)
         RETURNING id
       ), lg AS (DELETE FROM ${this.log} WHERE match_id IN (SELECT id FROM d))
       SELECT count(*) AS n FROM d`,
      [matchID, base.version, stateID, idleBefore],
    );
    const removed = Number(r.rows[0]?.n ?? 0) > 0;
    if (removed) {
      this.states.delete(matchID);
      this.metaKeys.delete(matchID);
      this.touches.delete(matchID);
    }
    return removed;
  }

  /** One page of the public match list, in one query (server/match-list.ts). */
  async listPage(opts: PageOptions): Promise<PageEntry[]> {
    const params: unknown[] = [opts.gameName];
    const where = ['metadata IS NOT NULL', 'game_name = $1', "COALESCE(metadata->>'unlisted', 'false') <> 'true'"];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (opts.isGameover !== undefined) add('gameover = ?', opts.isGameover);
    if (opts.updatedBefore !== undefined) add('updated_at < ?', opts.updatedBefore);
    if (opts.updatedAfter !== undefined) add('updated_at > ?', opts.updatedAfter);
    if (opts.after) {
      params.push(opts.after.updatedAt, opts.after.matchID);
      where.push(`(updated_at, id) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(opts.limit);
    const r = await this.pool.query<{ id: string; m: string }>(
      `SELECT id, metadata::text AS m FROM ${this.match} WHERE ${where.join(' AND ')}
       ORDER BY updated_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return r.rows.map((row) => ({ matchID: row.id, metadata: JSON.parse(row.m) as Server.MatchData }));
  }

  /** The unfinished matches with a seat stored connected (`players[seat].isConnected`; server/stale-connections.ts). */
  async connectedMatches(): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(
      `SELECT m.id FROM ${this.match} m
       WHERE NOT m.gameover AND m.metadata IS NOT NULL
         AND EXISTS (
           SELECT 1 FROM jsonb_each(m.metadata::jsonb -> 'players') AS p(id, player)
           WHERE p.player ->> 'isConnected' = 'true')
       ORDER BY m.id`,
    );
    return r.rows.map((row) => row.id);
  }

  /**
   * Of `matchIDs`, the unfinished matches with seats stored not connected, and those seats, in one query (the seats a
   * process's sockets hold are looked at every heartbeat: server/stale-connections.ts `SeatSweep.keepHeld`).
   */
  async seatsNotConnected(matchIDs: string[]): Promise<Map<string, string[]>> {
    if (matchIDs.length === 0) return new Map();
    const r = await this.pool.query<{ id: string; seats: string[] }>(
      `SELECT m.id, array_agg(p.id) AS seats FROM ${this.match} m
       CROSS JOIN LATERAL jsonb_each(m.metadata::jsonb -> 'players') AS p(id, player)
       WHERE m.id = ANY($1::text[]) AND NOT m.gameover AND m.metadata IS NOT NULL
         AND (p.player ->> 'isConnected') IS DISTINCT FROM 'true'
       GROUP BY m.id`,
      [matchIDs],
    );
    return new Map(r.rows.map((row) => [row.id, row.seats]));
  }

  override async listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]> {
    const where: string[] = ['metadata IS NOT NULL'];
    const params: unknown[] = [];
    if (opts?.gameName !== undefined) {
      params.push(opts.gameName);
      where.push(`game_name = $${params.length}`);
    }
    if (opts?.where?.isGameover !== undefined) {
      params.push(opts.where.isGameover);
      where.push(`gameover = $${params.length}`);
    }
    if (opts?.where?.updatedBefore !== undefined) {
      params.push(opts.where.updatedBefore);
      where.push(`updated_at < $${params.length}`);
    }
    if (opts?.where?.updatedAfter !== undefined) {
      params.push(opts.where.updatedAfter);
      where.push(`updated_at > $${params.length}`);
    }
    const r = await this.pool.query(`SELECT id FROM ${this.match} WHERE ${where.join(' AND ')} ORDER BY id`, params);
    return r.rows.map((row: { id: string }) => row.id);
  }
}
