/**
 * The public match list, paged, on the memory storage and on PostgreSQL:
 * pages newest first with no match twice, unlisted matches never shown, no
 * credentials, and every malformed parameter a 400 (a huge `updatedBefore`
 * was a 500 on PostgreSQL: the number overflowed its bigint column).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresStorage } from '../../server/storage';
import { GAME, http, joinMatch, startTestServer, type TestServer } from './harness';

const PG_URL = process.env.TEST_DATABASE_URL;
const schema = `list_${process.pid}_${Date.now()}`;

const kinds: Array<['memory' | 'postgres', boolean]> = [
  ['memory', true],
  ['postgres', !!PG_URL],
];

describe.each(kinds)('the match list on %s storage', (storage, enabled) => {
  let server: TestServer;
  const listed: string[] = [];
  beforeAll(async () => {
    if (!enabled) return;
    const databaseUrl =
      storage === 'postgres' ? `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}schema=${schema}` : undefined;
    server = await startTestServer({ storage, databaseUrl });
    for (let i = 0; i < 7; i++) {
      const res = await http(server.url, `/games/${GAME}/create`, {
        method: 'POST',
        json: { numPlayers: 2, unlisted: i === 3 },
      });
      if (i !== 3) listed.push(res.json.matchID as string);
      await joinMatch(server.url, res.json.matchID as string, '0', `P${i}`);
    }
  });
  afterAll(async () => {
    if (!enabled) return;
    if (storage === 'postgres')
      await (server.db as PostgresStorage).pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await server?.close();
  });

  it.skipIf(!enabled)('pages newest first, each listed match once, no unlisted match, no credentials', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await http(server.url, `/games/${GAME}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('credentials');
      const matches = res.json.matches as Array<{ matchID: string; updatedAt: number; players: unknown[] }>;
      expect(matches.length).toBeLessThanOrEqual(3);
      seen.push(...matches.map((m) => m.matchID));
      times.push(...matches.map((m) => m.updatedAt));
      cursor = res.json.nextCursor as string | undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect([...seen].sort()).toEqual([...listed].sort());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The default page holds them all, as the lobby client reads it.
    const all = await http(server.url, `/games/${GAME}?isGameover=false`);
    expect((all.json.matches as unknown[]).length).toBe(6);
    expect(all.json.nextCursor).toBeUndefined();
  });

  it
    .skipIf(!enabled)
    .each([
      'limit=0',
      'limit=201',
      'limit=abc',
      'updatedBefore=99999999999999999999',
      'updatedBefore=1e30',
      'updatedAfter=-5',
      'isGameover=maybe',
      'cursor=garbage',
    ])('answers %s with a 400', async (query) => {
    const res = await http(server.url, `/GAMES/${GAME}?${query}`);
    expect(res.status).toBe(400);
    // boardgame.io's router also takes a trailing slash: it must not reach its unpaged route.
    const slash = await http(server.url, `/games/${GAME}/?${query}`);
    expect(slash.status).toBe(400);
  });
});
