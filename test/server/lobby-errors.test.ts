/**
 * What a player reads when a lobby request fails (src/client/lobbyApi.ts
 * describeError), for real failures of boardgame.io's LobbyClient against a
 * real server: a taken seat, a match that is gone, a refused request. Where
 * the status explains it, the sentence is ours alone, without the server's
 * raw text; a 400 quotes the server's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyClient } from 'boardgame.io/client';
import { describeError } from '../../src/client/lobbyErrors';
import { createMatch, GAME, http, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the request did not fail');
}

describe('lobby errors in words', () => {
  it('a taken seat, a gone match and a refused request', async () => {
    const lobby = new LobbyClient({ server: server.url });
    const matchID = await createMatch(server.url, 2);
    const first = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    expect(first.status).toBe(200);

    const taken = await failure(() => lobby.joinMatch(GAME, matchID, { playerID: '0', playerName: 'Bruno' }));
    expect(describeError(taken, 'join')).toBe(
      'Could not join the match: that seat was just taken by someone else. Pick another seat.',
    );
    const gone = await failure(() => lobby.joinMatch(GAME, 'no-such-match', { playerID: '1', playerName: 'Bruno' }));
    expect(describeError(gone, 'join')).toBe(
      'Could not join the match: there is no such match (the link may be mistyped, or the match was removed).',
    );
    const refused = await failure(() => lobby.joinMatch(GAME, matchID, { playerID: '1', playerName: '' }));
    expect(describeError(refused, 'join')).toMatch(/^Could not join the match: the server refused the request: \S/);
  });
});

describe("a match through another game's routes", () => {
  it('is not found there: no read, join, leave, rename or rematch, and nothing changes', async () => {
    const matchID = await createMatch(server.url, 2);
    const joined = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    expect(joined.status).toBe(200);
    const credentials = joined.json.playerCredentials as string;
    const before = await http(server.url, `/games/${GAME}/${matchID}`);
    for (const other of ['touched-on', 'get-on-board']) {
      const base = `/games/${other}/${matchID}`;
      const answers = [
        await http(server.url, base),
        await http(server.url, `${base}/join`, { method: 'POST', json: { playerID: '1', playerName: 'Bruno' } }),
        await http(server.url, `${base}/leave`, { method: 'POST', json: { playerID: '0', credentials } }),
        await http(server.url, `${base}/update`, {
          method: 'POST',
          json: { playerID: '0', credentials, newName: 'Eve' },
        }),
        await http(server.url, `${base}/playAgain`, { method: 'POST', json: { playerID: '0', credentials } }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
      for (const a of answers) expect(a.text).toContain(`Match ${matchID} not found`);
    }
    // Its own game's routes still find it, unchanged: Ana in seat 1, seat 2 open.
    const after = await http(server.url, `/games/${GAME}/${matchID}`);
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);
    expect(after.json.players.map((p: { name?: string }) => p.name ?? null)).toEqual(['Ana', null]);
  });
});
