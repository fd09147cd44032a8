/**
 * A lock in Redis that one server process holds at a time, for work one
 * process does for all of them (server/stale-connections.ts: the seat sweep).
 *
 * The lock is a key whose value names its holder. A process asks for it at
 * each turn of the work: `SET key owner NX PX ttl` takes it when it is free;
 * the holder renews it (its expiry set again, only while the value is still
 * its own). Both run as one script, atomic in Redis. A holder that stops
 * cleanly gives it back (deleted only while its own); one that died without a
 * word loses it `ttlMs` after its last renewal, and the next process to ask
 * takes it. No wait on Redis is longer than `REDIS_WAIT_MS`.
 */
import type { Redis } from 'ioredis';
import { REDIS_WAIT_MS } from './seat-presence';
import { within } from './within';

/** Takes the lock if free, or renews it if `ARGV[1]` holds it; 1 if held by `ARGV[1]` now, else 0. */
const TAKE_OR_RENEW = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** Removes the lock if `ARGV[1]` holds it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** A lock held by one process at a time (see the file comment). */
export class RedisLock {
  constructor(
    private readonly redis: Redis,
    readonly key: string,
    /** This process's name in the lock (unique per process). */
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  /**
   * Takes the lock, or renews it if this process holds it: true if this process holds it now, false if another does,
   * undefined when Redis did not answer within `REDIS_WAIT_MS` (or failed).
   */
  async take(): Promise<boolean | undefined> {
    const held = await within(
      this.redis.eval(TAKE_OR_RENEW, 1, this.key, this.owner, String(this.ttlMs)),
      REDIS_WAIT_MS,
    );
    return held === undefined ? undefined : held === 1;
  }

  /** Gives the lock back if this process holds it (at shutdown); does not wait on Redis longer than `REDIS_WAIT_MS`. */
  async release(): Promise<void> {
    await within(this.redis.eval(RELEASE, 1, this.key, this.owner), REDIS_WAIT_MS);
  }
}
