/**
 * `GET /matches/status?ids=a,b,c`: where each listed match stands, for the
 * lobby's "Your matches": its game, its players' names, whether it is over,
 * and which seats the game waits for now. All of it is public (the match page
 * shows it to anyone); nothing of a hand, deck or seed is read out.
 *
 * The seats waited for come from boardgame.io's own `ctx` (the active
 * players when a stage or a simultaneous phase is on, else the current
 * player), or from the game's own rule when its definition has one. At most
 * 50 IDs; a malformed list is a 400; unknown matches are left out.
 */
import type { Server } from 'boardgame.io';
import { fail, type Middleware } from './http-error';
import { isSyncStorage, type AnyStorage } from './storage-hooks';
import { waitingForTable, waitingOn } from '../src/games/common/waiting-room';
import { findGame } from '../src/games/registry';

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_IDS = 50;

/** One match's status. */
export interface MatchStatus {
  matchID: string;
  gameName: string;
  players: { id: number; name?: string }[];
  gameover: boolean;
  /** A seat is still empty and nothing has been played: the match waits for players. */
  waitingForPlayers: boolean;
  /** The seats the game waits for now ([] once over, or while it waits for players). */
  waitingOn: string[];
  updatedAt: number;
}

export function matchStatus(db: AnyStorage): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/matches/status') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') fail(405, 'Use GET');
    const raw = ctx.query.ids;
    if (typeof raw !== 'string' || raw === '') fail(400, 'ids must list match IDs, separated by commas');
    const ids = [...new Set(raw.split(','))];
    if (ids.length > MAX_IDS) fail(400, `At most ${MAX_IDS} match IDs`);
    if (!ids.every((id) => MATCH_ID.test(id))) fail(400, 'Invalid match ID');
    const out: MatchStatus[] = [];
    for (const matchID of ids) {
      const opts = { metadata: true, state: true } as const;
      const { metadata, state } = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
      const meta = metadata as Server.MatchData | undefined;
      if (!meta || !state) continue;
      const players = Object.values(meta.players);
      const waitingForPlayers = waitingForTable(state._stateID, players);
      out.push({
        matchID,
        gameName: meta.gameName,
        players: players.map((p) => ({ id: p.id, ...(p.name ? { name: p.name } : {}) })),
        gameover: state.ctx.gameover !== undefined,
        waitingForPlayers,
        waitingOn: waitingForPlayers ? [] : waitingOn(state.ctx, state.G, findGame(meta.gameName)?.waitingOn),
        updatedAt: meta.updatedAt,
      });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { matches: out };
  };
}
