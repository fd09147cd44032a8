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
