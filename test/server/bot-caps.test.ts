/**
 * The bot caps count only the bots of matches a person is connected to, or
 * made in the last minute (server/bots.ts): a player who closed their bot
 * matches without finishing them can start another, while one who still
 * plays them is held to the cap, and so is one who makes match after match
 * without connecting to any. The refusal names the cap, and the page quotes
 * it (src/client/lobbyErrors.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeError, HttpError } from '../../src/client/lobbyErrors';
import { findGame } from '../../src/games/registry';
import { createMatch, GAME, http, joinMatch, RawClient, readMatch, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ botLimits: { perServer: 3, perClient: 2, threads: 1 } });
});
afterAll(() => server?.close());

/** A match with Ana in seat 0 (first to play, so the bots wait for her); returns its id and her credentials. */
async function anasMatch(numPlayers: number) {
  const matchID = await createMatch(server.url, numPlayers, { firstPlayer: 0 });
  return { matchID, creds: await joinMatch(server.url, matchID, '0', 'Ana') };
}

const addBot = (matchID: string, seat: number, creds: string) =>
  http(server.url, `/bots/${matchID}`, {
    method: 'POST',
    json: { seat, level: 'easy', playerID: '0', credentials: creds },
  });

/** Ana's page on the match: a socket synced as seat 0, and the stored metadata says she is connected. */
async function connect(matchID: string, creds: string): Promise<RawClient> {
  const page = new RawClient(server.url);
  await page.sync(matchID, '0', creds);
  await expect.poll(async () => (await readMatch(server, matchID)).metadata.players[0].isConnected).toBe(true);
  return page;
}

/** Makes the match two minutes old, as if made earlier: past the minute in which its bots count anyway. */
async function age(matchID: string) {
  const { metadata } = await readMatch(server, matchID);
  await server.db.setMetadata(matchID, { ...metadata, createdAt: metadata.createdAt - 120_000 });
}

it('bots count while someone is connected to their match or it is new; the refusal says which cap', async () => {
  // Ana plays a 3-player match against two bots: the cap of two per client is reached.
  const a = await anasMatch(3);
  const pageA = await connect(a.matchID, a.creds);
  for (const seat of [1, 2]) expect((await addBot(a.matchID, seat, a.creds)).status).toBe(200);
  await age(a.matchID);

  const b = await anasMatch(2);
  const refused = await addBot(b.matchID, 1, b.creds);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(refused.text).toMatch(/^You already have 2 bots playing; .*nobody is connected to that match/);
  expect((await readMatch(server, b.matchID)).metadata.players[1].name).toBeUndefined();
  // What the page shows: the server's reason, not a bare "too many requests".
  expect(describeError(new HttpError(`HTTP status ${refused.status}`, refused.text), 'bot')).toBe(
    `Could not seat the bot: y${refused.text.slice(1)}.`,
  );

  // Ana closes the first match's page without finishing it: its bots stay seated but no longer count.
  pageA.close();
  await expect.poll(async () => (await readMatch(server, a.matchID)).metadata.players[0].isConnected).toBe(false);
  expect((await addBot(b.matchID, 1, b.creds)).status).toBe(200);
  expect(server.bots.running).toBe(3);

  // New matches count even before anyone connects: the second bot of a third match is one too many.
  const c = await anasMatch(3);
  // The server runs 3 bots (its cap), of which only 1, in the new match b, counts.
  expect((await addBot(c.matchID, 1, c.creds)).status).toBe(200);
  const third = await addBot(c.matchID, 2, c.creds);
  expect(third.status).toBe(429);
  expect(third.text).toMatch(/^You already have 2 bots playing; /);

  // A minute on, only the match Ana has open counts.
  await age(b.matchID);
  await age(c.matchID);
  const pageB = await connect(b.matchID, b.creds);
  expect((await addBot(c.matchID, 2, c.creds)).status).toBe(200);
  expect(server.bots.running).toBe(5);

  // Back on the first match, Ana plays her turn and its bots play theirs, as before.
  const again = await connect(a.matchID, a.creds);
  await again.playUntilTurn(findGame(GAME)!, a.matchID, '0', a.creds, 4);
  for (const p of [pageB, again]) p.close();
}, 60_000);

it('says "1 bot", not "1 bots", when the server cap of one is reached', async () => {
  const one = await startTestServer({ botLimits: { perServer: 1, perClient: 0, threads: 1 } });
  try {
    const seatBot = async (matchID: string, creds: string) =>
      http(one.url, `/bots/${matchID}`, {
        method: 'POST',
        json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
      });
    const first = await createMatch(one.url, 2, { firstPlayer: 0 });
    expect((await seatBot(first, await joinMatch(one.url, first, '0', 'Ana'))).status).toBe(200);
    const second = await createMatch(one.url, 2, { firstPlayer: 0 });
    const refused = await seatBot(second, await joinMatch(one.url, second, '0', 'Ana'));
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/^This server already runs 1 bot; try again/);
  } finally {
    await one.close();
  }
});
