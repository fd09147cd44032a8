/**
 * Matches abandoned before they start are removed after the configured time
 * (a fraction of a second here); a match whose seats all filled, and one
 * still changing (a join is a change), stay. The match's sockets are told it
 * expired. (Two processes on PostgreSQL:
 * cluster-expiry.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createMatch,
  fullMatch,
  GAME,
  http,
  joinMatch,
  RawClient,
  sleep,
  startTestServer,
  type TestServer,
} from './harness';
import { botMoves } from '../../src/games/lisbon/bots/candidates';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ expireOpenAfterMs: 400 });
});
afterAll(() => server?.close());

const exists = async (matchID: string) => (await server.db.fetch(matchID, { metadata: true })).metadata !== undefined;

it('removes matches whose seats never all filled, and only those', async () => {
  const abandoned = await createMatch(server.url, 3);
  await joinMatch(server.url, abandoned, '0', 'Ana');
  const { matchID: started } = await fullMatch(server.url, 2);
  const deadline = Date.now() + 5000;
  while ((await exists(abandoned)) && Date.now() < deadline) await sleep(100);
  expect(await exists(abandoned)).toBe(false);
  expect(await exists(started)).toBe(true);
  // A fresh open match is kept until it, too, has been idle long enough.
  const fresh = await createMatch(server.url, 2);
  expect(await exists(fresh)).toBe(true);
  expect(server.logs.some((l) => l.startsWith('info match removed') && l.includes(abandoned))).toBe(true);
});

it('keeps a started match after a player leaves it', async () => {
  const { matchID, creds } = await fullMatch(server.url, 2);
  const p0 = new RawClient(server.url);
  try {
    const state = await p0.sync(matchID, '0', creds[0]);
    const options = botMoves(state.G, state.ctx, '0') as Array<{ move: string; args?: unknown[] }>;
    p0.move(matchID, '0', creds[0], options[0].move, options[0].args ?? [], state._stateID);
    await p0.waitFor(() => p0.state!._stateID > state._stateID, 5000, 'the move');
  } finally {
    p0.close();
  }
  const left = await http(server.url, `/games/${GAME}/${matchID}/leave`, {
    method: 'POST',
    json: { playerID: '1', credentials: creds[1] },
  });
  expect(left.status).toBe(200);
  // Several sweeps (every 100 ms here) run past the 400 ms setting.
  await sleep(1500);
  expect(await exists(matchID)).toBe(true);
});

it('dates a join: a match joined just before it would have expired waits the whole time again', async () => {
  const matchID = await createMatch(server.url, 2);
  await sleep(300);
  const creds = await joinMatch(server.url, matchID, '0', 'Ana');
  // Sweeps every 100 ms: the match, created 300 ms before the join, would have gone within 200 ms of it.
  await sleep(250);
  const { metadata } = await server.db.fetch(matchID, { metadata: true });
  expect(metadata?.players[0]?.credentials).toBe(creds);
  // Then, idle, it expires.
  const deadline = Date.now() + 5000;
  while ((await exists(matchID)) && Date.now() < deadline) await sleep(100);
  expect(await exists(matchID)).toBe(false);
});

it("tells the match's sockets that it expired, and the lobby's 404 says so", async () => {
  const matchID = await createMatch(server.url, 2);
  const creds = await joinMatch(server.url, matchID, '0', 'Ana');
  const seated = new RawClient(server.url);
  try {
    await seated.sync(matchID, '0', creds);
    await seated.waitFor(() => seated.count('matchClosed') > 0, 5000, 'matchClosed');
    expect(seated.received.find((m) => m[0] === 'matchClosed')).toEqual([
      'matchClosed',
      matchID,
      { seat: '', name: '', reason: 'expired' },
    ]);
  } finally {
    seated.close();
  }
  const asked = await http(server.url, `/games/${GAME}/${matchID}`);
  expect(asked.status).toBe(404);
  expect(asked.json.closedBy).toEqual({ seat: '', name: '', reason: 'expired' });
});
