/**
 * Input checks in front of boardgame.io's lobby API (`/games/...`).
 *
 * The stock routes trust their input: `join` with `playerID: "__proto__"`
 * writes the player's name and credentials onto `Object.prototype`, a
 * `setupData` that makes `validateSetupData` throw answers 500, bodies up to
 * 1 MB are parsed, and unknown game names list as empty. This middleware reads
 * and checks the body itself (size limit, JSON only, no prototype keys, bounded
 * nesting, then the route's schema in server/lobby-schema.ts), answers 4xx with
 * a plain message otherwise, hands the routes only the checked fields, and
 * applies the per-client creation limits (server/creation-limits.ts). It also
 * hands out and checks the creator key and answers `close`
 * (server/close-match.ts), and answers `clock` (server/start-clock.ts).
 */
import type { Game, Server, StorageAPI } from 'boardgame.io';
import type Koa from 'koa';
import { fail, type Middleware } from './http-error';
import { CreationGuard, DEFAULT_CREATION_LIMITS, type CreationLimits } from './creation-limits';
import { isPlainObject, LOBBY_ROUTES, lobbySchemas, unsafeJson, type LobbyRoute } from './lobby-schema';
import {
  asLobbyRequest,
  fetchMetadata,
  isSyncStorage,
  storeMetadata,
  wipeMatch,
  type AnyStorage,
  type LobbyRequest,
} from './storage-hooks';
import type { ClockChoice } from './clocks';
import { rematchClock, scaledPeriod } from './start-clock';
import { checkCreatorKey, dropCreator, issueCreatorKey, recordCreator } from './close-match';
import { looksLikeBotName } from '../src/games/common/names';
import { nameHeldBy } from '../src/games/common/same-name';
import { refuseSameName } from './name-refusal';

/** Limits applied by the guard. */
export interface LobbyLimits {
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Per-client limits on creating matches (`create` and `playAgain`). */
  creation?: CreationLimits;
  /** Turn clocks run this many times as fast (tests); default 1. */
  clockScale?: number;
  /** Answers `close` (server/close-match.ts); without it the route is a 404. */
  close?: (gameName: string, matchID: string, playerID: string, credentials: string) => Promise<unknown>;
  /** Answers `clock` (server/start-clock.ts); without it the route is a 404. */
  startClock?: (matchID: string, playerID: string, credentials: string) => Promise<unknown>;
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Body = Record<string, unknown>;

/**
 * A person's name on `join`, `update` and `rename`. It may not read as a bot's (src/games/common/names.ts): the boards
 * would show them as one. Nor may it be another seat's of the match (src/games/common/same-name.ts: in any case or
 * accents): the boards and logs would show two players as one (a join's own seat is open, as boardgame.io refuses a
 * taken one). A seat keeps its own name, though (a handover link renames a seat to its name to check its key), even
 * one given before these rules. `players`: the match's seats, as the guard read them for this request: with the memory
 * and file storages the stored object itself, which a join landed since has changed; PostgreSQL reads a copy, so it
 * checks again as it stores the seat (`refuseNameTaken` in server/storage/postgres.ts).
 */
function nameAllowed(
  players: Server.MatchData['players'] | undefined,
  route: 'join' | 'update' | 'rename',
  body: Body,
) {
  const key = route === 'join' ? 'playerName' : 'newName';
  const name = body[key];
  if (typeof name !== 'string') return;
  const seat = body.playerID === undefined ? undefined : players?.[Number(body.playerID)];
  if (route !== 'join' && seat?.name === name) return;
  if (looksLikeBotName(name)) {
    fail(400, `${key} may not read as a bot's name ("Bot 2", "… (normal)"): such names are kept for the bots`);
  }
  const others = Object.values(players ?? {}).filter((p) => p !== seat);
  const held = nameHeldBy(
    name,
    others.map((p) => p.name),
  );
  if (held !== undefined) refuseSameName(key, name, held);
}

/** Runs the game's own `validateSetupData`; a throw is a 400, not a 500. */
function setupData(game: Game, out: Body, players: number): void {
  if (!game.validateSetupData) return;
  let problem: string | undefined;
  try {
    problem = game.validateSetupData(out.setupData, players);
  } catch {
    problem = 'setupData is not valid for this game';
  }
  if (problem !== undefined) fail(400, `Invalid setupData: ${String(problem)}`);
}

/** A seat freed in a running match, as the match's metadata remembers it (`leftSeats`). */
export interface LeftSeat {
  id: number;
  name: string;
  at: number;
}

/**
 * `leave`: boardgame.io frees the seat. In a match that has started, the
 * match remembers who left (metadata `leftSeats`), so the others are told
 * and may hand the seat to a bot, and the lobby lists the match as a running
 * one with a seat open, never as a new match.
 */
async function leave(ctx: Koa.Context, next: () => Promise<unknown>, db: AnyStorage, matchID: string, seat: string) {
  const opts = { metadata: true, state: true } as const;
  const before = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
  const name = before.metadata?.players[Number(seat)]?.name;
  await next();
  if (ctx.status !== 200 || !name) return;
  // The creator left their seat: whoever takes it next is not the creator.
  // Changed on the objects read, not copies (here and below): the storage then writes only the change, merged
  // over any write stored since the read (a copy would be written whole; server/storage/postgres.ts).
  const after = await fetchMetadata(db, matchID);
  if (after && dropCreator(after, seat)) await storeMetadata(db, matchID, after);
  if (!before.state || before.state._stateID === 0) return;
  if (before.state.ctx.gameover !== undefined) return;
  const metadata = await fetchMetadata(db, matchID);
  if (!metadata) return;
  const withLeft = metadata as { leftSeats?: LeftSeat[] };
  withLeft.leftSeats = [...(withLeft.leftSeats ?? []), { id: Number(seat), name, at: Date.now() }].slice(-20);
  await storeMetadata(db, matchID, metadata);
}

/**
 * `join`. With a `creatorKey` (server/close-match.ts), the key must be the
 * match's unspent one, and the seat joined becomes the creator's. A join that
 * read the match just before it was closed or expired answers 404, not
 * credentials.
 *
 * boardgame.io's join leaves `updatedAt` as it was, so a match created a day
 * ago that someone joins now looked abandoned to the expiry sweep
 * (server/expiry.ts), which removed it under the player who had just taken a
 * seat. A join to a match still waiting for players is dated here (only there:
 * a join to a full table or a started match leaves the turn clocks' dates alone).
 */
async function join(ctx: Koa.Context, next: () => Promise<unknown>, db: AnyStorage, matchID: string, key?: string) {
  if (key !== undefined) await checkCreatorKey(db, matchID, key);
  await next();
  if (ctx.status !== 200) return;
  const opts = { metadata: true, state: true } as const;
  const { metadata, state } = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
  if (!metadata) fail(404, `Match ${matchID} was closed or expired`);
  const open = Object.values(metadata.players).some((p) => !p.name);
  if (open && (!state || state._stateID === 0)) {
    // Changed on the object read: the storage writes the change over any write stored since (postgres.ts).
    metadata.updatedAt = Date.now();
    await storeMetadata(db, matchID, metadata);
    // The sweep may have removed it between the join and this write, which is then dropped (no state to go with it).
    if (!(await fetchMetadata(db, matchID))) fail(404, `Match ${matchID} was closed or expired`);
  }
  const joined = ctx.body as { playerID?: unknown; playerCredentials?: unknown };
  if (key !== undefined && typeof joined.playerCredentials === 'string') {
    await recordCreator(db, matchID, key, String(joined.playerID), joined.playerCredentials);
  }
}

async function fetchPlayerCount(db: AnyStorage, matchID: string): Promise<number | undefined> {
  const opts: StorageAPI.FetchOpts = { metadata: true };
  const { metadata } = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
  return metadata ? Object.keys(metadata.players).length : undefined;
}

/** Reads the raw body, refusing more than `limit` bytes. */
async function readBody(ctx: Koa.Context, limit: number): Promise<Buffer> {
  const declared = ctx.get('Content-Length');
  if (declared !== '' && !/^\d+$/.test(declared)) fail(400, 'Invalid Content-Length');
  if (declared !== '' && Number(declared) > limit) fail(413, `Request body larger than ${limit} bytes`);
  const encoding = ctx.get('Content-Encoding').toLowerCase();
  if (encoding !== '' && encoding !== 'identity') fail(415, 'Compressed request bodies are not accepted');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) fail(413, `Request body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON object body, refusing anything else with a 4xx. */
export async function parseJsonObject(ctx: Koa.Context, limit: number): Promise<Body> {
  const raw = await readBody(ctx, limit);
  if (raw.length === 0) return {};
  if (!ctx.is('application/json')) fail(415, 'Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    fail(400, 'Malformed JSON body');
  }
  if (!isPlainObject(parsed)) fail(400, 'Request body must be a JSON object');
  const unsafe = unsafeJson(parsed);
  if (unsafe) fail(400, unsafe);
  return parsed;
}

/**
 * Gives the downstream route the checked body. boardgame.io's routes run
 * `koa-body` again; without a Content-Type it parses nothing, and the
 * read-only property keeps it from replacing the checked body with `{}`.
 */
function handOver(ctx: Koa.Context, body: Body): void {
  delete ctx.req.headers['content-type'];
  Object.defineProperty(ctx.request, 'body', {
    configurable: true,
    enumerable: true,
    get: () => body,
    set: () => {},
  });
}

function decodeSegments(ctx: Koa.Context): string[] {
  const parts = ctx.path.split('/').slice(1);
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    fail(400, 'Malformed URL');
  }
}

/**
 * The lobby guard middleware. boardgame.io's router matches paths in any
 * case (`/GAMES/x/y/Join` is `join`), so routes are recognised here in any
 * case too: no spelling reaches a route unchecked.
 */
export function lobbyGuard(games: Game[], db: AnyStorage, limits: LobbyLimits): Middleware {
  const byName = new Map(games.map((g) => [g.name as string, g]));
  const schemas = new Map(games.map((g) => [g.name as string, lobbySchemas(g.minPlayers ?? 1, g.maxPlayers ?? 99)]));
  const creation = new CreationGuard(limits.creation ?? DEFAULT_CREATION_LIMITS, db);
  // A match's `playAgain`s, one at a time in this process: boardgame.io reads "no rematch yet", makes one and
  // writes its ID back, so two presses at once each made one, and with a storage whose writes wait on the disk each
  // then read back its own. In turn, the second reads the first's rematch and is answered with it. (Across
  // processes, PostgreSQL keeps the first rematch named, and the check below answers the other press with it.)
  const rematching = new Map<string, Promise<void>>();
  const oneRematchAtATime = (matchID: string, run: () => Promise<void>): Promise<void> => {
    const turn = (rematching.get(matchID) ?? Promise.resolve()).then(run);
    const settled = turn.catch(() => undefined);
    rematching.set(matchID, settled);
    void settled.then(() => {
      if (rematching.get(matchID) === settled) rematching.delete(matchID);
    });
    return turn;
  };

  return async (ctx, next) => {
    const lower = ctx.path.toLowerCase();
    if (lower !== '/games' && !lower.startsWith('/games/')) return next();
    const [, gameName, matchID, action] = decodeSegments(ctx);
    if (gameName === undefined) return next();
    const game = byName.get(gameName);
    if (!game) fail(404, `Unknown game "${gameName.slice(0, 64)}"`);
    const isCreate = matchID?.toLowerCase() === 'create';
    if (matchID !== undefined && !isCreate && !MATCH_ID.test(matchID)) fail(400, 'Invalid match ID');
    // boardgame.io's match routes read a match by its ID alone: a match of another game is not this game's.
    const metadata = matchID !== undefined && !isCreate ? await fetchMetadata(db, matchID) : undefined;
    if (metadata && metadata.gameName !== gameName) fail(404, `Match ${matchID} not found`);
    if (ctx.method !== 'POST') return next();

    const route: LobbyRoute | undefined =
      isCreate && action === undefined
        ? 'create'
        : action === undefined
          ? undefined
          : LOBBY_ROUTES.get(action.toLowerCase());
    if (route === undefined) return next();
    if ((route === 'create') !== isCreate) fail(404, 'No such lobby route');

    const body = await parseJsonObject(ctx, limits.bodyLimit);
    const parsed = schemas.get(gameName)![route].safeParse(body);
    if (!parsed.success) fail(400, parsed.error.issues[0]?.message ?? 'Invalid request body');
    const checked: Body = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    if (route === 'create') setupData(game, checked, (checked.numPlayers as number | undefined) ?? 2);
    if (route === 'join' || route === 'update' || route === 'rename') nameAllowed(metadata?.players, route, checked);
    if (route === 'playAgain' && checked.setupData !== undefined) {
      const players = (checked.numPlayers as number | undefined) ?? (await fetchPlayerCount(db, matchID));
      if (players === undefined) fail(404, `Match ${matchID} not found`);
      setupData(game, checked, players);
    }
    if (route === 'close') {
      if (!limits.close) fail(404, 'No such lobby route');
      ctx.body = await limits.close(gameName, matchID, String(checked.playerID), String(checked.credentials));
      return;
    }
    if (route === 'clock') {
      if (!limits.startClock) fail(404, 'No such lobby route');
      ctx.body = await limits.startClock(matchID, String(checked.playerID), String(checked.credentials));
      return;
    }
    const { creatorKey, ...handed } = checked;
    handOver(ctx, handed);
    if (route === 'leave') return leave(ctx, next, db, matchID, String(checked.playerID));
    if (route === 'join') return join(ctx, next, db, matchID, creatorKey as string | undefined);
    if (route !== 'create' && route !== 'playAgain') return next();
    const client = ctx.ip;
    await creation.admit(client);
    const createThrough = async () => {
      const request: LobbyRequest = { created: new Set() };
      await asLobbyRequest(next, request);
      const created = ctx.body as { matchID?: unknown; nextMatchID?: unknown } | undefined;
      let newID = route === 'create' ? created?.matchID : created?.nextMatchID;
      // Only the request that created the match gets its creator key. boardgame.io answers a `playAgain` with the
      // rematch the finished match names, made by an earlier press (maybe on another process, maybe a moment ago).
      let made = typeof newID === 'string' && request.created.has(newID);
      if (ctx.status === 200 && typeof newID === 'string' && route === 'playAgain' && made) {
        // Two `playAgain`s at once (two processes, or an async storage) each made a rematch; the storage keeps the
        // first one named (server/storage/postgres.ts): the other is removed and its maker answered with the first.
        const named = (await fetchMetadata(db, matchID))?.nextMatchID;
        if (typeof named === 'string' && named !== newID) {
          await wipeMatch(db, newID);
          ctx.body = { ...(ctx.body as object), nextMatchID: named };
          newID = named;
          made = false;
        }
      }
      if (ctx.status === 200 && typeof newID === 'string') {
        creation.created(client, newID);
        if (made) {
          const key = await issueCreatorKey(db, newID);
          if (key) ctx.body = { ...(ctx.body as object), creatorKey: key };
        }
        // A turn clock: chosen at creation, or the finished match's own for its rematch (if it was chosen at its
        // creation: one its players started during it, as a player was gone, is not; server/start-clock.ts).
        const choice = checked.turnClock as ClockChoice | undefined;
        const period =
          route === 'create'
            ? choice && choice !== 'none'
              ? scaledPeriod(choice, limits.clockScale)
              : undefined
            : rematchClock(await fetchMetadata(db, matchID));
        // Only by its maker: another's copy, written whole, could drop a seat joined since.
        if (period && made) {
          const meta = await fetchMetadata(db, newID);
          if (meta) await storeMetadata(db, newID, { ...meta, turnClockMs: period } as Server.MatchData);
        }
      }
    };
    // Two presses of one match's "Play again" in turn, never at once (see oneRematchAtATime).
    if (route === 'playAgain') await oneRematchAtATime(matchID, createThrough);
    else await createThrough();
  };
}
