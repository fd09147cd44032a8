/**
 * The seat sweep (server/stale-connections.ts `SeatSweep`) with several server processes on one PostgreSQL schema
 * and one Redis, a heartbeat of 250 ms (a sweep every 500 ms): one process sweeps per period, the holder of a lock in
 * Redis (server/redis-lock.ts). Every process ran the sweep's query every period, each doing the same work again.
 * The sweep's query is counted by wrapping the storage's `connectedMatches` of the in-process servers.
 *  - Two processes: one sweeps, the other runs no query; so too when their URLs name the database differently (the
 *    port 5432 written out in one, left out in the other): the lock was named from the URL, and both swept.
 *  - The holder's listing failing (its storage's `connectedMatches` made to throw): it gives the lock back, and the
 *    other process sweeps and marks gone a seat stored connected that nobody holds. The holder kept the lock (renewed
 *    at each failed sweep), and nobody swept while its storage failed.
 *  - The holder's listing hanging (its `connectedMatches` never answers, and throws nothing): it gives the lock back
 *    2 heartbeats later, asks for it no more while that listing has not answered, and the other process sweeps; the
 *    holder still closes. The lock was kept until it lapsed (3 heartbeats), and the holder's close waited for good.
 *    A listing slower than a heartbeat but answering within two keeps the lock: given up on after one heartbeat, one
 *    slow query on a loaded machine handed the sweep to the other process, and both could sweep in one period.
 *  - The holder killed without a word (SIGKILL, a child process): another takes the sweep over once the lock has
 *    lapsed, and marks gone the seat the dead process left connected.
 *  - Redis not answering (its own redis-server, SIGSTOP): no process runs the query, and a seat stored connected with
 *    no socket is not marked gone (who holds the seats is read in Redis too: nothing can be decided). Each process
 *    ran the query alone, one period in two, for nothing. Once Redis answers again, the seat is marked gone.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresStorage } from '../../server/storage/postgres';
import {
  eventually,
  fullMatch,
  makePublicDir,
  RawClient,
  readMatch,
  sleep,
  startTestServer,
  type TestServer,
} from './harness';
import {
  buildServer,
  dropSchema,
  freePort,
  removeBuild,
  startProcess,
  startRedis,
  twoServers,
  withSchema,
  type ServerProcess,
} from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const HEARTBEAT_MS = 250;
const PERIOD_MS = 2 * HEARTBEAT_MS;
const GAME = 'touched-on';

/** The times of `server`'s sweep queries (its storage's listing of the matches with a seat connected), from now on. */
function countSweeps(server: TestServer): number[] {
  const db = server.db as PostgresStorage;
  const times: number[] = [];
  const query = db.connectedMatches.bind(db);
  db.connectedMatches = () => {
    times.push(Date.now());
    return query();
  };
  return times;
}

/**
 * A match on two processes, each one's sweeps counted, once one of them has swept twice: that one, the lock's
 * holder, and the other, with the times the other swept.
 */
async function sweepingPair(servers: { a(): TestServer; b(): TestServer }) {
  const both = [servers.a(), servers.b()];
  const { matchID } = await fullMatch(both[0].url, 2, GAME);
  const sweeps = both.map(countSweeps);
  await eventually(() => Promise.resolve(sweeps.some((t) => t.length >= 2)), 'a process sweeping');
  const i = sweeps[0].length >= 2 ? 0 : 1;
  return { matchID, holder: both[i], other: both[1 - i], otherSweeps: sweeps[1 - i] };
}

/** How many of `times` fall at or after `since`. */
const after = (times: number[], since: number) => times.filter((t) => t >= since).length;

const opts = (schema: string, redisUrl: string, processName: string) =>
  ({
    storage: 'postgres',
    databaseUrl: withSchema(PG_URL!, schema),
    redisUrl,
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
    processName,
  }) as const;

describe.skipIf(!PG_URL || !REDIS_URL)('the seat sweep, two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'sweep', {
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
  });

  it('runs its query in one process per period, not in each', async () => {
    const [a, b] = [servers.a(), servers.b()];
    // A match with a seat connected, so that the sweep has something to read.
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const player = new RawClient(b.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    const sweeps = [countSweeps(a), countSweeps(b)];
    const windowMs = 10 * PERIOD_MS;
    await sleep(windowMs);
    const [na, nb] = sweeps.map((t) => t.length);
    console.log(`sweep queries in ${windowMs / PERIOD_MS} periods: ${na} by one process, ${nb} by the other`);
    expect(na + nb).toBeGreaterThanOrEqual(windowMs / PERIOD_MS - 2);
    expect(na + nb).toBeLessThanOrEqual(windowMs / PERIOD_MS + 2);
    expect(Math.min(na, nb)).toBeLessThanOrEqual(1);
    player.close();
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('the seat sweep named from the URL at start-up', () => {
  const schema = `sweep_site_${process.pid}_${Date.now().toString(36)}`;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('is named by its site at a later take, once PostgreSQL names it', async () => {
    // PostgreSQL does not name the site at start-up (not answering yet, say), then does.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its storage below
    const real = PostgresStorage.prototype.site;
    let failing = true;
    const spy = vi.spyOn(PostgresStorage.prototype, 'site').mockImplementation(function (this: PostgresStorage) {
      return failing ? Promise.resolve(undefined) : real.call(this);
    });
    const redis = new Redis(REDIS_URL!);
    try {
      server = await startTestServer(opts(schema, REDIS_URL!, 'a'));
      expect(server.logs.some((l) => l.includes('the seat sweep is named from the database URL'))).toBe(true);
      const urlKeys = async () => (await redis.keys('ns:seat-sweep:url:*')).filter((k) => k.endsWith(`/${schema}`));
      await eventually(async () => (await urlKeys()).length === 1, 'the lock taken by the URL', 5000);
      failing = false;
      const site = await real.call(server.db as PostgresStorage);
      expect(site).toBeTruthy();
      // Named so for the process's life before: apart from the processes that named the site, and both swept.
      await eventually(async () => (await redis.get(`ns:seat-sweep:${site}`)) !== null, "the site's lock taken", 5000);
      expect(await urlKeys(), 'the URL-named lock given back').toEqual([]);
      expect(server.logs.some((l) => l.includes('the seat sweep is named by its site now'))).toBe(true);
    } finally {
      spy.mockRestore();
      redis.disconnect();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('the seat sweep, two processes whose URLs name the database differently', () => {
  const schema = `sweep_urls_${process.pid}_${Date.now().toString(36)}`;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('runs its query in one process per period: the lock is named by the database, not by the URL', async () => {
    // The same server, database and schema, its port written out in one URL and left out (the default) in the other.
    const other = new URL(PG_URL!);
    other.port = other.port === '' ? '5432' : other.port === '5432' ? '' : other.port;
    expect(other.toString(), 'a URL spelled differently').not.toBe(new URL(PG_URL!).toString());
    servers.push(await startTestServer(opts(schema, REDIS_URL!, 'a')));
    servers.push(
      await startTestServer({ ...opts(schema, REDIS_URL!, 'b'), databaseUrl: withSchema(other.toString(), schema) }),
    );
    const [a, b] = servers;
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const player = new RawClient(b.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    const sweeps = [countSweeps(a), countSweeps(b)];
    await sleep(10 * PERIOD_MS);
    const [na, nb] = sweeps.map((t) => t.length);
    console.log(`URLs spelled differently, sweep queries in 10 periods: ${na} by one process, ${nb} by the other`);
    // Each process named the lock by its URL (`127.0.0.1:5432/test` and `127.0.0.1/test`): two locks, both swept.
    expect(Math.min(na, nb)).toBeLessThanOrEqual(1);
    expect(na + nb).toBeGreaterThanOrEqual(8);
    player.close();
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)("the seat sweep when its holder's listing fails", () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'sweepfail', {
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
  });

  it('is given back, and another process sweeps and marks gone a seat nobody holds', async () => {
    const { matchID, holder, other, otherSweeps } = await sweepingPair(servers);
    // The holder's storage fails the sweep's listing (its PostgreSQL broken for it), the other's answers.
    const failed: number[] = [];
    (holder.db as PostgresStorage).connectedMatches = () => {
      failed.push(Date.now());
      return Promise.reject(new Error('the storage does not answer'));
    };
    const broke = Date.now();
    // Then seat 0 stored connected, with no socket on any process: a seat a sweep marks gone.
    const { metadata } = await readMatch(other, matchID);
    metadata.players[0].isConnected = true;
    await other.db.setMetadata(matchID, metadata);
    await eventually(
      async () => (await readMatch(other, matchID)).metadata.players[0].isConnected === false,
      'seat 0 marked gone by the other process',
    );
    const goneMs = Date.now() - broke;
    console.log(
      `the holder's listing failing: the other swept ${after(otherSweeps, broke)} times, the seat was marked ` +
        `gone after ${goneMs} ms (the holder's listing failed ${failed.length} times)`,
    );
    // The holder kept the lock through its failures (renewed at each), and no other process swept.
    expect(after(otherSweeps, broke)).toBeGreaterThanOrEqual(2);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(holder.logs.some((l) => l.includes('the sweep given back'))).toBe(true);
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)("the seat sweep when its holder's listing hangs", () => {
  // A heartbeat of 500 ms here: the listing is given up on after two (1 s), the lock lapses after three (1.5 s).
  const heartbeatMs = 2 * HEARTBEAT_MS;
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'sweephang', {
    seatHeartbeatMs: heartbeatMs,
    spectatorHeartbeatMs: heartbeatMs,
  });

  it('is kept through a listing slower than a heartbeat (a slow query on a loaded machine)', async () => {
    const { holder } = await sweepingPair(servers);
    const redis = new Redis(REDIS_URL!);
    const db = holder.db as PostgresStorage;
    const query = db.connectedMatches.bind(db);
    try {
      const key = `ns:seat-sweep:${await db.site()}`;
      const owner = await redis.get(key);
      expect(owner, 'the lock held').not.toBeNull();
      // Each listing answers 1.5 heartbeats late. Given up on after one heartbeat, the lock went back at each.
      const slow: number[] = [];
      db.connectedMatches = async () => {
        slow.push(Date.now());
        await sleep(1.5 * heartbeatMs);
        return query();
      };
      const owners = new Set<string | null>();
      while (slow.length < 3) {
        owners.add(await redis.get(key));
        await sleep(20);
      }
      expect([...owners], 'who held the lock during 2 slow listings').toEqual([owner]);
      expect(holder.logs.some((l) => l.includes('the sweep given back'))).toBe(false);
    } finally {
      db.connectedMatches = query;
      redis.disconnect();
    }
  });

  it('is given back within two heartbeats, another process sweeps, and the holder still closes', async () => {
    const { matchID, holder, other, otherSweeps } = await sweepingPair(servers);
    const redis = new Redis(REDIS_URL!);
    try {
      const key = `ns:seat-sweep:${await (holder.db as PostgresStorage).site()}`;
      const owner = await redis.get(key);
      expect(owner, 'the lock held').not.toBeNull();
      // The holder's listing never answers (a connection that carries nothing), and throws nothing.
      const hung: number[] = [];
      (holder.db as PostgresStorage).connectedMatches = () => {
        hung.push(Date.now());
        return new Promise<string[]>(() => undefined);
      };
      await eventually(() => Promise.resolve(hung.length > 0), "the holder's listing asked");
      // Then seat 0 stored connected, with no socket on any process: a seat a sweep marks gone.
      const { metadata } = await readMatch(other, matchID);
      metadata.players[0].isConnected = true;
      await other.db.setMetadata(matchID, metadata);
      await eventually(async () => (await redis.get(key)) !== owner, 'the lock given back', 5000, 10);
      const backMs = Date.now() - hung[0];
      // Given back 2 heartbeats after the listing was asked (1 s); kept until it lapsed, 3 heartbeats after the sweep's
      // renewal (1.5 s), before.
      expect(backMs).toBeGreaterThanOrEqual(2 * heartbeatMs - 20);
      expect(backMs).toBeLessThan(2.8 * heartbeatMs);
      await eventually(
        async () => (await readMatch(other, matchID)).metadata.players[0].isConnected === false,
        'seat 0 marked gone by the other process',
      );
      const goneMs = Date.now() - hung[0];
      // The holder asks for the lock no more while its listing has not answered: the other keeps it.
      const since = Date.now();
      await sleep(4 * 2 * heartbeatMs);
      const closing = Date.now();
      // The holder's close waited for the hung sweep for good.
      const closed = await Promise.race([holder.close().then(() => true), sleep(3000).then(() => false)]);
      expect(closed, "the holder's close, its listing hanging").toBe(true);
      const closeMs = Date.now() - closing;
      console.log(
        `the holder's listing hanging: the lock was free again after ${backMs} ms, the seat marked gone after ` +
          `${goneMs} ms (heartbeat ${heartbeatMs} ms), the other swept ${after(otherSweeps, since)} times in 4 ` +
          `periods, the holder listed ${hung.length} times and closed in ${closeMs} ms`,
      );
      expect(hung).toHaveLength(1);
      expect(after(otherSweeps, since)).toBeGreaterThanOrEqual(3);
      expect(holder.logs.some((l) => l.includes('the sweep given back'))).toBe(true);
    } finally {
      redis.disconnect();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('the seat sweep when the process holding it is killed', () => {
  const schema = `sweep_dead_${process.pid}_${Date.now().toString(36)}`;
  // Made once the suite runs: a suite skipped or filtered out runs its body, not its hooks.
  let publicDir = '';
  let serverFile: string | undefined;
  let doomed: ServerProcess | undefined;
  const servers: TestServer[] = [];
  let redis: Redis | undefined;

  beforeAll(async () => {
    publicDir = makePublicDir();
    serverFile = await buildServer();
  }, 60_000);
  afterAll(async () => {
    await doomed?.stop('SIGKILL');
    for (const server of servers) await server.close();
    redis?.disconnect();
    if (publicDir) fs.rmSync(publicDir, { recursive: true, force: true });
    if (serverFile) removeBuild(serverFile);
    await dropSchema(PG_URL ?? '', schema);
  });

  it('is taken over by another once the lock lapses, and the seats the dead process left are marked gone', async () => {
    redis = new Redis(REDIS_URL!);
    // The lock's holder now, if any: the key names the database and the schema.
    const holder = async () => {
      const [key] = await redis!.keys(`ns:seat-sweep:*/${schema}`);
      return key ? await redis!.get(key) : null;
    };
    // The first process, of its own (a child process, so that it can be killed), takes the lock.
    const args = ['--storage', 'postgres', '--database-url', withSchema(PG_URL!, schema), '--redis-url', REDIS_URL!];
    doomed = await startProcess(serverFile!, [
      ...args,
      '--port',
      '0',
      '--public-dir',
      publicDir,
      '--redis-heartbeat',
      String(HEARTBEAT_MS),
    ]);
    await eventually(async () => (await holder()) !== null, 'the first process holding the sweep');
    const first = await holder();
    const a = await startTestServer(opts(schema, REDIS_URL!, 'a'));
    servers.push(a);
    const b = await startTestServer(opts(schema, REDIS_URL!, 'b'));
    servers.push(b);
    const sweeps = [countSweeps(a), countSweeps(b)];

    // A seat held on the first process, one on a.
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const players = [new RawClient(doomed.url, { namespace: GAME }), new RawClient(a.url, { namespace: GAME })];
    try {
      for (const seat of [0, 1]) await players[seat].sync(matchID, String(seat), creds[seat]);
      await eventually(async () => {
        const { metadata } = await readMatch(a, matchID);
        return metadata.players[0].isConnected === true && metadata.players[1].isConnected === true;
      }, 'both seats connected');
      // While the first process holds the lock, the others run no sweep query.
      await sleep(4 * PERIOD_MS);
      expect(await holder()).toBe(first);
      expect(sweeps.map((t) => t.length)).toEqual([0, 0]);

      const killed = Date.now();
      await doomed.stop('SIGKILL');
      await eventually(() => Promise.resolve(sweeps.some((t) => t.length > 0)), 'another process sweeping');
      const tookOverMs = Math.min(...sweeps.flat()) - killed;
      await eventually(
        async () => (await readMatch(a, matchID)).metadata.players[0].isConnected === false,
        "seat 0 marked gone (the dead process's)",
      );
      const goneMs = Date.now() - killed;
      expect((await readMatch(a, matchID)).metadata.players[1].isConnected).toBe(true);
      const taker = await holder();
      expect(taker).not.toBe(first);

      // From then on, one of the two sweeps.
      const since = Date.now();
      await sleep(8 * PERIOD_MS);
      const counts = sweeps.map((t) => after(t, since));
      console.log(
        `the sweep's holder killed: another swept ${tookOverMs} ms later, its seat was marked gone after ` +
          `${goneMs} ms (heartbeat ${HEARTBEAT_MS} ms); then in 8 periods ${counts.join(' and ')} sweep queries`,
      );
      expect(tookOverMs).toBeLessThan(3 * HEARTBEAT_MS + 2 * PERIOD_MS + 500);
      expect(Math.min(...counts)).toBeLessThanOrEqual(1);
      expect(counts[0] + counts[1]).toBeLessThanOrEqual(8 + 2);
    } finally {
      players.forEach((p) => p.close());
    }
  }, 60_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('the seat sweep while Redis does not answer', () => {
  const schema = `sweep_away_${process.pid}_${Date.now().toString(36)}`;
  let redis: ChildProcess | undefined;
  const servers: TestServer[] = [];
  afterAll(async () => {
    redis?.kill('SIGKILL');
    for (const server of servers) await server.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('runs no query and marks no seat gone, then sweeps again once Redis answers', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    for (const name of ['a', 'b']) servers.push(await startTestServer(opts(schema, url, name)));
    const [a] = servers;
    // A match nobody is connected to (made while Redis answers: the lobby tells the other processes through it).
    const { matchID } = await fullMatch(a.url, 2, GAME);
    const sweeps = servers.map(countSweeps);
    await sleep(6 * PERIOD_MS);
    expect(Math.min(...sweeps.map((t) => t.length)), 'one process swept with Redis up').toBeLessThanOrEqual(1);
    expect(sweeps[0].length + sweeps[1].length, 'a process swept with Redis up').toBeGreaterThanOrEqual(3);
    // SIGSTOP: the connections stay open, and no command is answered.
    redis.kill('SIGSTOP');
    // Then seat 0 stored connected, with no socket on any process: a seat a sweep would mark gone, could it decide.
    const { metadata } = await readMatch(a, matchID);
    metadata.players[0].isConnected = true;
    await a.db.setMetadata(matchID, metadata);
    // A lock's answer on its way as Redis stopped has been read by now (its sweep's query counted before `since`).
    await sleep(100);
    const since = Date.now();
    await sleep(8 * PERIOD_MS);
    const counts = sweeps.map((t) => after(t, since));
    console.log(`with Redis not answering, in 8 periods: ${counts.join(' and ')} sweep queries`);
    // Each process ran the query in one period of two (each sweep first waited 0.5 s for the lock's answer), for
    // nothing: who holds the seats is read in Redis too.
    expect(counts).toEqual([0, 0]);
    expect((await readMatch(a, matchID)).metadata.players[0].isConnected).toBe(true);

    // Redis answers again: a process takes the lock, sweeps, and marks the seat gone.
    redis.kill('SIGCONT');
    await eventually(
      async () => (await readMatch(a, matchID)).metadata.players[0].isConnected === false,
      'seat 0 marked gone once Redis answers',
    );
    expect(sweeps[0].length + sweeps[1].length).toBeGreaterThan(0);
  }, 30_000);
});
