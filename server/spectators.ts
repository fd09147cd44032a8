/**
 * Who watches a match: the sockets synced to it without a seat (spectators),
 * counted so that the match page can tell its players that someone watches
 * (`spectators` on `GET /games/:game/:matchID`).
 *
 * Each process counts its own sockets. With several processes (Redis), each
 * writes its count into one Redis hash per match (`<prefix>spectators:<id>`,
 * a field per process, the value `count:expiresAt`) when it changes, and
 * again every `heartbeatMs` while it is not zero; a reader sums the fields
 * that have not expired. So a process that dies stops counting within
 * `3 × heartbeatMs`, and its spectators, reconnected elsewhere, are counted
 * once. When Redis does not answer, a process reports its own count.
 */
import type { Redis } from 'ioredis';
import type { Middleware } from './http-error';

/** A socket as far as the count needs it. */
interface Watcher {
  id: string;
  data: unknown;
}

const MATCH_PAGE = /^\/games\/[^/]+\/([A-Za-z0-9_-]{1,64})$/i;

export class Spectators {
  private readonly byMatch = new Map<string, Set<string>>();
  private readonly timer?: NodeJS.Timeout;

  /**
   * @param shared the Redis connection of the pub/sub and this process's
   *   name, when several processes share the site
   * @param onChange hears of every change of this process's count of a match
   */
  constructor(
    private readonly shared?: { redis: Redis; process: string; prefix?: string },
    private readonly heartbeatMs = 10_000,
    private readonly onChange?: (matchID: string) => void,
  ) {
    if (shared) {
      this.timer = setInterval(() => {
        for (const matchID of this.byMatch.keys()) this.publish(matchID);
      }, heartbeatMs);
      this.timer.unref();
    }
  }

  /** `socket` synced to `matchID` without a seat. */
  add(matchID: string, socket: Watcher): void {
    this.remove(socket);
    let ids = this.byMatch.get(matchID);
    if (!ids) this.byMatch.set(matchID, (ids = new Set()));
    ids.add(socket.id);
    (socket.data as { watches?: string }).watches = matchID;
    this.publish(matchID);
    this.onChange?.(matchID);
  }

  /** Forgets `socket` (it disconnected, or synced again, perhaps to a seat). */
  remove(socket: Watcher): void {
    const data = socket.data as { watches?: string };
    const matchID = data.watches;
    if (matchID === undefined) return;
    delete data.watches;
    const ids = this.byMatch.get(matchID);
    ids?.delete(socket.id);
    if (ids?.size === 0) this.byMatch.delete(matchID);
    this.publish(matchID);
    this.onChange?.(matchID);
  }

  /** This process's spectators of `matchID`. */
  local(matchID: string): number {
    return this.byMatch.get(matchID)?.size ?? 0;
  }

  /** Every process's spectators of `matchID`. */
  async count(matchID: string): Promise<number> {
    if (!this.shared) return this.local(matchID);
    try {
      const fields = await this.shared.redis.hgetall(this.key(matchID));
      const now = Date.now();
      let total = 0;
      for (const [process, value] of Object.entries(fields)) {
        if (process === this.shared.process) continue;
        const [count, expiresAt] = value.split(':').map(Number);
        if (expiresAt > now && count > 0) total += count;
      }
      return total + this.local(matchID);
    } catch {
      return this.local(matchID);
    }
  }

  private key(matchID: string): string {
    return `${this.shared?.prefix ?? 'ns:'}spectators:${matchID}`;
  }

  /** Writes this process's count of `matchID` to Redis (no-op without it; errors are dropped: the count is advisory). */
  private publish(matchID: string): void {
    if (!this.shared) return;
    const { redis, process } = this.shared;
    const key = this.key(matchID);
    const n = this.local(matchID);
    const ttl = 3 * this.heartbeatMs;
    const write =
      n === 0
        ? redis.hdel(key, process)
        : redis
            .multi()
            .hset(key, process, `${n}:${Date.now() + ttl}`)
            .pexpire(key, 2 * ttl)
            .exec();
    void write.catch(() => undefined);
  }

  /** Stops the heartbeat and takes this process's counts out of Redis. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const matches = [...this.byMatch.keys()];
    this.byMatch.clear();
    if (!this.shared) return;
    const { redis, process } = this.shared;
    await Promise.allSettled(matches.map((matchID) => redis.hdel(this.key(matchID), process)));
  }
}

/** Adds `spectators` (every process's count) to boardgame.io's answer for one match. */
export function spectatorCount(spectators: Spectators): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    const m = MATCH_PAGE.exec(ctx.path);
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!m || !body || typeof body !== 'object' || Buffer.isBuffer(body) || body.matchID !== m[1]) return;
    ctx.body = { ...body, spectators: await spectators.count(m[1]) };
  };
}
