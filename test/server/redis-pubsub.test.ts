/**
 * server/redis-pubsub.ts against a Redis of the test's own, stopped and started again: a channel subscribed to while
 * Redis is down (a match's first socket on a process during an outage, or a seat record's channel,
 * server/seat-presence.ts) hears the other processes' messages once Redis is back. ioredis renews on reconnection
 * only the subscriptions Redis confirmed; the one asked during the outage failed after a retry or two and was never
 * asked again, so the match's updates from other processes never reached this process's sockets.
 *
 * And against a Redis that hangs (SIGSTOP): a command fails after `COMMAND_TIMEOUT_MS` and `close` returns, where
 * ioredis waited for their answers for good.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, QUIT_WAIT_MS, RedisPubSub } from '../../server/redis-pubsub';
import { sleep } from './harness';
import { freePort, startRedis } from './processes';

// Gated as the other tests of several processes are (they need redis-server too).
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('RedisPubSub with Redis away', () => {
  let redis: ChildProcess | undefined;
  const clients: Array<RedisPubSub<unknown>> = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    redis?.kill('SIGKILL');
  });

  const stopRedis = async () => {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis!.kill('SIGKILL');
    await exited;
  };

  it('a channel subscribed to while Redis is down hears the messages published once it is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const here = new RedisPubSub<unknown>(url, () => undefined);
    const there = new RedisPubSub<unknown>(url, () => undefined);
    clients.push(here, there);
    await Promise.all([here.ready(), there.ready()]);

    await stopRedis();
    const heard: unknown[] = [];
    here.subscribe('MATCH-m1', (payload) => heard.push(payload));
    // Settles once ioredis gives up on the command (Redis is down: it cannot have been confirmed).
    await here.subscribed('MATCH-m1');

    redis = await startRedis(port);
    await Promise.all([here.ready(10_000), there.ready(10_000)]);
    // Published from the other process until heard (the subscription, asked again, takes a round trip).
    for (let n = 0; n < 40 && heard.length === 0; n++) {
      there.publish('MATCH-m1', { n });
      await sleep(50);
    }
    expect(heard.length, 'the channel subscribed to during the outage heard nothing after it').toBeGreaterThan(0);
  }, 30_000);

  it('with Redis hung, a command fails after COMMAND_TIMEOUT_MS and close drops the connections', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const client = new RedisPubSub<unknown>(`redis://127.0.0.1:${port}`, () => undefined);
    clients.push(client);
    await client.ready();
    // SIGSTOP: the connections stay open, and nothing is answered (ioredis waited for good).
    redis.kill('SIGSTOP');
    const asked = Date.now();
    await expect(client.commands.hgetall('ns:anything')).rejects.toThrow(/timed out/);
    const failedMs = Date.now() - asked;
    expect(failedMs).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
    expect(failedMs).toBeLessThan(COMMAND_TIMEOUT_MS + 1000);
    const closing = Date.now();
    const closed = await Promise.race([client.close().then(() => true), sleep(10_000).then(() => false)]);
    const closeMs = Date.now() - closing;
    console.log(`with Redis hung, a command failed after ${failedMs} ms and close took ${closeMs} ms`);
    expect(closed, 'close still waiting for QUIT after 10 s').toBe(true);
    expect(closeMs).toBeLessThan(QUIT_WAIT_MS + 1000);
    redis.kill('SIGCONT');
  }, 30_000);
});
