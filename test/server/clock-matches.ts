/**
 * Matches with the 1-minute turn clock, made through a test server's lobby API, for the turn clock tests
 * (clocks.test.ts, cluster-seats.test.ts, cluster-clocks.test.ts).
 */
import { expect } from 'vitest';
import type { State } from 'boardgame.io';
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { carriage, emptyTable, gameFrom, give, setPlay } from '../games/touched-on/helpers';
import { PostgresStorage } from '../../server/storage/postgres';
import { waitKey } from '../../src/games/common/waiting-room';
import { findGame } from '../../src/games/registry';
import { http, readMatch, type TestServer } from './harness';

/**
 * A match of `game` with `players` seats and the 1-minute clock (or `turnClock`), every seat joined (`P0`, `P1`…);
 * their credentials. `setupData`, if given, is the game's.
 */
export async function clockMatch(
  url: string,
  players: number,
  game = 'get-on-board',
  turnClock = '1m',
  setupData?: unknown,
) {
  const created = await http(url, `/games/${game}/create`, {
    method: 'POST',
    json: { numPlayers: players, turnClock, ...(setupData === undefined ? {} : { setupData }) },
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
 * holds an Appeal. The match's own first turn, before the crafted one replaces it, is `firstSeat`'s (else Touched On
 * draws it).
 */
export async function inspectorAway(
  server: TestServer,
  turnClock = '1m',
  firstSeat?: '0' | '1',
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
  // The dealer's left plays first.
  const setupData = firstSeat === undefined ? undefined : { dealer: 1 - Number(firstSeat) };
  const { matchID, creds } = await clockMatch(server.url, 2, 'touched-on', turnClock, setupData);
  // The clock stores the match's first wait as the table fills (`clockWait`): once it has, so that it does not store it
  // over the crafted turn's below.
  if (turnClock !== 'none') {
    await expect
      .poll(async () => (await readMatch(server, matchID)).metadata?.clockWait, { timeout: 5000 })
      .toBeDefined();
  }
  const stored = (await readMatch(server, matchID)).state!;
  const crafted = InitializeGame({ game: ProcessGameConfig(gameFrom(G) as never) as never, numPlayers: 2 });
  // PostgreSQL stores a state only over an older one; on files the ID stays that of the turn the clock's wait began
  // with (a newer one there made the bot's turn come late, or not at all, in 2 runs of clocks.test.ts out of 6).
  const over = server.db instanceof PostgresStorage ? 1 : 0;
  await server.db.setState(matchID, { ...crafted, _stateID: stored._stateID + over } as State);
  if (turnClock !== 'none') {
    // The crafted turn's wait (P0's) begins now, stored as the process that began it would have. The first wait,
    // stored as the table filled, may be P1's (key '1|1'), which is also the key of P1's decision in the crafted
    // turn: that decision was then dated from when the table filled, and the clock played it at once.
    const { metadata } = await readMatch(server, matchID);
    metadata.clockWait = { key: waitKey(crafted.ctx, crafted.G, findGame('touched-on')!.waitingOn), at: Date.now() };
    await server.db.setMetadata(matchID, metadata);
  }
  return { matchID, creds };
}
