/**
 * Bots rest in a match everyone has left (server/bots.ts `restAfterMs`):
 * once nobody but bots is connected to it and it has not changed for a
 * while, its bot clients stop; a person connecting to it wakes them, and
 * they play on. A restart does not resume a resting match's bots either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { createMatch, GAME, http, joinMatch, RawClient, startTestServer } from './harness';

const REST_MS = 400;

it('stops the bots of a match nobody is connected to, and wakes them when a person comes back', async () => {
  const def = findGame(GAME)!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-botrest-'));
  const start = () =>
    startTestServer({
      storage: 'file',
      dataDir,
      botLimits: { restAfterMs: REST_MS, threads: 1 },
    });
  let server = await start();
  try {
    const matchID = await createMatch(server.url, 3, { firstPlayer: 0 });
    const creds = await joinMatch(server.url, matchID, '0', 'Ana');
    let ana = new RawClient(server.url);
    await ana.sync(matchID, '0', creds);
    for (const seat of [1, 2]) {
      const res = await http(server.url, `/bots/${matchID}`, {
        method: 'POST',
        json: { seat, level: 'easy', playerID: '0', credentials: creds },
      });
      expect(res.status).toBe(200);
    }
    expect(server.bots.running).toBe(2);
    // While Ana is connected, the bots stay, however long she thinks.
    await new Promise((r) => setTimeout(r, 3 * REST_MS));
    expect(server.bots.running).toBe(2);

    // Ana plays her turn, the bots play theirs, and Ana closes the page.
    await ana.playUntilTurn(def, matchID, '0', creds, 4);
    const turn = ana.state!.ctx.turn;
    ana.close();
    await expect.poll(() => server.bots.running, { timeout: 10_000 }).toBe(0);
    expect(server.logs.some((l) => l.includes('bot seats resting') && l.includes(matchID))).toBe(true);

    // A restart leaves a resting match's bots resting.
    await server.close();
    server = await start();
    await new Promise((r) => setTimeout(r, 2 * REST_MS));
    expect(server.bots.running).toBe(0);

    // Ana comes back: her connection wakes the bots, and they play their turns after hers.
    ana = new RawClient(server.url);
    await ana.sync(matchID, '0', creds);
    await expect.poll(() => server.bots.running, { timeout: 10_000 }).toBe(2);
    await ana.playUntilTurn(def, matchID, '0', creds, turn + 3);
    ana.close();
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
