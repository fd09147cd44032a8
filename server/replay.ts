/**
 * `GET /replay/<matchID>`: what a replay of a finished match needs, for
 * every game and every storage: the match's players (names only), setup,
 * result, its initial state and its stored log of actions (credentials
 * removed). The client replays the log through the game's own reducer.
 *
 * Only a finished match is answered (409 before its end): the initial state
 * holds every hidden card and the random seed, which may be shown once the
 * match is over and never before. Unknown match 404, malformed ID 400.
 */
import type { LogEntry, Server } from 'boardgame.io';
import { fail, type Middleware } from './http-error';
import { isSyncStorage, type AnyStorage } from './storage-hooks';

const PATH = /^\/replay\/([^/]*)$/;
const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** One step of the stored log, as the replay gets it. */
export interface ReplayStep {
  action: LogEntry['action'];
  _stateID: number;
  turn: number;
  phase: string;
  automatic?: boolean;
}

/** The answer of `GET /replay/<matchID>`. */
export interface ReplayData {
  matchID: string;
  gameName: string;
  players: { id: number; name?: string; bot?: string }[];
  setupData: unknown;
  gameover: unknown;
  createdAt: number;
  updatedAt: number;
  /** The state the match began in (every hidden card and the seed included). */
  initialState: unknown;
  log: ReplayStep[];
  /** The stored final state's ID, which the replay must reach. */
  finalStateID: number;
}

function withoutCredentials(action: LogEntry['action']): LogEntry['action'] {
  const payload = (action as { payload?: Record<string, unknown> }).payload;
  if (!payload || !('credentials' in payload)) return action;
  const { credentials: _credentials, ...rest } = payload;
  return { ...action, payload: rest } as LogEntry['action'];
}

/** The replay middleware. */
export function replays(db: AnyStorage): Middleware {
  return async (ctx, next) => {
    const m = PATH.exec(ctx.path);
    if (!m) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') fail(405, 'Use GET');
    let matchID: string;
    try {
      matchID = decodeURIComponent(m[1]);
    } catch {
      fail(400, 'Invalid match ID');
    }
    if (!MATCH_ID.test(matchID)) fail(400, 'Invalid match ID');
    const opts = { metadata: true, initialState: true, log: true, state: true } as const;
    const found = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
    const metadata = found.metadata as Server.MatchData | undefined;
    if (!metadata) fail(404, `No match ${matchID}`);
    if (metadata.gameover === undefined) fail(409, 'This match is not over yet: its replay opens when it ends.');
    if (!found.initialState || !found.state) fail(404, `Match ${matchID} has no stored states to replay`);
    const body: ReplayData = {
      matchID,
      gameName: metadata.gameName,
      players: Object.values(metadata.players).map((p) => {
        const bot = (p.data as { bot?: unknown } | undefined)?.bot;
        return { id: p.id, name: p.name, ...(typeof bot === 'string' ? { bot } : {}) };
      }),
      setupData: metadata.setupData ?? null,
      gameover: metadata.gameover,
      createdAt: metadata.createdAt,
      updatedAt: metadata.updatedAt,
      initialState: found.initialState,
      log: (found.log ?? []).map((e) => ({
        action: withoutCredentials(e.action),
        _stateID: e._stateID,
        turn: e.turn,
        phase: e.phase,
        ...(e.automatic ? { automatic: true } : {}),
      })),
      finalStateID: found.state._stateID,
    };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  };
}
