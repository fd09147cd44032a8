/**
 * The socket side's security findings against a real server on loopback,
 * with raw socket.io clients: refused moves are answered to their sender
 * only and never written, a seat's old sockets are dropped when the seat
 * changes hands, unknown match IDs leave nothing behind, and a flooding
 * socket is throttled, then disconnected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMatch, GAME, http, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';

/** Resolves once the server has closed `client`'s socket; fails after 5 s. */
function dropped(client: RawClient): Promise<void> {
  if (!client.socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket was not dropped')), 5000);
    client.socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('refused moves', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-sockets-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are answered to the sender alone, and neither written nor broadcast', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2);
    const spectator = new RawClient(server.url);
    const other = new RawClient(server.url);
    const sender = new RawClient(server.url);
    await spectator.sync(matchID, null);
    const state = await sender.sync(matchID, '0', creds[0]);
    await other.sync(matchID, '1', creds[1]);
    const mover = state.ctx.currentPlayer;
    const client = mover === '0' ? sender : other;
    const watcher = mover === '0' ? other : sender;
    const files = path.join(dataDir, 'matches');
    const folder = fs.readdirSync(files).find((f) => f.includes(matchID))!;
    const stamp = () => fs.statSync(path.join(files, folder, 'state.json')).mtimeMs;
    const before = { stamp: stamp(), stored: await readMatch(server, matchID) };
    const counts = () => [spectator.count('update'), watcher.count('update'), client.count('update')];
    const [spectatorBefore, watcherBefore, clientBefore] = counts();

    for (let i = 0; i < 30; i++) {
      client.move(
        matchID,
        mover,
        creds[Number(mover)],
        'move',
        [{ route: ['no-such-stop'], note: 'x'.repeat(1000) }],
        state._stateID,
      );
    }
    await client.waitFor(() => client.count('update') >= clientBefore + 30, 5000, 'an answer to every refused move');
    await sleep(200);
    const [spectatorAfter, watcherAfter, clientAfter] = counts();
    expect(clientAfter - clientBefore).toBe(30);
    expect(client.state!._stateID).toBe(state._stateID);
    expect(spectatorAfter).toBe(spectatorBefore);
    expect(watcherAfter).toBe(watcherBefore);
    expect(stamp()).toBe(before.stamp);
    expect(await readMatch(server, matchID)).toEqual(before.stored);
    [spectator, other, sender].forEach((c) => c.close());
  });

  it('leave no queue behind for match IDs that do not exist', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2);
    const attacker = new RawClient(server.url);
    await attacker.sync(matchID, '0', creds[0]);
    const queuesBefore = server.matchQueues();
    for (let i = 0; i < 2000; i++) {
      attacker.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type: 'move', args: [], playerID: '0', credentials: creds[0] } },
        0,
        `ghost-${i}`,
        '0',
      );
    }
    // The socket stays usable: a sync after the flood is answered, so every update before it was handled.
    await attacker.sync(matchID, '0', creds[0]);
    expect(server.matchQueues()).toBeLessThanOrEqual(queuesBefore + 1);
    attacker.close();
  });
});

describe('seats that change hands', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('drop the sockets that synced with the old credentials, telling them why first', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2);
    const leaver = new RawClient(server.url);
    await leaver.sync(matchID, '1', creds[1]);
    // What the socket had heard when it was dropped, and why socket.io says it was.
    const heard = new Promise<{ reason: string; last: unknown[] | undefined }>((resolve) =>
      leaver.socket.once('disconnect', (reason) => resolve({ reason, last: leaver.received.at(-1) })),
    );
    const left = await http(server.url, `/games/${GAME}/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: '1', credentials: creds[1] },
    });
    expect(left.status).toBe(200);
    await dropped(leaver);
    // Its page is told the seat was released (src/client/matchNotices.ts), and the server closed it: no reconnection.
    expect(await heard).toEqual({ reason: 'io server disconnect', last: ['seatReleased', matchID, '1'] });
    const joined = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '1', playerName: 'Newcomer' },
    });
    expect(joined.status).toBe(200);
    const newcomer = new RawClient(server.url);
    const view = await newcomer.sync(matchID, '1', joined.json.playerCredentials as string);
    expect(view.G.players['1'].hand).not.toBeNull();
    const updatesSeen = leaver.count('update');
    await sleep(100);
    expect(leaver.socket.connected).toBe(false);
    expect(leaver.count('update')).toBe(updatesSeen);
    newcomer.close();
    leaver.close();
  });
});

describe('a flooding socket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ socketLimits: { eventsPerSecond: 10, burst: 20, syncCost: 5, maxDropped: 50 } });
  });
  afterAll(() => server?.close());

  it('has its syncs throttled, then is disconnected', async () => {
    const { matchID } = await fullMatch(server.url, 2);
    const flooder = new RawClient(server.url);
    await flooder.connected();
    for (let i = 0; i < 500; i++) flooder.socket.emit('sync', matchID, null, undefined, 2);
    await dropped(flooder);
    expect(flooder.count('sync')).toBeLessThanOrEqual(5);
    // Others are still served.
    const fine = new RawClient(server.url);
    await fine.sync(matchID, null);
    fine.close();
    flooder.close();
  });
});
