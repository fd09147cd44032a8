/**
 * Matches with the 1-minute turn clock, made through a test server's lobby API, for the turn clock tests
 * (clocks.test.ts, cluster-seats.test.ts).
 */
import { expect } from 'vitest';
import type { State } from 'boardgame.io';
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { carriage, emptyTable, gameFrom, give, setPlay } from '../games/touched-on/helpers';
import { PostgresStorage } from '../../server/storage/postgres';
import { http, readMatch, type TestServer } from './harness';

/**
 * A match of `game` with `players` seats and the 1-minute clock (or `turnClock`), every seat joined (`P0`, `P1`…);
 * their credentials.
 */
export async function clockMatch(url: string, players: number, game = 'get-on-board', turnClock = '1m') {
  const created = await http(url, `/games/${game}/create`, {
    method: 'POST',
    json: { numPlayers: players, turnClock },
  });
  expect(created.status).toBe(200);
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (let i = 0; i < players; i++) {
    const joined = await http(url, `/games/${game}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: String(i), playerName: `P${i}` },
    });
    creds.push(joined.json.playerCredentials as string);
  }
  return { matchID, creds };
}

/**
 * A 2-player Touched On match with a clock (or `turnClock`) on `server`, made to stand at P0's turn, whose only card
 * is an Undercover Inspector: the clock's bot must inspect. P1 added 3 Evaders to the current carriage last turn and
 * holds an Appeal.
 */
export async function inspectorAway(
  server: TestServer,
  turnClock = '1m',
): Promise<{ matchID: string; creds: string[] }> {
  const G = emptyTable(2, '0');
  setPlay(
    G,
    '96',
    '1',
    carriage(G, '96', [
      ['1', 'E96'],
      ['1', 'E96'],
      ['1', 'E96'],
    ]),
  );
  give(G, '0', ['U']);
  give(G, '1', ['appeal', 'E96']);
  const { matchID, creds } = await clockMatch(server.url, 2, 'touched-on', turnClock);
  const stored = (await readMatch(server, matchID)).state!;
  const crafted = InitializeGame({ game: ProcessGameConfig(gameFrom(G) as never) as never, numPlayers: 2 });
  // PostgreSQL stores a state only over an older one; on files the ID stays that of the turn the clock's wait began
  // with (a newer one there made the bot's turn come late, or not at all, in 2 runs of clocks.test.ts out of 6).
  const over = server.db instanceof PostgresStorage ? 1 : 0;
  await server.db.setState(matchID, { ...crafted, _stateID: stored._stateID + over } as State);
  return { matchID, creds };
}
