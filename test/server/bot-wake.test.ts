/**
 * Waking bot seats from another process (server/bots.ts `noteMetadata`), on a
 * real PostgreSQL and Redis: two servers, the bot plays in the first (its
 * lease), the person is connected to the second. The second tries to take
 * the bot seat when she connects (the bots might be resting), and not again
 * on each of her moves while she stays: each try is a lease query, and the
 * seat is played elsewhere. A new visit tries again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { createMatch, GAME, http, joinMatch, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!PG_URL || !REDIS_URL)('a bot seat played by another process', () => {
  const schema = `botwake_${process.pid}_${Date.now().toString(36)}`;
  const dbUrl = withSchema(PG_URL ?? '', schema);
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    await dropSchema(PG_URL ?? '', schema);
  });

  it('is tried once per visit by the process the person is connected to, not on each of her moves', async () => {
    const def = findGame(GAME)!;
    const opts = { storage: 'postgres', databaseUrl: dbUrl, redisUrl: REDIS_URL } as const;
    const one = await startTestServer(opts);
    servers.push(one);
    const two = await startTestServer(opts);
    servers.push(two);
    const matchID = await createMatch(one.url, 2, { firstPlayer: 0 });
    const creds = await joinMatch(one.url, matchID, '0', 'Ana');
    const seated = await http(one.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
    });
    expect(seated.status).toBe(200);
    expect(one.bots.running).toBe(1);
    const wakes = () => two.logs.filter((l) => l.includes('bot seats waking') && l.includes(matchID)).length;

    // Ana connects to the second process and plays a turn there (the bot answers from the first): one try, as she
    // connects. (A move stored just then may carry the metadata read before her connection, with her not
    // connected: that write does not end her visit.)
    let ana = new RawClient(two.url);
    await ana.sync(matchID, '0', creds);
    await ana.playUntilTurn(def, matchID, '0', creds, ana.state!.ctx.turn + 2);
    const first = wakes();
    expect(first).toBe(1);
    // Then she plays on for longer than a retry's pause (10 s), a turn a second: no other try.
    const started = Date.now();
    let turns = 0;
    while (Date.now() - started < 12_000) {
      await ana.playUntilTurn(def, matchID, '0', creds, ana.state!.ctx.turn + 2);
      turns++;
      await sleep(1000);
    }
    // Each pass is her turn, the bot's answer (its thinking pause included) and the second's sleep, about 2 s: a few
    // passes show she kept playing through the retry's pause, however slow the machine.
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(ana.state!.ctx.gameover).toBeUndefined();
    expect(wakes()).toBe(first);
    // The seat is still the first process's.
    expect(one.bots.running).toBe(1);
    expect(two.bots.running).toBe(0);

    // She closes the page and comes back: a new visit, a new try (which finds the seat played).
    ana.close();
    await expect
      .poll(async () => (await two.db.fetch(matchID, { metadata: true })).metadata?.players[0].isConnected, {
        timeout: 5000,
      })
      .toBe(false);
    ana = new RawClient(two.url);
    await ana.sync(matchID, '0', creds);
    await ana.playUntilTurn(def, matchID, '0', creds, ana.state!.ctx.turn + 2);
    expect(wakes()).toBeGreaterThan(first);
    expect(one.bots.running).toBe(1);
    expect(two.bots.running).toBe(0);
    ana.close();
  }, 60_000);
});
