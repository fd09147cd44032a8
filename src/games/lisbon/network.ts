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
  /** Each node's index in `side.nodes`. */
  index: Map<NodeId, number>;
  /** 2 to the number of tram stops: the span of a stop mask. */
  maskSpan: number;
  /** `pathsToNextStop` results, by start and which tram stops hold passengers (see there). */
  paths: Map<number, NodeId[][]>;
  /** `singleMoves` results, keyed the same way. */
  moves: Map<number, NodeId[][]>;
}

/** Memo entries kept per side before the memo starts afresh. */
const PATHS_MAX = 20000;

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
  const stops = s.nodes.filter((n) => n.kind === 'stop').map((n) => n.id);
  const net: Network = {
    side: s,
    node,
    neighbours,
    continuation,
    stops,
    index: new Map(s.nodes.map((n, i) => [n.id, i])),
    maskSpan: 2 ** stops.length,
    paths: new Map(),
    moves: new Map(),
  };
  // pathsToNextStop's numeric memo key must stay exact.
  if ((s.nodes.length + 1) ** 2 * net.maskSpan > Number.MAX_SAFE_INTEGER)
    throw new Error(`side ${s.id} is too large for the path memo`);
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

/** Whether two paths are the same nodes in the same order. */
export function samePath(a: readonly NodeId[], b: readonly NodeId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
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
 *
 * The answer depends only on the rails and on which tram stops hold
 * passengers, so it is remembered by those. The arrays returned are shared:
 * callers copy before they change anything.
 */
export function pathsToNextStop(
  G: Pick<GState, 'stops'>,
  net: Network,
  from: NodeId | null,
  at: NodeId,
  mask = stopMask(G, net),
): NodeId[][] {
  const key = pathKey(net, from, at, mask);
  const hit = net.paths.get(key);
  if (hit) return hit;
  const out: NodeId[][] = [];
  const first = from === null ? net.neighbours[at] : onward(net, from, at);
  // `seen`: the rails used on the path so far (a path may not use one twice).
  const walk = (prev: NodeId, cur: NodeId, path: NodeId[], seen: string[]) => {
    if (isStoppingPlace(G, net, cur)) {
      out.push(path);
      return;
    }
    for (const nxt of onward(net, prev, cur)) {
      const rail = `${cur}>${nxt}`;
      if (seen.includes(rail)) continue;
      seen.push(rail);
      walk(cur, nxt, [...path, nxt], seen);
      seen.pop();
    }
  };
  for (const n of first) walk(at, n, [n], [`${at}>${n}`]);
  remember(net.paths, key, out);
  return out;
}

/** Which tram stops hold passengers, one bit each: with the rails, all that decides where a single move ends. */
export function stopMask(G: Pick<GState, 'stops'>, net: Network): number {
  let mask = 0;
  for (const s of net.stops) {
    const c = G.stops[s];
    mask = mask * 2 + (c.red + c.yellow + c.green + c.blue > 0 ? 1 : 0);
  }
  return mask;
}

/** The memo key of a start (`from` may be null) under a stop mask; exact (checked in `network`). */
function pathKey(net: Network, from: NodeId | null, at: NodeId, mask: number): number {
  return (
    ((from === null ? 0 : net.index.get(from)! + 1) * net.side.nodes.length + net.index.get(at)!) * net.maskSpan + mask
  );
}

function remember(memo: Map<number, NodeId[][]>, key: number, value: NodeId[][]): void {
  if (memo.size >= PATHS_MAX) memo.clear();
  memo.set(key, value);
}

/** The single moves from a node: paths to each next stopping place, excluding a return to the start. Shared arrays, as above. */
export function singleMoves(G: Pick<GState, 'stops'>, net: Network, at: NodeId, mask = stopMask(G, net)): NodeId[][] {
  const key = pathKey(net, null, at, mask);
  const hit = net.moves.get(key);
  if (hit) return hit;
  const out = pathsToNextStop(G, net, null, at, mask).filter((p) => p[p.length - 1] !== at);
  remember(net.moves, key, out);
  return out;
}

/**
 * Split a route (the nodes after the start, in order) into single moves, or
 * return null when it does not follow the rails. Each move ends at the first
 * stopping place reached.
 */
export function splitRoute(
  G: Pick<GState, 'stops'>,
  net: Network,
  start: NodeId,
  route: readonly NodeId[],
): NodeId[][] | null {
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
