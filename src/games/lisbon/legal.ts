/**
 * One legal-move function per kind of move. The moves re-check their
 * arguments with these, the board highlights with them, and `ai.enumerate`
 * lists from them.
 */
import { BOARDS } from './data/boards';
import { CARD_BY_ID } from './data/cards';
import { COLORS, type BonusKind, type Color, type ColorCounts } from './data/types';
import type { CardId, GState, NodeId, PlayerID } from './types';
import { counts, covers, isColor, isColorCounts, single, total } from './counts';
import { network, samePath, singleMoves, splitRoute, stopMask, type Network } from './network';
import { affordableCount, cheapestPayment, isExactPayment } from './payment';
import { resolveMove, type PushRecord, type Resolution } from './push';
import { actionsLeft, cones, draw3Available, fitting, freeMoveAvailable, playerIds } from './selectors';
import { mayTakeBack } from '../common/take-back';
import type { Ctx } from 'boardgame.io';

/** Why the acting player may not take a normal action now, or null. */
export function turnBlocked(G: GState, currentPlayer: PlayerID, player: PlayerID): string | null {
  if (G.finished) return 'The game is over.';
  if (player !== currentPlayer) return 'It is not your turn.';
  if (G.pending) return 'The game is waiting for a decision first.';
  return null;
}

/**
 * Whether `player` may take back their last action now (RULES.md "Taking back
 * an action"): a move without a push, a pick-up without the bell, or a bonus,
 * in their own turn with no decision pending. The moves set `turn.takeBack`.
 */
export function canTakeBack(G: GState, ctx: Ctx, player: PlayerID | null | undefined): boolean {
  return !G.pending && !G.finished && mayTakeBack(G.turn.takeBack, ctx, player);
}

/** Why the player cannot spend an action now, or null. */
export function actionBlocked(G: GState, currentPlayer: PlayerID, player: PlayerID): string | null {
  return (
    turnBlocked(G, currentPlayer, player) ??
    (actionsLeft(G, player) <= 0 ? 'You have no actions left this turn.' : null)
  );
}

// ---------------------------------------------------------------- move

type MovePayment = { color: Color; payment: ColorCounts };

/** The cheapest way to pay `steps` tickets of one colour, over all colours. */
export function cheapestMovePayment(hand: Partial<ColorCounts>, steps: number): MovePayment | null {
  // Paying in one colour directly costs `steps`, which nothing beats: the first such colour wins.
  for (const c of COLORS) if ((hand[c] ?? 0) >= steps) return { color: c, payment: single(c, steps) };
  // Otherwise the colour whose payment with substitutes takes the fewest tickets.
  let best: MovePayment | null = null;
  for (const c of COLORS) {
    if (affordableCount(hand, c) < steps) continue;
    const p = cheapestPayment(hand, single(c, steps));
    if (p && (!best || total(p) < total(best.payment))) best = { color: c, payment: p };
  }
  return best;
}

/** A reachable destination of a move action (or the free move). */
export interface MoveOption {
  to: NodeId;
  /** Every node after the start, up to the destination. */
  route: NodeId[];
  /** Single moves = tickets to pay (0 for the free move). */
  steps: number;
  /** Automatic payment: the cheapest colour. Empty for the free move. */
  color: Color | null;
  payment: ColorCounts;
  /** Whether the move pushes other trams. */
  pushes: boolean;
  /** The players whose trams it pushes (as far as known before any branch choice). */
  pushed: PlayerID[];
  /** The owner of a pushed tram who will choose its branch (the push may go on from there), if any. */
  chooser?: PlayerID;
}

/** Whom a resolved move pushes, as far as known before any branch choice, and who must choose. */
function pushedBy(res: Exclude<Resolution, { status: 'illegal' }>): { pushed: PlayerID[]; chooser?: PlayerID } {
  const trams = res.pushes.map((p) => p.tram);
  if (res.status === 'done') return { pushed: [...new Set(trams)] };
  return { pushed: [...new Set([...trams, res.owner])], chooser: res.owner };
}

/** Options for `legalMoves`. */
export interface MoveQuery {
  /** List the free move's destinations (one single move, no ticket). */
  free?: boolean;
  /** Longest move to consider (default: all the hand can pay, at most 12). */
  maxSteps?: number;
}

/** Why a move action (or free move) cannot start now, or null. */
export function moveBlocked(G: GState, currentPlayer: PlayerID, player: PlayerID, free: boolean): string | null {
  if (free) {
    const r = turnBlocked(G, currentPlayer, player);
    if (r) return r;
    return freeMoveAvailable(G, player) ? null : 'You have no free move available this turn.';
  }
  return actionBlocked(G, currentPlayer, player);
}

/**
 * Every destination the player can reach now, each by its shortest legal
 * route, with the automatic payment; where equal-cost routes to a
 * destination differ in effect (one pushes a tram, another does not, or they
 * push different trams or to different places), one option per effect, the
 * first route found first.
 */
export function legalMoves(G: GState, currentPlayer: PlayerID, player: PlayerID, query: MoveQuery = {}): MoveOption[] {
  return searchMoves(G, currentPlayer, player, query).options();
}

/** A place a move reaches, before its pushes are resolved (see `searchMoves`). */
export interface Reachable {
  to: NodeId;
  steps: number;
  payment: ColorCounts;
}

/** The places a move reaches, and the legal options among those chosen. */
export interface MoveSearch {
  /** Every place reached by the rails, nearest first, with the cost of the shortest route; some may be illegal (pushes). */
  reached: Reachable[];
  /** `legalMoves`'s options, for the places `keep` accepts (all by default): resolving pushes is the costly part. */
  options(keep?: (to: NodeId) => boolean): MoveOption[];
}

const NO_SEARCH: MoveSearch = Object.freeze({ reached: [], options: () => [] });

/** The search behind `legalMoves`, in two steps, for callers that look only at some places. */
export function searchMoves(G: GState, currentPlayer: PlayerID, player: PlayerID, query: MoveQuery = {}): MoveSearch {
  const free = !!query.free;
  if (moveBlocked(G, currentPlayer, player, free)) return NO_SEARCH;
  const hand = G.players[player].hand;
  if (!hand) return NO_SEARCH;
  const net = network(G.side);
  const mask = stopMask(G, net);
  const start = G.players[player].position;
  let maxSteps = 1;
  if (!free) {
    let most = 0;
    for (const c of COLORS) most = Math.max(most, affordableCount(hand, c));
    maxSteps = Math.min(query.maxSteps ?? 12, most);
  }
  // Where the other trams stand (never counting Rossio): a route that meets none of them pushes nothing.
  const trams: NodeId[] = [];
  for (const id of playerIds(G))
    if (id !== player && G.players[id].position !== 'rossio') trams.push(G.players[id].position);
  const reached: (Reach | null)[] = new Array<Reach | null>(net.side.nodes.length).fill(null);
  // A search tree: each place reached keeps its last single move and where that started, and
  // the other single moves that reach it in as many (`alts`: equal-cost routes, met only when
  // some tram could make them differ). Routes are spelled out only for the destinations listed.
  type Reach = {
    at: NodeId;
    step: NodeId[];
    prev: Reach | null;
    meets: boolean;
    k: number;
    pay: MovePayment | null;
    alts: { prev: Reach; step: NodeId[] }[] | null;
  };
  const root: Reach = { at: start, step: [], prev: null, meets: false, k: 0, pay: null, alts: null };
  reached[net.index.get(start)!] = root;
  const found: Reach[] = [];
  let frontier: Reach[] = [root];
  for (let k = 1; k <= maxSteps && frontier.length > 0; k++) {
    const pay = free ? null : cheapestMovePayment(hand, k);
    if (!free && !pay) break;
    const next: Reach[] = [];
    for (const f of frontier) {
      for (const p of singleMoves(G, net, f.at, mask)) {
        const to = p[p.length - 1];
        const node = net.index.get(to)!;
        const seen = reached[node];
        if (seen) {
          if (seen.k === k && trams.length > 0) (seen.alts ??= []).push({ prev: f, step: p });
          continue;
        }
        const r: Reach = {
          at: to,
          step: p,
          prev: f,
          meets: f.meets || p.some((n) => trams.includes(n)),
          k,
          pay,
          alts: null,
        };
        reached[node] = r;
        if (k < maxSteps) next.push(r);
        found.push(r);
      }
    }
    frontier = next;
  }
  /** Up to `MAX_EQUAL_ROUTES` routes of `r.k` single moves to `r.at`, the first found first; with `meets` when one meets a tram. */
  const routesTo = (r: Reach): { steps: NodeId[][]; meets: boolean }[] => {
    const out: { steps: NodeId[][]; meets: boolean }[] = [];
    const steps = new Array<NodeId[]>(r.k);
    const walk = (x: Reach, i: number, meets: boolean) => {
      if (out.length >= MAX_EQUAL_ROUTES) return;
      if (i < 0) {
        out.push({ steps: [...steps], meets });
        return;
      }
      const ways = [{ prev: x.prev!, step: x.step }, ...(x.alts ?? [])];
      for (const w of ways) {
        steps[i] = w.step;
        walk(w.prev, i - 1, meets || w.step.some((n) => trams.includes(n)));
      }
    };
    walk(r, r.k - 1, false);
    return out;
  };
  // In the order reached (nearest first); equal-cost routes that differ in effect follow the first.
  const options = (keep?: (to: NodeId) => boolean): MoveOption[] => {
    const out: MoveOption[] = [];
    for (const r of found) {
      if (keep && !keep(r.at)) continue;
      const k = r.k;
      const base: MoveOption = {
        to: r.at,
        route: [],
        steps: free ? 0 : k,
        color: r.pay ? r.pay.color : null,
        payment: r.pay ? r.pay.payment : counts(),
        pushes: false,
        pushed: [],
      };
      if (!r.meets && !hasAlts(r)) {
        // The common case: one route, nothing in the way.
        const steps = new Array<NodeId[]>(k);
        for (let x: Reach = r, i = k - 1; i >= 0; x = x.prev!, i--) steps[i] = x.step;
        out.push({ ...base, route: steps.flat() });
        continue;
      }
      // Each distinct effect once: no push at all, or where every tram ends up.
      const effects = new Set<string>();
      let listed = 0;
      for (const { steps, meets } of routesTo(r)) {
        const option: MoveOption = { ...base, route: steps.flat() };
        if (!meets) {
          if (effects.has('')) continue;
          effects.add('');
        } else {
          const res = resolveMove(G, player, steps);
          if (res.status === 'illegal') continue;
          const effect =
            res.status === 'choice'
              ? `choice ${res.owner} ${res.from} ${JSON.stringify(res.options)} ${JSON.stringify(res.pushes)}`
              : JSON.stringify(res.positions);
          if (effects.has(effect)) continue;
          effects.add(effect);
          option.pushes = res.status === 'choice' || res.pushes.length > 0;
          Object.assign(option, pushedBy(res));
        }
        out.push(option);
        listed++;
      }
      if (listed > 0) continue;
      // None of the routes compared can push its way through: another (as cheap, or dearer) may.
      const first = new Array<NodeId[]>(k);
      for (let x: Reach = r, i = k - 1; i >= 0; x = x.prev!, i--) first[i] = x.step;
      const alt = otherRoute(G, net, mask, player, start, r.at, k, free ? 1 : maxSteps, first);
      if (!alt || alt.resolution.status === 'illegal') continue;
      const altPay = free ? null : cheapestMovePayment(hand, alt.steps.length);
      if (!free && !altPay) continue;
      const res = alt.resolution;
      out.push({
        ...base,
        route: alt.steps.flat(),
        steps: free ? 0 : alt.steps.length,
        color: altPay ? altPay.color : null,
        payment: altPay ? altPay.payment : counts(),
        pushes: res.status === 'choice' || res.pushes.length > 0,
        ...pushedBy(res),
      });
    }
    return out;
  };
  return {
    reached: found.map((r) => ({ to: r.at, steps: free ? 0 : r.k, payment: r.pay ? r.pay.payment : counts() })),
    options,
  };
}

/** Equal-cost routes to one destination that `legalMoves` compares (the first found, then others). */
const MAX_EQUAL_ROUTES = 24;

/** Whether a place, or any place on the way to it, was also reached by another route of as many single moves. */
function hasAlts(r: { alts: unknown[] | null; prev: typeof r | null }): boolean {
  for (let x: typeof r | null = r; x; x = x.prev) if (x.alts) return true;
  return false;
}

/** Resolve attempts `otherRoute` may make for one destination: it runs only where the first route fails. */
const MAX_ROUTE_TRIES = 400;

/**
 * The shortest route of `min` to `max` single moves from `start` to `to`,
 * other than `skip`, whose pushes can resolve; null if none. Single moves run
 * both ways along the rails, so a place more single moves from `to` than
 * remain is not explored.
 */
function otherRoute(
  G: GState,
  net: Network,
  mask: number,
  player: PlayerID,
  start: NodeId,
  to: NodeId,
  min: number,
  max: number,
  skip: NodeId[][],
): { steps: NodeId[][]; resolution: ReturnType<typeof resolveMove> } | null {
  const dist = new Map<NodeId, number>([[to, 0]]);
  let ring: NodeId[] = [to];
  for (let d = 1; d <= max && ring.length > 0; d++) {
    const next: NodeId[] = [];
    for (const at of ring) {
      for (const p of singleMoves(G, net, at, mask)) {
        const n = p[p.length - 1];
        if (!dist.has(n)) {
          dist.set(n, d);
          next.push(n);
        }
      }
    }
    ring = next;
  }
  const skipKey = JSON.stringify(skip);
  let tries = 0;
  for (let length = min; length <= max; length++) {
    const steps: NodeId[][] = [];
    const walk = (at: NodeId): ReturnType<typeof otherRoute> => {
      const left = length - steps.length;
      if (left === 0) {
        if (at !== to || JSON.stringify(steps) === skipKey || ++tries > MAX_ROUTE_TRIES) return null;
        const resolution = resolveMove(G, player, steps);
        return resolution.status === 'illegal' ? null : { steps: [...steps], resolution };
      }
      for (const p of singleMoves(G, net, at, mask)) {
        const n = p[p.length - 1];
        if ((dist.get(n) ?? Infinity) > left - 1) continue;
        steps.push(p);
        const found = walk(n);
        steps.pop();
        if (found || tries > MAX_ROUTE_TRIES) return found;
      }
      return null;
    };
    const found = walk(start);
    if (found) return found;
  }
  return null;
}

/** A checked move: what it costs and how its pushes resolve. */
export interface CheckedMove {
  steps: NodeId[][];
  payment: ColorCounts;
  free: boolean;
  resolution: ReturnType<typeof resolveMove>;
}

/** Check a `move` call's arguments; returns a reason string when illegal. */
export function checkMove(G: GState, currentPlayer: PlayerID, player: PlayerID, args: unknown): CheckedMove | string {
  if (typeof args !== 'object' || args === null) return 'A move needs { route }.';
  const a = args as { route?: unknown; pay?: unknown; free?: unknown };
  const free = a.free === true;
  if (a.free !== undefined && typeof a.free !== 'boolean') return '"free" must be true or false.';
  const blocked = moveBlocked(G, currentPlayer, player, free);
  if (blocked) return blocked;
  if (
    !Array.isArray(a.route) ||
    a.route.length === 0 ||
    a.route.length > 200 ||
    !a.route.every((n) => typeof n === 'string')
  ) {
    return 'A move needs a route: the list of nodes to travel through.';
  }
  const net = network(G.side);
  const start = G.players[player].position;
  const steps = splitRoute(G, net, start, a.route);
  if (!steps) return 'That route does not follow the rails from your tram to a stopping place.';
  // Rulebook p.7: a movement takes the tram to a new stopping place, so not out and back in one action.
  if (steps[steps.length - 1][steps[steps.length - 1].length - 1] === start)
    return 'A move must take your tram to a new stopping place, not back to where it stands.';
  if (free && steps.length !== 1) return 'The free move is a single move.';
  const hand = G.players[player].hand!;
  let payment = counts();
  if (!free) {
    if (a.pay !== undefined) {
      if (!isColorCounts(a.pay)) return 'The payment must count tickets by colour.';
      const pay = counts(a.pay);
      if (!covers(hand, pay)) return 'You do not hold those tickets.';
      const ok = COLORS.some((c) => isExactPayment(single(c, steps.length), pay));
      if (!ok) return `That payment does not pay exactly ${steps.length} ticket(s) of one colour.`;
      payment = pay;
    } else {
      const auto = cheapestMovePayment(hand, steps.length);
      if (!auto) return `You cannot pay ${steps.length} ticket(s) of one colour.`;
      payment = auto.payment;
    }
  }
  const res = resolveMove(G, player, steps);
  if (res.status === 'illegal') return `That move is not possible: ${res.reason}.`;
  return { steps, payment, free, resolution: res };
}

/** The pushes a completed resolution would make (for previews). */
export type { PushRecord };

// ---------------------------------------------------------------- pick up

/** Ways to ring (or not ring) the bell when picking up. */
export type Bell = 'none' | 'one' | 'three';

/** A pick-up the player may take now. */
export interface PickUpOption {
  bell: Bell;
  /** The group waiting now (before any bell draw). */
  group: ColorCounts;
  /** Automatic payment for the group as it stands; null with the bell (the group is not known yet). */
  payment: ColorCounts | null;
  /** Passengers of the current group that would find a seat. */
  fits: ColorCounts;
}

/** Why the player cannot pick up now, or null. */
export function pickUpBlocked(G: GState, currentPlayer: PlayerID, player: PlayerID): string | null {
  const r = actionBlocked(G, currentPlayer, player);
  if (r) return r;
  const at = G.players[player].position;
  if (network(G.side).node[at].kind !== 'stop') return 'Your tram is not at a tram stop.';
  if (total(G.stops[at]) === 0) return 'No passengers are waiting at this stop.';
  return null;
}

/** Passengers left to draw: the bag, refilled from the discard. */
function drawable(G: GState): number {
  return total(G.bag) + total(G.passengerDiscard);
}

/** Every pick-up the player may take now. */
export function legalPickUps(G: GState, currentPlayer: PlayerID, player: PlayerID): PickUpOption[] {
  if (pickUpBlocked(G, currentPlayer, player)) return [];
  const at = G.players[player].position;
  const group = counts(G.stops[at]);
  const fits = fitting(G, player, group);
  const out: PickUpOption[] = [];
  const payment = cheapestPayment(G.players[player].hand!, group);
  if (payment) out.push({ bell: 'none', group, payment, fits });
  if (drawable(G) > 0) {
    out.push({ bell: 'one', group, payment: null, fits });
    if (draw3Available(G, player)) out.push({ bell: 'three', group, payment: null, fits });
  }
  return out;
}

/** Check a `pickUp` call; returns the bell and an explicit payment (or null for automatic), or a reason. */
export function checkPickUp(
  G: GState,
  currentPlayer: PlayerID,
  player: PlayerID,
  args: unknown,
): { bell: Bell; pay: ColorCounts | null } | string {
  const a = (args ?? {}) as { bell?: unknown; pay?: unknown };
  if (typeof a !== 'object') return 'pickUp takes { bell?, pay? }.';
  const bell = a.bell === undefined || a.bell === false ? 'none' : a.bell === true ? 'one' : a.bell;
  if (bell !== 'none' && bell !== 'one' && bell !== 'three') return 'bell must be "none", "one" or "three".';
  const blocked = pickUpBlocked(G, currentPlayer, player);
  if (blocked) return blocked;
  const options = legalPickUps(G, currentPlayer, player);
  const opt = options.find((o) => o.bell === bell);
  if (!opt) {
    if (bell === 'none') return 'You cannot pay for every passenger waiting here.';
    if (bell === 'three')
      return draw3Available(G, player) ? 'The bag is empty.' : 'You do not have the draw-3 bonus available this turn.';
    return 'The bag is empty.';
  }
  if (a.pay !== undefined) {
    if (bell !== 'none') return 'With the bell, the payment is chosen once the passenger is drawn.';
    if (!isColorCounts(a.pay)) return 'The payment must count tickets by colour.';
    const pay = counts(a.pay);
    if (!covers(G.players[player].hand!, pay)) return 'You do not hold those tickets.';
    if (!isExactPayment(opt.group, pay)) return 'That payment does not match the waiting passengers exactly.';
    return { bell, pay };
  }
  return { bell, pay: null };
}

/** The passengers the player may keep after ringing the bell: one of the three drawn, or the one drawn. */
export function legalBellChoices(G: GState, player: PlayerID): Color[] {
  const p = G.pending;
  if (!p || p.kind !== 'bellChoice' || p.player !== player) return [];
  return COLORS.filter((c) => p.drawn.includes(c));
}

/** The group waiting at the bell's stop once `color` joins it. */
export function bellGroup(G: GState, color: Color): ColorCounts {
  const p = G.pending;
  const group = counts(p && p.kind === 'bellChoice' ? G.stops[p.stop] : {});
  group[color]++;
  return group;
}

/**
 * Check a `keepPassenger` call ({ color, pay? }): the passenger kept, and the
 * payment for the enlarged group (the one given, or the cheapest), or null
 * when the hand cannot pay for it (the bell fails); or a reason.
 */
export function checkKeepPassenger(
  G: GState,
  player: PlayerID,
  args: unknown,
): { color: Color; pay: ColorCounts | null } | string {
  const choices = legalBellChoices(G, player);
  if (choices.length === 0) return 'There is no drawn passenger for you to keep.';
  if (typeof args !== 'object' || args === null) return 'keepPassenger takes { color, pay? }.';
  const a = args as { color?: unknown; pay?: unknown };
  if (!isColor(a.color) || !choices.includes(a.color)) return 'You can only keep one of the passengers you drew.';
  const group = bellGroup(G, a.color);
  const hand = G.players[player].hand!;
  if (a.pay === undefined) return { color: a.color, pay: cheapestPayment(hand, group) };
  if (!isColorCounts(a.pay)) return 'The payment must count tickets by colour.';
  const pay = counts(a.pay);
  if (!covers(hand, pay)) return 'You do not hold those tickets.';
  if (!isExactPayment(group, pay)) return 'That payment does not match the waiting passengers exactly.';
  return { color: a.color, pay };
}

// ---------------------------------------------------------------- drop off

/** A Monument card the player can claim now, and where it may go in the row. */
export interface DropOffOption {
  card: CardId;
  slot: number;
  ends: ('left' | 'right')[];
}

/** Whether the displayed card `id` could be claimed at `monument` with the passengers the player carries. */
export function claimable(G: GState, player: PlayerID, id: CardId | null, monument: NodeId): boolean {
  if (!id) return false;
  const card = CARD_BY_ID[id];
  return card.monument === monument && covers(G.players[player].seats, card.need);
}

/** Every card the player can claim now. */
export function legalDropOffs(G: GState, currentPlayer: PlayerID, player: PlayerID): DropOffOption[] {
  if (actionBlocked(G, currentPlayer, player)) return [];
  const me = G.players[player];
  if (!cones(G)[me.position]) return [];
  const out: DropOffOption[] = [];
  G.display.forEach((id, slot) => {
    if (!id || !claimable(G, player, id, me.position)) return;
    out.push({ card: id, slot, ends: me.row.length === 0 ? ['left'] : ['left', 'right'] });
  });
  return out;
}

/** Check a `dropOff` call. */
export function checkDropOff(
  G: GState,
  currentPlayer: PlayerID,
  player: PlayerID,
  args: unknown,
): { card: CardId; slot: number; end: 'left' | 'right' } | string {
  const a = (args ?? {}) as { card?: unknown; end?: unknown };
  const blocked = actionBlocked(G, currentPlayer, player);
  if (blocked) return blocked;
  if (typeof a.card !== 'string' || !CARD_BY_ID[a.card]) return 'dropOff needs { card, end } with a displayed card id.';
  const end = a.end ?? 'right';
  if (end !== 'left' && end !== 'right') return 'end must be "left" or "right".';
  const me = G.players[player];
  const card = CARD_BY_ID[a.card];
  const slot = G.display.indexOf(a.card);
  if (slot < 0) return 'That card is not on display.';
  if (card.monument !== me.position) return 'Your tram is not at that monument.';
  if (!covers(me.seats, card.need)) return 'You do not carry the passengers that card needs.';
  return { card: a.card, slot, end };
}

// ---------------------------------------------------------------- take bonus

/** The bonus the player can take here, with its colour and automatic payment. */
export interface BonusOption {
  bonus: BonusKind;
  color: Color;
  payment: ColorCounts;
}

/** Why the player cannot take the bonus here, or null. */
export function bonusBlocked(G: GState, currentPlayer: PlayerID, player: PlayerID): string | null {
  const r = actionBlocked(G, currentPlayer, player);
  if (r) return r;
  const me = G.players[player];
  const node = network(G.side).node[me.position];
  if (node.kind !== 'bonus' || !node.color) return 'Your tram is not at a bonus stop.';
  const bonus = boardOf(G, player).bonuses[node.color];
  if (me.bonuses.includes(bonus)) return 'You already have this bonus.';
  if (!cheapestPayment(me.hand!, single(node.color, 3))) return `You cannot pay 3 ${node.color} tickets.`;
  return null;
}

/** The bonus the player can take now, or null. */
export function legalBonus(G: GState, currentPlayer: PlayerID, player: PlayerID): BonusOption | null {
  if (bonusBlocked(G, currentPlayer, player)) return null;
  const me = G.players[player];
  const color = network(G.side).node[me.position].color!;
  return { bonus: boardOf(G, player).bonuses[color], color, payment: cheapestPayment(me.hand!, single(color, 3))! };
}

/** Check a `takeBonus` call. */
export function checkTakeBonus(
  G: GState,
  currentPlayer: PlayerID,
  player: PlayerID,
  args: unknown,
): { option: BonusOption; payment: ColorCounts } | string {
  const blocked = bonusBlocked(G, currentPlayer, player);
  if (blocked) return blocked;
  const option = legalBonus(G, currentPlayer, player)!;
  const a = (args ?? {}) as { pay?: unknown };
  if (a.pay === undefined) return { option, payment: option.payment };
  if (!isColorCounts(a.pay)) return 'The payment must count tickets by colour.';
  const pay = counts(a.pay);
  if (!covers(G.players[player].hand!, pay)) return 'You do not hold those tickets.';
  if (!isExactPayment(single(option.color, 3), pay)) return `That payment is not exactly 3 ${option.color} tickets.`;
  return { option, payment: pay };
}

/** The player board of a player. */
export function boardOf(G: GState, player: PlayerID) {
  return BOARDS.find((b) => b.id === G.players[player].color)!;
}

// ---------------------------------------------------------------- decisions outside the turn

/** The branches a pushed tram's owner may choose from. */
export function legalPushBranches(G: GState, player: PlayerID): NodeId[][] {
  const p = G.pending;
  return p && p.kind === 'pushBranch' && p.player === player ? p.options : [];
}

/** The empty stops where the player may place the drawn passengers. */
export function legalPlacements(G: GState, player: PlayerID): NodeId[] {
  const p = G.pending;
  return p && p.kind === 'placePassengers' && p.player === player ? p.options : [];
}

/** Whether the player may end the turn now. */
export function canEndTurn(G: GState, currentPlayer: PlayerID, player: PlayerID): boolean {
  return turnBlocked(G, currentPlayer, player) === null;
}

/** Whether two paths are the same (network.ts; listed here with the other move helpers). */
export { samePath };
