/**
 * Look-ahead for Get on Board's bots: routes trap themselves, so a bot must
 * judge a plot by the room it leaves for the shapes still to come. Nothing
 * here is a rule: the rules' own functions (legal.ts) decide what is legal;
 * these are fast estimates over the map's graph for the heuristics.
 */
import { shapeFor, TICKETS, type Shape } from '../data';
import { graphOf, isTurn, routeSections, type Dir, type Exit } from '../graph';
import type { GobState, PlayerID, PointId } from '../types';

/** A route's end as the planner walks it. */
export interface RouteEnd {
  /** The intersection the line ends at. */
  at: PointId;
  /** The direction of the last marker (null at the departure). */
  dir: Dir | null;
  /** Every intersection on the line (departure included). */
  visited: ReadonlySet<PointId>;
  /** The sections the route covers. */
  own: ReadonlySet<string>;
  /** Turn spaces left. */
  turnsLeft: number;
}

/** Intersections reachable from `end.at` through unvisited ones only, counted up to `cap`. */
export function freeSpace(exits: Map<PointId, Exit[]>, end: RouteEnd, cap: number): number {
  const seen = new Set<PointId>([end.at]);
  const queue: PointId[] = [end.at];
  let count = 0;
  for (let i = 0; i < queue.length && count < cap; i++) {
    for (const e of exits.get(queue[i])!) {
      if (seen.has(e.to) || end.visited.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
      count++;
    }
  }
  return count;
}

/**
 * Whether `shape` can be laid from the route's end without reaching a
 * visited intersection, with the Turn spaces left; or, when it cannot be laid
 * even through visited intersections, whether the single-marker fallback has
 * a safe section (RULINGS §4, R6). False: this ticket would eliminate.
 */
export function survives(exits: Map<PointId, Exit[]>, end: RouteEnd, shape: Shape): boolean {
  if (walk(exits, end, shape, true)) return true;
  if (walk(exits, end, shape, false)) return false;
  return exits.get(end.at)!.some((e) => !end.visited.has(e.to));
}

/** Depth-first search for a plot of `shape`; `safe`: only unvisited intersections (else: no own section). */
function walk(exits: Map<PointId, Exit[]>, end: RouteEnd, shape: Shape, safe: boolean): boolean {
  const used = new Set<string>();
  const step = (at: PointId, dir: Dir | null, placed: number, turns: number): boolean => {
    if (placed === shape.markers) return true;
    for (const e of exits.get(at)!) {
      if (dir && e.dir !== dir && !isTurn(dir, e.dir)) continue;
      if (safe ? end.visited.has(e.to) : used.has(e.key) || end.own.has(e.key)) continue;
      let cost = 0;
      if (placed > 0) {
        const need = shape.joints[placed - 1];
        const turn = isTurn(dir!, e.dir);
        if ((need === 'straight' && turn) || (need === 'turn' && !turn)) cost = 1;
      }
      if (turns + cost > end.turnsLeft) continue;
      used.add(e.key);
      const ok = step(e.to, e.dir, placed + 1, turns + cost);
      used.delete(e.key);
      if (ok) return true;
    }
    return false;
  };
  return step(end.at, end.dir, 0, 0);
}

/** The route end of `line` (the departure first) with `turnsLeft` Turn spaces. */
export function routeEnd(exits: Map<PointId, Exit[]>, line: readonly PointId[], turnsLeft: number): RouteEnd {
  const at = line[line.length - 1];
  const prev = line.length > 1 ? line[line.length - 2] : null;
  const dir = prev ? (exits.get(prev)!.find((e) => e.to === at)?.dir ?? null) : null;
  return { at, dir, visited: new Set(line), own: new Set(routeSections(line)), turnsLeft };
}

/** The tickets still in the round deck, as this player can know them (every ticket not yet revealed). */
export function ticketsLeft(G: GobState): number[] {
  return TICKETS.filter((t) => !G.revealed.includes(t));
}

/**
 * How safe a route's end is for the rounds left: the share of the tickets
 * still in the deck whose shape it survives, times how much of the free space
 * the remaining markers need is there (1: plenty). 1 when no round is left.
 */
export function outlook(G: GobState, playerID: PlayerID, line: readonly PointId[], turnUsed: number): number {
  const roundsLeft = 12 - G.round;
  if (roundsLeft <= 0) return 1;
  const exits = graphOf(G.mapId).exits;
  const end = routeEnd(exits, line, 5 - turnUsed);
  const left = ticketsLeft(G);
  const variant = G.players[playerID].variant;
  let ok = 0;
  const seen = new Map<string, boolean>();
  for (const t of left) {
    const shape = shapeFor(variant, t);
    let s = seen.get(shape.id);
    if (s === undefined) seen.set(shape.id, (s = survives(exits, end, shape)));
    if (s) ok++;
  }
  const need = Math.min(24, roundsLeft * 2 + 2);
  const room = Math.min(1, freeSpace(exits, end, need) / need);
  return (left.length ? ok / left.length : 1) * room;
}
