/**
 * The bounded waits of server/within.ts, which the Redis and storage checks share (server/seat-presence.ts,
 * server/redis-lock.ts, server/redis-pubsub.ts, server/health.ts): `within` never rejects, `withinOrFail` does, and
 * neither keeps a timer once the promise has settled.
 */
import { describe, expect, it } from 'vitest';
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
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await Promise.all([within(Promise.resolve(1), 60_000), withinOrFail(Promise.resolve(1), 60_000)]);
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before);
  });
});
