/**
 * Keeps one unfinished hot-seat game (of any game) across reloads: its setup in
 * localStorage, its match in boardgame.io's `Local({ persist })` storage
 * under the HOTSEAT_STORAGE_KEY prefix, and, in sessionStorage, what the
 * shell remembers of its seats' screens (who last took the device, and what
 * each human seat's screen has not shown yet) and whether the tab shows the
 * game (a reload then comes back to it).
 */
import type { Ctx } from 'boardgame.io';
import type { HotSeatConfig } from './HotSeatSetup';
import { cutLogs, isLogCuts, markLogs, restoreLogs } from '../shared/log-suffix';
import { readSession, writeSession } from './sessionValue';

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

/** Forget the saved game, boardgame.io's persisted match data and what the shell remembers of its seats. */
export function clearHotSeat(): void {
  localStorage.removeItem(SAVED_KEY);
  for (const part of ['state', 'initial', 'metadata', 'log']) localStorage.removeItem(`${HOTSEAT_STORAGE_KEY}_${part}`);
  forgetSeatMemory();
}

/**
 * The saved game this tab shows, kept in sessionStorage while the game is on screen: a reload (or a crash of the
 * tab's page) comes back to the game itself, not to the setup's "Unfinished game" card. The hot-seat page forgets
 * it when it leaves the game (the setup again, or another page), so a later visit still offers the card.
 */
const SHOWN_KEY = 'lt28:hotseat-shown';

/** The match ID of the saved game this tab was showing, if any. */
export function shownHotSeat(): string | null {
  return readSession(SHOWN_KEY);
}

/** Remember that this tab shows the saved game `matchID` (or, with null, that it shows none). */
export function setShownHotSeat(matchID: string | null): void {
  writeSession(SHOWN_KEY, matchID);
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

/**
 * What the hot-seat shell remembers of its seats' screens, kept for a reload
 * in sessionStorage: the saved game is in localStorage, and a full
 * localStorage would refuse boardgame.io's next save of the match, so this
 * memory, which a lost tab may forget, keeps out of its way.
 */
const SEATS_KEY = 'lt28:hotseat-seats';
/** At most this many of a seat's states are stored (the newest). */
const STORED_TRAIL_MAX = 100;
/** At most this many characters of JSON are stored (sessionStorage gives an origin about 5 MB). */
const STORED_CHARS_MAX = 1_000_000;

/** A seat's view of the game at one moment, as much of it as a board is given (ShellBoardProps.unseen). */
export interface TrailState {
  G: unknown;
  ctx: Ctx;
  _stateID: number;
}

/** What the shell remembers of its seats' screens. */
export interface SeatMemory {
  /** The last human who took the device, if known. */
  holder: string | null;
  /** Per human seat, the states its view went through since its screen last showed one (that one first). */
  trails: Map<string, TrailState[]>;
}

/** A stored state: after a trail's first, its logs hold only the entries after the previous state's (`logFrom`). */
interface StoredState extends TrailState {
  logFrom?: Record<string, number>;
}

interface StoredMemory {
  v: 1;
  matchID: string;
  holder: string | null;
  trails: Record<string, StoredState[]>;
}

function storedTrail(trail: TrailState[], logKeys: readonly string[]): StoredState[] {
  return trail.map((s, i) => {
    const kept: StoredState = { G: s.G, ctx: s.ctx, _stateID: s._stateID };
    if (i === 0) return kept;
    const { G, cuts } = cutLogs(s.G, logKeys, markLogs(trail[i - 1].G, logKeys));
    return cuts ? { ...kept, G, logFrom: cuts.logFrom } : kept;
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A stored trail, whole again; null if it is not one. */
function trailFrom(stored: unknown): TrailState[] | null {
  if (!Array.isArray(stored)) return null;
  const trail: TrailState[] = [];
  for (const s of stored as unknown[]) {
    if (!isRecord(s) || !isRecord(s.G) || !isRecord(s.ctx) || typeof s._stateID !== 'number') return null;
    const G = { ...s.G };
    if (s.logFrom !== undefined) {
      const cuts = { logFrom: s.logFrom };
      if (!isLogCuts(cuts) || !restoreLogs(trail[trail.length - 1]?.G, G, cuts)) return null;
    }
    trail.push({ G, ctx: s.ctx as unknown as Ctx, _stateID: s._stateID });
  }
  return trail;
}

/** The seats' memory stored for this match; empty if there is none, or none that can be read. */
export function loadSeatMemory(matchID: string): SeatMemory {
  const memory: SeatMemory = { holder: null, trails: new Map() };
  try {
    const raw = sessionStorage.getItem(SEATS_KEY);
    const stored = raw ? (JSON.parse(raw) as unknown) : null;
    if (!isRecord(stored) || stored.v !== 1 || stored.matchID !== matchID) return memory;
    if (typeof stored.holder === 'string') memory.holder = stored.holder;
    if (isRecord(stored.trails))
      for (const [seat, value] of Object.entries(stored.trails)) {
        const trail = trailFrom(value);
        if (trail && trail.length > 0) memory.trails.set(seat, trail);
      }
  } catch {
    /* unreadable: nothing is remembered */
  }
  return memory;
}

/**
 * Stores the seats' memory for this match, logs cut to what each state adds, within STORED_TRAIL_MAX states a
 * seat and STORED_CHARS_MAX characters in all: the oldest states go first, from the longest trail.
 */
export function saveSeatMemory(matchID: string, memory: SeatMemory, logKeys: readonly string[]): void {
  try {
    const trails = new Map([...memory.trails].map(([seat, t]) => [seat, t.slice(-STORED_TRAIL_MAX)]));
    for (;;) {
      const stored: StoredMemory = { v: 1, matchID, holder: memory.holder, trails: {} };
      for (const [seat, trail] of trails) stored.trails[seat] = storedTrail(trail, logKeys);
      const json = JSON.stringify(stored);
      if (json.length <= STORED_CHARS_MAX) {
        sessionStorage.setItem(SEATS_KEY, json);
        return;
      }
      if (trails.size === 0) break;
      const [seat, longest] = [...trails].reduce((a, b) => (b[1].length > a[1].length ? b : a));
      if (longest.length === 0) break;
      trails.set(seat, longest.slice(Math.ceil(longest.length / 2)));
    }
    sessionStorage.removeItem(SEATS_KEY);
  } catch {
    /* storage full or blocked: a reload forgets what the seats have not seen */
    forgetSeatMemory();
  }
}

/** Forgets the seats' memory. */
function forgetSeatMemory(): void {
  writeSession(SEATS_KEY, null);
}
