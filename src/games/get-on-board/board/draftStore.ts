/**
 * A plot in the making kept across a reload: the markers a player has placed
 * but not confirmed, in this tab's sessionStorage under the match, the seat
 * and the round. It is never sent anywhere (the server learns of a plot only
 * when it is confirmed), and it is used again only while it fits the state:
 * the same round, the seat's plot to make, and every marker still one the
 * rules offer at that point (`viewDraft`, as when it was placed). Anything
 * else is dropped.
 */
import type { GobState, PlayerID } from '../types';
import { viewDraft, type Draft } from './plotBuilder';

const PREFIX = 'lt28:gob-plot:';

/** How the storage keys of a seat's plots in a match begin. */
function seatPrefix(matchID: string, seat: PlayerID): string {
  return `${PREFIX}${encodeURIComponent(matchID)}:${seat}:`;
}

/** The storage key of a seat's plot in a round of a match. */
export function draftKey(matchID: string, seat: PlayerID, round: number): string {
  return `${seatPrefix(matchID, seat)}${round}`;
}

/** The keys stored for a seat of a match, every round. */
function storedKeys(matchID: string, seat: PlayerID): string[] {
  const prefix = seatPrefix(matchID, seat);
  const keys: string[] = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/**
 * The plot `seat` had started in this round of the match, if one is stored and
 * still fits `G` (the seat's plot to make, every marker legal in turn); a
 * stored plot that does not fit is dropped. Null when there is none.
 */
export function loadDraft(matchID: string, seat: PlayerID, G: GobState): Draft | null {
  const key = draftKey(matchID, seat, G.round);
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const stored = JSON.parse(raw) as unknown;
    const draft = draftFrom(stored);
    if (draft && fits(G, seat, draft)) return draft;
    sessionStorage.removeItem(key);
  } catch {
    /* unreadable or blocked: nothing is restored */
  }
  return null;
}

/** A stored value read as a draft (markers and extra marker only); null when it is not one. */
function draftFrom(stored: unknown): Draft | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { path, extra } = stored as { path?: unknown; extra?: unknown };
  if (!Array.isArray(path) || path.length === 0 || !path.every((p) => typeof p === 'string')) return null;
  if (extra !== null && typeof extra !== 'string') return null;
  return { path: path as Draft['path'], extra: extra as Draft['extra'], addingExtra: false };
}

/** Whether every marker of `draft` is one the rules offer `seat` now, in turn. */
function fits(G: GobState, seat: PlayerID, draft: Draft): boolean {
  if (G.result || G.toPlay !== seat || G.players[seat]?.eliminated) return false;
  const view = viewDraft(G, seat, draft);
  return view.placed.length === draft.path.length + (draft.extra !== null ? 1 : 0);
}

/**
 * Keeps `draft` as the seat's plot in this round of the match (an empty one
 * leaves nothing stored), and drops what is stored for its other rounds.
 */
export function saveDraft(matchID: string, seat: PlayerID, round: number, draft: Draft): void {
  const key = draftKey(matchID, seat, round);
  try {
    for (const other of storedKeys(matchID, seat)) if (other !== key) sessionStorage.removeItem(other);
    if (draft.path.length === 0) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify({ path: draft.path, extra: draft.extra }));
  } catch {
    /* storage full or blocked: a reload forgets the plot in the making */
  }
}

/** Drops every plot stored for the seat in the match (its plot is made, or not its to make). */
export function forgetDrafts(matchID: string, seat: PlayerID): void {
  try {
    for (const key of storedKeys(matchID, seat)) sessionStorage.removeItem(key);
  } catch {
    /* blocked: nothing was stored */
  }
}
