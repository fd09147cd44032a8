/**
 * `GET /matches/status` against a real server on loopback: a Get on Board
 * match waits for players, then for both (departures are chosen at once),
 * then for the one still choosing, then for whoever plots; a finished match
 * waits for nobody; nothing hidden is in the answer; bad requests are 4xx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from './harness';
import { findLeaks } from './leak-check';
import { playMatch, seatedMatch } from './play';

describe('match status', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-status-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (...ids: string[]) => {
    const res = await http(server.url, `/matches/status?ids=${ids.join(',')}`);
    expect(res.status).toBe(200);
    expect(findLeaks(res.json, null)).toEqual([]);
    return res.json.matches as {
      matchID: string;
      waitingOn: string[];
      waitingForPlayers: boolean;
      gameover: boolean;
    }[];
  };

  it('says whom each match waits for, from the lobby to the end', async () => {
    const created = await http(server.url, '/games/get-on-board/create', { method: 'POST', json: { numPlayers: 2 } });
    const lonely = created.json.matchID as string;
    expect((await status(lonely))[0]).toMatchObject({ waitingForPlayers: true, waitingOn: [], gameover: false });

    const m = await seatedMatch(server.url, 'get-on-board', 2);
    const [first] = await status(m.matchID, 'no-such-match');
    expect(first).toMatchObject({ matchID: m.matchID, waitingForPlayers: false, waitingOn: ['0', '1'] });
    await playMatch('get-on-board', m, 2, (s) => s._stateID >= 1);
    expect((await status(m.matchID))[0].waitingOn).toEqual(['1']);
    await playMatch('get-on-board', m, 2, (s) => s._stateID >= 2);
    const plotting = (await status(m.matchID))[0].waitingOn;
    expect(plotting).toHaveLength(1);
    const stored = (await server.db.fetch(m.matchID, { state: true })).state;
    expect(plotting).toEqual([stored.ctx.currentPlayer]);
    await playMatch('get-on-board', m, 2);
    expect((await status(m.matchID))[0]).toMatchObject({ gameover: true, waitingOn: [] });
    m.clients.forEach((c) => c.close());
  }, 60_000);

  it('refuses malformed requests with a 4xx', async () => {
    expect((await http(server.url, '/matches/status')).status).toBe(400);
    expect((await http(server.url, '/matches/status?ids=')).status).toBe(400);
    expect((await http(server.url, '/matches/status?ids=a%20b')).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `m${i}`).join(',');
    expect((await http(server.url, `/matches/status?ids=${many}`)).status).toBe(400);
    expect((await http(server.url, '/matches/status?ids=a&ids=b')).status).toBe(400);
    expect((await http(server.url, '/matches/status?ids=a', { method: 'POST', json: {} })).status).toBe(405);
  });
});
