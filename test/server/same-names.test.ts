/**
 * One name per player in a match (server/lobby-guard.ts, src/games/common/same-name.ts): the boards, logs and score
 * tables call each seat by its name, so a second "Ana" would read as the first. Names differing only in case, accents
 * or spacing count as the same. A seat keeps its own name (a handover link renames the seat to it), a rematch seats
 * its players again, and a bot is named by its seat. Against a real server on loopback, with raw HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient } from 'boardgame.io/client';
import { describeError } from '../../src/client/lobbyErrors';
import { createMatch, GAME, http, joinMatch, readMatch, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (route: string, json: unknown) => http(server.url, `/games/${GAME}/${route}`, { method: 'POST', json });
const names = async (matchID: string) =>
  Object.values((await readMatch(server, matchID)).metadata.players as Record<string, { name?: string }>).map(
    (p) => p.name ?? null,
  );

describe('the same name for two players of a match', () => {
  it.each(['Ana', 'ana', '  ANA ', 'Ána', 'ána'])(
    'join as "%s" beside Ana is refused with a 400 that says why, and the seat stays open',
    async (name) => {
      const matchID = await createMatch(server.url, 3);
      await joinMatch(server.url, matchID, '0', 'Ana');
      const res = await post(`${matchID}/join`, { playerID: '2', playerName: name });
      expect(res.status).toBe(400);
      expect(res.text).toBe(
        `playerName "${name.trim()}" is another player's in this match ("Ana"): each player needs a name of their own`,
      );
      // Without a seat named, the first open one would be taken: refused too.
      expect((await post(`${matchID}/join`, { playerName: name })).status).toBe(400);
      expect(await names(matchID)).toEqual(['Ana', null, null]);
    },
  );

  it.each(['Anna', 'Ana Lu', 'An', 'Bruno'])('join as "%s" beside Ana seats them', async (name) => {
    const matchID = await createMatch(server.url, 2);
    await joinMatch(server.url, matchID, '0', 'Ana');
    expect((await post(`${matchID}/join`, { playerID: '1', playerName: name })).status).toBe(200);
    expect(await names(matchID)).toEqual(['Ana', name]);
  });

  it('a join to a taken seat is still refused as taken (409), whatever the name', async () => {
    const matchID = await createMatch(server.url, 2);
    await joinMatch(server.url, matchID, '0', 'Ana');
    expect((await post(`${matchID}/join`, { playerID: '0', playerName: 'Ana' })).status).toBe(409);
  });

  it("a rename to another seat's name is refused and changes nothing; a seat's own name, in any case, is not", async () => {
    const matchID = await createMatch(server.url, 2);
    const ana = await joinMatch(server.url, matchID, '0', 'Ana');
    const bruno = await joinMatch(server.url, matchID, '1', 'Bruno');
    for (const route of ['update', 'rename']) {
      const refused = await post(`${matchID}/${route}`, { playerID: '1', credentials: bruno, newName: 'ANA' });
      expect(refused.status).toBe(400);
      expect(refused.text).toMatch(/^newName "ANA" is another player's in this match \("Ana"\)/);
    }
    expect(await names(matchID)).toEqual(['Ana', 'Bruno']);
    // A handover link renames a seat to its own name; a seat may also change its own name's case.
    expect((await post(`${matchID}/update`, { playerID: '0', credentials: ana, newName: 'Ana' })).status).toBe(200);
    expect((await post(`${matchID}/update`, { playerID: '0', credentials: ana, newName: 'ANA' })).status).toBe(200);
    expect(await names(matchID)).toEqual(['ANA', 'Bruno']);
  });

  it('a match from before the rule, with a name twice, still lets each seat keep it (a handover link)', async () => {
    const matchID = await createMatch(server.url, 2);
    const ana = await joinMatch(server.url, matchID, '0', 'Ana');
    const other = await joinMatch(server.url, matchID, '1', 'Other');
    const stored = (await readMatch(server, matchID)).metadata;
    stored.players[1].name = 'Ana';
    await server.db.setMetadata(matchID, stored);
    expect((await post(`${matchID}/rename`, { playerID: '1', credentials: other, newName: 'Ana' })).status).toBe(200);
    expect((await post(`${matchID}/rename`, { playerID: '0', credentials: ana, newName: 'Ana' })).status).toBe(200);
    expect(await names(matchID)).toEqual(['Ana', 'Ana']);
  });

  it('a seat left is open to the name its player had', async () => {
    const matchID = await createMatch(server.url, 2);
    await joinMatch(server.url, matchID, '0', 'Ana');
    const bruno = await joinMatch(server.url, matchID, '1', 'Bruno');
    expect((await post(`${matchID}/leave`, { playerID: '1', credentials: bruno })).status).toBe(200);
    expect((await post(`${matchID}/join`, { playerID: '1', playerName: 'bruno' })).status).toBe(200);
    expect(await names(matchID)).toEqual(['Ana', 'bruno']);
  });

  it('a rematch seats its players under their names again, and its bots under theirs', async () => {
    const matchID = await createMatch(server.url, 3);
    const ana = await joinMatch(server.url, matchID, '0', 'Ana');
    await joinMatch(server.url, matchID, '1', 'Bruno');
    const again = await post(`${matchID}/playAgain`, { playerID: '0', credentials: ana });
    expect(again.status).toBe(200);
    const next = again.json.nextMatchID as string;
    const anaAgain = await joinMatch(server.url, next, '0', 'Ana');
    await joinMatch(server.url, next, '1', 'Bruno');
    const bot = await http(server.url, `/bots/${next}`, {
      method: 'POST',
      json: { seat: 2, level: 'normal', playerID: '0', credentials: anaAgain },
    });
    expect(bot.status).toBe(200);
    expect(await names(next)).toEqual(['Ana', 'Bruno', 'Bot 3 (normal)']);
  });

  it('the player reads the reason where a join is refused (describeError)', async () => {
    const matchID = await createMatch(server.url, 2);
    await joinMatch(server.url, matchID, '0', 'Ana');
    const lobby = new LobbyClient({ server: server.url });
    let error: unknown;
    await lobby.joinMatch(GAME, matchID, { playerID: '1', playerName: 'ana' }).catch((e: unknown) => (error = e));
    expect(describeError(error, 'join')).toBe(
      'Could not join the match: the server refused the request: playerName "ana" is another player\'s in this ' +
        'match ("Ana"): each player needs a name of their own',
    );
  });
});
