/**
 * Closing a match that has not started (server/close-match.ts), against real
 * servers on loopback with raw socket.io clients: on the file storage, on
 * PostgreSQL, and with two server processes sharing PostgreSQL and Redis.
 * Only the creator's seat may close (the seat joined with the creator key
 * that `create` answered), with its credentials; every refusal changes
 * nothing; every socket of the match is told.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME, http, joinMatch, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';
import { twoServers, withSchema } from './processes';
import { RecentlyClosed } from '../../server/close-match';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/** Creates a match and joins seat 0 with the creator key, as the lobby's "New match" does. */
async function createAsCreator(base: string, numPlayers = 3, name = 'Ana') {
  const created = await http(base, `/games/${GAME}/create`, {
    method: 'POST',
    json: { numPlayers, setupData: { firstPlayer: 0 } },
  });
  expect(created.status).toBe(200);
  const { matchID, creatorKey } = created.json as { matchID: string; creatorKey: string };
  expect(typeof creatorKey).toBe('string');
  const joined = await http(base, `/games/${GAME}/${matchID}/join`, {
    method: 'POST',
    json: { playerID: '0', playerName: name, creatorKey },
  });
  expect(joined.status).toBe(200);
  return { matchID, creatorKey, creds: joined.json.playerCredentials as string };
}

const close = (base: string, matchID: string, body: unknown) =>
  http(base, `/games/${GAME}/${matchID}/close`, { method: 'POST', json: body });

const listed = async (base: string) =>
  ((await http(base, `/games/${GAME}?isGameover=false`)).json.matches as { matchID: string }[]).map((m) => m.matchID);

/** The `matchClosed` messages a client received. */
const closedMessages = (c: RawClient) => c.received.filter((m) => m[0] === 'matchClosed');

/** Every check on one server; `server()` is read when the tests run. */
function closingTests(server: () => TestServer) {
  it('lets the creator close a waiting match: gone from storage and the list, and every socket is told', async () => {
    const base = server().url;
    const { matchID, creds } = await createAsCreator(base);
    const bruno = await joinMatch(base, matchID, '1', 'Bruno');
    expect(await listed(base)).toContain(matchID);
    const seated = new RawClient(base);
    const watcher = new RawClient(base);
    await seated.sync(matchID, '1', bruno);
    await watcher.sync(matchID, null);

    const res = await close(base, matchID, { playerID: '0', credentials: creds });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ matchID, closed: true });

    for (const c of [seated, watcher]) {
      await c.waitFor(() => closedMessages(c).length > 0, 5000, 'matchClosed');
      expect(closedMessages(c)[0]).toEqual(['matchClosed', matchID, { seat: '0', name: 'Ana' }]);
    }
    // A page that missed the socket's notice asks for the match: still gone, and it says who closed it.
    const asked = await http(base, `/games/${GAME}/${matchID}`);
    expect(asked.status).toBe(404);
    expect(asked.json).toEqual({
      error: `Ana closed match ${matchID} before it started`,
      closedBy: { seat: '0', name: 'Ana' },
    });
    const unknown = await http(base, `/games/${GAME}/no-such-match`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('Match no-such-match not found');
    expect(await listed(base)).not.toContain(matchID);
    expect((await http(base, `/matches/status?ids=${matchID}`)).json.matches).toEqual([]);
    const stored = await readMatch(server(), matchID);
    expect(stored.metadata).toBeUndefined();
    expect(stored.state).toBeUndefined();
    expect(stored.log ?? []).toEqual([]);
    // A second close finds nothing; so does a join that comes too late.
    expect((await close(base, matchID, { playerID: '0', credentials: creds })).status).toBe(404);
    const late = await http(base, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '2', playerName: 'Late' },
    });
    expect(late.status).toBe(404);
    expect(await listed(base)).not.toContain(matchID);
    seated.close();
    watcher.close();
  });

  it('refuses (403) another seat, wrong credentials and a spectator, and changes nothing', async () => {
    const base = server().url;
    const { matchID, creds } = await createAsCreator(base);
    const bruno = await joinMatch(base, matchID, '1', 'Bruno');
    const before = (await http(base, `/games/${GAME}/${matchID}`)).json;
    const refusals = [
      [{ playerID: '1', credentials: bruno }, /Only the player who created this match/],
      [{ playerID: '0', credentials: 'not-the-credentials' }, /not the credentials of seat 0/],
      [{ playerID: '0', credentials: bruno }, /not the credentials of seat 0/],
      // A spectator has no seat: an open seat has no credentials to match.
      [{ playerID: '2', credentials: creds }, /not the credentials of seat 2/],
      [{ playerID: '7', credentials: creds }, /not the credentials of seat 7/],
    ] as const;
    for (const [body, message] of refusals) {
      const res = await close(base, matchID, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.text).toMatch(message);
    }
    expect((await http(base, `/games/${GAME}/${matchID}`)).json).toEqual(before);
    expect(await listed(base)).toContain(matchID);
  });

  it('answers 409 once the match has started, and 404 for no such match', async () => {
    const base = server().url;
    const { matchID, creds } = await createAsCreator(base, 2);
    await joinMatch(base, matchID, '1', 'Bruno');
    const res = await close(base, matchID, { playerID: '0', credentials: creds });
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/has started/);
    expect((await http(base, `/games/${GAME}/${matchID}`)).status).toBe(200);
    expect((await readMatch(server(), matchID)).state).toBeDefined();
    const unknown = await close(base, 'no-such-match', { playerID: '0', credentials: creds });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/not found/);
  });

  it('answers 400 to malformed bodies, with the reason', async () => {
    const base = server().url;
    const { matchID, creds } = await createAsCreator(base);
    const bodies: [unknown, RegExp][] = [
      [{}, /playerID is required/],
      [{ playerID: '0' }, /credentials/],
      [{ playerID: 'zero', credentials: creds }, /playerID must be a seat number/],
      [{ playerID: '0', credentials: 42 }, /credentials/],
      [[1, 2], /JSON object/],
      [{ playerID: '0', credentials: creds, nested: { constructor: 1 } }, /constructor/],
    ];
    for (const [body, message] of bodies) {
      const res = await close(base, matchID, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toMatch(message);
    }
    const raw = await http(base, `/games/${GAME}/${matchID}/close`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"playerID":',
    });
    expect(raw.status).toBe(400);
    expect((await http(base, `/games/${GAME}/${matchID}`)).status).toBe(200);
  });

  it('makes only the join with the creator key the creator, once, and keeps the proofs private', async () => {
    const base = server().url;
    const created = await http(base, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 3 } });
    const { matchID, creatorKey } = created.json as { matchID: string; creatorKey: string };
    const forged = await http(base, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '1', playerName: 'Mallory', creatorKey: 'A'.repeat(32) },
    });
    expect(forged.status).toBe(403);
    // A stranger who takes a seat first, without the key, is not the creator.
    const mallory = await joinMatch(base, matchID, '1', 'Mallory');
    const ana = await http(base, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana', creatorKey },
    });
    expect(ana.status).toBe(200);
    const again = await http(base, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '2', playerName: 'Copy', creatorKey },
    });
    expect(again.status).toBe(403);
    const shown = (await http(base, `/games/${GAME}/${matchID}`)).json;
    expect(shown.creatorSeat).toBe('0');
    expect(JSON.stringify(shown)).not.toMatch(/creatorProof|creatorKeyHash/);
    const inList = JSON.stringify(await http(base, `/games/${GAME}`).then((r) => r.json));
    expect(inList).not.toMatch(/creatorProof|creatorKeyHash/);
    expect((await close(base, matchID, { playerID: '1', credentials: mallory })).status).toBe(403);
    expect((await close(base, matchID, { playerID: '0', credentials: ana.json.playerCredentials })).status).toBe(200);
  });

  it('forgets the creator who leaves: whoever takes the seat next cannot close the match', async () => {
    const base = server().url;
    const { matchID, creds } = await createAsCreator(base);
    await joinMatch(base, matchID, '1', 'Bruno');
    const left = await http(base, `/games/${GAME}/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: '0', credentials: creds },
    });
    expect(left.status).toBe(200);
    expect((await http(base, `/games/${GAME}/${matchID}`)).json.creatorSeat).toBeUndefined();
    const newcomer = await joinMatch(base, matchID, '0', 'Eve');
    expect((await close(base, matchID, { playerID: '0', credentials: newcomer })).status).toBe(403);
    expect((await http(base, `/games/${GAME}/${matchID}`)).status).toBe(200);
  });

  it('stops the bot seats of a closed match', async () => {
    const srv = server();
    const { matchID, creds } = await createAsCreator(srv.url, 3);
    const bot = await http(srv.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
    });
    expect(bot.status).toBe(200);
    expect(srv.bots.running).toBeGreaterThan(0);
    // The bot seated and connected: its connection's metadata write, if it came after the close, would be
    // dropped (and logged) as a write to a removed match, as it once was on a busy machine, and hide what this
    // test asks, that the bot writes nothing once the match is closed.
    await expect
      .poll(async () => (await http(srv.url, `/games/${GAME}/${matchID}`)).json.players[1].isConnected, {
        timeout: 5_000,
      })
      .toBe(true);
    const before = srv.bots.running;
    expect((await close(srv.url, matchID, { playerID: '0', credentials: creds })).status).toBe(200);
    expect(srv.bots.running).toBe(before - 1);
    await sleep(300);
    expect((await http(srv.url, `/games/${GAME}/${matchID}`)).status).toBe(404);
    expect(srv.logs.some((l) => l.includes('write to a removed match dropped'))).toBe(false);
    expect(srv.logs.some((l) => /^error/.test(l))).toBe(false);
  });
}

describe('closing a match: file storage', () => {
  let srv: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-close-'));
    srv = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await srv?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  closingTests(() => srv);

  it('removes the match folder, and a closed match stays closed after a restart', async () => {
    const { matchID, creds } = await createAsCreator(srv.url);
    expect((await close(srv.url, matchID, { playerID: '0', credentials: creds })).status).toBe(200);
    await srv.close();
    expect(fs.existsSync(path.join(dataDir, 'matches', matchID))).toBe(false);
    srv = await startTestServer({ storage: 'file', dataDir });
    expect((await http(srv.url, `/games/${GAME}/${matchID}`)).status).toBe(404);
  });

  it('keeps the creator across a restart', async () => {
    const { matchID, creds } = await createAsCreator(srv.url);
    await srv.close();
    srv = await startTestServer({ storage: 'file', dataDir });
    expect((await close(srv.url, matchID, { playerID: '0', credentials: creds })).status).toBe(200);
  });
});

describe.skipIf(!PG_URL)('closing a match: PostgreSQL', () => {
  const schema = `close_${process.pid}_${Date.now().toString(36)}`;
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ storage: 'postgres', databaseUrl: withSchema(PG_URL!, schema) });
  });
  afterAll(async () => {
    const db = srv?.db as { pool?: { query(sql: string): Promise<unknown> } } | undefined;
    await db?.pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await srv?.close();
  });
  closingTests(() => srv);
});

describe.skipIf(!PG_URL || !REDIS_URL)('closing a match: two processes on PostgreSQL and Redis', () => {
  const servers = twoServers(PG_URL!, REDIS_URL!, 'close2');
  const { schema } = servers;

  it('tells the sockets held by the other process, which also forgets the match', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await createAsCreator(a.url);
    const bruno = await joinMatch(b.url, matchID, '1', 'Bruno');
    const onB = new RawClient(b.url);
    await onB.sync(matchID, '1', bruno);
    const watcherOnB = new RawClient(b.url);
    await watcherOnB.sync(matchID, null);
    expect((await close(a.url, matchID, { playerID: '0', credentials: creds })).status).toBe(200);
    for (const c of [onB, watcherOnB]) {
      await c.waitFor(() => closedMessages(c).length > 0, 5000, 'matchClosed through Redis');
      expect(closedMessages(c)[0]).toEqual(['matchClosed', matchID, { seat: '0', name: 'Ana' }]);
    }
    // Both processes remember who closed it.
    for (const base of [a.url, b.url]) {
      const asked = await http(base, `/games/${GAME}/${matchID}`);
      expect(asked.status).toBe(404);
      expect(asked.json.closedBy).toEqual({ seat: '0', name: 'Ana' });
    }
    expect(await listed(b.url)).not.toContain(matchID);
    // Its sockets leave quietly: boardgame.io does not look for the match they were in.
    onB.close();
    watcherOnB.close();
    await sleep(300);
    expect(b.matchQueues()).toBe(0);
    expect([...a.logs, ...b.logs].some((l) => /^error/.test(l))).toBe(false);
  });

  it('stops a bot seat played by the other process and removes its lease', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await createAsCreator(b.url);
    const bot = await http(b.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
    });
    expect(bot.status).toBe(200);
    expect(b.bots.running).toBe(1);
    expect((await close(a.url, matchID, { playerID: '0', credentials: creds })).status).toBe(200);
    const until = Date.now() + 5000;
    while (b.bots.running > 0 && Date.now() < until) await sleep(50);
    expect(b.bots.running).toBe(0);
    // Its lease rows go too: each process removes them once told of the close, after stopping its clients (the
    // client stops at once, the rows a query later).
    const db = a.db as unknown as { pool: { query(sql: string, v: unknown[]): Promise<{ rowCount: number | null }> } };
    const leases = async () =>
      (await db.pool.query(`SELECT 1 FROM "${schema}".bgio_bot_lease WHERE match_id = $1`, [matchID])).rowCount;
    await expect.poll(leases, { timeout: 5000 }).toBe(0);
  });
});

describe('what a process remembers of closed matches', () => {
  const closed = (matchID: string) => ({ matchID, seat: '0', name: 'Ana' });

  it('forgets a match after the time it keeps them, and the oldest beyond the number it keeps', () => {
    let now = 1_000;
    const recent = new RecentlyClosed(60_000, 2, () => now);
    recent.remember(closed('a'));
    now += 30_000;
    recent.remember(closed('b'));
    expect(recent.get('a')).toEqual(closed('a'));
    expect(recent.get('c')).toBeUndefined();
    now += 30_001;
    expect(recent.get('a')).toBeUndefined();
    expect(recent.get('b')).toEqual(closed('b'));
    // A third match pushes out the oldest still held.
    recent.remember(closed('a'));
    recent.remember(closed('c'));
    expect(recent.get('b')).toBeUndefined();
    expect([recent.get('a'), recent.get('c')]).toEqual([closed('a'), closed('c')]);
  });
});
