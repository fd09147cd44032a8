/**
 * When a turn clock's wait began, against a real server on loopback with the file storage (clockScale 7.5: a
 * 1-minute clock lasts 8 s), with raw socket.io clients:
 *  - a wait in progress at a restart runs out at its own deadline, counted from when it began, not a whole period
 *    after the player's last action before the restart (the start was kept in memory only, and the restart
 *    counted from the match's last change);
 *  - the first wait begins when the table fills, not when the match was created or its previous seat was taken
 *    (a join that fills the table leaves `updatedAt` alone, so the first player's clock ran out at once).
 * Each timeout is seen as the clock's chat line, on a spectator's socket; its time is compared with the deadline
 * within a tolerance (the clock bot connects, then writes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, ProcessGameConfig } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { waitKey } from '../../src/games/common/waiting-room';
import { http, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';

const SCALE = 7.5;
const PERIOD = 8000;
const def = findGame('lisbon')!;
const GAME = def.id;

const ranOut = (c: RawClient) =>
  c.received
    .filter((m) => m[0] === 'chat')
    .map((m) => (m[2] as { payload: { text: string } }).payload.text)
    .filter((t) => t.includes('ran out of time'));

async function create(url: string): Promise<string> {
  const created = await http(url, `/games/${GAME}/create`, {
    method: 'POST',
    json: { numPlayers: 2, turnClock: '1m', setupData: { firstPlayer: 0 } },
  });
  expect(created.status).toBe(200);
  return created.json.matchID as string;
}

async function join(url: string, matchID: string, seat: string): Promise<string> {
  const joined = await http(url, `/games/${GAME}/${matchID}/join`, {
    method: 'POST',
    json: { playerID: seat, playerName: `P${seat}` },
  });
  expect(joined.status).toBe(200);
  return joined.json.playerCredentials as string;
}

/** When the spectator `c` first sees the clock's chat line (Date.now()). */
async function timeoutSeen(c: RawClient, ms: number): Promise<number> {
  await c.waitFor(() => ranOut(c).length > 0, ms, 'the clock message');
  return Date.now();
}

describe('when a turn clock began', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-clock-restart-'));
    server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs out at the wait’s own deadline after a restart, not a period after the last action', async () => {
    const matchID = await create(server.url);
    const creds = [await join(server.url, matchID, '0'), await join(server.url, matchID, '1')];
    // The wait for P0 began as the table filled.
    const began = Date.now();
    const player = new RawClient(server.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    // Half a period later, P0 acts within the turn: an action that may be taken back (so P0 still acts after it),
    // found by trying each of the bot's moves on the stored state.
    await sleep(PERIOD / 2);
    const reducer = CreateGameReducer({ game: ProcessGameConfig(def.game as never) }) as unknown as (
      s: State,
      a: unknown,
    ) => State;
    const stored = (await readMatch(server, matchID)).state!;
    const options = def.game.ai!.enumerate(stored.G, stored.ctx, '0') as { move: string; args: unknown[] }[];
    const action = options.find((o) => {
      const after = reducer(stored, { type: 'MAKE_MOVE', payload: { type: o.move, args: o.args, playerID: '0' } });
      return after._stateID > stored._stateID && def.canTakeBack!(after.G, after.ctx, '0');
    });
    expect(action).toBeDefined();
    player.move(matchID, '0', creds[0], action!.move, action!.args, stored._stateID);
    await player.waitFor(() => player.state!._stateID > stored._stateID, 5000, "P0's action");
    const wait = waitKey(player.state!.ctx, player.state!.G, def.waitingOn);
    expect(wait).toBe(waitKey(stored.ctx, stored.G, def.waitingOn));
    player.close();

    // The server restarts on the same data.
    await server.close();
    server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
    const watcher = new RawClient(server.url, { namespace: GAME });
    await watcher.sync(matchID, null);
    const seen = await timeoutSeen(watcher, 3 * PERIOD);
    // At the wait's deadline (the clock bot connects, then writes), not a period after P0's action (4 s later).
    expect(seen - began).toBeGreaterThanOrEqual(PERIOD - 500);
    expect(seen - began).toBeLessThan(PERIOD + 2500);
    expect(ranOut(watcher)).toEqual(['P0 ran out of time: the easy bot plays this turn.']);
    watcher.close();
  }, 60_000);

  it('dates the first wait from when the table fills', async () => {
    const matchID = await create(server.url);
    await join(server.url, matchID, '0');
    const watcher = new RawClient(server.url, { namespace: GAME });
    await watcher.sync(matchID, null);
    // The second seat is taken more than a period after the first.
    await sleep(PERIOD + 1000);
    await join(server.url, matchID, '1');
    const filled = Date.now();
    const seen = await timeoutSeen(watcher, 3 * PERIOD);
    expect(seen - filled).toBeGreaterThanOrEqual(PERIOD - 500);
    expect(seen - filled).toBeLessThan(PERIOD + 2500);
    expect(ranOut(watcher)).toEqual(['P0 ran out of time: the easy bot plays this turn.']);
    watcher.close();
  }, 60_000);
});
