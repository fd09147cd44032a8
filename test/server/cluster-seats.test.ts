/**
 * A seat's connection (metadata `players[seat].isConnected`) with several server processes on one PostgreSQL
 * database and one Redis, each recording in Redis the seats its sockets hold (server/seat-presence.ts), with raw
 * socket.io clients and a heartbeat of 100 ms:
 *  - a seat held by two sockets on two processes (two tabs of one player) stays connected when either closes, and
 *    is marked gone once both have. boardgame.io counts a seat's sockets per process: the first tab closed marked
 *    the player gone.
 *  - the turn clock's bot, holding the turn of a gone player for a decision asked of another seat, leaves the rest
 *    of the turn to its player when they come back on the other process, and its leaving does not mark them gone.
 *    It saw a return to its own process only, and played the rest of the turn.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { waitingOn } from '../../src/games/common/waiting-room';
import type { TOState } from '../../src/games/touched-on/types';
import { carriage, emptyTable, gameFrom, give, setPlay } from '../games/touched-on/helpers';
import { fullMatch, http, RawClient, readMatch, sleep, type TestServer } from './harness';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const HEARTBEAT_MS = 100;
const GAME = 'touched-on';

/** What a page was told of seat `seat`'s connection (boardgame.io's `matchData`), in order. */
const toldOf = (c: RawClient, seat: number) =>
  c.received
    .filter((m) => m[0] === 'matchData')
    .map((m) => (m[2] as Array<{ id: number; isConnected?: boolean }>).find((p) => p.id === seat)?.isConnected);

const chatTexts = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'chat').map((m) => (m[2] as { payload: { text: string } }).payload.text);

/** Seat `seat`'s stored connection. */
const connected = async (server: TestServer, matchID: string, seat = 0) =>
  (await readMatch(server, matchID)).metadata.players[seat].isConnected as boolean | undefined;

/** Polls `pred` until it holds, or fails after `ms`. */
async function eventually(pred: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!PG_URL || !REDIS_URL)('seat connections across processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'seats', {
    clockScale: 60,
    seatHeartbeatMs: HEARTBEAT_MS,
    spectatorHeartbeatMs: HEARTBEAT_MS,
  });

  it('a seat with a tab on each process stays connected while either is open, and is gone once both close', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, creds } = await fullMatch(a.url, 2, GAME);
    const other = new RawClient(a.url, { namespace: GAME });
    await other.sync(matchID, '1', creds[1]);
    const onA = new RawClient(a.url, { namespace: GAME });
    await onA.sync(matchID, '0', creds[0]);
    const onB = new RawClient(b.url, { namespace: GAME });
    await onB.sync(matchID, '0', creds[0]);
    await other.waitFor(() => toldOf(other, 0).filter((c) => c === true).length >= 2, 5000, 'both tabs connected');
    expect(await connected(a, matchID)).toBe(true);

    // The tab on the first process closes: the player is still there, on the other. (A disconnection is handled in
    // a few milliseconds; before, the first process marked the seat gone at once, stored and told.)
    onA.close();
    await sleep(500);
    expect(await connected(a, matchID), 'seat 0 marked gone while its tab on the other process is open').toBe(true);
    expect(toldOf(other, 0)).not.toContain(false);

    // The other tab closes: gone, stored and told (the page's socket is on the first process).
    onB.close();
    await other.waitFor(() => toldOf(other, 0).includes(false), 5000, 'seat 0 told gone');
    expect(await connected(a, matchID)).toBe(false);
    other.close();
  });

  it("the clock's bot leaves the rest of the turn to its player, back on the other process", async () => {
    const [a, b] = [servers.a(), servers.b()];
    const def = findGame(GAME)!;
    const backWords = 'P0 is back: the rest of this turn is theirs.';
    // Everything so far through the first process, which alone watches the match's clock: its bot inspects for P0.
    const { matchID, creds } = await inspectorAway(a);
    const victim = new RawClient(a.url, { namespace: GAME });
    await victim.sync(matchID, '1', creds[1]);
    await victim.waitFor(
      () => (victim.state?.G as TOState | undefined)?.pending?.player === '1',
      10_000,
      'the inspection by the clock',
    );
    expect(a.clocks.expiring, "the first process's bot holding P0's turn").toBe(1);
    expect(b.clocks.expiring).toBe(0);

    // P0 opens the match on the other process while P1 decides; then P1 Appeals: the rest of the turn is P0's.
    const player = new RawClient(b.url, { namespace: GAME });
    await player.sync(matchID, '0', creds[0]);
    victim.move(matchID, '1', creds[1], 'appeal', [], victim.state!._stateID);
    await victim.waitFor(() => chatTexts(victim).includes(backWords), 10_000, 'P0 back');
    // (The bot may leave as soon as P0 is back, before the Appeal reaches P0's page.)
    const appealed = () => (player.state!.G as TOState).log.some((e) => e.type === 'appeal');
    await player.waitFor(appealed, 5000, "the Appeal on P0's page");
    const s = player.state!;
    expect(waitingOn(s.ctx, s.G, def.waitingOn)).toEqual(['0']);
    // The G log ends with the Appeal and P0 taking the Evaders back, nothing played since.
    expect((s.G as TOState).log.slice(-2).map((e) => e.type)).toEqual(['appeal', 'take']);

    // The bot's socket (on the first process) has closed: P0, on the other, is still connected.
    await eventually(() => Promise.resolve(a.clocks.expiring === 0), "the bot's leaving");
    await sleep(500);
    expect(await connected(a, matchID), 'P0 marked gone as the bot left').toBe(true);
    expect(toldOf(victim, 0).at(-1)).toBe(true);
    player.close();
    victim.close();
  }, 30_000);
});

/**
 * A 2-player Touched On match with a clock, all made through `server`, made to stand at P0's turn, whose only card
 * is an Undercover Inspector: the clock's bot must inspect. P1 added 3 Evaders to the current carriage last turn
 * and holds an Appeal (as in test/server/clocks.test.ts).
 */
async function inspectorAway(server: TestServer): Promise<{ matchID: string; creds: string[] }> {
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
  const created = await http(server.url, `/games/${GAME}/create`, {
    method: 'POST',
    json: { numPlayers: 2, turnClock: '1m' },
  });
  expect(created.status).toBe(200);
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (const seat of ['0', '1']) {
    const joined = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: seat, playerName: `P${seat}` },
    });
    creds.push(joined.json.playerCredentials as string);
  }
  const stored = (await readMatch(server, matchID)).state!;
  const crafted = InitializeGame({ game: ProcessGameConfig(gameFrom(G) as never) as never, numPlayers: 2 });
  // PostgreSQL stores a state only over an older one.
  await server.db.setState(matchID, { ...crafted, _stateID: stored._stateID + 1 } as State);
  return { matchID, creds };
}
