/**
 * Server processes on PostgreSQL and a Redis of the test's own that hangs (SIGSTOP: its connections stay open, and no
 * command is answered), as a Redis swapping, or behind a network that keeps the connection and carries nothing, does.
 * ioredis had no command timeout: every read waited for good (the lobby's answer for a match, which asks Redis for
 * the other processes' spectators, never came), and a process closing waited for good for Redis to answer QUIT.
 * Now every command fails after a second (server/redis-pubsub.ts `COMMAND_TIMEOUT_MS`) and `close` drops the
 * connections when QUIT is not answered. While Redis hangs a process serves its own sockets' moves; once Redis wakes,
 * its updates cross processes again, the match's channel subscribed to during the hang included.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { fullMatch, GAME, http, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { dropSchema, freePort, startRedis, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const HEARTBEAT_MS = 100;

/** Polls `pred` until it holds, or fails after `ms`. */
async function eventually(pred: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

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

    // b closes in bounded time (its spectators' count and QUIT go unanswered).
    const closing = Date.now();
    await inTime(b.close(), 15_000, 'b closing with Redis hung');
    const closeMs = Date.now() - closing;
    servers.splice(servers.indexOf(b), 1);
    expect(closeMs).toBeLessThan(6000);
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
