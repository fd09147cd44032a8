/**
 * The bots' move list: a subset of `ai.enumerate`'s legal moves, chosen so
 * that every bot (random included) spends its actions on something:
 *
 * - payments are automatic, to keep the branching sane;
 * - when a card can be claimed, only the claims are offered;
 * - no pick-up where nothing fits, or where the hand cannot pay for the
 *   group (ringing the bell would then fail too);
 * - moves go at most 3 single moves, to the best-ranked destinations
 *   (`moveRanker`): a monument with a card it can claim; failing that,
 *   places where it can act on arrival (a stop with passengers that fit,
 *   that a displayed card needs and that it can pay for, a bonus it lacks
 *   and can still pay for); failing that, places with a purpose (waiting
 *   passengers, a cone, an untaken bonus); failing that, anywhere;
 * - ending the turn early only when no pick-up, bonus or move has a use
 *   there and then (a claim, a useful group, an affordable bonus).
 *
 * Every bot, the MCTS playouts and the random-play tests choose from this
 * list; the rules know nothing of it.
 */
import type { Ctx } from 'boardgame.io';
import type { GState, NodeId, PlayerID } from '../types';
import { single, total } from '../counts';
import { COLORS, type Color, type ColorCounts } from '../data/types';
import { CARD_BY_ID } from '../data/cards';
import { network } from '../network';
import { canPay } from '../payment';
import { boardOf, canEndTurn, claimable, legalBonus, legalDropOffs, legalPickUps, searchMoves } from '../legal';
import type { MoveOption, MoveSearch } from '../legal';
import { cones, seatCapacity } from '../selectors';
import { pendingMoves, type AiMove } from '../ai';

/** Longest move a bot considers. */
export const BOT_MAX_STEPS = 3;

/**
 * How much each destination is worth heading for, for `player` in this
 * position: 3 for a monument with a card the player can claim; 2 for a place
 * where the player can act on arrival (a stop with passengers that fit, that
 * a displayed card needs more of than the player carries, and that the hand
 * can pay for once the move is paid; a bonus it lacks and can still pay for
 * once the move is paid); 1 for any other place with a purpose (waiting
 * passengers, a cone, an untaken bonus); 0 for the rest. What does not
 * depend on the destination is worked out once, here: the returned function
 * is called for every place a move search reaches.
 */
export function moveRanker(
  G: GState,
  player: PlayerID,
  useful = wantedColors(G, player),
): (to: NodeId, paid: Partial<ColorCounts>) => number {
  const me = G.players[player];
  const net = network(G.side);
  const coned = cones(G);
  const claimAt = new Set<NodeId>();
  for (const id of G.display)
    if (id && claimable(G, player, id, CARD_BY_ID[id].monument)) claimAt.add(CARD_BY_ID[id].monument);
  const bonuses = boardOf(G, player).bonuses;
  const hand = me.hand;
  return (to, paid) => {
    const node = net.node[to];
    if (node.kind === 'monument') return claimAt.has(to) ? 3 : coned[to] ? 1 : 0;
    if (node.kind === 'stop') {
      const group = G.stops[to];
      if (total(group) === 0) return 0;
      // Passengers a card needs, and a hand that can still pay for the whole group once the move is paid.
      return wanted(useful, group) && canPay(hand!, group, paid) ? 2 : 1;
    }
    if (node.kind !== 'bonus' || me.bonuses.includes(bonuses[node.color!])) return 0;
    // The bonus must still be affordable once the move is paid.
    return canPay(hand!, bonusCost[node.color!], paid) ? 2 : 1;
  };
}

/** What a bonus costs, by the colour of its stop. */
const bonusCost: Record<Color, ColorCounts> = {
  red: single('red', 3),
  yellow: single('yellow', 3),
  green: single('green', 3),
  blue: single('blue', 3),
};

/** Whether a waiting group holds a passenger of a wanted colour (see `wantedColors`). */
function wanted(useful: Record<Color, boolean>, group: ColorCounts): boolean {
  for (const c of COLORS) if (useful[c] && group[c] > 0) return true;
  return false;
}

/** The colours of which a passenger would find a seat and a displayed card needs more than the player carries. */
function wantedColors(G: GState, player: PlayerID): Record<Color, boolean> {
  const seats = G.players[player].seats;
  const cap = seatCapacity(G, player);
  const out = { red: false, yellow: false, green: false, blue: false };
  for (const id of G.display) {
    if (!id) continue;
    const need = CARD_BY_ID[id].need;
    for (const c of COLORS) if ((need[c] ?? 0) > seats[c] && seats[c] < cap) out[c] = true;
  }
  return out;
}

/**
 * The legal options of the highest rank that has any (a negative rank is
 * never kept). Pushes are resolved only for the ranks looked at.
 */
function bestRanked(search: MoveSearch, rank: (to: NodeId, paid: Partial<ColorCounts>) => number): MoveOption[] {
  const rankOf = new Map<NodeId, number>();
  const ranks: number[] = [];
  for (const r of search.reached) {
    const v = rank(r.to, r.payment);
    rankOf.set(r.to, v);
    if (v >= 0 && !ranks.includes(v)) ranks.push(v);
  }
  ranks.sort((a, b) => b - a);
  for (const v of ranks) {
    const options = search.options((to) => rankOf.get(to) === v);
    if (options.length > 0) return options;
  }
  return [];
}

/** The moves the bots choose from now, for `playerID` (see the top of this file). */
export function botMoves(G: GState, ctx: Ctx, playerID: PlayerID): AiMove[] {
  if (G.finished) return [];
  const pending = pendingMoves(G, playerID);
  if (pending) return pending;
  if (playerID !== ctx.currentPlayer) return [];
  const out: AiMove[] = [];
  for (const d of legalDropOffs(G, ctx.currentPlayer, playerID)) {
    for (const end of d.ends) out.push({ move: 'dropOff', args: [{ card: d.card, end }] });
  }
  // A claim is the only way to score, and a card left on display may be gone next turn.
  if (out.length > 0) return out;
  const pickUps = legalPickUps(G, ctx.currentPlayer, playerID);
  // A group the hand cannot pay for is no cheaper with one more passenger: the bell would fail too.
  const affordable = pickUps.some((o) => o.bell === 'none');
  for (const o of pickUps) {
    if (total(o.fits) === 0 || !affordable) continue;
    out.push({ move: 'pickUp', args: [{ bell: o.bell }] });
  }
  const bonus = legalBonus(G, ctx.currentPlayer, playerID);
  if (bonus) out.push({ move: 'takeBonus', args: [{}] });
  const useful = wantedColors(G, playerID);
  // Something to do here and now: a group a card needs, a bonus, a move with a use on arrival.
  let useNow = !!bonus || (out.length > 0 && wanted(useful, G.stops[G.players[playerID].position]));
  const rank = moveRanker(G, playerID, useful);
  for (const free of [true, false]) {
    // Only the best-ranked destinations.
    const options = bestRanked(searchMoves(G, ctx.currentPlayer, playerID, { free, maxSteps: BOT_MAX_STEPS }), rank);
    if (options.length > 0 && rank(options[0].to, options[0].payment) >= 2) useNow = true;
    for (const o of options)
      out.push({ move: 'move', args: [free ? { route: o.route, free: true } : { route: o.route }] });
  }
  if (!useNow && canEndTurn(G, ctx.currentPlayer, playerID)) out.push({ move: 'endTurn', args: [] });
  return out;
}
