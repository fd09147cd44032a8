/**
 * Limits on creating matches, per client (the remote address; the first
 * `X-Forwarded-For` address when the server is told it runs behind a proxy):
 *  - a rate: at most `perMinute` matches created in any minute, answered 429
 *    with `Retry-After` beyond it;
 *  - a cap: at most `openPerClient` of the client's matches still waiting for
 *    players (not every seat taken, not over), answered 429 beyond it.
 * `0` turns a limit off. The counts live in this process's memory: a restart
 * forgets them, which only ever loosens the limits for a while.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { StorageAPI } from 'boardgame.io';
import { fail } from './http-error';
import { isSyncStorage, type AnyStorage } from './storage-hooks';

/** How many matches a client may create. */
export interface CreationLimits {
  /** Matches a client may create per minute; 0 for no limit. */
  perMinute: number;
  /** Matches a client may have waiting for players at once; 0 for no limit. */
  openPerClient: number;
}

/** Clients whose open matches are remembered at once. */
const MAX_CLIENTS = 10_000;

/** Defaults: generous for people, a wall for scripts. */
export const DEFAULT_CREATION_LIMITS: CreationLimits = { perMinute: 30, openPerClient: 20 };

/** Tracks and enforces `CreationLimits`. */
export class CreationGuard {
  private readonly rate?: RateLimiterMemory;
  private readonly open = new Map<string, Set<string>>();

  constructor(
    private readonly limits: CreationLimits,
    private readonly db: AnyStorage,
  ) {
    if (limits.perMinute > 0) this.rate = new RateLimiterMemory({ points: limits.perMinute, duration: 60 });
  }

  /** Refuses (429) when `client` may not create a match now; otherwise counts one creation. */
  async admit(client: string): Promise<void> {
    if (this.limits.openPerClient > 0) {
      const mine = this.open.get(client);
      if (mine && mine.size >= this.limits.openPerClient) await this.prune(client, mine);
      if (mine && mine.size >= this.limits.openPerClient) {
        fail(
          429,
          `You already have ${mine.size} match${mine.size === 1 ? '' : 'es'} waiting for players; you can create another ` +
            `once ${mine.size === 1 ? 'it' : 'one of them'} fills up, expires unfilled, or is closed from its creator's seat`,
          { 'Retry-After': '60' },
        );
      }
    }
    if (!this.rate) return;
    try {
      await this.rate.consume(client);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      fail(429, `Too many matches created; try again in ${seconds} s`, { 'Retry-After': String(seconds) });
    }
  }

  /** Remembers a match `client` created. */
  created(client: string, matchID: string): void {
    if (this.limits.openPerClient <= 0) return;
    let mine = this.open.get(client);
    if (!mine) {
      // Bound the memory a flood of distinct addresses can take: forget the oldest client.
      if (this.open.size >= MAX_CLIENTS) this.open.delete(this.open.keys().next().value!);
      this.open.set(client, (mine = new Set()));
    }
    mine.add(matchID);
  }

  /** Forgets the client's matches that have started, ended or gone. */
  private async prune(client: string, mine: Set<string>): Promise<void> {
    const opts: StorageAPI.FetchOpts = { metadata: true };
    for (const matchID of [...mine]) {
      const { metadata } = isSyncStorage(this.db) ? this.db.fetch(matchID, opts) : await this.db.fetch(matchID, opts);
      const waiting =
        metadata !== undefined &&
        metadata.gameover === undefined &&
        Object.values(metadata.players).some((p) => typeof p.name !== 'string' || p.name === '');
      if (!waiting) mine.delete(matchID);
    }
    if (mine.size === 0) this.open.delete(client);
  }
}
