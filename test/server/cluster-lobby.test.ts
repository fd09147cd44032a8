/**
 * The lobby's leave and rename (boardgame.io's `leave` and `update`, behind server/lobby-guard.ts) and the match
 * list's order, with two server processes on a real PostgreSQL and Redis: what one process writes, the other's list
 * and sockets see; a leave racing another seat's join, and a rename racing a move, lose neither write (the storage
 * merges metadata writes, server/storage/postgres.ts); and within about a second of a move the list on either
 * process puts the match that moved first (newest update first, server/match-list.ts).
 */
import { describe, expect, it } from 'vitest';
import { fullMatch, GAME, http, joinMatch, RawClient } from './harness';
import { twoServers } from './processes';
import { botMoves } from '../../src/games/lisbon/bots/candidates';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ROUNDS = 8;

type Seat = { id: number; name?: string };

describe.skipIf(!PG_URL || !REDIS_URL)('leave, rename and the match list on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'lobby2');
  const seatsOf = async (base: string, matchID: string) =>
    (await http(base, `/games/${GAME}/${matchID}`)).json.players as Seat[];
  const listed = async (base: string) =>
    ((await http(base, `/games/${GAME}?isGameover=false&limit=200`)).json.matches as { matchID: string }[]).map(
      (m) => m.matchID,
    );
  const post = (base: string, matchID: string, route: string, json: unknown) =>
    http(base, `/games/${GAME}/${matchID}/${route}`, { method: 'POST', json });
  /** Plays seat 0's first enumerated move through `client` (synced as seat 0) and waits for its update. */
  const moveFirst = async (client: RawClient, matchID: string, creds: string) => {
    const state = client.state!;
    const [m] = botMoves(state.G, state.ctx, '0') as Array<{ move: string; args?: unknown[] }>;
    client.move(matchID, '0', creds, m.move, m.args ?? [], state._stateID);
    await client.waitFor(() => client.state!._stateID > state._stateID, 5000, 'the move');
  };

  it("shows a rename and a leave made on one process in the other's list, and tells its sockets", async () => {
    const [a, b] = [servers.a(), servers.b()];
    const created = await http(a.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 3 } });
    const matchID = created.json.matchID as string;
    const ana = await joinMatch(a.url, matchID, '0', 'Ana');
    const bruno = await joinMatch(a.url, matchID, '1', 'Bruno');
    const onB = new RawClient(b.url);
    try {
      await onB.sync(matchID, '0', ana);
      const changed = () => onB.count('matchChanged');
      let seen = changed();
      expect(
        (await post(a.url, matchID, 'update', { playerID: '1', credentials: bruno, newName: 'Bruna' })).status,
      ).toBe(200);
      await onB.waitFor(() => changed() > seen, 5000, 'matchChanged after the rename');
      expect((await seatsOf(b.url, matchID))[1].name).toBe('Bruna');
      const listedOnB = (await http(b.url, `/games/${GAME}?limit=200`)).json.matches as Array<{
        matchID: string;
        players: Seat[];
      }>;
      expect(listedOnB.find((m) => m.matchID === matchID)?.players[1].name).toBe('Bruna');
      seen = changed();
      expect((await post(a.url, matchID, 'leave', { playerID: '1', credentials: bruno })).status).toBe(200);
      await onB.waitFor(() => changed() > seen, 5000, 'matchChanged after the leave');
      expect((await seatsOf(b.url, matchID))[1].name).toBeUndefined();
      const afterLeave = (await http(b.url, `/games/${GAME}?limit=200`)).json.matches as Array<{
        matchID: string;
        players: Seat[];
      }>;
      expect(afterLeave.find((m) => m.matchID === matchID)?.players[1].name).toBeUndefined();
    } finally {
      onB.close();
    }
  });

  it(`keeps both a leave and another seat's join made at once on two processes (${ROUNDS} rounds)`, async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await http(a.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 3 } });
      const matchID = created.json.matchID as string;
      await joinMatch(a.url, matchID, '0', 'Ana');
      const bruno = await joinMatch(b.url, matchID, '1', 'Bruno');
      const [left, joined] = await Promise.all([
        post(a.url, matchID, 'leave', { playerID: '1', credentials: bruno }),
        post(b.url, matchID, 'join', { playerID: '2', playerName: 'Carla' }),
      ]);
      expect(left.status, left.text).toBe(200);
      expect(joined.status, joined.text).toBe(200);
      const { metadata } = await a.db.fetch(matchID, { metadata: true });
      expect(metadata?.players[1].name, `round ${round}`).toBeUndefined();
      expect(metadata?.players[1].credentials, `round ${round}`).toBeUndefined();
      expect(metadata?.players[2].name, `round ${round}`).toBe('Carla');
      expect(metadata?.players[2].credentials, `round ${round}`).toBe(joined.json.playerCredentials);
      expect(metadata?.players[0].name, `round ${round}`).toBe('Ana');
    }
  });

  it(`keeps both a rename and a move made at once on two processes (${ROUNDS} rounds)`, async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < ROUNDS; round++) {
      const { matchID, creds } = await fullMatch(a.url, 2);
      const p0 = new RawClient(b.url);
      try {
        const before = await p0.sync(matchID, '0', creds[0]);
        const [renamed] = await Promise.all([
          post(a.url, matchID, 'update', { playerID: '1', credentials: creds[1], newName: `Bruna ${round}` }),
          moveFirst(p0, matchID, creds[0]),
        ]);
        expect(renamed.status, renamed.text).toBe(200);
        for (const server of [a, b]) {
          const { metadata, state } = await server.db.fetch(matchID, { metadata: true, state: true });
          expect(metadata?.players[1].name, `round ${round}`).toBe(`Bruna ${round}`);
          expect(metadata?.players[1].credentials, `round ${round}`).toBe(creds[1]);
          expect(state?._stateID, `round ${round}`).toBeGreaterThan(before._stateID);
        }
      } finally {
        p0.close();
      }
    }
  });

  // PostgreSQL writes the `updatedAt` bump of a move up to a second late (server/storage/postgres.ts), and the list
  // orders by the stored time: right after a move the match may still sit in its old place, on every process. The
  // list promises its order within about a second of a move (docs/security.md, Match list), which is what this checks.
  it('lists the match just moved in first on both processes within about a second of the move', async () => {
    const [a, b] = [servers.a(), servers.b()];
    for (let round = 0; round < 4; round++) {
      const older = await fullMatch(a.url, 2);
      const newer = await fullMatch(b.url, 2);
      const p0 = new RawClient(a.url);
      try {
        await p0.sync(older.matchID, '0', older.creds[0]);
        await moveFirst(p0, older.matchID, older.creds[0]);
        const moved = Date.now();
        for (const base of [a.url, b.url]) {
          let ids = await listed(base);
          while (ids.indexOf(older.matchID) > ids.indexOf(newer.matchID) && Date.now() - moved < 3000) {
            await new Promise((r) => setTimeout(r, 100));
            ids = await listed(base);
          }
          expect(ids.indexOf(older.matchID), `round ${round} on ${base}: ${ids.slice(0, 4).join(',')}`).toBeLessThan(
            ids.indexOf(newer.matchID),
          );
        }
      } finally {
        p0.close();
      }
    }
  });
});
