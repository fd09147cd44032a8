/**
 * Starting a turn clock on a running match that has none, when the game
 * waits on a player who is gone: `POST /games/<game>/<matchID>/clock` with
 * `{ playerID, credentials }` (the route and its body schema are the lobby
 * guard's, server/lobby-guard.ts and server/lobby-schema.ts).
 *
 * Without a clock, a table waits for ever on a seated player whose browser
 * has gone. Any other seated player may then give the match the 1-minute
 * clock, the period scaled as at creation (`scaledPeriod`): the server's
 * turn clocks (server/clocks.ts) take it from there, and the `easy` bot plays
 * a turn whose minute runs out. It is accepted only with a seated player's
 * credentials (403), for a match that is running (not waiting for its table,
 * not over: 409) with no clock yet (409), whose game waits now on at least
 * one seat other than the asker's that holds a person (not a bot) whose
 * connection is down (metadata `players[seat].isConnected` not true; 409
 * otherwise); an unknown match is a 404. The check and the write run in the
 * match's move queue, so no move of this process comes between them.
 *
 * The write is made on the metadata object read, so the storage merges only
 * the fields changed (server/storage/postgres.ts): `turnClockMs`; the
 * current wait's start (`clockWait`), now, so that the seat gets a whole
 * minute from the moment the clock starts (without it the clocks would date
 * the wait from `updatedAt`, the last move, and play at once); and
 * `clockStarted`, who started it and for whom, which the match page shows
 * and which keeps the clock out of the match's rematch (a rematch keeps only
 * a clock chosen at creation). Like any metadata write, it reschedules the
 * match's clock (`TurnClocks.noteMetadata`, through server/storage-hooks.ts)
 * and tells every page of the match to read it again (`matchChanged`), so the
 * clock shows there at once.
 *
 * The page offers the button once the game has waited on such a seat for a
 * minute (`CLOCK_OFFER_MS`, scaled by the server's `clockScale` like the
 * clocks): a match's lobby answer carries that delay (`clockOfferMs`) while
 * the match has no clock and is not over.
 */
import type { Server } from 'boardgame.io';
import { fail, type Middleware } from './http-error';
import { isSyncStorage, storeMetadata, type AnyStorage } from './storage-hooks';
import { authenticateCredentials } from './close-match';
import { CLOCK_PERIODS, type ClockMetadata, type ClockWait } from './clocks';
import { waitKey, waitingForTable, waitingOn } from '../src/games/common/waiting-room';
import { findGame } from '../src/games/registry';
import { goneSeats, type SeatPresence } from '../src/shared/gone-seats';
import { clockAwayOf } from '../src/shared/clock-away';

/** How long the page lets the game wait on a gone player before it offers a clock (before `clockScale`). */
export const CLOCK_OFFER_MS = 60_000;

/** How long the game waits on a gone player before a clock may be started (`CLOCK_OFFER_MS` sped up `clockScale` times). */
function offerDelay(clockScale = 1): number {
  return Math.max(1, Math.round(CLOCK_OFFER_MS / clockScale));
}

/** The clock a match is given when its players start one: always the 1-minute clock. */
export const STARTED_CLOCK = '1m' as const;

/** A clock period as the server stores it (`turnClockMs`): the choice's period sped up `clockScale` times. */
export function scaledPeriod(choice: keyof typeof CLOCK_PERIODS, clockScale = 1): number {
  return Math.max(1, Math.round(CLOCK_PERIODS[choice] / clockScale));
}

/** Who started a match's clock, when, and the seats it waited on that were gone (metadata `clockStarted`). */
export interface ClockStarted {
  seat: string;
  name: string;
  at: number;
  gone: string[];
}

type Meta = Server.MatchData & ClockMetadata & { clockStarted?: ClockStarted; botSeats?: Record<string, string> };

/** What `startClock` needs of the server. */
export interface StartClockContext {
  db: AnyStorage;
  /** Runs `task` in the match's move queue (server/app.ts). */
  inQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T>;
  clockScale?: number;
}

const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** What the metadata says of `seat` (server/bots.ts marks bot seats in `botSeats`), for `goneSeats`. */
export function presence(metadata: Meta, seat: string): SeatPresence | undefined {
  const player = own(metadata.players as Record<string, Server.PlayerMetadata>, seat);
  return (
    player && { name: player.name, isConnected: player.isConnected, bot: own(metadata.botSeats, seat) !== undefined }
  );
}

/**
 * Checks and starts the clock (see the file comment); resolves with the fields written, which the page shows at once
 * (the running clock, who started it) without reading the match again.
 */
export async function startClock(
  context: StartClockContext,
  matchID: string,
  playerID: string,
  credentials: string,
): Promise<{ matchID: string; turnClockMs: number; clockWait: ClockWait; clockStarted: ClockStarted }> {
  const { db } = context;
  return context.inQueue(matchID, async () => {
    const opts = { metadata: true, state: true } as const;
    const { metadata, state } = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
    const meta = metadata as Meta | undefined;
    if (!meta) fail(404, `Match ${matchID} not found`);
    const asker = own(meta.players as Record<string, Server.PlayerMetadata>, playerID);
    if (!asker?.name || !authenticateCredentials(credentials, asker))
      fail(403, 'Only a player seated in this match may start a turn clock (send your playerID and credentials)');
    // A match stored without its state (damaged, or half removed) is not one to start a clock on.
    if (!state) fail(404, `Match ${matchID} not found`);
    if (meta.gameover !== undefined || state.ctx.gameover !== undefined) fail(409, 'The match is over');
    if (waitingForTable(state._stateID, Object.values(meta.players)))
      fail(409, 'The match has not started: it still waits for players');
    if (meta.turnClockMs) fail(409, 'This match already has a turn clock');
    const rule = findGame(meta.gameName)?.waitingOn;
    const gone = goneSeats(waitingOn(state.ctx, state.G, rule), playerID, (seat) => presence(meta, seat));
    if (gone.length === 0)
      fail(409, 'The game is not waiting on a player who is gone (everyone it waits for is connected)');
    const now = Date.now();
    // As long as the page lets the game wait before it offers the clock, counted from the last move (`updatedAt`; a
    // connection or a chat line does not change it): a player whose phone locked a moment ago is not played for.
    if (now - meta.updatedAt < offerDelay(context.clockScale))
      fail(409, 'The game has not waited a minute yet: a player who is gone may still come back');
    const period = scaledPeriod(STARTED_CLOCK, context.clockScale);
    // On the object read (see the file comment): only these fields are merged over what is stored.
    const clockWait: ClockWait = { key: waitKey(state.ctx, state.G, rule), at: now };
    const clockStarted: ClockStarted = { seat: playerID, name: asker.name, at: now, gone };
    meta.turnClockMs = period;
    meta.clockWait = clockWait;
    meta.clockStarted = clockStarted;
    await storeMetadata(db, matchID, meta);
    return { matchID, turnClockMs: period, clockWait, clockStarted };
  });
}

/** Whether a finished match's clock goes on to its rematch: a clock chosen at creation does, one started later not. */
export function rematchClock(metadata: Meta | undefined): number | undefined {
  return metadata?.clockStarted ? undefined : metadata?.turnClockMs;
}

/**
 * Adds `clockOfferMs` (see the file comment) to the lobby's answer for one match (`GET /games/<game>/<matchID>`)
 * while it has no clock and is not over; with a clock, `clockAway`, derived from the counts of timeouts.
 */
export function clockOfferDelay(clockScale = 1): Middleware {
  const offerMs = offerDelay(clockScale);
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    const parts = ctx.path.split('/');
    if (parts.length !== 4 || parts[1].toLowerCase() !== 'games' || parts[3] === '') return;
    const body = ctx.body as (Meta & { matchID?: unknown }) | undefined;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || typeof body.matchID !== 'string') return;
    // A match with a clock: its seats away, derived from the counts (src/shared/clock-away.ts), under the name they
    // were stored by (a page loaded before reads it; a list stored then is answered as derived).
    if (body.turnClockMs) ctx.body = { ...body, clockAway: clockAwayOf(body) };
    if (body.turnClockMs || body.gameover !== undefined) return;
    ctx.body = { ...body, clockOfferMs: offerMs };
  };
}
