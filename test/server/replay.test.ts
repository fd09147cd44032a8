/**
 * `GET /replay/<matchID>` against a real server on loopback: whole Get on
 * Board and Touched On matches are played through raw socket.io clients (one
 * per seat, seeded legal moves); before the end the replay is refused (409:
 * the initial state holds every hidden card); after it, the stored log
 * replays through the game's reducer (src/client/replay.ts, what the replay
 * page runs) step for step to the stored final state. Unknown and malformed
 * IDs are refused with a 4xx; no credentials leave.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { buildReplay } from '../../src/client/replay';
import type { ReplayData } from '../../server/replay';
import { http, readMatch, startTestServer, type TestServer } from './harness';
import { playMatch, seatedMatch } from './play';

describe('replays of finished matches', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-replay-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['get-on-board', 3, undefined],
    ['touched-on', 2, { dealer: 1 }],
  ])(
    '%s: refused before the end, then replays step for step to the stored end',
    async (gameId, players, setup) => {
      const m = await seatedMatch(server.url, gameId, players, setup);
      const before = await playMatch(gameId, m, 3, (s) => s._stateID >= 6);
      expect(before).toBeGreaterThan(0);
      const early = await http(server.url, `/replay/${m.matchID}`);
      expect(early.status).toBe(409);
      expect(early.text).toMatch(/not over/);

      // Seats take back their move now and then (the games that allow it): the log holds UNDO entries too.
      await playMatch(gameId, m, 4, undefined, 0.3);
      const res = await http(server.url, `/replay/${m.matchID}`);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('credentials');
      for (const c of m.creds) expect(res.text).not.toContain(c);
      const data = res.json as ReplayData;
      expect(data.players.map((p) => p.name)).toEqual(m.creds.map((_, i) => `P${i}`));
      const replay = buildReplay(findGame(gameId)!.game, data);
      expect(replay.problems).toEqual([]);
      const stored = (await readMatch(server, m.matchID)).state!;
      const last = replay.states[replay.states.length - 1];
      expect(last._stateID).toBe(stored._stateID);
      expect(last.G).toEqual(stored.G);
      expect(last.ctx.gameover).toEqual(stored.ctx.gameover);
      m.clients.forEach((c) => c.close());
    },
    60_000,
  );

  it('answers an unknown match 404, a malformed ID 400 and a POST 405', async () => {
    expect((await http(server.url, '/replay/no-such-match')).status).toBe(404);
    expect((await http(server.url, '/replay/bad%20id')).status).toBe(400);
    expect((await http(server.url, '/replay/%E0%A4%A')).status).toBe(400);
    expect((await http(server.url, `/replay/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await http(server.url, '/replay/abc', { method: 'POST', json: {} })).status).toBe(405);
  });
});
