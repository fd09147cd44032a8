/**
 * What each player may see (RULINGS §11): their own hand, every hand's size,
 * the draw pile's size, the presence (not the value) of Exp under the Lines
 * and in the pile, their own collected Exp (others': the count, until the
 * game ends), and the Tram Tracker reveal only for its chooser.
 */
import type { LineId, LineState, PlayerID, PlayerState, TOState } from './types';

/** The state as `playerID` (or a spectator, for null) may see it. */
export function playerView(G: TOState, playerID: PlayerID | null | undefined): TOState {
  const over = !!G.gameOver;
  const players: Record<PlayerID, PlayerState> = {};
  for (const id in G.players) {
    const p = G.players[id];
    players[id] = id === playerID ? p : { ...p, hand: null, exp: over ? p.exp : null };
  }
  const lines = {} as Record<LineId, LineState>;
  for (const id of G.lineOrder) lines[id] = { ...G.lines[id], exp: null };
  return {
    ...G,
    players,
    lines,
    drawPile: [],
    expPile: [],
    trackerReveal: G.trackerReveal && G.trackerReveal.chooser === playerID ? G.trackerReveal : null,
  };
}
