/**
 * Every legal move of a player, for bots (boardgame.io `ai.enumerate`).
 */
import { checkDeparture } from './moves';
import { isSeat, plotMoves } from './legal';
import type { GobState, PlayerID } from './types';

/** A move as boardgame.io's bots name it. */
export interface EnumeratedMove {
  move: 'chooseDeparture' | 'plot';
  args: [unknown];
}

/** Every legal move of `playerID` now (a departure ticket, or each whole plot with and without the extra marker). */
export function enumerate(G: GobState, playerID: PlayerID | null | undefined): EnumeratedMove[] {
  if (!isSeat(G, playerID) || G.result) return [];
  if (G.round === 0)
    return G.offers[playerID]
      .filter((ticket) => checkDeparture(G, playerID, { ticket }) === null)
      .map((ticket) => ({ move: 'chooseDeparture', args: [{ ticket }] }));
  return plotMoves(G, playerID).map((a) => ({ move: 'plot', args: [a] }));
}

/** Who may act now: the player to plot, or every player still choosing a departure ([] at the end). */
export function actingPlayers(G: GobState): PlayerID[] {
  if (G.result) return [];
  if (G.round === 0) return G.order.filter((p) => G.choices[p] === null);
  return G.toPlay === null ? [] : [G.toPlay];
}

/** The one player the game waits for first (bots' `actingPlayer` hook): null when the game is over. */
export function actingPlayer(G: GobState): PlayerID | null {
  return actingPlayers(G)[0] ?? null;
}
