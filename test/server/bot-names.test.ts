/**
 * A person may not pass for a bot (server/lobby-guard.ts, src/games/common/names.ts): the boards show a name such as
 * "Bot 2 (normal)" as a bot's, and the clients take a seat whose `data.bot` is set for one the server plays (the
 * match bar says so, a rematch seats a bot there). Against a real server on loopback, with raw HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, GAME, http, joinMatch, readMatch, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const post = (route: string, json: unknown) => http(server.url, `/games/${GAME}/${route}`, { method: 'POST', json });

describe("a bot's name or mark, asked for by a person", () => {
  it.each(['Bot 2 (normal)', 'Bot 4', 'bot3', '  BOT 1  ', 'Ana (hard)', 'Bo (Easy)'])(
    'join as "%s" is refused with a 400 that says why, and the seat stays open',
    async (name) => {
      const matchID = await createMatch(server.url, 2);
      const res = await post(`${matchID}/join`, { playerID: '1', playerName: name });
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/playerName may not read as a bot's name/);
      expect((await readMatch(server, matchID)).metadata.players[1].name).toBeUndefined();
    },
  );

  it.each(['Bottle', 'Robot 2', 'Bot', 'Bot two', 'Ana (hardly)', 'Normal', 'Bot 2b'])(
    'join as "%s" is a person\'s name, and seats them',
    async (name) => {
      const matchID = await createMatch(server.url, 2);
      const res = await post(`${matchID}/join`, { playerID: '0', playerName: name });
      expect(res.status).toBe(200);
      expect((await readMatch(server, matchID)).metadata.players[0].name).toBe(name);
    },
  );

  it("a rename to a bot's name is refused and the seat keeps its name; a rename to its own name is not", async () => {
    const matchID = await createMatch(server.url, 2);
    const credentials = await joinMatch(server.url, matchID, '0', 'Ana');
    const refused = await post(`${matchID}/update`, { playerID: '0', credentials, newName: 'Bot 1 (hard)' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/newName may not read as a bot's name/);
    expect((await readMatch(server, matchID)).metadata.players[0].name).toBe('Ana');

    // A seat named so before the rule keeps its name: a handover link renames the seat to its own name.
    const stored = (await readMatch(server, matchID)).metadata;
    stored.players[0].name = 'Bot 9 (easy)';
    await server.db.setMetadata(matchID, stored);
    const same = await post(`${matchID}/rename`, { playerID: '0', credentials, newName: 'Bot 9 (easy)' });
    expect(same.status).toBe(200);
    const other = await post(`${matchID}/rename`, { playerID: '0', credentials, newName: 'Bot 8 (easy)' });
    expect(other.status).toBe(400);
    expect((await readMatch(server, matchID)).metadata.players[0].name).toBe('Bot 9 (easy)');
  });

  it("a seat's data may not carry the bots' mark, on join or update; other data is kept", async () => {
    const matchID = await createMatch(server.url, 2);
    const join = await post(`${matchID}/join`, { playerID: '1', playerName: 'Eve', data: { bot: 'hard' } });
    expect(join.status).toBe(400);
    expect(join.text).toMatch(/data\.bot is kept for the server's bot seats/);
    expect((await readMatch(server, matchID)).metadata.players[1].name).toBeUndefined();

    const credentials = await joinMatch(server.url, matchID, '1', 'Eve');
    const update = await post(`${matchID}/update`, { playerID: '1', credentials, data: { bot: 'normal' } });
    expect(update.status).toBe(400);
    const kept = await post(`${matchID}/update`, { playerID: '1', credentials, data: { colour: 'teal' } });
    expect(kept.status).toBe(200);
    expect((await readMatch(server, matchID)).metadata.players[1].data).toEqual({ colour: 'teal' });
  });

  it("the server's own bots are still named as bots", async () => {
    const matchID = await createMatch(server.url, 2);
    const credentials = await joinMatch(server.url, matchID, '0', 'Ana');
    const res = await http(server.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'normal', playerID: '0', credentials },
    });
    expect(res.status).toBe(200);
    const seat = (await readMatch(server, matchID)).metadata.players[1];
    expect(seat.name).toBe('Bot 2 (normal)');
    expect(seat.data).toEqual({ bot: 'normal' });
  });
});
