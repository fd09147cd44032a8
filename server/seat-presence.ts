/**
 * Which server processes hold which seats, when several share the site
 * (Redis). boardgame.io counts a seat's sockets per process: it marks a seat
 * gone (metadata `players[seat].isConnected`) when a socket of it closes, and
 * a process knows only its own sockets (server/socket-guard.ts `SeatSockets`).
 *
 * Each process records its seat sockets in one Redis hash per match
 * (`<prefix>seats:<id>`), as server/spectators.ts counts spectators: a field
 * per process and seat (`<process>:<seat>`), the value
 * `count:personAt:expiresAt`:
 *  - `count`: its sockets synced as that seat (a clock bot's too: it holds the
 *    seat as anyone's socket does);
 *  - `personAt`: when the latest of them that is not a clock bot's synced (0:
 *    none), by that process's clock (the processes' clocks are taken to agree,
 *    as the turn clocks' stored `clockWait` already takes them to);
 *  - `expiresAt`: until when the field counts unless renewed, 3 heartbeats
 *    after it was written.
 * A process writes its field when it changes (removes it at zero) and at once
 * publishes it on the match's channel (`SEATS-<id>`), then renews it every
 * `heartbeatMs`; so the fields of a process that died without a word stop
 * counting within 3 heartbeats. A process stopped cleanly takes its fields
 * out.
 *
 * Each process also keeps a copy of the other processes' fields for the
 * matches it holds seat sockets of, and for those whose seat its clock's bot
 * plays (`watch`: the bot's own socket may be on another process, under
 * `--workers` whichever the shared port handed it to): read from the hash
 * when it begins to hold one (once subscribed to the channel, so that nothing
 * published after the read is missed), kept current by the channel, and read
 * again every heartbeat (for a message lost while Redis was away). The two
 * questions that must be answered at once read this copy: boardgame.io's
 * disconnect handler decides synchronously whether to mark a seat gone
 * (server/app.ts), and the clock's bot checks synchronously whether its
 * seat's player came back (server/bots.ts `playFor`). A field is published
 * before anything that follows the sync it records (boardgame.io's
 * `matchData` saying the seat is connected goes later on the same Redis
 * connection), so a process hears of a socket before it hears through Redis
 * of that socket's connection. (A clock bot whose socket is on the player's
 * process may be told of the connection first; it asks again at the match's
 * next change, the decision it waits for.)
 *
 * When Redis does not answer, the copy's fields expire and each process falls
 * back to its own sockets, as before; no wait on Redis is longer than
 * `REDIS_WAIT_MS`.
 */
import type { Redis } from 'ioredis';
import { within } from './within';

/** The longest a sync waits for its seat to be recorded, or a check for an answer from Redis, ms. */
export const REDIS_WAIT_MS = 500;

/** This process's sockets of one seat: how many, and when the latest that is not a clock bot's synced (0: none). */
export interface SeatSummary {
  count: number;
  personAt: number;
}

/** Another process's field, as heard; `heardAt`: when this process asked for it or was sent it (its own clock). */
interface Field extends SeatSummary {
  expiresAt: number;
  heardAt: number;
}

/** A field as published on the match's channel. */
interface Notice {
  field: string;
  value: string;
}

/** The pub/sub of server/redis-pubsub.ts, as far as the record needs it. */
export interface SeatChannels {
  publish(channelId: string, payload: Notice): void;
  subscribe(channelId: string, callback: (payload: Notice) => void): void;
  /** Resolves once the channel's subscription is confirmed (or failed). */
  subscribed(channelId: string): Promise<void>;
  unsubscribeAll(channelId: string): void;
}

function parse(value: string): Omit<Field, 'heardAt'> | undefined {
  const [count, personAt, expiresAt] = value.split(':').map(Number);
  if (![count, personAt, expiresAt].every(Number.isFinite)) return undefined;
  return { count, personAt, expiresAt };
}

/** The seat a field is for (`<process>:<seat>`). */
const seatOf = (field: string) => field.slice(field.lastIndexOf(':') + 1);

/** The shared record of seat sockets (see the file comment). */
export class SharedSeats {
  /** This process's seats with sockets, by match. */
  private readonly own = new Map<string, Map<string, SeatSummary>>();
  /** The other processes' fields of the matches this process holds seat sockets of (or did, until the next heartbeat). */
  private readonly others = new Map<string, Map<string, Field>>();
  /** Per match followed (`others`), its subscription and first read. */
  private readonly following = new Map<string, Promise<void>>();
  /** Matches followed while watched (`watch`), seat sockets here or not: how many watches each. */
  private readonly watched = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly channels: SeatChannels,
    /** This process's name in the fields (unique per process). */
    private readonly process: string,
    readonly heartbeatMs = 10_000,
    private readonly prefix = 'ns:',
  ) {
    this.timer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  private key(matchID: string): string {
    return `${this.prefix}seats:${matchID}`;
  }

  private get ttl(): number {
    return 3 * this.heartbeatMs;
  }

  /**
   * This process's sockets of seat `seat` of `matchID` are now `summary`. Writes and publishes its field, and
   * follows the match's other fields; resolves once done, or after `REDIS_WAIT_MS` (Redis away: the heartbeat
   * writes it again).
   */
  set(matchID: string, seat: string, summary: SeatSummary): Promise<void> {
    if (this.closed) return Promise.resolve();
    let seats = this.own.get(matchID);
    if (summary.count > 0) {
      if (!seats) this.own.set(matchID, (seats = new Map<string, SeatSummary>()));
      seats.set(seat, summary);
    } else {
      seats?.delete(seat);
      if (seats?.size === 0) this.own.delete(matchID);
    }
    const field = `${this.process}:${seat}`;
    const value = `${summary.count}:${summary.personAt}:${Date.now() + this.ttl}`;
    const key = this.key(matchID);
    const write =
      summary.count > 0
        ? this.redis
            .multi()
            .hset(key, field, value)
            .pexpire(key, 2 * this.ttl)
            .exec()
        : this.redis.hdel(key, field);
    // On the same connection as the write, after it; and before boardgame.io's `matchData` of the same sync.
    this.channels.publish(`SEATS-${matchID}`, { field, value });
    const following = summary.count > 0 ? this.follow(matchID) : undefined;
    return within(Promise.all([write, following]), REDIS_WAIT_MS).then(() => undefined);
  }

  /**
   * Follows the other processes' fields of `matchID` until the function returned is called, whether or not this
   * process holds a seat socket of it: the clock's bot asks `syncedSince` while it plays a seat, and its own socket
   * may be on another process (under `--workers` it connects through the shared port, as a page does).
   */
  watch(matchID: string): () => void {
    if (this.closed) return () => undefined;
    this.watched.set(matchID, (this.watched.get(matchID) ?? 0) + 1);
    void this.follow(matchID);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watched.get(matchID) ?? 1) - 1;
      if (left > 0) this.watched.set(matchID, left);
      else this.watched.delete(matchID);
    };
  }

  /** Starts following the other processes' fields of `matchID`: subscribed first, then read. */
  private follow(matchID: string): Promise<void> {
    let following = this.following.get(matchID);
    if (!following) {
      this.others.set(matchID, new Map());
      const channel = `SEATS-${matchID}`;
      this.channels.subscribe(channel, (n) => this.hear(matchID, n));
      following = this.channels
        .subscribed(channel)
        .then(() => this.read(matchID))
        .catch(() => undefined);
      this.following.set(matchID, following);
    }
    return following;
  }

  private unfollow(matchID: string): void {
    this.following.delete(matchID);
    this.others.delete(matchID);
    this.channels.unsubscribeAll(`SEATS-${matchID}`);
  }

  /** A field published by a process (this one's own are skipped): the newer of it and the one held is kept. */
  private hear(matchID: string, notice: Notice): void {
    const fields = this.others.get(matchID);
    if (!fields || typeof notice?.field !== 'string' || notice.field.startsWith(`${this.process}:`)) return;
    const parsed = typeof notice.value === 'string' ? parse(notice.value) : undefined;
    if (!parsed) return;
    const held = fields.get(notice.field);
    // A process's fields are written with ever later expiries: a later one is newer. One at zero is kept as such
    // until it expires, so that a read asked before it was removed does not bring the old count back.
    if (!held || parsed.expiresAt >= held.expiresAt) fields.set(notice.field, { ...parsed, heardAt: Date.now() });
  }

  /** Reads the match's hash into the copy. */
  private async read(matchID: string): Promise<void> {
    const asked = Date.now();
    const hash = await this.redis.hgetall(this.key(matchID));
    const fields = this.others.get(matchID);
    if (!fields) return;
    for (const [field, value] of Object.entries(hash)) {
      if (field.startsWith(`${this.process}:`)) continue;
      const parsed = parse(value);
      const held = fields.get(field);
      if (parsed && (!held || parsed.expiresAt > held.expiresAt)) fields.set(field, { ...parsed, heardAt: asked });
    }
    // A field the hash no longer has was removed (its process's last socket of the seat went, or the key expired),
    // unless it was heard of after the read was asked.
    for (const [field, held] of fields) if (!(field in hash) && held.heardAt < asked) fields.delete(field);
  }

  /** The live fields of other processes for seat `seat` of `matchID`, as last heard. */
  private *live(matchID: string, seat: string): Generator<Field> {
    const now = Date.now();
    for (const [field, held] of this.others.get(matchID) ?? []) {
      if (held.count > 0 && held.expiresAt > now && seatOf(field) === seat) yield held;
    }
  }

  /** Whether another process holds seat `seat` of `matchID` with a socket, as last heard (synchronous). */
  heldElsewhere(matchID: string, seat: string): boolean {
    for (const _ of this.live(matchID, seat)) return true;
    return false;
  }

  /** Whether another process holds seat `seat` with a socket, not a clock bot's, that synced after `since`. */
  syncedSince(matchID: string, seat: string, since: number): boolean {
    for (const held of this.live(matchID, seat)) if (held.personAt > since) return true;
    return false;
  }

  /**
   * The seats of `matchID` that a process other than this one holds now, read from Redis; undefined when Redis
   * does not answer within `REDIS_WAIT_MS`.
   */
  async heldNow(matchID: string): Promise<Set<string> | undefined> {
    const hash = await within(this.redis.hgetall(this.key(matchID)), REDIS_WAIT_MS);
    if (!hash) return undefined;
    const now = Date.now();
    const seats = new Set<string>();
    for (const [field, value] of Object.entries(hash)) {
      const parsed = parse(value);
      if (!field.startsWith(`${this.process}:`) && parsed && parsed.count > 0 && parsed.expiresAt > now) {
        seats.add(seatOf(field));
      }
    }
    return seats;
  }

  /**
   * Renews this process's fields, reads again those of the matches it follows, and stops following the matches it
   * holds no seat socket of any more and no one watches (not at once: boardgame.io's disconnect handler asks just
   * after the last goes).
   */
  private heartbeat(): void {
    if (this.closed) return;
    const batch = this.redis.pipeline();
    const expiresAt = Date.now() + this.ttl;
    for (const [matchID, seats] of this.own) {
      const key = this.key(matchID);
      for (const [seat, s] of seats)
        batch.hset(key, `${this.process}:${seat}`, `${s.count}:${s.personAt}:${expiresAt}`);
      batch.pexpire(key, 2 * this.ttl);
    }
    if (batch.length > 0) void batch.exec().catch(() => undefined);
    for (const matchID of [...this.following.keys()]) {
      if (!this.own.has(matchID) && !this.watched.has(matchID)) this.unfollow(matchID);
      else void this.read(matchID).catch(() => undefined);
    }
  }

  /** Stops the heartbeat and takes this process's fields out of Redis (after its sockets are closed). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    const own = [...this.own];
    this.own.clear();
    this.watched.clear();
    for (const matchID of [...this.following.keys()]) this.unfollow(matchID);
    await within(
      Promise.allSettled(
        own.map(([matchID, seats]) =>
          this.redis.hdel(this.key(matchID), ...[...seats.keys()].map((seat) => `${this.process}:${seat}`)),
        ),
      ),
      2000,
    );
  }
}
