/**
 * The rail network of a board side: stopping places, rail continuity and
 * single moves (RULINGS "Movement").
 */
import { SIDES } from './data/maps';
import type { BoardSide, MapNode, SideId } from './data/types';
import type { GState, NodeId } from './types';
import { total } from './counts';

/** A board side prepared for fast look-ups. */
export interface Network {
  side: BoardSide;
  node: Record<NodeId, MapNode>;
  neighbours: Record<NodeId, NodeId[]>;
  /** For junctions: allowed continuations, keyed "from>at". */
  continuation: Record<string, NodeId[]>;
  stops: NodeId[];
}

const cache: Partial<Record<SideId, Network>> = {};

/** The prepared network of a side. */
export function network(side: SideId): Network {
  const hit = cache[side];
  if (hit) return hit;
  const s = SIDES[side];
  const node: Record<NodeId, MapNode> = {};
  const neighbours: Record<NodeId, NodeId[]> = {};
  for (const n of s.nodes) {
    node[n.id] = n;
    neighbours[n.id] = [];
  }
  for (const [a, b] of s.rails) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  for (const id in neighbours) neighbours[id].sort();
  const continuation: Record<string, NodeId[]> = {};
  for (const n of s.nodes) {
    for (const from of neighbours[n.id]) {
      const outs = neighbours[n.id].filter((to) => {
        if (to === from) return false;
        if (!n.through) return true;
        return n.through.some(([a, b]) => (a === from && b === to) || (a === to && b === from));
      });
      continuation[`${from}>${n.id}`] = outs;
    }
  }
  const net: Network = { side: s, node, neighbours, continuation, stops: s.nodes.filter((n) => n.kind === 'stop').map((n) => n.id) };
  cache[side] = net;
  return net;
}

/**
 * Whether a node is a stopping place: Rossio, every monument, every bonus
 * stop, and a tram stop with at least one passenger waiting.
 */
export function isStoppingPlace(G: Pick<GState, 'stops'>, net: Network, id: NodeId): boolean {
  const kind = net.node[id].kind;
  if (kind === 'junction') return false;
  if (kind === 'stop') return total(G.stops[id]) > 0;
  return true;
}

/** The rails leaving `at` when arriving from `from` (rail continuity). */
export function onward(net: Network, from: NodeId, at: NodeId): NodeId[] {
  return net.continuation[`${from}>${at}`] ?? [];
}

/**
 * All ways to travel from `at` (entered from `from`, or setting off freely
 * when `from` is null) to the first stopping place. Each path lists the nodes
 * after `at`, ending at the stopping place.
 */
export function pathsToNextStop(G: Pick<GState, 'stops'>, net: Network, from: NodeId | null, at: NodeId): NodeId[][] {
  const out: NodeId[][] = [];
  const first = from === null ? net.neighbours[at] : onward(net, from, at);
  // `seen`: the rails used on the path so far (a path may not use one twice).
  const walk = (prev: NodeId, cur: NodeId, path: NodeId[], seen: string[]) => {
    if (isStoppingPlace(G, net, cur)) {
      out.push(path);
      return;
    }
    for (const nxt of onward(net, prev, cur)) {
      const key = `${cur}>${nxt}`;
      if (seen.includes(key)) continue;
      seen.push(key);
      walk(cur, nxt, [...path, nxt], seen);
      seen.pop();
    }
  };
  for (const n of first) walk(at, n, [n], [`${at}>${n}`]);
  return out;
}

/** The single moves from a node: paths to each next stopping place, excluding a return to the start. */
export function singleMoves(G: Pick<GState, 'stops'>, net: Network, at: NodeId): NodeId[][] {
  return pathsToNextStop(G, net, null, at).filter((p) => p[p.length - 1] !== at);
}

/**
 * Split a route (the nodes after the start, in order) into single moves, or
 * return null when it does not follow the rails. Each move ends at the first
 * stopping place reached.
 */
export function splitRoute(G: Pick<GState, 'stops'>, net: Network, start: NodeId, route: readonly NodeId[]): NodeId[][] | null {
  if (route.length === 0) return null;
  const steps: NodeId[][] = [];
  let step: NodeId[] = [];
  let stepStart = start;
  let prev: NodeId | null = null;
  let cur = start;
  for (const nxt of route) {
    if (typeof nxt !== 'string' || !net.node[nxt]) return null;
    const allowed = prev === null ? net.neighbours[cur] : onward(net, prev, cur);
    if (!allowed.includes(nxt)) return null;
    step.push(nxt);
    prev = cur;
    cur = nxt;
    if (isStoppingPlace(G, net, cur)) {
      if (cur === stepStart) return null;
      steps.push(step);
      step = [];
      stepStart = cur;
      prev = null;
    }
  }
  if (step.length > 0) return null;
  return steps;
}
