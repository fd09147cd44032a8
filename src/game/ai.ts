/**
 * `ai.enumerate`: the legal moves a bot may choose from, built only from the
 * legal-move functions. It is a subset, chosen so that every bot (random
 * included) spends its actions on something:
 *
 * - payments are automatic, to keep the branching sane;
 * - when a card can be claimed, only the claims are offered;
 * - no pick-up where nothing fits;
 * - moves go at most 3 single moves, to the best-ranked destinations
 *   (`moveRank`): a monument with a card it can claim; failing that, places
 *   where it can act on arrival (a stop with passengers that fit and that a
 *   displayed card needs, a bonus it lacks and can still pay for); failing
 *   that, places with a purpose (waiting passengers, a cone, an untaken
 *   bonus); failing that, anywhere;
 * - ending the turn early only when no pick-up, bonus or move has a use
 *   there and then (a claim, a useful group, an affordable bonus).
 */
import type { Ctx } from 'boardgame.io';
import type { GState, PlayerID } from './types';
import { counts, single, subInto, total } from './counts';
import { COLORS, type ColorCounts } from './data/types';
import { CARD_BY_ID } from './data/cards';
import { cheapestPayment } from './payment';
import { network } from './network';
import { boardOf, claimable, legalBellChoices, legalBonus, legalDropOffs, legalMoves, legalPickUps, legalPlacements, legalPushBranches, canEndTurn } from './legal';
import { cones, fitting } from './selectors';

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

/**
 * How much a destination is worth heading for (`paid`: what the move costs,
 * `coned`: the monuments with a cone): 3 for a monument with a card the player
 * can claim; 2 for a place where the player can act on arrival (a stop with
 * passengers that fit and that a displayed card needs, a bonus it lacks and
 * can still pay for once the move is paid); 1 for any other place with a
 * purpose; 0 for the rest.
 */
export function moveRank(G: GState, player: PlayerID, to: string, paid: Partial<ColorCounts>, coned: Record<string, number>): number {
  if (!purposeful(G, player, to, coned)) return 0;
  const node = network(G.side).node[to];
  if (node.kind === 'monument') return G.display.some((id) => claimable(G, player, id, to)) ? 3 : 1;
  if (node.kind === 'stop') return wanted(G, player, G.stops[to]) ? 2 : 1;
  // A bonus stop: the bonus must still be affordable once the move is paid.
  const hand = counts(G.players[player].hand!);
  subInto(hand, paid);
  return cheapestPayment(hand, single(node.color!, 3)) !== null ? 2 : 1;
}

/** Whether some of a waiting group would find a seat and is of a colour a displayed card needs more of than the player carries. */
export function wanted(G: GState, player: PlayerID, group: ColorCounts): boolean {
  const fit = fitting(G, player, group);
  const seats = G.players[player].seats;
  for (const id of G.display) {
    if (!id) continue;
    const need = CARD_BY_ID[id].need;
    for (const c of COLORS) if ((need[c] ?? 0) > seats[c] && fit[c] > 0) return true;
  }
  return false;
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
  // A claim is the only way to score, and a card left on display may be gone next turn.
  if (out.length > 0) return out;
  for (const o of legalPickUps(G, ctx.currentPlayer, playerID)) {
    if (total(o.fits) === 0) continue;
    out.push({ move: 'pickUp', args: [{ bell: o.bell }] });
  }
  const bonus = legalBonus(G, ctx.currentPlayer, playerID);
  if (bonus) out.push({ move: 'takeBonus', args: [{}] });
  // Something to do here and now: a group a card needs, a bonus, a move with a use on arrival.
  let useNow = !!bonus || (out.length > 0 && wanted(G, playerID, G.stops[G.players[playerID].position]));
  const coned = cones(G);
  const rank = (to: string, paid: ColorCounts) => moveRank(G, playerID, to, paid, coned);
  for (const free of [true, false]) {
    // Only the best-ranked destinations: one search ranks every place reached, and pushes are resolved for the best only.
    const options = legalMoves(G, ctx.currentPlayer, playerID, { free, maxSteps: BOT_MAX_STEPS, rank });
    if (options.length > 0 && rank(options[0].to, options[0].payment) >= 2) useNow = true;
    for (const o of options) out.push({ move: 'move', args: [free ? { route: o.route, free: true } : { route: o.route }] });
  }
  if (!useNow && canEndTurn(G, ctx.currentPlayer, playerID)) out.push({ move: 'endTurn', args: [] });
  return out;
}
