/**
 * The bot caps count only matches a person is connected to (server/bots.ts):
 * a player who closed their bot matches without finishing them can start
 * another at once, while one who still plays them is held to the cap. The
 * refusal names the cap, and the page quotes it (src/client/lobbyErrors.ts).
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

it('bots of matches nobody is connected to do not count under the caps; the refusal says which cap', async () => {
  // Ana plays a 3-player match against two bots: the cap of two per client is reached.
  const a = await anasMatch(3);
  const pageA = await connect(a.matchID, a.creds);
  for (const seat of [1, 2]) expect((await addBot(a.matchID, seat, a.creds)).status).toBe(200);

  const b = await anasMatch(2);
  const refused = await addBot(b.matchID, 1, b.creds);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');
  expect(refused.text).toMatch(/^You already have 2 bots playing; .*nobody is connected to that match/);
  expect((await readMatch(server, b.matchID)).metadata.players[1].name).toBeUndefined();
  // What the page shows: the server's reason, not a bare "too many requests".
  expect(describeError(new HttpError(`HTTP status ${refused.status}`, refused.text), 'bot')).toBe(
    `Could not seat the bot: ${refused.text}.`,
  );

  // Ana closes the first match's page without finishing it: its bots stay seated but no longer count.
  pageA.close();
  await expect.poll(async () => (await readMatch(server, a.matchID)).metadata.players[0].isConnected).toBe(false);
  expect((await addBot(b.matchID, 1, b.creds)).status).toBe(200);
  expect(server.bots.running).toBe(3);

  // She plays the second one: its bot counts again, one under the cap; a second one in a third match is refused.
  const pageB = await connect(b.matchID, b.creds);
  const c = await anasMatch(3);
  const pageC = await connect(c.matchID, c.creds);
  // The server runs 3 bots (its cap), of which only 1 in a match someone is connected to.
  expect((await addBot(c.matchID, 1, c.creds)).status).toBe(200);
  const third = await addBot(c.matchID, 2, c.creds);
  expect(third.status).toBe(429);
  expect(third.text).toMatch(/^(You already have 2|This server already runs 3) bots/);

  // Back on the first match, Ana plays her turn and its bots play theirs, as before.
  const again = await connect(a.matchID, a.creds);
  const def = findGame(GAME)!;
  await again.playUntilTurn(def, a.matchID, '0', a.creds, 4);
  for (const p of [pageB, pageC, again]) p.close();
}, 60_000);
