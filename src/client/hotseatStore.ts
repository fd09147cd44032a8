/**
 * Keeps one unfinished hot-seat game (of any game) across reloads: its setup in
 * localStorage, and its match in boardgame.io's `Local({ persist })` storage
 * under the HOTSEAT_STORAGE_KEY prefix.
 */
import type { HotSeatConfig } from './HotSeatSetup';

/** Prefix of boardgame.io's persisted local storage for hot-seat. */
export const HOTSEAT_STORAGE_KEY = 'lt28hs';
const SAVED_KEY = 'lt28:hotseat';

/** A saved game: its setup and local match id. */
export interface SavedHotSeat {
  /** The game (registry id); games saved before the site had several games are Lisbon's. */
  gameId?: string;
  config: HotSeatConfig;
  matchID: string;
  startedAt: number;
}

/** The saved game, if any. */
export function loadHotSeat(): SavedHotSeat | null {
  try {
    const raw = localStorage.getItem(SAVED_KEY);
    const s = raw ? (JSON.parse(raw) as SavedHotSeat) : null;
    return s && s.config && Array.isArray(s.config.seats) && typeof s.matchID === 'string' ? s : null;
  } catch {
    return null;
  }
}

/** Whether the saved game has ended (boardgame.io's persisted state says so); false when unknown. */
export function hotSeatFinished(saved: SavedHotSeat): boolean {
  try {
    const entries = JSON.parse(localStorage.getItem(`${HOTSEAT_STORAGE_KEY}_state`) ?? '[]') as unknown;
    if (!Array.isArray(entries)) return false;
    const entry = (entries as unknown[]).find((e) => Array.isArray(e) && e[0] === saved.matchID) as
      [string, { ctx?: { gameover?: unknown } }] | undefined;
    return entry?.[1]?.ctx?.gameover !== undefined && entry?.[1]?.ctx?.gameover !== null;
  } catch {
    return false;
  }
}

/** Forget the saved game and boardgame.io's persisted match data. */
export function clearHotSeat(): void {
  localStorage.removeItem(SAVED_KEY);
  for (const part of ['state', 'initial', 'metadata', 'log']) localStorage.removeItem(`${HOTSEAT_STORAGE_KEY}_${part}`);
}

/** Start a new saved game (replacing any other). */
export function newHotSeat(gameId: string, config: HotSeatConfig): SavedHotSeat {
  clearHotSeat();
  const saved: SavedHotSeat = { gameId, config, matchID: `hotseat-${Date.now().toString(36)}`, startedAt: Date.now() };
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(saved));
  } catch {
    /* storage full or blocked: the game still runs, it just cannot be resumed */
  }
  return saved;
}
