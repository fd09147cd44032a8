/**
 * Match expiry (server/expiry.ts) with two server processes on a real PostgreSQL and Redis, both sweeping.
 *
 * - A match that expires is gone for every process: the sockets each process holds are told (`matchClosed`, with
 *   the reason `expired`), its bot seats stop, and the lobby's 404 says it expired.
 * - A join racing the sweep either gets its seat in a match that stays (until it, too, has been idle long enough)
 *   or a 404 in a match that is gone whole: never credentials for a removed match, and never a match brought back
 *   without its state.
 */
import { describe, expect, it } from 'vitest';
import { GAME, http, joinMatch, RawClient, sleep } from './harness';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
/** Matches idle this long expire; each process sweeps every quarter of it. */
const EXPIRE_MS = 1000;
const ROUNDS = 12;
const PER_ROUND = 20;

type Pool = { query(sql: string, v: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> };

describe.skipIf(!PG_URL || !REDIS_URL)('match expiry on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'expiry2', { expireOpenAfterMs: EXPIRE_MS });
  const pool = () => (servers.a().db as unknown as { pool: Pool }).pool;
  /** The match's row as stored: its seats and whether it has a state; undefined when there is no row. */
  const row = async (matchID: string) => {
    const r = await pool().query(
      `SELECT metadata::text AS m, state IS NOT NULL AS has_state FROM "${servers.schema}".bgio_match WHERE id = $1`,
      [matchID],
    );
    const found = r.rows[0] as { m: string | null; has_state: boolean } | undefined;
    if (!found) return undefined;
    const metadata =
      found.m === null ? undefined : (JSON.parse(found.m) as { players: Record<string, { credentials?: string }> });
    return { metadata, hasState: found.has_state };
  };
  const closedMessages = (c: RawClient) => c.received.filter((m) => m[0] === 'matchClosed');

  it('tells the sockets on both processes, stops its bot seat and answers that it expired', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const created = await http(a.url, `/games/${GAME}/create`, {
      method: 'POST',
      json: { numPlayers: 3, setupData: { firstPlayer: 0 } },
    });
    const matchID = created.json.matchID as string;
    const ana = await joinMatch(a.url, matchID, '0', 'Ana');
    const bot = await http(b.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: ana },
    });
    expect(bot.status, bot.text).toBe(200);
    expect(b.bots.running).toBe(1);
    const seated = new RawClient(b.url);
    const watcherA = new RawClient(a.url);
    const watcherB = new RawClient(b.url);
    try {
      await seated.sync(matchID, '0', ana);
      await watcherA.sync(matchID, null);
      await watcherB.sync(matchID, null);
      for (const c of [seated, watcherA, watcherB]) {
        await c.waitFor(() => closedMessages(c).length > 0, 10_000, 'matchClosed on expiry');
        expect(closedMessages(c)[0]).toEqual(['matchClosed', matchID, { seat: '', name: '', reason: 'expired' }]);
      }
      expect(await row(matchID)).toBeUndefined();
      for (const base of [a.url, b.url]) {
        const asked = await http(base, `/games/${GAME}/${matchID}`);
        expect(asked.status).toBe(404);
        expect(asked.json.closedBy).toEqual({ seat: '', name: '', reason: 'expired' });
        expect(asked.json.error).toMatch(/expired/);
      }
      const until = Date.now() + 5000;
      while (b.bots.running > 0 && Date.now() < until) await sleep(50);
      expect(b.bots.running).toBe(0);
      const leases = await pool().query(`SELECT 1 FROM "${servers.schema}".bgio_bot_lease WHERE match_id = $1`, [
        matchID,
      ]);
      expect(leases.rowCount).toBe(0);
    } finally {
      for (const c of [seated, watcherA, watcherB]) c.close();
    }
    // Its sockets left quietly: neither process looks for the match they were in.
    await sleep(300);
    expect(a.matchQueues() + b.matchQueues()).toBe(0);
    expect([...a.logs, ...b.logs].filter((l) => /^error/.test(l))).toEqual([]);
  }, 30_000);

  it(`never leaves a join holding credentials for a removed match, nor a match without its state (${ROUNDS} rounds)`, async () => {
    const [a, b] = [servers.a(), servers.b()];
    const outcomes = { seated: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const checks: Promise<void>[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const [maker, joiner] = i % 2 === 0 ? [a, b] : [b, a];
        const created = await http(maker.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 2 } });
        expect(created.status).toBe(200);
        const matchID = created.json.matchID as string;
        // Each join lands somewhere around the moment the match becomes old enough for the sweeps.
        const delay = EXPIRE_MS - 150 + Math.random() * 500;
        const logsOf = () => [...a.logs, ...b.logs].filter((l) => l.includes(matchID)).join('\n');
        checks.push(
          (async () => {
            await sleep(delay);
            const sent = Date.now();
            const joined = await http(joiner.url, `/games/${GAME}/${matchID}/join`, {
              method: 'POST',
              json: { playerID: '1', playerName: 'Bruno' },
            });
            const at = `round ${round}, match ${matchID}, joined ${Math.round(delay)} ms after creation`;
            if (joined.status === 200) {
              outcomes.seated++;
              const credentials = joined.json.playerCredentials as string;
              // The seat is in a whole match, on both processes, until the match may expire in its own right: idle
              // EXPIRE_MS since the join (dated after `sent`). A sweep that read the match before the join removes
              // it within milliseconds; on a loaded machine the second look may come later than EXPIRE_MS, and
              // then a match gone proves nothing.
              for (const wait of [0, 450]) {
                await sleep(wait);
                const stored = await row(matchID);
                const listed = await Promise.all([a.url, b.url].map((base) => http(base, `/games/${GAME}/${matchID}`)));
                if (Date.now() - sent >= EXPIRE_MS) break;
                expect(stored?.hasState, at).toBe(true);
                expect(stored?.metadata?.players['1']?.credentials, at).toBe(credentials);
                for (const r of listed) expect(r.status, at).toBe(200);
              }
            } else {
              expect(joined.status, `${at}: ${joined.text}`).toBe(404);
              outcomes.refused++;
              // Gone whole, and not brought back by a write that read it before.
              for (const wait of [0, 450]) {
                await sleep(wait);
                expect(await row(matchID), at).toBeUndefined();
              }
            }
          })().catch((err: Error) => {
            throw new Error(`${err.message}\nserver logs of the match:\n${logsOf()}`, { cause: err });
          }),
        );
      }
      await Promise.all(checks);
    }
    console.log(`expiry race: ${outcomes.seated} joins seated, ${outcomes.refused} refused`);
    expect(outcomes.seated).toBeGreaterThan(0);
    expect([...a.logs, ...b.logs].filter((l) => /^error/.test(l))).toEqual([]);
  }, 120_000);
});
