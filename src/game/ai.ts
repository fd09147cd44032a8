/**
 * `ai.enumerate`: the legal moves a bot may choose from, built only from the
 * legal-move functions. Payments are automatic to keep the branching sane;
 * moves are limited to 3 single moves and to destinations with a purpose
 * (waiting passengers, a cone, an untaken bonus), falling back to every
 * destination when none has one.
 */
import type { Ctx } from 'boardgame.io';
import type { GState, PlayerID } from './types';
import { total } from './counts';
import { network } from './network';
import { boardOf, legalBellChoices, legalBonus, legalDropOffs, legalMoves, legalPickUps, legalPlacements, legalPushBranches, canEndTurn, type MoveOption } from './legal';
import { cones } from './selectors';

/** A move as boardgame.io's bots take it. */
export interface AiMove {
  move: string;
  args: unknown[];
}

/** Longest move a bot considers. */
export const BOT_MAX_STEPS = 3;

/** Whether a destination gives the player something to do there (`coned`: the monuments with a cone). */
export function purposeful(G: GState, player: PlayerID, to: string, coned: Record<string, number> = cones(G)): boolean {
  const node = network(G.side).node[to];
  if (node.kind === 'stop') return total(G.stops[to]) > 0;
  if (node.kind === 'monument') return !!coned[to];
  if (node.kind === 'bonus') return !G.players[player].bonuses.includes(boardOf(G, player).bonuses[node.color!]);
  return false;
}

function moveOptions(G: GState, current: PlayerID, player: PlayerID, free: boolean): MoveOption[] {
  const all = legalMoves(G, current, player, { free, maxSteps: BOT_MAX_STEPS });
  const coned = cones(G);
  const useful = all.filter((o) => purposeful(G, player, o.to, coned));
  return useful.length > 0 ? useful : all;
}

/** Every move the bot may choose now, for `playerID`. */
export function enumerate(G: GState, ctx: Ctx, playerID: PlayerID): AiMove[] {
  const p = G.pending;
  if (G.finished) return [];
  if (p) {
    if (p.player !== playerID) return [];
    if (p.kind === 'pushBranch') return legalPushBranches(G, playerID).map((path) => ({ move: 'choosePushBranch', args: [{ path }] }));
    if (p.kind === 'placePassengers') return legalPlacements(G, playerID).map((stop) => ({ move: 'placePassengers', args: [{ stop }] }));
    return legalBellChoices(G, playerID).map((color) => ({ move: 'keepPassenger', args: [{ color }] }));
  }
  if (playerID !== ctx.currentPlayer) return [];
  const out: AiMove[] = [];
  for (const d of legalDropOffs(G, ctx.currentPlayer, playerID)) {
    for (const end of d.ends) out.push({ move: 'dropOff', args: [{ card: d.card, end }] });
  }
  for (const o of legalPickUps(G, ctx.currentPlayer, playerID)) {
    if (total(o.fits) === 0) continue;
    out.push({ move: 'pickUp', args: [{ bell: o.bell }] });
  }
  if (legalBonus(G, ctx.currentPlayer, playerID)) out.push({ move: 'takeBonus', args: [{}] });
  for (const o of moveOptions(G, ctx.currentPlayer, playerID, true)) out.push({ move: 'move', args: [{ route: o.route, free: true }] });
  for (const o of moveOptions(G, ctx.currentPlayer, playerID, false)) out.push({ move: 'move', args: [{ route: o.route }] });
  if (canEndTurn(G, ctx.currentPlayer, playerID)) out.push({ move: 'endTurn', args: [] });
  return out;
}
