/**
 * The lobby REST API on the page's own origin, plus the seats this browser
 * holds (credentials in localStorage, one entry per match) so a reload or a
 * later visit reconnects to the same seat.
 */
import { LobbyClient } from 'boardgame.io/client';
import type { LobbyAPI } from 'boardgame.io';
import type { BotLevel } from './seats';
import { HttpError } from './lobbyErrors';
import { readSession, writeSession } from './sessionValue';

export { describeError, httpStatus, HttpError, type LobbyAction } from './lobbyErrors';

/** The lobby client for this origin. */
export const lobby = new LobbyClient({ server: window.location.origin });

/** A public match as the lobby lists it. */
/** A match as the lobby API gives it; one fetched alone also says how many watch it (server/spectators.ts). */
export type Match = LobbyAPI.Match & { spectators?: number };

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

/** Where the match's chat keeps the time of the last message read in this browser (src/client/Chat.tsx). */
export function chatReadKey(matchID: string): string {
  return `lt28:chat-read:${matchID}`;
}

/** Forget a seat (and what its chat had read). */
export function forgetSeat(matchID: string): void {
  localStorage.removeItem(SEAT_PREFIX + matchID);
  localStorage.removeItem(chatReadKey(matchID));
}

const WATCH_PREFIX = 'lt28:watch:';

/**
 * This tab watches `matchID` without a seat: kept in sessionStorage, so that a reload goes on watching (it showed the
 * join form), and so that a spectator following "See the rematch" arrives watching the rematch, not at its join form.
 */
export function isWatching(matchID: string): boolean {
  return readSession(WATCH_PREFIX + matchID) !== null;
}

/** Remember (or, with `on` false, forget) that this tab watches `matchID`. */
export function setWatching(matchID: string, on: boolean): void {
  writeSession(WATCH_PREFIX + matchID, on ? '1' : null);
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

/**
 * Close a match that has not started (server/close-match.ts): only its
 * creator's seat may, with that seat's credentials.
 */
export async function closeMatch(
  gameId: string,
  matchID: string,
  by: Pick<StoredSeat, 'playerID' | 'credentials'>,
): Promise<void> {
  await postJSON(`/games/${encodeURIComponent(gameId)}/${encodeURIComponent(matchID)}/close`, {
    playerID: by.playerID,
    credentials: by.credentials,
  });
}

/** What the server wrote when a clock was started (server/start-clock.ts): the match's fields of the same names. */
export interface StartedClock {
  turnClockMs: number;
  clockWait?: { key: string; at: number };
  clockStarted?: { seat: string; name: string; at: number; gone: string[] };
}

/**
 * Start the 1-minute turn clock on a running match that has none, as its game
 * waits on a player who is gone (server/start-clock.ts): only a seated player
 * may, with that seat's credentials. Resolves with the fields written, or null
 * when the answer does not carry the period.
 */
export async function startTurnClock(
  gameId: string,
  matchID: string,
  by: Pick<StoredSeat, 'playerID' | 'credentials'>,
): Promise<StartedClock | null> {
  const answer = (await postJSON(`/games/${encodeURIComponent(gameId)}/${encodeURIComponent(matchID)}/clock`, {
    playerID: by.playerID,
    credentials: by.credentials,
  })) as Partial<StartedClock> | null;
  const period = answer?.turnClockMs;
  if (typeof period !== 'number' || !(period > 0)) return null;
  return { turnClockMs: period, clockWait: answer!.clockWait, clockStarted: answer!.clockStarted };
}

/** The creator key a `create` or `playAgain` answer carries (sent back with the creator's join), if any. */
export function creatorKeyOf(answer: unknown): { creatorKey?: string } {
  const key = (answer as { creatorKey?: unknown } | null)?.creatorKey;
  return typeof key === 'string' ? { creatorKey: key } : {};
}

/** The seat of a match's creator, as the lobby shows it (server/close-match.ts). */
export function creatorSeatOf(match: Match | null): string | undefined {
  const seat = (match as { creatorSeat?: unknown } | null)?.creatorSeat;
  return typeof seat === 'string' ? seat : undefined;
}

/** Open seats of a match (no name yet). */
export function openSeats(match: Match): number[] {
  return match.players.filter((p) => !p.name).map((p) => p.id);
}
