/**
 * The lobby REST API on the page's own origin, plus the seats this browser
 * holds (credentials in localStorage, one entry per match) so a reload or a
 * later visit reconnects to the same seat.
 */
import { LobbyClient, LobbyClientError } from 'boardgame.io/client';
import type { LobbyAPI } from 'boardgame.io';
import type { BotLevel } from './seats';

/** The lobby client for this origin. */
export const lobby = new LobbyClient({ server: window.location.origin });

/** A public match as the lobby lists it. */
export type Match = LobbyAPI.Match;

/** A seat this browser joined. */
export interface StoredSeat {
  /** The game (registry id); seats saved before the site had several games are Lisbon's. */
  gameId?: string;
  matchID: string;
  playerID: string;
  credentials: string;
  playerName: string;
  /** When it was joined (ms since epoch). */
  joinedAt: number;
}

const SEAT_PREFIX = 'lt28:seat:';
const NAME_KEY = 'lt28:name';

/** The seat held in `matchID`, if any. */
export function loadSeat(matchID: string): StoredSeat | null {
  try {
    const raw = localStorage.getItem(SEAT_PREFIX + matchID);
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredSeat;
    return typeof s.playerID === 'string' && typeof s.credentials === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Remember a seat. */
export function saveSeat(seat: StoredSeat): void {
  localStorage.setItem(SEAT_PREFIX + seat.matchID, JSON.stringify(seat));
}

/** Forget a seat. */
export function forgetSeat(matchID: string): void {
  localStorage.removeItem(SEAT_PREFIX + matchID);
}

/** Every seat this browser holds, newest first. */
export function allSeats(): StoredSeat[] {
  const out: StoredSeat[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SEAT_PREFIX)) continue;
    const s = loadSeat(key.slice(SEAT_PREFIX.length));
    if (s) out.push(s);
  }
  return out.sort((a, b) => b.joinedAt - a.joinedAt);
}

/** The player name last used in this browser. */
export function loadName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

/** Remember the player name. */
export function saveName(name: string): void {
  localStorage.setItem(NAME_KEY, name);
}

/** What was being attempted, for error messages. */
export type LobbyAction = 'list' | 'create' | 'join' | 'leave' | 'load' | 'bot' | 'rematch';

const ACTION_TEXT: Record<LobbyAction, string> = {
  list: 'load the list of open matches',
  create: 'create the match',
  join: 'join the match',
  leave: 'leave the match',
  load: 'load the match',
  bot: 'seat the bot',
  rematch: 'start the rematch',
};

/** The server's own explanation, if it sent one. */
function serverDetail(details: unknown): string {
  if (typeof details === 'string') return details.trim().slice(0, 200);
  if (details && typeof details === 'object') {
    const d = details as Record<string, unknown>;
    for (const k of ['error', 'message', 'detail']) if (typeof d[k] === 'string') return d[k].slice(0, 200);
  }
  return '';
}

/** The HTTP status of a failed lobby request, or 0 when it is not one (e.g. the network failed). */
export function httpStatus(err: unknown): number {
  if (!(err instanceof LobbyClientError || err instanceof HttpError)) return 0;
  return Number(/(\d{3})/.exec(err.message)?.[1] ?? 0);
}

/** A sentence for the player explaining why a lobby request failed. */
export function describeError(err: unknown, action: LobbyAction): string {
  const what = `Could not ${ACTION_TEXT[action]}`;
  if (err instanceof LobbyClientError || err instanceof HttpError) {
    const status = httpStatus(err);
    const detail = serverDetail(err.details);
    const suffix = detail ? ` (server: ${detail})` : '';
    if ((status === 404 || status === 405) && action === 'bot')
      return `${what}: this server does not run bots in online matches yet.`;
    if (status === 404) {
      return action === 'list' || action === 'create'
        ? `${what}: the server does not offer this game.${suffix}`
        : `${what}: this match does not exist any more.${suffix}`;
    }
    if (status === 409) return `${what}: that seat was just taken by someone else. Pick another seat.${suffix}`;
    if (status === 403 || status === 401)
      return `${what}: the server did not accept this browser's credentials for the seat.${suffix}`;
    if (status === 429) return `${what}: too many requests. Wait a moment and try again.${suffix}`;
    if (status >= 500) return `${what}: the server had a problem (HTTP ${status}). Try again in a moment.${suffix}`;
    if (status === 400) return `${what}: the server refused the request${detail ? `: ${detail}` : '.'}`;
    return `${what}: HTTP ${status || 'error'}.${suffix}`;
  }
  if (err instanceof TypeError) return `${what}: the server cannot be reached. Check your connection and try again.`;
  return `${what}: ${err instanceof Error ? err.message : String(err)}`;
}

/** An HTTP failure from a plain fetch, shaped like LobbyClientError. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly details: unknown,
  ) {
    super(message);
  }
}

/** POST JSON to this origin; throws HttpError on a non-2xx answer. */
export async function postJSON(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${window.location.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* plain text answer */
  }
  if (!res.ok) throw new HttpError(`HTTP status ${res.status}`, data);
  return data;
}

/**
 * Ask the server to run a bot in an open seat of an online match
 * (server/bots.ts). Only a player seated in the match may ask, so the
 * request carries that player's seat and credentials.
 */
export async function seatBot(
  matchID: string,
  seat: number,
  level: BotLevel,
  by: Pick<StoredSeat, 'playerID' | 'credentials'>,
): Promise<void> {
  await postJSON(`/bots/${encodeURIComponent(matchID)}`, {
    seat,
    level,
    playerID: by.playerID,
    credentials: by.credentials,
  });
}

/** Open seats of a match (no name yet). */
export function openSeats(match: Match): number[] {
  return match.players.filter((p) => !p.name).map((p) => p.id);
}
