/**
 * Who won a finished game, read from boardgame.io's `ctx.gameover` as every
 * game of the registry reports it: `winner` (one seat) or `winners` (shared
 * victories; empty when nobody won, as when Get on Board eliminates everyone).
 */
import type { PlayerID } from 'boardgame.io';

/** The winning seats, or undefined when `gameover` names none in either shape (not over, or unknown). */
export function winnersOf(gameover: unknown): PlayerID[] | undefined {
  if (!gameover || typeof gameover !== 'object') return undefined;
  const o = gameover as { winner?: unknown; winners?: unknown };
  if (Array.isArray(o.winners)) return o.winners.filter((p): p is PlayerID => typeof p === 'string');
  if (typeof o.winner === 'string') return [o.winner];
  return undefined;
}
