/**
 * The server's match log lines across a restart, on the file storage: a
 * match's "match started" (every seat taken) and "match finished" are written
 * once, by the process that saw them happen. After a restart, the players'
 * sockets reconnecting (boardgame.io writes their connection into the
 * match's metadata) log neither again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawClient, sleep, startTestServer, type TestServer } from './harness';
import { playMatch, seatedMatch } from './play';

const GAME = 'get-on-board';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-restart-logs-'));
let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const lines = (s: TestServer, matchID: string, what: string) =>
  s.logs.filter((l) => l.includes(matchID) && l.startsWith(`info match ${what}`));

describe('match log lines across a restart', () => {
  it('logs a match started and finished once, not again when its players reconnect to the next process', async () => {
    server = await startTestServer({ storage: 'file', dataDir });
    const over = await seatedMatch(server.url, GAME, 2);
    expect(await playMatch(GAME, over, 7)).toBeGreaterThan(0);
    const waiting = await seatedMatch(server.url, GAME, 2);
    for (const c of [...over.clients, ...waiting.clients]) c.close();
    expect(lines(server, over.matchID, 'started')).toHaveLength(1);
    expect(lines(server, over.matchID, 'finished')).toHaveLength(1);
    expect(lines(server, waiting.matchID, 'started')).toHaveLength(1);
    const connected = async (s: TestServer, matchID: string) =>
      Object.values((await s.db.fetch(matchID, { metadata: true })).metadata.players).map((p) => p.isConnected);
    for (const m of [over, waiting]) await expect.poll(() => connected(server!, m.matchID)).toEqual([false, false]);
    await server.close();

    server = await startTestServer({ storage: 'file', dataDir });
    const again: RawClient[] = [];
    for (const m of [over, waiting]) {
      for (let seat = 0; seat < 2; seat++) {
        const c = new RawClient(server.url, { namespace: GAME });
        await c.sync(m.matchID, String(seat), m.creds[seat]);
        again.push(c);
      }
    }
    // The reconnections were written into both matches' metadata, every seat still taken...
    for (const m of [over, waiting]) await expect.poll(() => connected(server!, m.matchID)).toEqual([true, true]);
    for (const c of again) c.close();
    await sleep(300);
    // ...and logged no start or end again.
    for (const what of ['started', 'finished']) {
      expect(lines(server, over.matchID, what)).toEqual([]);
      expect(lines(server, waiting.matchID, what)).toEqual([]);
    }
  }, 60_000);
});
