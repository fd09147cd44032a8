/**
 * Matches abandoned before they start are removed after the configured time
 * (a fraction of a second here); a match whose seats all filled, and one
 * still changing, stay.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatch, fullMatch, joinMatch, sleep, startTestServer, type TestServer } from './harness';

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
