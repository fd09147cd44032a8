/**
 * A seat's connection (metadata `players[seat].isConnected`) with several server processes on one PostgreSQL
 * database and one Redis, each recording in Redis the seats its sockets hold (server/seat-presence.ts), with raw
 * socket.io clients and a heartbeat of 100 ms:
 *  - a seat held by two sockets on two processes (two tabs of one player) stays connected when either closes, and
 *    is marked gone once both have; closed at the same moment, it ends up gone too. boardgame.io counts a seat's
 *    sockets per process: the first tab closed marked the player gone.
 *  - the turn clock's bot, holding the turn of a gone player for a decision asked of another seat, leaves the rest
 *    of the turn to its player when they come back on the other process, and its leaving does not mark them gone.
 *    It saw a return to its own process only, and played the rest of the turn. Its own socket may be on the other
 *    process too (under --workers it connects through the shared port): it still sees its player back there, where
 *    it saw nothing while its own process held no socket of the match.
 *  - a process killed without a word (SIGKILL) leaves its seats connected in the storage: once its records in Redis
 *    have expired, a live process marks them gone, and not the seats held by live processes, one just started
 *    included. A process with Redis never cleared them.
 *  - a seat stored gone while a socket of a process holds it (boardgame.io's write of an earlier socket's
 *    disconnection landing late) is marked connected again at that process's next heartbeat or so, on PostgreSQL
 *    and on a storage of the process's own (memory); the sweep looks only at seats stored connected, and the seat
 *    stayed gone until its socket synced again.
 *  - a socket that syncs again as a spectator, or with credentials that are not its seat's, holds its seat no more:
 *    the sweep marks the seat gone, and no heartbeat marks it connected again. The socket stayed registered for its
 *    seat, which the sweep saw held and every heartbeat marked connected. So too a socket that syncs again as another
 *    seat, of the match or of another one: its first seat's record goes from Redis and the sweep marks it gone (that
 *    held before: `SeatSockets.add` lets go of the socket's earlier seat; checked here so that it stays so).
 *  - a seat whose last socket closes as the heartbeat, or the look after a disconnection, marks it connected (the write held until the socket has closed
 *    and boardgame.io's disconnection, read before it, has landed): marked gone once the write lands. It stayed
 *    connected with no socket until the sweep had seen it so twice.
 *  - with Redis not answering (its process stopped), a process decides from its own sockets, and a sync waits only
 *    a moment for its record.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { waitingOn } from '../../src/games/common/waiting-room';
import type { TOState } from '../../src/games/touched-on/types';
import type { PostgresStorage } from '../../server/storage/postgres';
import { inspectorAway } from './clock-matches';
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
const HEARTBEAT_MS = 100;
const GAME = 'touched-on';

/** What a page was told of seat `seat`'s connection (boardgame.io's `matchData`), in order. */
const toldOf = (c: RawClient, seat: number) =>
  c.received
    .filter((m) => m[0] === 'matchData')
    .map((m) => (m[2] as Array<{ id: number; isConnected?: boolean }>).find((p) => p.id === seat)?.isConnected);

const chatTexts = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'chat').map((m) => (m[2] as { payload: { text: string } }).payload.text);

/** Seat `seat`'s stored connection. */
const connected = async (server: TestServer, matchID: string, seat = 0) =>
  (await readMatch(server, matchID)).metadata.players[seat].isConnected as boolean | undefined;

/**
 * Seat 0 of a new match, held by a socket of `a`, stored gone (as when boardgame.io's write of an earlier socket's
 * disconnection lands after this socket's sync and after the look that follows it): marked connected again within a
 * few heartbeats, and told.
 */
async function heldSeatComesBack(a: TestServer): Promise<void> {
  const { matchID, creds } = await fullMatch(a.url, 2, GAME);
  const other = new RawClient(a.url, { namespace: GAME });
  await other.sync(matchID, '1', creds[1]);
  const player = new RawClient(a.url, { namespace: GAME });
  await player.sync(matchID, '0', creds[0]);
  await eventually(async () => (await connected(a, matchID)) === true, 'seat 0 connected');
  // As when boardgame.io's write of an earlier socket's disconnection lands after this socket's sync and after the
  // look that follows it: the seat stored gone, written straight into the storage (on the metadata read, so only
  // that seat's connection is written).
  const { metadata } = await readMatch(a, matchID);
  metadata.players[0].isConnected = false;
  await a.db.setMetadata(matchID, metadata);
  expect(await connected(a, matchID)).toBe(false);
  const told = toldOf(other, 0).length;
  const wrote = Date.now();
  // The sweep looks only at seats stored connected: before, the seat stayed gone until its socket synced again.
  await eventually(async () => (await connected(a, matchID)) === true, 'seat 0 connected again', 20 * HEARTBEAT_MS);
  console.log(`a seat stored gone while held here was marked connected again after ${Date.now() - wrote} ms`);
  await other.waitFor(() => toldOf(other, 0).length > told, 5000, 'seat 0 told connected');
  expect(toldOf(other, 0).at(-1)).toBe(true);
  expect(a.logs.some((l) => l.includes('seats a live process holds marked connected again'))).toBe(true);
  player.close();
  other.close();
}

describe.skipIf(!PG_URL || !REDIS_URL)('seat connections across processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'seats', {
    clockScale: 60,
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
  });

  it('a seat with a tab on each process stays connected while either is open, and is gone once both close', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const other = new RawClient(a.url, { namespace: GAME });
    await other.sync(matchID, '1', creds[1]);
    const onA = new RawClient(a.url, { namespace: GAME });
    await onA.sync(matchID, '0', creds[0]);
    const onB = new RawClient(b.url, { namespace: GAME });
    await onB.sync(matchID, '0', creds[0]);
    await other.waitFor(() => toldOf(other, 0).filter((c) => c === true).length >= 2, 5000, 'both tabs connected');
    expect(await connected(a, matchID)).toBe(true);

    // The tab on the first process closes: the player is still there, on the other. (A disconnection is handled in
    // a few milliseconds; before, the first process marked the seat gone at once, stored and told.)
    onA.close();
    await sleep(500);
    expect(await connected(a, matchID), 'seat 0 marked gone while its tab on the other process is open').toBe(true);
    expect(toldOf(other, 0)).not.toContain(false);

    // The other tab closes: gone, stored and told (the page's socket is on the first process).
    onB.close();
    await other.waitFor(() => toldOf(other, 0).includes(false), 5000, 'seat 0 told gone');
    expect(await connected(a, matchID)).toBe(false);
    other.close();
  });

  it('a seat whose two tabs on two processes close at the same moment ends up gone', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const tabs = [new RawClient(a.url, { namespace: GAME }), new RawClient(b.url, { namespace: GAME })];
    for (const tab of tabs) await tab.sync(matchID, '0', creds[0]);
    await eventually(async () => (await connected(a, matchID)) === true, 'seat 0 connected');
    // Each process may still hear of the other's socket as its own closes, and keep the seat: the sweep then finds it
    // held by nobody, twice a heartbeat apart, and marks it gone.
    tabs.forEach((tab) => tab.close());
    await eventually(async () => (await connected(a, matchID)) === false, 'seat 0 gone', 5000);
  });

  it('a seat stored gone while a socket of the process holds it is marked connected again within a few heartbeats', async () => {
    await heldSeatComesBack(servers.a());
  });

  it("a socket that syncs again as a spectator, or without its seat's credentials, no longer holds its seat", async () => {
    const a = servers.a();
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const tabs = [new RawClient(a.url, { namespace: GAME }), new RawClient(a.url, { namespace: GAME })];
    try {
      for (const seat of [0, 1]) await tabs[seat].sync(matchID, String(seat), creds[seat]);
      await eventually(
        async () => (await connected(a, matchID, 0)) === true && (await connected(a, matchID, 1)) === true,
        'both seats connected',
      );
      // Seat 0's socket watches the match now; seat 1's syncs with credentials that are not the seat's (boardgame.io
      // answers no sync then). Neither marks its seat gone (boardgame.io does so only on a disconnection).
      await tabs[0].sync(matchID, null);
      tabs[1].socket.emit('sync', matchID, '1', 'not-the-credentials', 2);
      // Nobody holds the seats: the sweep marks them gone. Before, both sockets stayed registered for their seats,
      // which the sweep then saw held, and which were marked connected again at every heartbeat had they been stored
      // gone.
      for (const seat of [0, 1]) {
        await eventually(
          async () => (await connected(a, matchID, seat)) === false,
          `seat ${seat} gone`,
          20 * HEARTBEAT_MS,
        );
      }
      // And they stay gone: no heartbeat marks them connected again.
      await sleep(5 * HEARTBEAT_MS);
      expect(await connected(a, matchID, 0)).toBe(false);
      expect(await connected(a, matchID, 1)).toBe(false);
    } finally {
      for (const tab of tabs) tab.close();
    }
  });

  it('a socket that syncs again as another seat, with its credentials, no longer holds its first seat', async () => {
    const a = servers.a();
    const redis = new Redis(REDIS_URL!);
    // Whether a process's field in Redis holds seat `seat` of `matchID` (server/seat-presence.ts).
    const recorded = async (matchID: string, seat: string) =>
      Object.entries(await redis.hgetall(`ns:seats:${matchID}`)).some(
        ([field, value]) => field.endsWith(`:${seat}`) && Number(value.split(':')[0]) > 0,
      );
    const one = await fullMatch(a.url, 2, GAME);
    const two = await fullMatch(a.url, 2, GAME);
    const tab = new RawClient(a.url, { namespace: GAME });
    try {
      await tab.sync(one.matchID, '0', one.creds[0]);
      await eventually(async () => (await connected(a, one.matchID, 0)) === true, 'seat 0 connected');
      expect(await recorded(one.matchID, '0')).toBe(true);
      // The same socket syncs as seat 1 now (a tab whose player moved to the other seat): boardgame.io marks seat 1
      // connected, and leaves seat 0 as it was (it marks a seat gone only on a disconnection).
      await tab.sync(one.matchID, '1', one.creds[1]);
      await eventually(async () => (await connected(a, one.matchID, 1)) === true, 'seat 1 connected');
      // Seat 0 is no longer recorded held (the other processes' sweep would see it held), nor registered here: the
      // sweep marks it gone, and no heartbeat marks it connected again.
      await eventually(async () => !(await recorded(one.matchID, '0')), 'seat 0 no longer recorded', 1000);
      await eventually(async () => (await connected(a, one.matchID, 0)) === false, 'seat 0 gone', 20 * HEARTBEAT_MS);
      // Then as a seat of another match: the first match's seat 1 is let go as well.
      await tab.sync(two.matchID, '0', two.creds[0]);
      await eventually(async () => (await connected(a, two.matchID, 0)) === true, "the other match's seat 0");
      await eventually(async () => !(await recorded(one.matchID, '1')), 'seat 1 no longer recorded', 1000);
      await eventually(async () => (await connected(a, one.matchID, 1)) === false, 'seat 1 gone', 20 * HEARTBEAT_MS);
      await sleep(5 * HEARTBEAT_MS);
      expect(await connected(a, one.matchID, 0)).toBe(false);
      expect(await connected(a, one.matchID, 1)).toBe(false);
      expect(await connected(a, two.matchID, 0)).toBe(true);
    } finally {
      tab.close();
      redis.disconnect();
    }
  });

  it("the clock's bot leaves the rest of the turn to its player, back on the other process", async () => {
    const [a, b] = [servers.a(), servers.b()];
    const def = findGame(GAME)!;
    const backWords = 'P0 is back: the rest of this turn is theirs.';
    // Everything so far through the first process, which alone watches the match's clock: its bot inspects for P0.
    const { matchID, creds } = await inspectorAway(a);
    const victim = new RawClient(a.url, { namespace: GAME });
    await victim.sync(matchID, '1', creds[1]);
    await victim.waitFor(
      () => (victim.state?.G as TOState | undefined)?.pending?.player === '1',
      10_000,
      'the inspection by the clock',
    );
    expect(a.clocks.expiring, "the first process's bot holding P0's turn").toBe(1);
    expect(b.clocks.expiring).toBe(0);

    // P0 opens the match on the other process while P1 decides; then P1 Appeals: the rest of the turn is P0's.
    const player = new RawClient(b.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    victim.move(matchID, '1', creds[1], 'appeal', [], victim.state!._stateID);
    await victim.waitFor(() => chatTexts(victim).includes(backWords), 10_000, 'P0 back');
    // (The bot may leave as soon as P0 is back, before the Appeal reaches P0's page.)
    const appealed = () => (player.state!.G as TOState).log.some((e) => e.type === 'appeal');
    await player.waitFor(appealed, 5000, "the Appeal on P0's page");
    const s = player.state!;
    expect(waitingOn(s.ctx, s.G, def.waitingOn)).toEqual(['0']);
    // The G log ends with the Appeal and P0 taking the Evaders back, nothing played since.
    expect((s.G as TOState).log.slice(-2).map((e) => e.type)).toEqual(['appeal', 'take']);

    // The bot's socket (on the first process) has closed: P0, on the other, is still connected.
    await eventually(() => Promise.resolve(a.clocks.expiring === 0), "the bot's leaving");
    await sleep(500);
    expect(await connected(a, matchID), 'P0 marked gone as the bot left').toBe(true);
    expect(toldOf(victim, 0).at(-1)).toBe(true);
    player.close();
    victim.close();
  }, 30_000);

  it("the clock's bot sees its player back when its own socket and the match's others are on another process", async () => {
    const [a, b] = [servers.a(), servers.b()];
    // No clock: the first process's bot is set to play P0's turn here, as its clock would.
    const { matchID, creds } = await inspectorAway(a, 'none');
    // Under --workers a bot connects through the shared port, as a page does: its socket may reach another worker.
    // Here every socket of the match is on the other process, the bot's too; the first holds none.
    const bots = a.bots as unknown as { url: string };
    const ownUrl = bots.url;
    bots.url = b.url;
    const victim = new RawClient(b.url, { namespace: GAME });
    const player = new RawClient(b.url, { namespace: GAME });
    try {
      await victim.sync(matchID, '1', creds[1]);
      const backWords = 'P0 is back: the rest of this turn is theirs.';
      const played = a.bots.playFor(GAME, matchID, '0', 'easy', { holdMs: 10_000, sayBack: backWords });
      await victim.waitFor(
        () => (victim.state?.G as TOState | undefined)?.pending?.player === '1',
        10_000,
        'the inspection by the bot',
      );
      // P0 comes back (on the other process) while P1 decides; then P1 Appeals: the rest of the turn is P0's.
      await player.sync(matchID, '0', creds[0]);
      await sleep(300);
      victim.move(matchID, '1', creds[1], 'appeal', [], victim.state!._stateID);
      const result = await played;
      expect(result.back, 'the bot played on: it never heard of P0 back').toBe(true);
      await victim.waitFor(() => chatTexts(victim).includes(backWords), 5000, 'P0 back');
      const appealed = () => (victim.state!.G as TOState).log.some((e) => e.type === 'appeal');
      await victim.waitFor(appealed, 5000, 'the Appeal');
      const s = victim.state!;
      expect(waitingOn(s.ctx, s.G, findGame(GAME)!.waitingOn)).toEqual(['0']);
    } finally {
      bots.url = ownUrl;
      player.close();
      victim.close();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)("a seat's last socket closing as the heartbeat marks it connected", () => {
  // A heartbeat of 500 ms: the sweep (every second) marks a seat gone once it has seen it unheld twice, 1 s or more.
  const heartbeatMs = 500;
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'seats_late', {
    seatHeartbeatMs: heartbeatMs,
    spectatorHeartbeatMs: heartbeatMs,
  });

  /**
   * Holds the next write of `a`'s storage marking seat 0 of `matchID` connected until `player`, its socket, has closed
   * and boardgame.io's disconnection (read before that write, as it may be: its read-then-write is not in the
   * match's queue) has landed; `start` makes that write happen. Resolves with the time the held write landed, the
   * storage's writes as they were.
   */
  async function closeUnderMark(a: TestServer, matchID: string, player: RawClient, start: () => Promise<void> | void) {
    const db = a.db as PostgresStorage;
    const write = db.setMetadata.bind(db);
    let armed = true;
    let release: (() => void) | undefined;
    let heldWrite: Promise<void> | undefined;
    let disconnection: Promise<void> | undefined;
    db.setMetadata = (id, metadata) => {
      const seat = metadata.players[0]?.isConnected;
      if (id === matchID && armed && seat === true) {
        armed = false;
        const gate = new Promise<void>((resolve) => (release = resolve));
        heldWrite = gate.then(() => write(id, metadata));
        return heldWrite;
      }
      if (id === matchID && release && seat === false && !disconnection) {
        disconnection = write(id, metadata);
        return disconnection;
      }
      return write(id, metadata);
    };
    try {
      // Seat 0 stored gone while its socket holds it: what marks it connected again is held.
      const { metadata } = await readMatch(a, matchID);
      metadata.players[0].isConnected = false;
      await write(matchID, metadata);
      await start();
      await eventually(() => Promise.resolve(release !== undefined), 'the write marking it connected', 5000);
      player.close();
      await eventually(() => Promise.resolve(disconnection !== undefined), "boardgame.io's disconnection", 5000);
      await disconnection;
      release!();
      await heldWrite;
      return Date.now();
    } finally {
      db.setMetadata = write;
    }
  }

  it('is marked gone as soon as the write lands, not left connected until the sweep', async () => {
    const a = servers.a();
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const player = new RawClient(a.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    await eventually(async () => (await connected(a, matchID)) === true, 'seat 0 connected');
    // The next heartbeat marks seat 0, stored gone, connected: its write is held.
    const landed = await closeUnderMark(a, matchID, player, () => undefined);
    await eventually(async () => (await connected(a, matchID)) === false, 'seat 0 gone', 10 * heartbeatMs, 10);
    const goneMs = Date.now() - landed;
    console.log(`a seat whose last socket closed as the heartbeat marked it connected was gone ${goneMs} ms later`);
    // It stayed connected with no socket until the sweep had seen it so twice (1 s at least here, 20 s and more with
    // the default heartbeat).
    expect(goneMs).toBeLessThan(heartbeatMs);
    await eventually(
      () => Promise.resolve(a.logs.some((l) => l.includes('seats whose last socket closed as they were marked'))),
      'the mark logged',
      2000,
    );
  }, 30_000);

  it('is marked gone as soon as the write lands when the look after a disconnection marked it connected', async () => {
    const a = servers.a();
    const sweep = a.seatSweep!;
    // Only the look that follows a seat marked gone (`afterGone`) marks it connected here, not the heartbeat's.
    const keepHeld = sweep.keepHeld.bind(sweep);
    sweep.keepHeld = () => Promise.resolve(0);
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const player = new RawClient(a.url, { namespace: GAME });
    try {
      await player.sync(matchID, '0', creds[0]);
      await eventually(async () => (await connected(a, matchID)) === true, 'seat 0 connected');
      // Looked at after a disconnection (of another tab of it, say), seat 0, stored gone, is marked connected.
      const landed = await closeUnderMark(a, matchID, player, () => sweep.afterGone(matchID, '0'));
      await eventually(async () => (await connected(a, matchID)) === false, 'seat 0 gone', 10 * heartbeatMs, 10);
      const goneMs = Date.now() - landed;
      console.log(
        `a seat whose last socket closed as the look after a disconnection marked it connected was gone ${goneMs} ms later`,
      );
      // Before, it stayed connected with no socket until the sweep had seen it so twice (1 s at least here).
      expect(goneMs).toBeLessThan(heartbeatMs);
    } finally {
      sweep.keepHeld = keepHeld;
      player.close();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('seats left connected by a process killed without a word', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'seats_dead', {
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
  });
  // Made once the suite runs: a suite skipped or filtered out runs its body, not its hooks.
  let publicDir = '';
  let serverFile: string | undefined;
  let doomed: ServerProcess | undefined;
  let late: TestServer | undefined;

  beforeAll(async () => {
    publicDir = makePublicDir();
    serverFile = await buildServer();
  }, 60_000);
  afterAll(async () => {
    await doomed?.stop('SIGKILL');
    await late?.close();
    if (publicDir) fs.rmSync(publicDir, { recursive: true, force: true });
    if (serverFile) removeBuild(serverFile);
  });

  it('are marked gone once its records expire; seats held by live processes stay connected', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const dbUrl = withSchema(PG_URL!, servers.schema);
    // A third process, of its own (a child process, so that it can be killed), with the same short heartbeat.
    const args = ['--storage', 'postgres', '--database-url', dbUrl, '--redis-url', REDIS_URL!];
    doomed = await startProcess(serverFile!, [
      ...args,
      '--port',
      '0',
      '--public-dir',
      publicDir,
      '--redis-heartbeat',
      '100',
    ]);
    const { matchID, creds } = await fullMatch(a.url, 3, GAME);
    const players = [
      new RawClient(doomed.url, { namespace: GAME }),
      new RawClient(a.url, { namespace: GAME }),
      new RawClient(b.url, { namespace: GAME }),
    ];
    try {
      for (let seat = 0; seat < 3; seat++) await players[seat].sync(matchID, String(seat), creds[seat]);
      await eventually(async () => {
        const { metadata } = await readMatch(a, matchID);
        return [0, 1, 2].every((seat) => metadata.players[seat].isConnected === true);
      }, 'every seat connected');

      // Killed: nothing marks seat 0 gone; its socket is closed.
      const killed = Date.now();
      await doomed.stop('SIGKILL');
      await eventually(() => Promise.resolve(!players[0].socket.connected), 'the socket closed');
      // Its record in Redis stops counting 3 heartbeats after its last renewal; a sweep (every 2 heartbeats) then
      // sees the seat held by nobody, and the next one marks it gone.
      await eventually(async () => (await connected(a, matchID, 0)) === false, 'seat 0 marked gone');
      const tookMs = Date.now() - killed;
      expect(tookMs).toBeGreaterThanOrEqual(3 * HEARTBEAT_MS);
      console.log(`seat left connected by a killed process marked gone after ${tookMs} ms`);
      await players[1].waitFor(() => toldOf(players[1], 0).includes(false), 5000, 'seat 0 told gone');
      expect([...a.logs, ...b.logs].some((l) => l.includes('seats no live process holds marked gone'))).toBe(true);

      // Seat 0's player comes back on a process that has just started: connected, and held through many sweeps.
      late = await startTestServer({
        storage: 'postgres',
        databaseUrl: dbUrl,
        redisUrl: REDIS_URL,
        seatHeartbeatMs: HEARTBEAT_MS,
        processName: 'late',
      });
      const back = new RawClient(late.url, { namespace: GAME });
      players.push(back);
      await back.sync(matchID, '0', creds[0]);
      await eventually(async () => (await connected(a, matchID, 0)) === true, 'seat 0 connected again');
      await sleep(20 * HEARTBEAT_MS);
      const { metadata } = await readMatch(a, matchID);
      expect([0, 1, 2].map((seat) => metadata.players[seat].isConnected)).toEqual([true, true, true]);
      expect(toldOf(players[1], 0).at(-1)).toBe(true);
    } finally {
      players.forEach((p) => p.close());
    }
  }, 60_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('seat connections while Redis does not answer', () => {
  const schema = `seats_away_${process.pid}_${Date.now().toString(36)}`;
  let redis: ChildProcess | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    // Redis first: it is stopped, and a server closing would wait for each of its commands to time out.
    redis?.kill('SIGKILL');
    await server?.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('a process decides from its own sockets, and a sync waits only a moment for its record', async () => {
    // A Redis of the test's own, to stop (SIGSTOP: its connections stay open, and no command is answered).
    const port = await freePort();
    redis = await startRedis(port);
    server = await startTestServer({
      storage: 'postgres',
      databaseUrl: withSchema(PG_URL!, schema),
      redisUrl: `redis://127.0.0.1:${port}`,
      seatHeartbeatMs: HEARTBEAT_MS,
    });
    const srv = server;
    const { matchID, creds } = await fullMatch(srv.url, 2, GAME);
    redis.kill('SIGSTOP');

    // The match's first seat sockets here, synced with Redis not answering: each waits at most a moment (0.5 s) for
    // its record.
    const other = new RawClient(srv.url, { namespace: GAME });
    const tabs = [new RawClient(srv.url, { namespace: GAME }), new RawClient(srv.url, { namespace: GAME })];
    const syncs: number[] = [];
    for (const [client, seat] of [
      [other, '1'],
      [tabs[0], '0'],
      [tabs[1], '0'],
    ] as const) {
      await client.connected();
      const began = Date.now();
      await client.sync(matchID, seat, creds[Number(seat)]);
      syncs.push(Date.now() - began);
    }
    console.log(`syncs with Redis not answering took ${syncs.join(', ')} ms`);
    expect(Math.max(...syncs)).toBeLessThan(2000);
    await eventually(async () => (await connected(srv, matchID)) === true, 'seat 0 connected');

    // One tab closes: the other, on this process, holds the seat; then it closes too: gone, told at once.
    tabs[0].close();
    await sleep(500);
    expect(await connected(srv, matchID)).toBe(true);
    const closed = Date.now();
    tabs[1].close();
    await other.waitFor(() => toldOf(other, 0).includes(false), 5000, 'seat 0 told gone');
    expect(Date.now() - closed).toBeLessThan(1000);
    expect(await connected(srv, matchID)).toBe(false);
    // Sweeps without an answer from Redis mark nothing: seat 1, held here, stays connected.
    await sleep(10 * HEARTBEAT_MS);
    expect(await connected(srv, matchID, 1)).toBe(true);
    other.close();
  }, 30_000);
});

describe.skipIf(!REDIS_URL)('seat connections with Redis, on a storage of its own', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('a seat stored gone while a socket of the process holds it is marked connected again (memory storage)', async () => {
    server = await startTestServer({ redisUrl: REDIS_URL, seatHeartbeatMs: HEARTBEAT_MS });
    await heldSeatComesBack(server);
  });
});
