/**
 * PostgreSQL: joiners racing for one seat. Four join the same seat at the same
 * moment, twenty times over: exactly one is seated (200) and the other three
 * are told the seat is taken (409), as with the file and memory storages; the
 * stored seat holds the winner's credentials. Joiners of different seats all
 * keep their seats.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresStorage } from '../../server/storage';
import { createMatch, GAME, http, readMatch, startTestServer, type TestServer } from './harness';

const PG_URL = process.env.TEST_DATABASE_URL;
const schema = `joins_${process.pid}_${Date.now()}`;

describe.skipIf(!PG_URL)('postgres: simultaneous joins', () => {
  let server: TestServer;
  beforeAll(async () => {
    const url = `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}schema=${schema}`;
    server = await startTestServer({ storage: 'postgres', databaseUrl: url });
  });
  afterAll(async () => {
    const db = server?.db as PostgresStorage | undefined;
    await db?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await server?.close();
  });

  const join = (matchID: string, playerID: string | undefined, name: string) =>
    http(server.url, `/games/${GAME}/${matchID}/join`, { method: 'POST', json: { playerID, playerName: name } });

  it('seats one of four joiners of the same seat and refuses the others with 409, every round', async () => {
    for (let round = 0; round < 20; round++) {
      const matchID = await createMatch(server.url, 2);
      const answers = await Promise.all(['A', 'B', 'C', 'D'].map((n) => join(matchID, '1', `${n}${round}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409, 409, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const { metadata } = await readMatch(server, matchID);
      expect(metadata.players[1].credentials).toBe(winner.json.playerCredentials);
    }
  });

  it('keeps every joiner of different seats', async () => {
    for (let round = 0; round < 5; round++) {
      const matchID = await createMatch(server.url, 4);
      const answers = await Promise.all(['0', '1', '2', '3'].map((seat) => join(matchID, seat, `P${seat}`)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const { metadata } = await readMatch(server, matchID);
      for (let i = 0; i < 4; i++) expect(metadata.players[i].credentials).toBe(answers[i].json.playerCredentials);
    }
  });
});
