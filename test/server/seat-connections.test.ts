/**
 * A seat's connection against a real server on loopback, with raw socket.io
 * clients: a seat held by two sockets (two tabs of one player) stays
 * connected while either is open, and is marked gone when the last one
 * closes. boardgame.io marked it gone as soon as either closed, so a player
 * with a second tab, or whose turn the clock's bot had just played, looked
 * gone to the others.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMatch, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';

const GAME = 'touched-on';

describe('a seat held by two sockets', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-seat-connections-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the other players' pages were told of seat 0's connection (boardgame.io's `matchData`), in order. */
  const toldOfSeat0 = (c: RawClient) =>
    c.received
      .filter((m) => m[0] === 'matchData')
      .map((m) => (m[2] as Array<{ id: number; isConnected?: boolean }>).find((p) => p.id === 0)?.isConnected);

  const connected = async (matchID: string) =>
    (await readMatch(server, matchID)).metadata.players[0].isConnected as boolean | undefined;

  it('stays connected while either socket is open, and is gone once both close', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2, GAME);
    const other = new RawClient(server.url, { namespace: GAME });
    await other.sync(matchID, '1', creds[1]);
    const first = new RawClient(server.url, { namespace: GAME });
    await first.sync(matchID, '0', creds[0]);
    const second = new RawClient(server.url, { namespace: GAME });
    await second.sync(matchID, '0', creds[0]);
    await other.waitFor(() => toldOfSeat0(other).filter((c) => c === true).length >= 2, 5000, 'both tabs connected');
    expect(await connected(matchID)).toBe(true);

    // One tab closes: the player is still there. (The server handles a disconnection in a few milliseconds; before
    // the fix the seat was marked gone at once, stored and told to the others.)
    first.close();
    await sleep(500);
    expect(await connected(matchID), 'seat 0 marked gone while its second tab is open').toBe(true);
    expect(toldOfSeat0(other)).not.toContain(false);

    // Closing the second tab marks the seat gone, stored and told.
    second.close();
    await other.waitFor(() => toldOfSeat0(other).includes(false), 5000, 'seat 0 told gone');
    expect(await connected(matchID)).toBe(false);
    other.close();
  });

  it('a tab that comes back after the seat was marked gone marks it connected again', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2, GAME);
    const first = new RawClient(server.url, { namespace: GAME });
    await first.sync(matchID, '0', creds[0]);
    first.close();
    const until = Date.now() + 5000;
    while ((await connected(matchID)) !== false) {
      if (Date.now() > until) throw new Error('seat 0 was not marked gone');
      await sleep(50);
    }
    const again = new RawClient(server.url, { namespace: GAME });
    await again.sync(matchID, '0', creds[0]);
    await again.waitFor(() => toldOfSeat0(again).includes(true), 5000, 'seat 0 told connected');
    expect(await connected(matchID)).toBe(true);
    again.close();
  });
});

describe('a socket that syncs again as something else than its seat', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-seat-resync-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const connected = async (matchID: string, seat: number) =>
    (await readMatch(server, matchID)).metadata.players[seat].isConnected as boolean | undefined;
  /** What `c` was told of seat `seat`'s connection (boardgame.io's `matchData`), in order. */
  const told = (c: RawClient, seat: number) =>
    c.received
      .filter((m) => m[0] === 'matchData')
      .map((m) => (m[2] as Array<{ id: number; isConnected?: boolean }>).find((p) => p.id === seat)?.isConnected);
  const eventually = async (pred: () => Promise<boolean>, what: string, ms = 3000) => {
    const until = Date.now() + ms;
    while (!(await pred())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(25);
    }
  };

  // One process, no Redis, so no sweep: before, boardgame.io's sync forgot the socket's seat without marking it gone,
  // and it stayed stored connected until the next start.
  for (const how of ['as a spectator', 'with wrong credentials', 'as another seat'] as const) {
    it(`marks its seat gone when it syncs again ${how}, and tells the pages`, async () => {
      const { matchID, creds } = await fullMatch(server.url, 3, GAME);
      const watcher = new RawClient(server.url, { namespace: GAME });
      const tab = new RawClient(server.url, { namespace: GAME });
      try {
        await watcher.sync(matchID, '2', creds[2]);
        await tab.sync(matchID, '0', creds[0]);
        await eventually(async () => (await connected(matchID, 0)) === true, 'seat 0 connected');
        if (how === 'as a spectator') await tab.sync(matchID, null);
        // boardgame.io answers no sync with wrong credentials.
        else if (how === 'with wrong credentials') tab.socket.emit('sync', matchID, '0', 'not-the-credentials', 3);
        else await tab.sync(matchID, '1', creds[1]);
        await eventually(async () => (await connected(matchID, 0)) === false, 'seat 0 stored gone');
        await watcher.waitFor(() => told(watcher, 0).at(-1) === false, 3000, 'seat 0 told gone');
        if (how === 'as another seat') {
          // The new seat's connection, boardgame.io's write after this one, is kept.
          await eventually(async () => (await connected(matchID, 1)) === true, 'seat 1 connected');
          await sleep(300);
          expect(await connected(matchID, 0)).toBe(false);
          expect(await connected(matchID, 1)).toBe(true);
        }
      } finally {
        watcher.close();
        tab.close();
      }
    });
  }

  it('leaves the seat connected while another tab of it is open', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2, GAME);
    const tabs = [new RawClient(server.url, { namespace: GAME }), new RawClient(server.url, { namespace: GAME })];
    try {
      for (const tab of tabs) await tab.sync(matchID, '0', creds[0]);
      await eventually(async () => (await connected(matchID, 0)) === true, 'seat 0 connected');
      await tabs[0].sync(matchID, null);
      await sleep(500);
      expect(await connected(matchID, 0)).toBe(true);
      // The second tab's close is the seat's last: gone.
      tabs[1].close();
      await eventually(async () => (await connected(matchID, 0)) === false, 'seat 0 gone');
    } finally {
      for (const tab of tabs) tab.close();
    }
  });
});

describe('a seat left connected by a process that died', () => {
  it('is marked gone when a lone process starts on the same storage', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-stale-connections-'));
    let server = await startTestServer({ storage: 'file', dataDir });
    try {
      const { matchID } = await fullMatch(server.url, 2, GAME);
      // As a process killed while seat 0's player was connected leaves it (a clean stop marks them gone).
      const { metadata } = await readMatch(server, matchID);
      metadata.players[0].isConnected = true;
      await server.db.setMetadata(matchID, metadata);
      await server.close();

      server = await startTestServer({ storage: 'file', dataDir });
      const again = await readMatch(server, matchID);
      expect(again.metadata.players[0].isConnected).toBe(false);
      expect(server.logs.some((l) => l.includes('seats left connected by an earlier run marked gone'))).toBe(true);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
