/**
 * Input checks in front of boardgame.io's lobby API (`/games/...`).
 *
 * The stock routes trust their input: `join` with `playerID: "__proto__"`
 * writes the player's name and credentials onto `Object.prototype`, a
 * `setupData` that makes `validateSetupData` throw answers 500, bodies up to
 * 1 MB are parsed, and unknown game names list as empty. This middleware reads
 * and checks the body itself (size limit, JSON only, known fields with the
 * right types), answers 4xx with a plain message otherwise, and hands the
 * routes only the checked fields.
 */
import type { Game, StorageAPI } from 'boardgame.io';
import type Koa from 'koa';
import { fail } from './http-error';
import { asLobbyRequest, isSyncStorage, type AnyStorage } from './storage-hooks';

/** Limits applied by the guard. */
export interface LobbyLimits {
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
}

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SEAT = /^(0|[1-9]\d?)$/;
const MAX_NAME = 40;
const MAX_CREDENTIALS = 256;
const MAX_DATA = 1024;
const MAX_SETUP_DATA = 2048;

type Body = Record<string, unknown>;
type Check = (ctx: Koa.Context, body: Body, out: Body) => void;

function isPlainObject(value: unknown): value is Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function has(body: Body, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined && body[key] !== null;
}

/** A seat number, "0".."99", as a string; `required` throws when absent. */
function seat(ctx: Koa.Context, body: Body, out: Body, required: boolean): void {
  if (!has(body, 'playerID')) {
    if (required) fail(400, 'playerID is required');
    return;
  }
  const v = body.playerID;
  const text = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !SEAT.test(text)) fail(400, 'playerID must be a seat number such as "0"');
  out.playerID = text;
}

function name(ctx: Koa.Context, body: Body, out: Body, key: 'playerName' | 'newName', required: boolean): void {
  if (!has(body, key)) {
    if (required) fail(400, `${key} is required`);
    return;
  }
  const v = body[key];
  if (typeof v !== 'string') fail(400, `${key} must be a string`);
  const trimmed = v.trim();
  // eslint-disable-next-line no-control-regex
  if (trimmed.length === 0 || trimmed.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    fail(400, `${key} must be 1 to ${MAX_NAME} printable characters`);
  }
  out[key] = trimmed;
}

function credentials(ctx: Koa.Context, body: Body, out: Body): void {
  const v = body.credentials;
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_CREDENTIALS) {
    fail(400, 'credentials must be a non-empty string');
  }
  out.credentials = v;
}

function jsonValue(ctx: Koa.Context, body: Body, out: Body, key: string, max: number, objectOnly: boolean): void {
  if (!has(body, key)) return;
  const v = body[key];
  if (objectOnly && !isPlainObject(v)) fail(400, `${key} must be a JSON object`);
  if (JSON.stringify(v).length > max) fail(400, `${key} is larger than ${max} bytes`);
  out[key] = v;
}

function unlisted(ctx: Koa.Context, body: Body, out: Body): void {
  if (!has(body, 'unlisted')) return;
  if (typeof body.unlisted !== 'boolean') fail(400, 'unlisted must be true or false');
  out.unlisted = body.unlisted;
}

function numPlayers(ctx: Koa.Context, game: Game, body: Body, out: Body): void {
  if (!has(body, 'numPlayers')) return;
  const v = body.numPlayers;
  const n = typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v;
  const min = game.minPlayers ?? 1;
  const max = game.maxPlayers ?? 99;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    fail(400, `numPlayers must be an integer from ${min} to ${max}`);
  }
  out.numPlayers = n;
}

/** Runs the game's own `validateSetupData`; a throw is a 400, not a 500. */
function setupData(ctx: Koa.Context, game: Game, out: Body, players: number): void {
  if (!game.validateSetupData) return;
  let problem: string | undefined;
  try {
    problem = game.validateSetupData(out.setupData, players);
  } catch {
    problem = 'setupData is not valid for this game';
  }
  if (problem !== undefined) fail(400, `Invalid setupData: ${String(problem)}`);
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

/** The lobby guard middleware. */
export function lobbyGuard(games: Game[], db: AnyStorage, limits: LobbyLimits): Koa.Middleware {
  const byName = new Map(games.map((g) => [g.name as string, g]));

  return async (ctx, next) => {
    if (ctx.path !== '/games' && !ctx.path.startsWith('/games/')) return next();
    const [, gameName, matchID, action] = decodeSegments(ctx);
    if (gameName === undefined) return next();
    const game = byName.get(gameName);
    if (!game) fail(404, `Unknown game "${gameName.slice(0, 64)}"`);
    if (matchID !== undefined && matchID !== 'create' && !MATCH_ID.test(matchID)) {
      fail(400, 'Invalid match ID');
    }
    if (ctx.method !== 'POST') return next();

    const route = matchID === 'create' && action === undefined ? 'create' : action;
    const checks: Record<string, Check> = {
      create: (c, b, o) => {
        numPlayers(c, game, b, o);
        unlisted(c, b, o);
        jsonValue(c, b, o, 'setupData', MAX_SETUP_DATA, true);
        setupData(c, game, o, (o.numPlayers as number | undefined) ?? 2);
      },
      join: (c, b, o) => {
        seat(c, b, o, false);
        name(c, b, o, 'playerName', true);
        jsonValue(c, b, o, 'data', MAX_DATA, false);
      },
      leave: (c, b, o) => {
        seat(c, b, o, true);
        credentials(c, b, o);
      },
      playAgain: (c, b, o) => {
        seat(c, b, o, true);
        credentials(c, b, o);
        numPlayers(c, game, b, o);
        unlisted(c, b, o);
        jsonValue(c, b, o, 'setupData', MAX_SETUP_DATA, true);
      },
      update: (c, b, o) => {
        seat(c, b, o, true);
        credentials(c, b, o);
        name(c, b, o, 'newName', false);
        jsonValue(c, b, o, 'data', MAX_DATA, false);
        if (o.newName === undefined && o.data === undefined) fail(400, 'newName or data is required');
      },
    };
    checks.rename = checks.update;
    if (route === undefined || !Object.prototype.hasOwnProperty.call(checks, route)) return next();
    if (route === 'create' ? matchID !== 'create' || action !== undefined : matchID === undefined) return next();

    const body = await parseJsonObject(ctx, limits.bodyLimit);
    const checked: Body = {};
    checks[route](ctx, body, checked);
    if (route === 'playAgain' && checked.setupData !== undefined) {
      const players = (checked.numPlayers as number | undefined) ?? (await fetchPlayerCount(db, matchID));
      if (players === undefined) fail(404, `Match ${matchID} not found`);
      setupData(ctx, game, checked, players);
    }
    handOver(ctx, checked);
    if (route === 'create' || route === 'playAgain') return asLobbyRequest(next);
    return next();
  };
}
