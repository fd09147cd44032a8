/**
 * `GET /games/<name>`: the public match list, answered here instead of by
 * boardgame.io's route, which reads every match of the game one query at a
 * time and returns them all (15,800 matches on PostgreSQL: 2.7 MB in 2.7 s).
 *
 * This one returns a page, newest update first, in one storage query:
 *   ?limit=N          matches per page, 1 to 200 (default 50)
 *   ?cursor=C         the `nextCursor` of the previous page
 *   ?isGameover=true|false, ?updatedBefore=ms, ?updatedAfter=ms   as boardgame.io's
 * and answers `{ matches: [...], nextCursor }` (`nextCursor` only when more
 * follow). Each match is shown as boardgame.io shows it, without credentials.
 * A malformed parameter is a 400. Unlisted matches are never listed.
 */
import type { Game, Server } from 'boardgame.io';
import { fail, type Middleware } from './http-error';
import type { PageEntry, PageOptions } from './storage/list-filter';
import type { AnyStorage } from './storage-hooks';
import { publicMetadata } from './close-match';

/** A storage that can list a page of matches in one query. */
export interface PagedStorage {
  listPage(opts: PageOptions): Promise<PageEntry[]>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
/** Latest time a Date can hold, in ms: beyond it a bound means nothing. */
const MAX_TIME = 8.64e15;

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,16}$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(400, `${name} must be an integer from ${min} to ${max}`);
  }
  return Number(text);
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The cursor of the page after the one ending with `last`. */
function cursorAfter(last: PageEntry): string {
  return Buffer.from(JSON.stringify([last.metadata.updatedAt, last.matchID])).toString('base64url');
}

function readCursor(text: string | undefined): PageOptions['after'] {
  if (text === undefined || text === '') return undefined;
  try {
    const [updatedAt, matchID] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof updatedAt === 'number' && Number.isSafeInteger(updatedAt) && typeof matchID === 'string') {
      return { updatedAt, matchID };
    }
  } catch {
    // answered below
  }
  fail(400, 'cursor is not one this server gave');
}

/** What boardgame.io's lobby shows of a match: everything but the seats' credentials. */
function publicMatch(matchID: string, metadata: Server.MatchData) {
  // The chat is the match's own (sent over its sockets), not the lobby's; the creator's proofs are the server's.
  return {
    ...publicMetadata(metadata),
    matchID,
    players: Object.values(metadata.players).map(({ credentials: _credentials, ...seat }) => seat),
  };
}

/** The list middleware for `games`; storages without `listPage` are left to boardgame.io's route. */
export function matchList(games: Game[], db: AnyStorage): Middleware {
  const names = new Set(games.map((g) => g.name as string));
  const paged = typeof (db as Partial<PagedStorage>).listPage === 'function' ? (db as unknown as PagedStorage) : null;
  return async (ctx, next) => {
    const parts = ctx.path.split('/');
    // boardgame.io's router also matches `/games/<name>/`.
    if (parts.length === 4 && parts[3] === '') parts.pop();
    if (ctx.method !== 'GET' || parts.length !== 3 || parts[1].toLowerCase() !== 'games' || !paged) return next();
    let gameName: string;
    try {
      gameName = decodeURIComponent(parts[2]);
    } catch {
      fail(400, 'Malformed URL');
    }
    if (!names.has(gameName)) return next();
    const q = ctx.query;
    const gameover = one(q.isGameover)?.toLowerCase();
    if (gameover !== undefined && gameover !== '' && gameover !== 'true' && gameover !== 'false') {
      fail(400, 'isGameover must be true or false');
    }
    const limit = integer('limit', one(q.limit), 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
    const page = await paged.listPage({
      gameName,
      isGameover: gameover === 'true' ? true : gameover === 'false' ? false : undefined,
      updatedBefore: integer('updatedBefore', one(q.updatedBefore), 0, MAX_TIME),
      updatedAfter: integer('updatedAfter', one(q.updatedAfter), 0, MAX_TIME),
      after: readCursor(one(q.cursor)),
      limit: limit + 1,
    });
    const shown = page.slice(0, limit);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      matches: shown.map((e) => publicMatch(e.matchID, e.metadata)),
      ...(page.length > limit ? { nextCursor: cursorAfter(shown[shown.length - 1]) } : {}),
    };
  };
}

/**
 * Keeps a match's chat (stored in its metadata, server/socket-guard.ts) and
 * the creator's proofs (server/close-match.ts) out of boardgame.io's own
 * lobby answers (`GET /games/<name>/<matchID>` and the list when the storage
 * cannot page): the chat goes to the match's sockets only, the proofs nowhere.
 */
export function hideChat(): Middleware {
  const strip = (m: unknown) => (m && typeof m === 'object' ? publicMetadata(m) : m);
  return async (ctx, next) => {
    await next();
    // boardgame.io's router matches any case (`/GAMES/...`).
    if (ctx.method !== 'GET' || !ctx.path.toLowerCase().startsWith('/games/')) return;
    const body = ctx.body as { matches?: unknown[] } | undefined;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return;
    ctx.body = Array.isArray(body.matches) ? { ...body, matches: body.matches.map(strip) } : strip(body);
  };
}
