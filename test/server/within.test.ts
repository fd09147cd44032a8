/**
 * The bounded waits of server/within.ts, which the Redis and storage checks share (server/seat-presence.ts,
 * server/redis-lock.ts, server/redis-pubsub.ts, server/health.ts): `within` never rejects, `withinOrFail` does, and
 * neither keeps a timer once the promise has settled.
 */
import { describe, expect, it, vi } from 'vitest';
import { within, withinOrFail } from '../../server/within';

const never = new Promise<string>(() => undefined);
const later = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('late'), ms));

describe('bounded waits', () => {
  it('within: the value in time, else undefined, and undefined for a failure', async () => {
    await expect(within(Promise.resolve('ok'), 50)).resolves.toBe('ok');
    const asked = Date.now();
    await expect(within(never, 50)).resolves.toBeUndefined();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(45);
    await expect(within(later(200), 20)).resolves.toBeUndefined();
    await expect(within(Promise.reject(new Error('no')), 50)).resolves.toBeUndefined();
  });

  it('withinOrFail: the value in time, else a rejection naming the wait, and the failure as it is', async () => {
    await expect(withinOrFail(Promise.resolve('ok'), 50)).resolves.toBe('ok');
    await expect(withinOrFail(never, 30)).rejects.toThrow('no answer in 30 ms');
    await expect(withinOrFail(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });

  it('clears its timer once the promise settles', async () => {
    // Fake timers count the timers set and not cleared (`vi.getTimerCount`), unref'd ones included: Node's
    // `process.getActiveResourcesInfo()` lists no unref'd timer, so a check through it held even with no clearTimeout.
    vi.useFakeTimers();
    try {
      const settled = Promise.all([
        within(Promise.resolve(1), 60_000),
        withinOrFail(Promise.resolve(1), 60_000),
        within(Promise.reject(new Error('no')), 60_000),
        withinOrFail(Promise.reject(new Error('refused')), 60_000).catch(() => undefined),
      ]);
      // One timer per wait while the promises are still settling (the count below is not zero for want of any).
      expect(vi.getTimerCount()).toBe(4);
      await settled;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
