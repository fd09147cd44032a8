/**
 * Which bot seats a process may take over (server/bot-lease.ts `orphans`):
 * those with no live lease, but for resting matches (nobody but bots
 * connected, no change for `restAfterMs`), on a real PostgreSQL. Resting
 * matches pile up on a long-running server; were they listed, they would fill
 * the answer's 200 rows and a crashed process's bots would never be taken over.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server, State } from 'boardgame.io';
import { PostgresStorage } from '../../server/storage/postgres';
import { BotLeases } from '../../server/bot-lease';

const PG_URL = process.env.TEST_DATABASE_URL;
const REST_MS = 10 * 60_000;

describe.skipIf(!PG_URL)('bot seats to take over', () => {
  const schema = `orphans_${randomBytes(4).toString('hex')}`;
  let db: PostgresStorage;
  let leases: BotLeases;
  beforeAll(async () => {
    db = new PostgresStorage({ connectionString: PG_URL!, schema, max: 2 });
    await db.connect();
    leases = new BotLeases(db.pool, schema, 'test');
    await leases.connect();
  });
  afterAll(async () => {
    await db?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db?.close();
  });

  /** A 2-seat match with a bot in seat 1; Ana in seat 0, connected or not; last changed `ago` ms ago. */
  async function match(id: string, anaConnected: boolean, ago: number) {
    const now = Date.now();
    const metadata = {
      gameName: 'touched-on',
      players: {
        0: { id: 0, name: 'Ana', isConnected: anaConnected },
        1: { id: 1, name: 'Bot 2 (easy)', isConnected: true },
      },
      botSeats: { 1: 'easy' },
      createdAt: now - ago,
      updatedAt: now - ago,
    } as unknown as Server.MatchData;
    const initialState = {
      G: {},
      ctx: { turn: 1 },
      plugins: {},
      _undo: [],
      _redo: [],
      _stateID: 0,
    } as unknown as State;
    await db.createMatch(id, { initialState, metadata });
    await db.whenWritten(id);
  }

  it('lists a match whose bots nobody plays, but not a resting one', async () => {
    await match('live', false, 1000);
    await match('attended', true, 2 * REST_MS);
    await match('resting', false, 2 * REST_MS);
    const ids = async (rest: number) => (await leases.orphans(rest)).map((o) => o.matchID).sort();
    expect(await ids(REST_MS)).toEqual(['attended', 'live']);
    // Without resting (0), every match with a free bot seat is listed, as before.
    expect(await ids(0)).toEqual(['attended', 'live', 'resting']);
    // A live lease on the bot seat takes a match off the list.
    await leases.acquire({ matchID: 'live', seat: '1' });
    expect(await ids(REST_MS)).toEqual(['attended']);
  });
});
