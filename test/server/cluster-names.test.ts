/**
 * One name to one player of a match across two server processes on one PostgreSQL (and Redis): a join of "Ana" on
 * one process and of "ana" on the other, fired together, seat one of them; the other gets the lobby's same-name 400.
 * Each process checks the name on its own read (server/lobby-guard.ts), and the two reads saw each other's seat
 * open; the storage refuses the second write (server/storage/postgres.ts `refuseNameTaken`). The same for a rename on
 * one process and a join on the other.
 */
import { describe, expect, it } from 'vitest';
import { createMatch, GAME, http, joinMatch, readMatch } from './harness';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ROUNDS = 10;

describe.skipIf(!PG_URL || !REDIS_URL)('one name per player, on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'names2');
  const post = (base: string, matchID: string, route: string, json: unknown) =>
    http(base, `/games/${GAME}/${matchID}/${route}`, { method: 'POST', json });
  const names = async (matchID: string) =>
    Object.values((await readMatch(servers.a(), matchID)).metadata.players as Record<string, { name?: string }>).map(
      (p) => p.name ?? null,
    );

  it('two joins of one name to two seats at once, on two processes: one is seated, the other gets a 400', async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(a.url, 2);
      const [ana, ana2] = await Promise.all([
        post(a.url, matchID, 'join', { playerID: '0', playerName: 'Ana' }),
        post(b.url, matchID, 'join', { playerID: '1', playerName: 'ana' }),
      ]);
      expect([ana.status, ana2.status].sort(), `round ${round}`).toEqual([200, 400]);
      const refused = ana.status === 400 ? ana : ana2;
      expect(refused.text).toMatch(/^playerName "(Ana|ana)" is another player's in this match \("(Ana|ana)"\): each/);
      expect(await names(matchID)).toEqual(ana.status === 200 ? ['Ana', null] : [null, 'ana']);
    }
  });

  it('a rename on one process and a join of that name on the other, at once: one passes, the other gets a 400', async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(a.url, 2);
      const bo = await joinMatch(a.url, matchID, '0', 'Bo');
      const [renamed, joined] = await Promise.all([
        post(a.url, matchID, 'update', { playerID: '0', credentials: bo, newName: 'Ana' }),
        post(b.url, matchID, 'join', { playerID: '1', playerName: 'ANA' }),
      ]);
      expect([renamed.status, joined.status].sort(), `round ${round}`).toEqual([200, 400]);
      const refused = renamed.status === 400 ? renamed : joined;
      expect(refused.text).toMatch(/^(newName "Ana"|playerName "ANA") is another player's in this match/);
      expect(await names(matchID)).toEqual(renamed.status === 200 ? ['Ana', null] : ['Bo', 'ANA']);
    }
  });
});
