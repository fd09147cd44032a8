/**
 * The hidden-information check applied to everything a socket received.
 */
import type { State } from 'boardgame.io';

/** Keys that only the server may hold. */
export const FORBIDDEN_KEYS = ['secret', 'ticketDeck', 'monumentDeck', 'prngstate', 'seed', 'credentials'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function looksLikeState(v: Record<string, unknown>): v is State & Record<string, unknown> {
  return isObject(v.G) && isObject(v.ctx);
}

/**
 * Lists every leak in `message` as seen by `viewer` (a seat, or null for a
 * spectator): forbidden keys anywhere, random-plugin data, another player's
 * hand in any state, and any hand at all in `initialState`.
 */
export function findLeaks(message: unknown, viewer: string | null): string[] {
  const leaks: string[] = [];
  const walk = (v: unknown, where: string, inInitial: boolean) => {
    if (!isObject(v)) return;
    if (looksLikeState(v)) {
      const players = (v.G as { players?: Record<string, { hand: unknown }> }).players ?? {};
      for (const [pid, p] of Object.entries(players)) {
        if ((inInitial || pid !== viewer) && p && p.hand !== null) leaks.push(`${where}.G.players.${pid}.hand`);
      }
      const plugins = v.plugins as Record<string, { data?: unknown }> | undefined;
      if (plugins?.random?.data !== undefined) leaks.push(`${where}.plugins.random.data`);
    }
    for (const [k, child] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.includes(k) && child !== undefined) leaks.push(`${where}.${k}`);
      walk(child, `${where}.${k}`, inInitial || k === 'initialState');
    }
  };
  walk(message, '$', false);
  return leaks;
}

/** Lists which of the `secrets` strings occur in the JSON of `message`. */
export function findStrings(message: unknown, secrets: string[]): string[] {
  const text = JSON.stringify(message);
  return secrets.filter((s) => s.length >= 8 && text.includes(s));
}
