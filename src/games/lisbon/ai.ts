/**
 * `ai.enumerate`: every legal move for `playerID`, built only from the
 * legal-move functions, with one simplification: payments are automatic
 * (the cheapest; the moves accept an explicit one, and listing every way to
 * pay would multiply the list for nothing a bot can judge). Bot strategy,
 * which of these moves are worth a look, lives with the bots
 * (`src/games/lisbon/bots/candidates.ts`).
 */
import type { Ctx } from 'boardgame.io';
import type { GState, PlayerID } from './types';
import {
  legalBellChoices,
  legalBonus,
  legalDropOffs,
  legalMoves,
  legalPickUps,
  legalPlacements,
  legalPushBranches,
  canEndTurn,
} from './legal';

/** A move as boardgame.io's bots take it. */
export interface AiMove {
  move: string;
  args: unknown[];
}

/** The decision `playerID` owes now (a push branch, new passengers, the bell), or null when none is pending. */
export function pendingMoves(G: GState, playerID: PlayerID): AiMove[] | null {
  const p = G.pending;
  if (!p) return null;
  if (p.player !== playerID) return [];
  if (p.kind === 'pushBranch')
    return legalPushBranches(G, playerID).map((path) => ({ move: 'choosePushBranch', args: [{ path }] }));
  if (p.kind === 'placePassengers')
    return legalPlacements(G, playerID).map((stop) => ({ move: 'placePassengers', args: [{ stop }] }));
  return legalBellChoices(G, playerID).map((color) => ({ move: 'keepPassenger', args: [{ color }] }));
}

/** Every legal move for `playerID` now, with automatic payments. */
export function enumerate(G: GState, ctx: Ctx, playerID: PlayerID): AiMove[] {
  if (G.finished) return [];
  const pending = pendingMoves(G, playerID);
  if (pending) return pending;
  if (playerID !== ctx.currentPlayer) return [];
  const out: AiMove[] = [];
  for (const d of legalDropOffs(G, ctx.currentPlayer, playerID))
    for (const end of d.ends) out.push({ move: 'dropOff', args: [{ card: d.card, end }] });
  for (const o of legalPickUps(G, ctx.currentPlayer, playerID)) out.push({ move: 'pickUp', args: [{ bell: o.bell }] });
  if (legalBonus(G, ctx.currentPlayer, playerID)) out.push({ move: 'takeBonus', args: [{}] });
  for (const free of [true, false])
    for (const o of legalMoves(G, ctx.currentPlayer, playerID, { free }))
      out.push({ move: 'move', args: [free ? { route: o.route, free: true } : { route: o.route }] });
  if (canEndTurn(G, ctx.currentPlayer, playerID)) out.push({ move: 'endTurn', args: [] });
  return out;
}
