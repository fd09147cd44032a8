/**
 * Heuristics shared by the greedy bot and the MCTS playouts. They read only
 * public information and the acting player's own hand, so they work on a
 * player's view as well as on a determinized state.
 */
import type { Ctx } from 'boardgame.io';
import { CARD_BY_ID } from '../data/cards';
import { COLORS, type Color, type ColorCounts } from '../data/types';
import type { AiMove } from '../ai';
import { total } from '../counts';
import { network } from '../network';
import { boardOf } from '../legal';
import { cheapestPayment } from '../payment';
import { cones, fitting, rowConnections, scoreOf, seatCapacity } from '../selectors';
import type { GState, NodeId, PlayerID } from '../types';

const distCache: Record<string, Record<NodeId, Record<NodeId, number>>> = {};

/** Rail hops between any two nodes of a side (breadth-first; junction continuity ignored). */
export function hops(side: GState['side']): Record<NodeId, Record<NodeId, number>> {
  const hit = distCache[side];
  if (hit) return hit;
  const net = network(side);
  const out: Record<NodeId, Record<NodeId, number>> = {};
  for (const src of Object.keys(net.node)) {
    const d: Record<NodeId, number> = { [src]: 0 };
    let frontier = [src];
    while (frontier.length) {
      const nxt: NodeId[] = [];
      for (const a of frontier)
        for (const b of net.neighbours[a]) {
          if (d[b] === undefined) {
            d[b] = d[a] + 1;
            nxt.push(b);
          }
        }
      frontier = nxt;
    }
    out[src] = d;
  }
  return (distCache[side] = out);
}

/** Connections gained by placing `card` at one end of a row. */
export function connectionGain(row: readonly string[], card: string, end: 'left' | 'right'): number {
  if (row.length === 0) return 0;
  return rowConnections(end === 'left' ? [card, row[0]] : [row[row.length - 1], card]);
}

/** What a player is working towards: the displayed card closest to completion, and the colours it still needs. */
export interface Plan {
  card: string | null;
  monument: NodeId | null;
  /** Passengers still missing for the target card. */
  missing: ColorCounts;
  /** Weight of each colour: high for the target card, lower for other displayed cards. */
  want: ColorCounts;
  /** Whether the target card can be claimed now (seats cover it). */
  ready: boolean;
}

/** The player's plan from the current display and seats. */
export function plan(G: GState, player: PlayerID): Plan {
  const me = G.players[player];
  const cap = seatCapacity(G, player);
  let best: { id: string; miss: number; vp: number; dist: number } | null = null;
  const want: ColorCounts = { red: 0.15, yellow: 0.15, green: 0.15, blue: 0.15 };
  const d = hops(G.side)[me.position];
  for (const id of G.display) {
    if (!id) continue;
    const c = CARD_BY_ID[id];
    if (COLORS.some((k) => (c.need[k] ?? 0) > cap)) continue;
    let miss = 0;
    for (const k of COLORS) {
      const m = Math.max(0, (c.need[k] ?? 0) - me.seats[k]);
      miss += m;
      if (m > 0) want[k] = Math.max(want[k], 0.6);
    }
    const dist = d[c.monument] ?? 20;
    const vp = c.vp + Math.max(connectionGain(me.row, id, 'left'), connectionGain(me.row, id, 'right'));
    const key = miss * 3 - vp + dist * 0.3;
    if (!best || key < best.miss * 3 - best.vp + best.dist * 0.3) best = { id, miss, vp, dist };
  }
  const missing: ColorCounts = { red: 0, yellow: 0, green: 0, blue: 0 };
  if (best) {
    const c = CARD_BY_ID[best.id];
    for (const k of COLORS) {
      missing[k] = Math.max(0, (c.need[k] ?? 0) - me.seats[k]);
      if (missing[k] > 0) want[k] = 2;
    }
  }
  return {
    card: best?.id ?? null,
    monument: best ? CARD_BY_ID[best.id].monument : null,
    missing,
    want,
    ready: !!best && best.miss === 0,
  };
}

/** Value of seating a group at a stop for this player (what fits, weighted by the plan). */
function groupValue(G: GState, player: PlayerID, group: ColorCounts, p: Plan): number {
  const fits = fitting(G, player, group);
  let v = 0;
  for (const k of COLORS) {
    const useful = Math.min(fits[k], p.missing[k]);
    v += useful * p.want[k] + (fits[k] - useful) * Math.min(p.want[k], 0.6);
  }
  return v;
}

/** What picking up `group` is worth: its value to the plan less the tickets it costs; null if it cannot be paid. */
function pickUpWorth(G: GState, player: PlayerID, group: ColorCounts, p: Plan): number | null {
  const hand = G.players[player].hand;
  const pay = hand ? cheapestPayment(hand, group) : null;
  return pay ? 5 * groupValue(G, player, group, p) - total(pay) : null;
}

/**
 * What ringing the bell is worth, on average over the passenger it may draw
 * (from the bag, or the discard once the bag is empty): the enlarged group's
 * worth, or nothing when the draw makes the group too dear (the bell then
 * fails and the action is spent). With draw-3-keep-1 (`keep3`) the player
 * keeps the best of three, so the best colour on offer counts more.
 */
function bellWorth(G: GState, player: PlayerID, group: ColorCounts, p: Plan, keep3: boolean): number {
  const pool = total(G.bag) > 0 ? G.bag : G.passengerDiscard;
  const n = total(pool);
  if (n === 0) return -Infinity;
  let mean = 0;
  let best = -Infinity;
  for (const c of COLORS) {
    if (pool[c] === 0) continue;
    const worth = pickUpWorth(G, player, { ...group, [c]: group[c] + 1 }, p) ?? 0;
    mean += (pool[c] / n) * worth;
    best = Math.max(best, worth);
  }
  return keep3 ? (mean + best) / 2 : mean;
}

/** Where the player should head: the target monument when ready, else the best stop. */
function goal(G: GState, player: PlayerID, p: Plan): NodeId | null {
  if (p.ready && p.monument) return p.monument;
  const me = G.players[player];
  const d = hops(G.side)[me.position];
  let best: NodeId | null = null;
  let bestV = 0;
  for (const s of network(G.side).stops) {
    const g = G.stops[s];
    if (total(g) === 0) continue;
    const v = groupValue(G, player, g, p) - 0.25 * (d[s] ?? 20);
    if (v > bestV) {
      bestV = v;
      best = s;
    }
  }
  return best ?? p.monument;
}

const BONUS_VALUE: Record<string, number> = { extraAction: 9, freeMove: 7, seats: 6, draw3: 1 };

/**
 * A score for each move (higher is better), from the acting player's point
 * of view. `endTurn` scores 0: moves that do not beat it are not worth
 * their tickets.
 */
export function scoreMoves(
  G: GState,
  ctx: Pick<Ctx, 'currentPlayer'>,
  player: PlayerID,
  moves: readonly AiMove[],
): number[] {
  if (moves.length <= 1) return moves.map(() => 0);
  const me = G.players[player];
  const p = plan(G, player);
  const d = hops(G.side);
  const target = goal(G, player, p);
  const net = network(G.side);
  const coneMap = cones(G);
  const here = me.position;
  const distTo = (n: NodeId) => (target ? (d[n]?.[target] ?? 20) : 0);
  return moves.map((m) => {
    const a = (m.args[0] ?? {}) as Record<string, unknown>;
    switch (m.move) {
      case 'dropOff': {
        const id = a.card as string;
        return 100 + 10 * CARD_BY_ID[id].vp + 10 * connectionGain(me.row, id, a.end as 'left' | 'right');
      }
      case 'pickUp': {
        const g = G.stops[here];
        if (a.bell !== 'none') {
          // Ring when a passenger the plan wants is likely enough to come out of the bag and the hand can pay.
          const worth = bellWorth(G, player, g, p, a.bell === 'three');
          const now = pickUpWorth(G, player, g, p) ?? 0;
          return worth > now + 1 && worth > 1.5 ? 20 + worth - 1 : -2;
        }
        const pay = me.hand ? cheapestPayment(me.hand, g) : null;
        const v = groupValue(G, player, g, p);
        return v > 0.3 ? 20 + 5 * v - 1.0 * (pay ? total(pay) : total(g)) : -1;
      }
      case 'takeBonus': {
        const color = net.node[here].color as Color;
        const bonus = boardOf(G, player).bonuses[color];
        return G.endTriggered ? -1 : 10 + 2 * BONUS_VALUE[bonus] - 0.5 * me.row.length;
      }
      case 'move': {
        const route = a.route as NodeId[];
        const to = route[route.length - 1];
        const free = a.free === true;
        const cost = free ? 0 : Math.max(1, Math.round(route.length / 2));
        let v = 0;
        const kind = net.node[to].kind;
        if (kind === 'monument' && coneMap[to]) {
          for (const id of G.display) {
            if (!id || CARD_BY_ID[id].monument !== to) continue;
            const c = CARD_BY_ID[id];
            if (COLORS.every((k) => me.seats[k] >= (c.need[k] ?? 0))) v = Math.max(v, 40 + 5 * c.vp);
          }
        } else if (kind === 'stop') {
          const g = G.stops[to];
          const gv = groupValue(G, player, g, p);
          if (gv > 0.3 && me.hand && cheapestPayment(me.hand, g)) v = Math.max(v, 8 + 4 * gv - 0.6 * total(g));
        } else if (kind === 'bonus' && !G.endTriggered) {
          const bonus = boardOf(G, player).bonuses[net.node[to].color as Color];
          if (!me.bonuses.includes(bonus)) v = Math.max(v, 4 + BONUS_VALUE[bonus] - 0.5 * me.row.length);
        }
        const progress = distTo(here) - distTo(to);
        v += 1.5 * progress;
        return v - (free ? -0.5 : 1.2 * cost);
      }
      case 'choosePushBranch': {
        const path = a.path as NodeId[];
        return -distTo(path[path.length - 1]);
      }
      case 'placePassengers': {
        const stop = a.stop as NodeId;
        const pend = G.pending;
        const group =
          pend && pend.kind === 'placePassengers' ? pend.passengers : { red: 0, yellow: 0, green: 0, blue: 0 };
        const mine = groupValue(G, player, group, p);
        // Useful to me: close to my tram. Otherwise: far from the others.
        let nearestOther = 99;
        for (const id in G.players)
          if (id !== player) nearestOther = Math.min(nearestOther, d[G.players[id].position]?.[stop] ?? 20);
        return mine > 1 ? -(d[here]?.[stop] ?? 20) : nearestOther;
      }
      case 'keepPassenger': {
        const c = a.color as Color;
        const cap = seatCapacity(G, player);
        return me.seats[c] < cap ? p.want[c] * (p.missing[c] > 0 ? 2 : 1) : -1;
      }
      default:
        return 0; // endTurn
    }
  });
}

/**
 * How well each player is doing, in VP-like units: score so far, plus
 * progress towards displayed cards, plus tickets and bonuses in hand.
 */
export function evaluate(G: GState, player: PlayerID): number {
  const me = G.players[player];
  const s = scoreOf(G, player).total;
  const cap = seatCapacity(G, player);
  let progress = 0;
  for (const id of G.display) {
    if (!id) continue;
    const c = CARD_BY_ID[id];
    let need = 0;
    let have = 0;
    for (const k of COLORS) {
      const n = c.need[k] ?? 0;
      need += n;
      have += Math.min(n, me.seats[k], cap);
    }
    const frac = need ? have / need : 0;
    progress = Math.max(progress, c.vp * frac * frac * 0.7);
  }
  const seated = total(me.seats);
  const tickets = me.hand ? total(me.hand) : me.handSize;
  const late = G.endTriggered ? 0.2 : 1;
  return (
    s +
    progress +
    position(G, player) +
    0.08 * seated * late +
    0.1 * Math.min(tickets, 14) * late +
    0.6 * me.bonuses.length * late
  );
}

/**
 * Being on the way to what the player needs next: the monument of a card it
 * can claim, else the most useful waiting passengers. Without it, a playout
 * that ends before the tram arrives sees no point in setting off.
 */
function position(G: GState, player: PlayerID): number {
  const me = G.players[player];
  const p = plan(G, player);
  const d = hops(G.side)[me.position];
  const near = (n: NodeId) => Math.max(0, 1 - (d[n] ?? 20) / 12);
  if (p.ready && p.card) return 0.3 * CARD_BY_ID[p.card].vp * near(CARD_BY_ID[p.card].monument);
  let best = 0;
  for (const s of network(G.side).stops) {
    const g = G.stops[s];
    if (total(g) > 0) best = Math.max(best, 0.3 * groupValue(G, player, g, p) * near(s));
  }
  return best;
}
