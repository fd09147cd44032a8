/**
 * Bot-seat leases in PostgreSQL, so that each bot seat is played by exactly
 * one server process at a time.
 *
 * A lease is a row (match, seat, owner, expires_at). A process plays a bot
 * seat only while it holds the seat's lease; it renews its leases every third
 * of `ttlMs` and drops (stops playing) any it failed to renew. A lease that
 * ran out (its process died) is taken by the next process that asks, which
 * every process does every `ttlMs / 3` for the bot seats of unfinished
 * matches: so a dead process's bots play again within about `ttlMs * 4/3`.
 * A process that stops cleanly gives its leases back at once.
 *
 * Every statement is one atomic SQL statement; a lease changes hands only
 * when the row's owner is the asker or its time is up.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { DDL_LOCK } from './storage/postgres';

/** A bot seat: match and seat. */
export interface SeatKey {
  matchID: string;
  seat: string;
}

/** A bot seat whose lease is free or ran out, with the match's metadata. */
export interface Orphan {
  matchID: string;
  metadata: string;
}

/** Leases on bot seats (see the file comment). */
export class BotLeases {
  readonly owner: string;
  private readonly table: string;
  private readonly match: string;

  constructor(
    private readonly pool: pg.Pool,
    schema: string,
    name: string,
    readonly ttlMs = 3000,
  ) {
    this.owner = `${name} ${randomBytes(4).toString('hex')}`;
    this.table = `"${schema}".bgio_bot_lease`;
    this.match = `"${schema}".bgio_match`;
  }

  /** Creates the table if it is missing. */
  async connect(): Promise<void> {
    // Processes starting together would race on CREATE TABLE IF NOT EXISTS (PostgreSQL then fails on its
    // catalogue's unique index): the DDL runs under the advisory lock, which one query string (one implicit
    // transaction) holds to its end.
    await this.pool.query(`
      SELECT pg_advisory_xact_lock(${DDL_LOCK});
      CREATE TABLE IF NOT EXISTS ${this.table} (
      match_id   text NOT NULL,
      seat       text NOT NULL,
      owner      text NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (match_id, seat));`);
  }

  /** Takes or renews the lease of one seat; resolves whether this process holds it now. */
  async acquire({ matchID, seat }: SeatKey): Promise<boolean> {
    const r = await this.pool.query(
      `INSERT INTO ${this.table} AS l (match_id, seat, owner, expires_at)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
       ON CONFLICT (match_id, seat) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
         WHERE l.owner = EXCLUDED.owner OR l.expires_at < now()
       RETURNING 1`,
      [matchID, seat, this.owner, this.ttlMs],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Renews the leases of `seats`; resolves with the keys (`match:seat`) still held. */
  async renew(seats: SeatKey[]): Promise<Set<string>> {
    if (seats.length === 0) return new Set();
    const r = await this.pool.query<{ match_id: string; seat: string }>(
      `UPDATE ${this.table} AS l SET expires_at = now() + $4 * interval '1 millisecond'
       FROM unnest($2::text[], $3::text[]) AS s(match_id, seat)
       WHERE l.owner = $1 AND l.match_id = s.match_id AND l.seat = s.seat
       RETURNING l.match_id, l.seat`,
      [this.owner, seats.map((s) => s.matchID), seats.map((s) => s.seat), this.ttlMs],
    );
    return new Set(r.rows.map((row) => `${row.match_id}:${row.seat}`));
  }

  /**
   * Unfinished matches with a bot seat whose lease is free or ran out, but
   * for resting ones (server/bots.ts: nobody but bots connected and no change
   * for `restAfterMs`; 0: none rest), which would otherwise fill the answer's
   * 200 rows and keep a crashed process's bots from being taken over.
   */
  async orphans(restAfterMs = 0): Promise<Orphan[]> {
    const r = await this.pool.query<{ id: string; metadata: string }>(
      `SELECT m.id, m.metadata::text AS metadata FROM ${this.match} m
       WHERE NOT m.gameover AND m.metadata IS NOT NULL AND (m.metadata::jsonb ? 'botSeats')
         AND EXISTS (
           SELECT 1 FROM jsonb_object_keys(m.metadata::jsonb -> 'botSeats') AS s(seat)
           LEFT JOIN ${this.table} l ON l.match_id = m.id AND l.seat = s.seat
           WHERE l.owner IS NULL OR l.expires_at < now())
         AND ($1::bigint <= 0
           OR coalesce(m.updated_at, 0) > (extract(epoch FROM now()) * 1000)::bigint - $1::bigint
           OR EXISTS (
             SELECT 1 FROM jsonb_each(m.metadata::jsonb -> 'players') AS p(id, player)
             WHERE p.player ->> 'isConnected' = 'true' AND NOT ((m.metadata::jsonb -> 'botSeats') ? p.id)))
       LIMIT 200`,
      [restAfterMs],
    );
    return r.rows.map((row) => ({ matchID: row.id, metadata: row.metadata }));
  }

  /** Gives back the leases this process holds (at shutdown). */
  async releaseAll(): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE owner = $1`, [this.owner]);
  }

  /** Removes every lease of a match, whoever holds it (the match was removed). */
  async releaseMatch(matchID: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE match_id = $1`, [matchID]);
  }

  /** Gives back one lease (its match ended). */
  async release({ matchID, seat }: SeatKey): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE owner = $1 AND match_id = $2 AND seat = $3`, [
      this.owner,
      matchID,
      seat,
    ]);
  }
}
