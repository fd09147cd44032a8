/**
 * Matches abandoned before they start are removed after the configured time
 * (a fraction of a second here); a match whose seats all filled, and one
 * still changing, stay.
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
