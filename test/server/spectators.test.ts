/**
 * Who watches a match (server/spectators.ts), with raw socket.io clients
 * against real servers on loopback: `GET /games/:game/:matchID` counts the
 * sockets synced without a seat, not the seats; a spectator who leaves or
 * takes a seat is no longer counted. With two processes on one PostgreSQL
 * database and one Redis, either process counts the spectators of both, a
 * process that stops takes its own out, and the count of a process that
 * vanishes without a word (its Redis connection dropped) expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Spectators } from '../../server/spectators';
import { http, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

async function create(url: string, game: string): Promise<string> {
  const res = await http(url, `/games/${game}/create`, { method: 'POST', json: { numPlayers: 2 } });
  expect(res.status).toBe(200);
  return res.json.matchID as string;
}

async function join(url: string, game: string, matchID: string, playerID: string, playerName: string) {
  const res = await http(url, `/games/${game}/${matchID}/join`, { method: 'POST', json: { playerID, playerName } });
  expect(res.status).toBe(200);
  return res.json.playerCredentials as string;
}

const watching = async (server: { url: string }, game: string, matchID: string): Promise<number> => {
  const res = await http(server.url, `/games/${game}/${matchID}`);
  expect(res.status).toBe(200);
  return res.json.spectators as number;
};

/** Polls until `read` gives `want` (the count follows sockets that come and go a moment later). */
async function until(read: () => Promise<number>, want: number, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  let got = await read();
  while (got !== want && Date.now() < end) {
    await sleep(50);
    got = await read();
  }
  expect(got).toBe(want);
}

describe('spectators of a match, one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the sockets watching without a seat, and forgets those that leave or sit down', async () => {
    const game = 'touched-on';
    const matchID = await create(server.url, game);
    const seat0 = await join(server.url, game, matchID, '0', 'Ana');
    const read = () => watching(server, game, matchID);
    expect(await read()).toBe(0);

    const player = new RawClient(server.url, { namespace: game });
    await player.sync(matchID, '0', seat0);
    const a = new RawClient(server.url, { namespace: game });
    const b = new RawClient(server.url, { namespace: game });
    await a.sync(matchID, null);
    await b.sync(matchID, null);
    await until(read, 2);
    // A spectator's second sync of the same match counts once.
    await a.sync(matchID, null);
    await until(read, 2);

    // Another match's spectators are its own.
    const other = await create(server.url, game);
    const c = new RawClient(server.url, { namespace: game });
    await c.sync(other, null);
    await until(() => watching(server, game, other), 1);
    await until(read, 2);

    // b takes the open seat: a player now, not a spectator.
    const seat1 = await join(server.url, game, matchID, '1', 'Bruno');
    await b.sync(matchID, '1', seat1);
    await until(read, 1);

    a.close();
    await until(read, 0);
    // The list of open matches carries no count (it is for one match's page).
    const list = await http(server.url, `/games/${game}`);
    expect(JSON.stringify(list.json)).not.toContain('spectators');
    for (const client of [player, b, c]) client.close();
    await until(() => watching(server, game, other), 0);
  });
});

describe.skipIf(!PG_URL || !REDIS_URL)('spectators of a match, two processes on PostgreSQL and Redis', () => {
  const schema = `spect_${process.pid}_${Date.now().toString(36)}`;
  const dbUrl = withSchema(PG_URL ?? '', schema);
  let one: TestServer | undefined;
  let two: TestServer | undefined;
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('counts every process’s spectators, and drops those of a process that stops', async () => {
    const opts = { storage: 'postgres', databaseUrl: dbUrl, redisUrl: REDIS_URL, spectatorHeartbeatMs: 200 } as const;
    one = await startTestServer(opts);
    two = await startTestServer(opts);
    const game = 'get-on-board';
    const matchID = await create(one.url, game);
    const onOne = new RawClient(one.url, { namespace: game });
    const onTwo = [new RawClient(two.url, { namespace: game }), new RawClient(two.url, { namespace: game })];
    await onOne.sync(matchID, null);
    for (const c of onTwo) await c.sync(matchID, null);
    await until(() => watching(one!, game, matchID), 3);
    await until(() => watching(two!, game, matchID), 3);

    // Still counted after several heartbeats (the entries are renewed, not left to expire).
    await sleep(1000);
    expect(await watching(one, game, matchID)).toBe(3);

    // A process that stops takes its spectators out at once.
    onTwo.forEach((c) => c.close());
    await two.close();
    two = undefined;
    await until(() => watching(one!, game, matchID), 1);
    onOne.close();
    await until(() => watching(one!, game, matchID), 0);
  });

  it('forgets the count of a process that vanished without a word once its entry expires', async () => {
    const heartbeatMs = 100;
    const redisA = new Redis(REDIS_URL!);
    const redisB = new Redis(REDIS_URL!);
    const prefix = `spect-test-${process.pid}-${Date.now()}:`;
    const a = new Spectators({ redis: redisA, process: 'a', prefix }, heartbeatMs);
    const b = new Spectators({ redis: redisB, process: 'b', prefix }, heartbeatMs);
    try {
      a.add('m1', { id: 's1', data: {} });
      a.add('m1', { id: 's2', data: {} });
      b.add('m1', { id: 's3', data: {} });
      await until(() => b.count('m1'), 3);
      // Renewed by the heartbeat well past its first expiry.
      await sleep(6 * heartbeatMs);
      expect(await b.count('m1')).toBe(3);
      // Process a dies: its connection goes, nothing is cleaned up.
      redisA.disconnect();
      await sleep(3 * heartbeatMs + 100);
      expect(await b.count('m1')).toBe(1);
      // Only process b's own count is left, and b answers with it when Redis is away too.
      redisB.disconnect();
      expect(await b.count('m1')).toBe(1);
    } finally {
      await a.close();
      await b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
