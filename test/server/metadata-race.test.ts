/**
 * PostgreSQL: writes of a match's metadata that read it before another write
 * landed must not undo that write.
 *  - A chat message read the match before a player joined and stored it
 *    after: the join stays (the chat writes the object it read, which the
 *    storage merges, not a copy written whole).
 *  - A move read the match before a player's socket connected and stored it
 *    after: the connection stays (boardgame.io's per-move metadata write is
 *    the metadata it read with a new `updatedAt`; only that field is stored).
 * The order is forced with a row lock held by the test: the first write waits
 * for it, the second reads meanwhile and queues its write behind.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresStorage } from '../../server/storage';
import { findGame } from '../../src/games/registry';
import {
  createMatch,
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
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const schema = `metarace_${process.pid}_${Date.now().toString(36)}`;

describe.skipIf(!PG_URL)('postgres: a metadata write that read the match before another', () => {
  let server: TestServer;
  let locker: pg.Client;
  beforeAll(async () => {
    server = await startTestServer({ storage: 'postgres', databaseUrl: withSchema(PG_URL!, schema) });
    locker = new pg.Client({ connectionString: PG_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await server?.close();
    await dropSchema(PG_URL!, schema);
  });

  it('a chat message stored after a join it did not read keeps the joined seat', async () => {
    const matchID = await createMatch(server.url, 3, { firstPlayer: 0 });
    const creds = await joinMatch(server.url, matchID, '0', 'Ana');
    const ana = new RawClient(server.url);
    await ana.sync(matchID, '0', creds);

    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM "${schema}".bgio_match WHERE id = $1 FOR UPDATE`, [matchID]);
    // Bo joins: his seat's write waits for the lock.
    const joining = http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '1', playerName: 'Bo' },
    });
    await sleep(300);
    // Ana writes in the chat: it reads the match without Bo, and its write waits behind his.
    ana.socket.emit('chat', matchID, { id: 'm1', sender: '0', payload: { text: 'Hello' } }, creds);
    await sleep(300);
    await locker.query('COMMIT');

    const joined = await joining;
    expect(joined.status).toBe(200);
    await ana.waitFor(() => ana.received.some((m) => m[0] === 'chat' && m[1] === matchID), 5000, 'the chat message');
    await (server.db as PostgresStorage).whenWritten(matchID);
    const { metadata } = await readMatch(server, matchID);
    expect(metadata.players[1]).toMatchObject({ name: 'Bo', credentials: joined.json.playerCredentials });
    const chat = (metadata as { chat?: { payload: { text: string } }[] }).chat ?? [];
    expect(chat.map((c) => c.payload.text)).toEqual(['Hello']);
    ana.close();
  });

  it('a move stored after a connection it did not read keeps the player connected', async () => {
    const def = findGame(GAME)!;
    const { matchID, creds } = await fullMatch(server.url, 2);
    const ana = new RawClient(server.url);
    await ana.sync(matchID, '0', creds[0]);

    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM "${schema}".bgio_match WHERE id = $1 FOR UPDATE`, [matchID]);
    // Ana moves: the match is read (Bo not connected), the state's write waits for the lock.
    const before = ana.state!;
    const [m] = def.game.ai!.enumerate(before.G, before.ctx, '0') as { move: string; args?: unknown[] }[];
    ana.move(matchID, '0', creds[0], m.move, m.args ?? [], before._stateID);
    await sleep(300);
    // Bo's socket connects: his connection's write queues behind the move's.
    const bo = new RawClient(server.url);
    await bo.sync(matchID, '1', creds[1]);
    await sleep(300);
    await locker.query('COMMIT');

    await ana.waitFor(() => ana.state!._stateID > before._stateID, 5000, 'the move');
    const db = server.db as PostgresStorage;
    await db.whenWritten(matchID);
    await db.flush();
    const { metadata, state } = await readMatch(server, matchID);
    expect(state!._stateID).toBeGreaterThan(before._stateID);
    expect([metadata.players[0].isConnected, metadata.players[1].isConnected]).toEqual([true, true]);
    expect(metadata.updatedAt).toBeGreaterThan(0);
    ana.close();
    bo.close();
  });
});
