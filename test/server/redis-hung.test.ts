/**
 * Server processes on PostgreSQL and a Redis of the test's own that hangs (SIGSTOP: its connections stay open, and no
 * command is answered), as a Redis swapping, or behind a network that keeps the connection and carries nothing, does.
 * ioredis had no command timeout: every read waited for good (the lobby's answer for a match, which asks Redis for
 * the other processes' spectators, never came), and a process closing waited for good for Redis to answer QUIT.
 * Now every command fails after a second (server/redis-pubsub.ts `COMMAND_TIMEOUT_MS`) and `close` drops the
 * connections when QUIT is not answered. While Redis hangs a process serves its own sockets' moves; once Redis wakes,
 * its updates cross processes again, the match's channel subscribed to during the hang included.
 *
 * A process closing with Redis hung waits for its spectators' counts, its seats' fields, the seat sweep's lock and
 * QUIT side by side: about 1 s in all, where it waited for them one after another (2.8 to 3 s). With Redis up, a
 * process closing still takes all of them out of Redis.
 */
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { eventually, fullMatch, GAME, http, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { dropSchema, freePort, startRedis, withSchema } from './processes';
import { COMMAND_TIMEOUT_MS, QUIT_WAIT_MS } from '../../server/redis-pubsub';
import { REDIS_WAIT_MS } from '../../server/seat-presence';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const HEARTBEAT_MS = 100;

/** `promise`, or a failure naming `what` after `ms`. */
function inTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`${what}: still waiting after ${ms} ms`);
    }),
  ]);
}

// Gated as the other tests of several processes are (they need redis-server too).
describe.skipIf(!PG_URL || !REDIS_URL)('a Redis that hangs', () => {
  const schema = `redis_hung_${process.pid}_${Date.now().toString(36)}`;
  let redis: ChildProcess | undefined;
  const servers: TestServer[] = [];
  const clients: RawClient[] = [];
  afterAll(async () => {
    clients.forEach((c) => c.close());
    // Redis first: before the fix a process closing waited for its answer to QUIT for good.
    redis?.kill('SIGKILL');
    for (const server of servers) await server.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('a process serves its moves and its lobby, closes in bounded time, and crosses processes again once Redis wakes', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const start = async (processName: string) => {
      const server = await startTestServer({
        storage: 'postgres',
        databaseUrl: withSchema(PG_URL!, schema),
        redisUrl: `redis://127.0.0.1:${port}`,
        seatHeartbeatMs: HEARTBEAT_MS,
        spectatorHeartbeatMs: HEARTBEAT_MS,
        processName,
      });
      servers.push(server);
      return server;
    };
    const [a, b] = [await start('a'), await start('b')];
    const def = findGame(GAME)!;
    const { matchID, creds } = await fullMatch(a.url, 2);
    // A spectator on b: b has its count in Redis to take out as it closes.
    const spectator = new RawClient(b.url);
    clients.push(spectator);
    await spectator.sync(matchID, null);
    // And a seat's field: seat 0 open in a second tab, on b.
    const tab = new RawClient(b.url);
    clients.push(tab);
    await tab.sync(matchID, '0', creds[0]);

    redis.kill('SIGSTOP');
    const hungAt = Date.now();

    // The players sync on a (each sync waits a moment at most for its record in Redis) and play a turn each.
    const players = [new RawClient(a.url), new RawClient(a.url)];
    clients.push(...players);
    for (const seat of [0, 1]) await players[seat].sync(matchID, String(seat), creds[seat]);
    const turns: number[] = [];
    for (const seat of [0, 1]) {
      const began = Date.now();
      const own = players[seat];
      await own.waitFor(() => actingPlayerOf(def, own.state!) === String(seat), 5000, `seat ${seat} to act`);
      const moves = await inTime(players[seat].playTurn(def, matchID, String(seat), creds[seat]), 10_000, 'a turn');
      expect(moves).toBeGreaterThan(0);
      turns.push(Date.now() - began);
    }

    // The lobby's answer for the match asks Redis for the spectators of the other processes: it comes, without them.
    const asked = Date.now();
    const page = await http(a.url, `/games/${GAME}/${matchID}`, { signal: AbortSignal.timeout(10_000) });
    const pageMs = Date.now() - asked;
    expect(page.status).toBe(200);
    expect(pageMs).toBeLessThan(3000);
    const health = await http(a.url, '/health', { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(503);
    expect(health.json).toMatchObject({ redis: 'down', storage: 'up' });

    // b closes in bounded time: its spectators' count, its seat's field, the seat sweep's lock and QUIT go
    // unanswered, waited for side by side (one after another they took 2.8 to 3 s).
    const closing = Date.now();
    await inTime(b.close(), 15_000, 'b closing with Redis hung');
    const closeMs = Date.now() - closing;
    servers.splice(servers.indexOf(b), 1);
    // The waits side by side take the longest of them, 1 s (1.02 s measured); one after another they took 2.8 s at
    // least. 2.5 s in all leaves 1.5 s for the rest of the close (its sockets, the storage's flush) on a loaded CI
    // runner, where 0.8 s (a 1.8-s bound) might not do, and still fails a close that waits for them in turn.
    const sideBySideMs = Math.max(COMMAND_TIMEOUT_MS, QUIT_WAIT_MS, REDIS_WAIT_MS);
    expect(closeMs).toBeLessThan(sideBySideMs + 1500);
    console.log(
      `Redis hung ${Date.now() - hungAt} ms: turns took ${turns.join(', ')} ms, the match's page ${pageMs} ms, ` +
        `/health ${health.status}, a process closed in ${closeMs} ms`,
    );

    // Redis wakes: a says so, and a third process on it hears a's moves, and a hears its own.
    redis.kill('SIGCONT');
    await eventually(async () => (await http(a.url, '/health')).status === 200, "a's /health back to 200");
    const c = await start('c');
    const there = new RawClient(c.url);
    clients.push(there);
    await there.sync(matchID, '1', creds[1]);
    const at = players[0].state!._stateID;
    await players[0].waitFor(() => actingPlayerOf(def, players[0].state!) === '0', 5000, 'seat 0 to act');
    await players[0].playTurn(def, matchID, '0', creds[0]);
    await there.waitFor(() => there.state!._stateID >= players[0].state!._stateID, 5000, "a's moves on c");
    expect(players[0].state!._stateID).toBeGreaterThan(at);
    await there.waitFor(() => actingPlayerOf(def, there.state!) === '1', 5000, 'seat 1 to act on c');
    await there.playTurn(def, matchID, '1', creds[1]);
    await players[0].waitFor(() => players[0].state!._stateID === there.state!._stateID, 5000, "c's moves on a");
  }, 60_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('a process closing with Redis up', () => {
  const schema = `redis_up_close_${process.pid}_${Date.now().toString(36)}`;
  let redis: ChildProcess | undefined;
  let server: TestServer | undefined;
  let reader: Redis | undefined;
  const clients: RawClient[] = [];
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await server?.close();
    reader?.disconnect();
    redis?.kill('SIGKILL');
    await dropSchema(PG_URL ?? '', schema);
  });

  it('takes its spectators, its seats and the seat sweep lock out of Redis, as it did one after another', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    reader = new Redis(`redis://127.0.0.1:${port}`);
    server = await startTestServer({
      storage: 'postgres',
      databaseUrl: withSchema(PG_URL!, schema),
      redisUrl: `redis://127.0.0.1:${port}`,
      seatHeartbeatMs: HEARTBEAT_MS,
      spectatorHeartbeatMs: HEARTBEAT_MS,
      processName: 'alone',
    });
    const { matchID, creds } = await fullMatch(server.url, 2);
    const spectator = new RawClient(server.url);
    const player = new RawClient(server.url);
    clients.push(spectator, player);
    await spectator.sync(matchID, null);
    await player.sync(matchID, '0', creds[0]);
    const keys = async () => ({
      lock: await reader!.keys('ns:seat-sweep:*'),
      spectators: await reader!.hkeys(`ns:spectators:${matchID}`),
      seats: await reader!.hkeys(`ns:seats:${matchID}`),
    });
    // The process alone sweeps: it holds the lock.
    await eventually(async () => {
      const k = await keys();
      return k.lock.length === 1 && k.spectators.length === 1 && k.seats.length === 1;
    }, 'the lock, the spectator and the seat in Redis');
    const closing = Date.now();
    await server.close();
    const closeMs = Date.now() - closing;
    server = undefined;
    console.log(`with Redis up, a process closed in ${closeMs} ms`);
    expect(await keys()).toEqual({ lock: [], spectators: [], seats: [] });
  }, 30_000);
});
