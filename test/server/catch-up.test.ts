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
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { http, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { findLeaks } from './leak-check';

const GAME = 'touched-on';

describe('a move missed while syncing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is sent after the sync, in the view the sync proved, and to nobody unproven', async () => {
    const created = await http(server.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 2 } });
    const matchID = created.json.matchID as string;
    const creds: string[] = [];
    for (const playerID of ['0', '1']) {
      const joined = await http(server.url, `/games/${GAME}/${matchID}/join`, {
        method: 'POST',
        json: { playerID, playerName: `P${playerID}` },
      });
      creds.push(joined.json.playerCredentials as string);
    }
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

    const updates = (c: RawClient) => c.received.filter((m) => m[0] === 'update').map((m) => m[2] as State);
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
