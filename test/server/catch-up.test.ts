/**
 * A move stored while a socket syncs is sent to it afterwards
 * (server/socket-guard.ts, `catchUp`), with raw socket.io clients on a real
 * server. boardgame.io adds a syncing socket to its match's broadcast list
 * only after it has read and sent the stored state, so a move stored in
 * between never reaches that socket: a load test that killed a worker left
 * 7 of 60 matches waiting on a player who had not been told it was their
 * turn. Here the missed broadcast is made on purpose: a newer state is
 * written straight into the storage after the sync, with no broadcast. Each
 * socket must then receive it, in the view its sync proved, and a socket
 * whose credentials were wrong must receive nothing.
 *
 * With two processes on PostgreSQL and Redis, a process that stored a move
 * and died before publishing it leaves the other's sockets a state behind:
 * the sync of the socket that made the move (reconnecting to the live
 * process) announces the stored state, and every process sends it to its
 * sockets that missed it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { fullMatch, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { findLeaks } from './leak-check';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

const GAME = 'touched-on';

const updates = (c: RawClient) => c.received.filter((m) => m[0] === 'update').map((m) => m[2] as State);

describe('a move missed while syncing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is sent after the sync, in the view the sync proved, and to nobody unproven', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2, GAME);
    const seat = new RawClient(server.url, { namespace: GAME });
    const spectator = new RawClient(server.url, { namespace: GAME });
    const impostor = new RawClient(server.url, { namespace: GAME });
    const synced = (await seat.sync(matchID, '0', creds[0]))._stateID;
    await spectator.sync(matchID, null);
    impostor.socket.emit('sync', matchID, '1', 'not-the-credentials', 2);

    // The storage moves on with no broadcast, as when the broadcast went out before the socket was listed.
    const stored = (await server.db.fetch(matchID, { state: true })).state;
    expect(stored._stateID).toBe(synced);
    await server.db.setState(matchID, { ...stored, _stateID: stored._stateID + 1 });

    await seat.waitFor(() => updates(seat).length > 0, 5000, 'the missed state');
    await spectator.waitFor(() => updates(spectator).length > 0, 5000, 'the missed state');
    expect(updates(seat)[0]._stateID).toBe(synced + 1);
    expect(updates(spectator)[0]._stateID).toBe(synced + 1);
    // Each in its own view: the seat's own hand and nobody else's; the spectator no hand at all.
    const seatView = updates(seat)[0].G as { players: Record<string, { hand: unknown }> };
    expect(seatView.players['0'].hand).not.toBeNull();
    expect(findLeaks(seat.received, '0')).toEqual([]);
    expect(findLeaks(spectator.received, null)).toEqual([]);
    // Wait past the second look: the socket whose sync was refused heard nothing, and nobody got it twice.
    await sleep(3000);
    expect(impostor.received.filter((m) => m[0] === 'update' || m[0] === 'sync')).toEqual([]);
    expect(updates(seat)).toHaveLength(1);
    expect(updates(spectator)).toHaveLength(1);
    for (const c of [seat, spectator, impostor]) c.close();
  });
});

describe.skipIf(!PG_URL || !REDIS_URL)('a move stored by a process that died before publishing it', () => {
  const schema = `catchup_${process.pid}_${Date.now().toString(36)}`;
  const dbUrl = withSchema(PG_URL ?? '', schema);
  let one: TestServer | undefined;
  let two: TestServer | undefined;
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('reaches the other process’s sockets once the mover syncs again, each in its own view', async () => {
    const opts = { storage: 'postgres', databaseUrl: dbUrl, redisUrl: REDIS_URL } as const;
    one = await startTestServer(opts);
    two = await startTestServer(opts);
    const { matchID, creds } = await fullMatch(one.url, 2, GAME);
    const other = new RawClient(two.url, { namespace: GAME });
    const watcher = new RawClient(two.url, { namespace: GAME });
    const synced = (await other.sync(matchID, '1', creds[1]))._stateID;
    await watcher.sync(matchID, null);
    // Past their own catch-up looks, as for sockets that synced long before the move.
    await sleep(3000);

    // Seat 0's process stores its move and dies before publishing it: nobody is told.
    const stored = (await one.db.fetch(matchID, { state: true })).state;
    expect(stored._stateID).toBe(synced);
    await one.db.setState(matchID, { ...stored, _stateID: stored._stateID + 1 });
    await sleep(500);
    expect(updates(other)).toEqual([]);

    // Seat 0's socket reconnects, to the live process or another, and syncs.
    const mover = new RawClient(one.url, { namespace: GAME });
    await mover.sync(matchID, '0', creds[0]);
    for (const c of [other, watcher]) await c.waitFor(() => updates(c).length > 0, 5000, 'the state nobody published');
    expect(updates(other)[0]._stateID).toBe(synced + 1);
    expect(updates(watcher)[0]._stateID).toBe(synced + 1);
    const view = updates(other)[0].G as { players: Record<string, { hand: unknown }> };
    expect(view.players['1'].hand).not.toBeNull();
    expect(findLeaks(other.received, '1')).toEqual([]);
    expect(findLeaks(watcher.received, null)).toEqual([]);
    // Sent once, not again at the next announcement.
    await sleep(3000);
    expect(updates(other)).toHaveLength(1);
    expect(updates(watcher)).toHaveLength(1);
    for (const c of [other, watcher, mover]) c.close();
  }, 30_000);
});
