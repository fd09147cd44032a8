/**
 * Starting a turn clock on a match without one, as its game waits on a player
 * who is gone (`POST /games/<game>/<matchID>/clock`, server/start-clock.ts),
 * against real servers on loopback (clockScale 60: the 1-minute clock lasts
 * 1 s) with raw socket.io clients: on the file storage, on PostgreSQL, and
 * with two server processes sharing PostgreSQL and Redis. Every refusal
 * changes nothing; once started, the page's socket is told, the seat gets a
 * whole period from then, and the easy bot really plays the gone player's
 * turn; a rematch does not keep a clock started so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMatch,
  eventually,
  fullMatch,
  GAME,
  http,
  joinMatch,
  RawClient,
  readMatch,
  sleep,
  startTestServer,
  type TestServer,
} from './harness';
import { dropSchema, twoServers, withSchema } from './processes';
import { presence } from '../../server/start-clock';
import { goneSeats } from '../../src/shared/gone-seats';
import { describeError, HttpError } from '../../src/client/lobbyErrors';
import { findGame } from '../../src/games/registry';

const LISBON = findGame(GAME)!;

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const SCALE = 60;
const PERIOD = 60_000 / SCALE;

const startClock = (base: string, matchID: string, body: unknown) =>
  http(base, `/games/${GAME}/${matchID}/clock`, { method: 'POST', json: body });

const chatTexts = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'chat').map((m) => (m[2] as { payload: { text: string } }).payload.text);

/**
 * A full 2-player Lisbon match whose seat 0 connected, took the first action of its turn (so the match has started
 * and its turn goes on) and then closed its page.
 */
async function goneFirstPlayer(srv: TestServer, joinOn = srv.url) {
  const { matchID, creds } = await fullMatch(joinOn, 2);
  const p0 = new RawClient(srv.url);
  const s = await p0.sync(matchID, '0', creds[0]);
  const options = LISBON.game.ai!.enumerate(s.G, s.ctx, '0') as { move: string; args?: unknown[] }[];
  const action = options.find((o) => o.move !== 'endTurn')!;
  p0.move(matchID, '0', creds[0], action.move, action.args ?? [], s._stateID);
  await p0.waitFor(() => p0.state!._stateID > s._stateID, 5000, "P0's first action");
  expect(p0.state!.ctx.currentPlayer).toBe('0');
  await eventually(async () => (await readMatch(srv, matchID)).metadata.players[0].isConnected === true, 'P0 on');
  p0.close();
  await eventually(async () => (await readMatch(srv, matchID)).metadata.players[0].isConnected === false, 'P0 off');
  return { matchID, creds };
}

function startClockTests(server: () => TestServer) {
  it('refuses, with a plain 4xx and no change, whoever may not start one or when nobody is gone', async () => {
    const srv = server();
    const unknown = await startClock(srv.url, 'no-such-match', { playerID: '0', credentials: 'x' });
    expect(unknown.status).toBe(404);

    // In the waiting room (a seat open, no move made).
    const open = await createMatch(srv.url, 2, { firstPlayer: 0 });
    const c1 = await joinMatch(srv.url, open, '1');
    const waiting = await startClock(srv.url, open, { playerID: '1', credentials: c1 });
    expect([waiting.status, waiting.text]).toEqual([409, 'The match has not started: it still waits for players']);

    // A full table whose first player is connected: nobody is gone.
    const { matchID, creds } = await fullMatch(srv.url, 2);
    const p0 = new RawClient(srv.url);
    await p0.sync(matchID, '0', creds[0]);
    await eventually(async () => (await readMatch(srv, matchID)).metadata.players[0].isConnected === true, 'P0 on');
    const present = await startClock(srv.url, matchID, { playerID: '1', credentials: creds[1] });
    expect(present.status).toBe(409);
    expect(present.text).toMatch(/not waiting on a player who is gone/);
    p0.close();
    await eventually(async () => (await readMatch(srv, matchID)).metadata.players[0].isConnected === false, 'P0 off');

    // Now P0 is gone, but only P1 may ask: bad credentials, another seat's, none, a malformed body.
    const refusals: Array<[unknown, number]> = [
      [{ playerID: '1', credentials: 'wrong' }, 403],
      [{ playerID: '1', credentials: creds[0] }, 403],
      [{ playerID: '5', credentials: creds[1] }, 403],
      [{ playerID: '1' }, 400],
      [{ playerID: 'x', credentials: creds[1] }, 400],
    ];
    for (const [body, status] of refusals) {
      const res = await startClock(srv.url, matchID, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
    }
    expect((await startClock(srv.url, matchID, { playerID: '1', credentials: 'wrong' })).text).toMatch(
      /^Only a player seated in this match may start a turn clock/,
    );
    // P0 itself, back in another tab, asks: the game waits on nobody gone but the asker.
    const own = await startClock(srv.url, matchID, { playerID: '0', credentials: creds[0] });
    expect(own.status).toBe(409);
    expect((await readMatch(srv, matchID)).metadata.turnClockMs).toBeUndefined();

    // A match with a clock already.
    const created = await http(srv.url, `/games/${GAME}/create`, {
      method: 'POST',
      json: { numPlayers: 2, turnClock: '5m', setupData: { firstPlayer: 0 } },
    });
    const clocked = created.json.matchID as string;
    await joinMatch(srv.url, clocked, '0');
    const k1 = await joinMatch(srv.url, clocked, '1');
    const already = await startClock(srv.url, clocked, { playerID: '1', credentials: k1 });
    expect([already.status, already.text]).toEqual([409, 'This match already has a turn clock']);
    // The page says why in plain words (src/client/lobbyErrors.ts).
    const said = (res: { status: number; text: string }) =>
      describeError(new HttpError(`HTTP status ${res.status}`, res.text), 'clock');
    expect(said(already)).toBe('Could not start the turn clock: this match already has a turn clock.');
    expect(said(own)).toBe(
      'Could not start the turn clock: the game is not waiting on a player who is gone (everyone it waits for is connected).',
    );

    // A match that is over (its stored state made so).
    const over = await goneFirstPlayer(srv);
    const { state, metadata } = await readMatch(srv, over.matchID);
    await srv.db.setState(over.matchID, { ...state!, ctx: { ...state!.ctx, gameover: { winner: '1' } } });
    await srv.db.setMetadata(over.matchID, { ...metadata, gameover: { winner: '1' } });
    const ended = await startClock(srv.url, over.matchID, { playerID: '1', credentials: over.creds[1] });
    expect([ended.status, ended.text]).toEqual([409, 'The match is over']);
    expect((await http(srv.url, `/games/${GAME}/${over.matchID}`)).json.clockOfferMs).toBeUndefined();
  }, 60_000);

  it('starts the 1-minute clock for a gone player: every page is told, and the easy bot plays the turn', async () => {
    const srv = server();
    const { matchID, creds } = await goneFirstPlayer(srv);
    // The page learns how long to wait before it offers the clock (a minute, sped up as the clocks are).
    const before = await http(srv.url, `/games/${GAME}/${matchID}`);
    expect(before.json.clockOfferMs).toBe(PERIOD);
    expect(before.json.turnClockMs).toBeUndefined();
    const p1 = new RawClient(srv.url);
    await p1.sync(matchID, '1', creds[1]);
    // Longer than a period since the last change: the clock must still give P0 a whole period from its start.
    await sleep(PERIOD * 1.5);

    const changes = p1.count('matchChanged');
    const startedAt = Date.now();
    const res = await startClock(srv.url, matchID, { playerID: '1', credentials: creds[1] });
    expect(res.status).toBe(200);
    const { metadata } = await readMatch(srv, matchID);
    // The answer carries what was written, which the page shows at once without reading the match again.
    expect(res.json).toEqual({
      matchID,
      turnClockMs: PERIOD,
      clockWait: metadata.clockWait,
      clockStarted: metadata.clockStarted,
    });
    expect(metadata.turnClockMs).toBe(PERIOD);
    expect(metadata.clockStarted).toMatchObject({ seat: '1', name: 'P1', gone: ['0'] });
    expect(metadata.clockWait.at).toBeGreaterThanOrEqual(startedAt);
    // The other seat's data is as it was (only the clock's fields were written).
    expect(metadata.players[0]).toMatchObject({ name: 'P0', isConnected: false });
    expect(metadata.players[1]).toMatchObject({ name: 'P1', isConnected: true });

    // Every page of the match is told to read it again, and then shows the clock.
    await p1.waitFor(() => p1.count('matchChanged') > changes, 5000, 'matchChanged');
    const after = await http(srv.url, `/games/${GAME}/${matchID}`);
    expect(after.json.turnClockMs).toBe(PERIOD);
    expect(after.json.clockOfferMs).toBeUndefined();
    expect(after.json.clockStarted).toMatchObject({ seat: '1', name: 'P1', gone: ['0'] });

    // The bot plays P0's turn once the period has run from the start, not at once.
    await p1.waitFor(() => p1.state?.ctx.currentPlayer === '1', 15_000, "P0's turn played by the clock");
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(PERIOD - 100);
    await p1.waitFor(() => chatTexts(p1).length > 0, 5000, 'the clock message');
    expect(chatTexts(p1)[0]).toBe('P0 ran out of time: the easy bot plays this turn.');

    const again = await startClock(srv.url, matchID, { playerID: '1', credentials: creds[1] });
    expect(again.status).toBe(409);
    p1.close();

    // Its rematch has no clock (one chosen at creation is kept: the match above was created with one).
    const rematch = await http(srv.url, `/games/${GAME}/${matchID}/playAgain`, {
      method: 'POST',
      json: { playerID: '1', credentials: creds[1] },
    });
    expect(rematch.status).toBe(200);
    expect((await readMatch(srv, rematch.json.nextMatchID as string)).metadata.turnClockMs).toBeUndefined();
  }, 60_000);
}

describe('starting a turn clock: file storage', () => {
  let srv: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-start-clock-'));
    srv = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
  });
  afterAll(async () => {
    await srv?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  startClockTests(() => srv);

  it('keeps the clock chosen at creation for the rematch', async () => {
    const created = await http(srv.url, `/games/${GAME}/create`, {
      method: 'POST',
      json: { numPlayers: 2, turnClock: '1m', setupData: { firstPlayer: 0 } },
    });
    const matchID = created.json.matchID as string;
    const c0 = await joinMatch(srv.url, matchID, '0');
    const rematch = await http(srv.url, `/games/${GAME}/${matchID}/playAgain`, {
      method: 'POST',
      json: { playerID: '0', credentials: c0 },
    });
    expect((await readMatch(srv, rematch.json.nextMatchID as string)).metadata.turnClockMs).toBe(PERIOD);
  });
});

describe.skipIf(!PG_URL)('starting a turn clock: PostgreSQL', () => {
  const schema = `start_clock_${process.pid}_${Date.now().toString(36)}`;
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ storage: 'postgres', databaseUrl: withSchema(PG_URL!, schema), clockScale: SCALE });
  });
  afterAll(async () => {
    await srv?.close();
    await dropSchema(PG_URL!, schema);
  });
  startClockTests(() => srv);
});

describe.skipIf(!PG_URL || !REDIS_URL)('starting a turn clock: two processes on PostgreSQL and Redis', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'start_clock2', { clockScale: SCALE });

  it('started on one process, it is told to the sockets of the other, and the bot plays the turn once', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await goneFirstPlayer(a);
    const p1 = new RawClient(a.url);
    await p1.sync(matchID, '1', creds[1]);
    // Not before the game has waited as long as the page waits to offer it (1 s here), from the last move.
    const early = await startClock(b.url, matchID, { playerID: '1', credentials: creds[1] });
    expect([early.status, early.text]).toEqual([
      409,
      'The game has not waited a minute yet: a player who is gone may still come back',
    ]);
    expect((await readMatch(a, matchID)).metadata.turnClockMs).toBeUndefined();
    await sleep(PERIOD);
    const changes = p1.count('matchChanged');
    const res = await startClock(b.url, matchID, { playerID: '1', credentials: creds[1] });
    expect(res.status).toBe(200);
    await p1.waitFor(() => p1.count('matchChanged') > changes, 5000, 'matchChanged through Redis');
    expect((await http(a.url, `/games/${GAME}/${matchID}`)).json.turnClockMs).toBe(PERIOD);
    await p1.waitFor(() => p1.state?.ctx.currentPlayer === '1', 15_000, "P0's turn played by the clock");
    await p1.waitFor(() => chatTexts(p1).length > 0, 5000, 'the clock message');
    // Said once (one process played it), and P1's seat data as it was.
    await sleep(300);
    expect(chatTexts(p1).filter((t) => t.startsWith('P0 ran out of time'))).toHaveLength(1);
    expect((await readMatch(a, matchID)).metadata.players[1]).toMatchObject({ name: 'P1', isConnected: true });
    p1.close();
    expect([...a.logs, ...b.logs].filter((l) => /^error/.test(l))).toEqual([]);
  }, 60_000);
});

describe('the seats a clock may be started for', () => {
  it('are waited on, held by a person who is not connected, and not the asker', () => {
    const metadata = {
      players: {
        0: { id: 0, name: 'Ana', isConnected: false },
        1: { id: 1, name: 'Bruno', isConnected: true },
        2: { id: 2, name: 'Bot 3 (easy)', isConnected: false },
        3: { id: 3 },
        4: { id: 4, name: 'Dora' },
      },
      botSeats: { 2: 'easy' },
    } as unknown as Parameters<typeof presence>[0];
    const seat = (id: string) => presence(metadata, id);
    expect(goneSeats(['0', '1', '2', '3', '4', '5'], '1', seat)).toEqual(['0', '4']);
    expect(goneSeats(['0'], '0', seat)).toEqual([]);
    expect(goneSeats(['1', '2', '3'], '0', seat)).toEqual([]);
  });
});
