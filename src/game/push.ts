/**
 * Resolving a tram's move with its pushes (rulebook p.8, RULINGS "Movement").
 *
 * A move is blocked by any tram on the path: on a passed-over node or on the
 * destination (never at Rossio). The mover pushes every blocking tram,
 * farthest first. A pushed tram goes forward, in the mover's direction, to the
 * first stopping place beyond the mover's destination; where the rails fork,
 * its owner chooses. A pushed tram that arrives on, or passes over, another
 * tram pushes that one on in turn. A push with nowhere to go makes the move
 * illegal.
 *
 * Ruling of this edition: when the destination is Rossio, blocking trams are
 * pushed to Rossio itself, which holds any number of trams.
 *
 * The resolution is a pure function of the position, the route and the
 * branch choices made so far, so a move waiting for an owner's choice can be
 * replayed exactly once the choice is made.
 */
import type { GState, NodeId, PlayerID } from './types';
import { network, pathsToNextStop, type Network } from './network';

/** One tram pushed from one node to another. */
export interface PushRecord {
  tram: PlayerID;
  from: NodeId;
  to: NodeId;
  path: NodeId[];
}

/** The outcome of resolving a move. */
export type Resolution =
  | { status: 'done'; positions: Record<PlayerID, NodeId>; pushes: PushRecord[] }
  | { status: 'choice'; owner: PlayerID; from: NodeId; options: NodeId[][] }
  | { status: 'illegal'; reason: string };

const MAX_PUSHES = 24;

class NeedChoice {
  constructor(
    readonly owner: PlayerID,
    readonly from: NodeId,
    readonly options: NodeId[][],
  ) {}
}
class Illegal {
  constructor(readonly reason: string) {}
}

const key = (p: readonly NodeId[]) => p.join('>');

/** Replay a move with the given branch choices; stops at the first open choice. */
function simulate(G: GState, net: Network, mover: PlayerID, steps: NodeId[][], choices: NodeId[][]): Resolution {
  const pos: Record<PlayerID, NodeId> = {};
  for (const id in G.players) pos[id] = G.players[id].position;
  const pushes: PushRecord[] = [];
  const inTransit = new Set<PlayerID>();
  let used = 0;

  const choose = (owner: PlayerID, from: NodeId, options: NodeId[][]): NodeId[] => {
    if (options.length === 0) throw new Illegal(`the tram at ${net.node[from].name} would have nowhere to be pushed`);
    if (options.length === 1) return options[0];
    if (used < choices.length) {
      const want = key(choices[used++]);
      const hit = options.find((o) => key(o) === want);
      if (!hit) throw new Illegal('that branch is not one of the options');
      return hit;
    }
    throw new NeedChoice(owner, from, options);
  };

  const travel = (tram: PlayerID, start: NodeId, path: NodeId[]) => {
    inTransit.add(tram);
    const end = path[path.length - 1];
    // Trams standing on the path, farthest first (ties: by id). Paths are a few nodes long.
    let blockers: { tram: PlayerID; at: number }[] | null = null;
    for (const t in pos) {
      if (inTransit.has(t) || pos[t] === 'rossio') continue;
      const at = path.lastIndexOf(pos[t]);
      if (at >= 0) (blockers ??= []).push({ tram: t, at });
    }
    if (blockers && blockers.length > 1) blockers.sort((a, b) => b.at - a.at || a.tram.localeCompare(b.tram));
    for (const { tram: b } of blockers ?? []) {
      const j = path.lastIndexOf(pos[b]);
      let bpath: NodeId[];
      if (end === 'rossio') {
        bpath = path.slice(j + 1);
      } else {
        const prev = path.length >= 2 ? path[path.length - 2] : start;
        const beyond = pathsToNextStop(G, net, prev, end);
        bpath = [...path.slice(j + 1), ...choose(b, pos[b], beyond)];
      }
      pushes.push({ tram: b, from: pos[b], to: bpath[bpath.length - 1], path: bpath });
      if (pushes.length > MAX_PUSHES) throw new Illegal('too many pushes');
      travel(b, pos[b], bpath);
    }
    pos[tram] = end;
    inTransit.delete(tram);
  };

  try {
    for (const step of steps) travel(mover, pos[mover], step);
  } catch (e) {
    if (e instanceof NeedChoice) return { status: 'choice', owner: e.owner, from: e.from, options: e.options };
    if (e instanceof Illegal) return { status: 'illegal', reason: e.reason };
    throw e;
  }
  const seen = new Set<NodeId>();
  for (const t in pos) {
    if (pos[t] === 'rossio') continue;
    if (seen.has(pos[t])) return { status: 'illegal', reason: 'two trams would share a stop' };
    seen.add(pos[t]);
  }
  return { status: 'done', positions: pos, pushes };
}

/** Whether some sequence of further choices completes the move. */
function completes(G: GState, net: Network, mover: PlayerID, steps: NodeId[][], choices: NodeId[][]): boolean {
  const r = simulate(G, net, mover, steps, choices);
  if (r.status === 'done') return true;
  if (r.status === 'illegal') return false;
  return r.options.some((o) => completes(G, net, mover, steps, [...choices, o]));
}

/**
 * Resolve a move (already split into single moves) as far as the choices
 * allow. Options offered at a fork are only those that can still complete;
 * a fork with a single viable branch is taken without asking.
 */
export function resolveMove(G: GState, mover: PlayerID, steps: NodeId[][], choices: NodeId[][] = []): Resolution & { choices: NodeId[][] } {
  const net = network(G.side);
  // Fast path: no other tram stands anywhere on the route, so nothing is pushed.
  const others = new Set<NodeId>();
  for (const id in G.players) if (id !== mover && G.players[id].position !== 'rossio') others.add(G.players[id].position);
  if (!steps.some((step) => step.some((n) => others.has(n)))) {
    const positions: Record<PlayerID, NodeId> = {};
    for (const id in G.players) positions[id] = G.players[id].position;
    positions[mover] = steps[steps.length - 1][steps[steps.length - 1].length - 1];
    return { status: 'done', positions, pushes: [], choices };
  }
  let made = [...choices];
  for (;;) {
    const r = simulate(G, net, mover, steps, made);
    if (r.status !== 'choice') return { ...r, choices: made };
    const viable = r.options.filter((o) => completes(G, net, mover, steps, [...made, o]));
    if (viable.length === 0) {
      return { status: 'illegal', reason: `the tram at ${net.node[r.from].name} would have nowhere to be pushed`, choices: made };
    }
    if (viable.length === 1) {
      made = [...made, viable[0]];
      continue;
    }
    return { ...r, options: viable, choices: made };
  }
}
