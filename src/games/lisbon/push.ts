/**
 * Resolving a tram's move with its pushes (rulebook p.8, RULINGS "Movement").
 *
 * A move is blocked by any tram on the path: on a passed-over node or on the
 * destination (never at Rossio). The mover pushes every blocking tram,
 * farthest first. A pushed tram goes forward, in the mover's direction, to the
 * first stopping place beyond the mover's destination; where the rails fork,
 * its owner chooses. A pushed tram that arrives on, or passes over, another
 * tram pushes that one on in turn. A push with nowhere to go makes the move
 * illegal. Rossio is no exception: when it is the mover's destination, a
 * blocking tram is pushed through it to the first stopping place beyond.
 *
 * The resolution is a pure function of the position, the route and the
 * branch choices made so far, so a move waiting for an owner's choice can be
 * replayed exactly once the choice is made.
 */
import type { GState, NodeId, PlayerID } from './types';
import { network, pathsToNextStop, samePath, stopMask, type Network } from './network';
import { playerIds } from './selectors';

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
  /** `pushes`: the trams already pushed before the owner's choice (what follows depends on it). */
  | { status: 'choice'; owner: PlayerID; from: NodeId; options: NodeId[][]; pushes: PushRecord[] }
  | { status: 'illegal'; reason: string };

const MAX_PUSHES = 24;

/**
 * Replay a move with the given branch choices; stops at the first open
 * choice. Hot in the bots' move lists, so it allocates little and stops by
 * setting `halt` rather than by throwing.
 */
function simulate(
  G: GState,
  net: Network,
  mask: number,
  mover: PlayerID,
  steps: NodeId[][],
  choices: NodeId[][],
): Resolution {
  // Trams by index, in id order: where each stands, and whether it is moving now.
  const ids = playerIds(G);
  const at = ids.map((id) => G.players[id].position);
  const moving = ids.map(() => false);
  const pushes: PushRecord[] = [];
  let used = 0;
  let halt: Resolution | null = null;

  /** The branch taken by the tram pushed from `from`, or null (and `halt` set). */
  const choose = (owner: PlayerID, from: NodeId, options: NodeId[][]): NodeId[] | null => {
    if (options.length === 1) return options[0];
    if (options.length === 0) {
      halt = { status: 'illegal', reason: `the tram at ${net.node[from].name} would have nowhere to be pushed` };
      return null;
    }
    if (used < choices.length) {
      const want = choices[used++];
      for (const o of options) if (samePath(o, want)) return o;
      halt = { status: 'illegal', reason: 'that branch is not one of the options' };
      return null;
    }
    halt = { status: 'choice', owner, from, options, pushes: pushes.slice() };
    return null;
  };

  /** Move tram `i` along `path`, pushing what stands on it; false when halted. */
  const travel = (i: number, path: NodeId[]): boolean => {
    const start = at[i];
    moving[i] = true;
    const end = path[path.length - 1];
    // Trams standing on the path, farthest first (ties: by id order). Paths are a few nodes long.
    let blockers: { tram: number; on: number }[] | null = null;
    for (let t = 0; t < ids.length; t++) {
      if (moving[t] || at[t] === 'rossio') continue;
      const on = path.lastIndexOf(at[t]);
      if (on >= 0) (blockers ??= []).push({ tram: t, on });
    }
    if (blockers) {
      if (blockers.length > 1) blockers.sort((a, b) => b.on - a.on || a.tram - b.tram);
      for (const { tram: b } of blockers) {
        const j = path.lastIndexOf(at[b]);
        const prev = path.length >= 2 ? path[path.length - 2] : start;
        const branch = choose(ids[b], at[b], pathsToNextStop(G, net, prev, end, mask));
        if (!branch) return false;
        const bpath = path.slice(j + 1).concat(branch);
        pushes.push({ tram: ids[b], from: at[b], to: bpath[bpath.length - 1], path: bpath });
        if (pushes.length > MAX_PUSHES) {
          halt = { status: 'illegal', reason: 'too many pushes' };
          return false;
        }
        if (!travel(b, bpath)) return false;
      }
    }
    at[i] = end;
    moving[i] = false;
    return true;
  };

  const m = ids.indexOf(mover);
  for (const step of steps) if (!travel(m, step)) return halt!;
  const positions: Record<PlayerID, NodeId> = {};
  for (let i = 0; i < ids.length; i++) {
    positions[ids[i]] = at[i];
    if (at[i] === 'rossio') continue;
    for (let k = i + 1; k < ids.length; k++) {
      if (at[k] === at[i]) return { status: 'illegal', reason: 'two trams would share a stop' };
    }
  }
  return { status: 'done', positions, pushes };
}

/** Whether some sequence of further choices completes the move. */
function completes(
  G: GState,
  net: Network,
  mask: number,
  mover: PlayerID,
  steps: NodeId[][],
  choices: NodeId[][],
): boolean {
  const r = simulate(G, net, mask, mover, steps, choices);
  if (r.status === 'done') return true;
  if (r.status === 'illegal') return false;
  return r.options.some((o) => completes(G, net, mask, mover, steps, [...choices, o]));
}

/** Whether another tram stands on the route (outside Rossio). */
function routeHitsTram(G: GState, mover: PlayerID, steps: NodeId[][]): boolean {
  for (const id of playerIds(G)) {
    const at = G.players[id].position;
    if (id === mover || at === 'rossio') continue;
    for (const step of steps) if (step.includes(at)) return true;
  }
  return false;
}

/**
 * Resolve a move (already split into single moves) as far as the choices
 * allow. Options offered at a fork are only those that can still complete;
 * a fork with a single viable branch is taken without asking.
 */
export function resolveMove(
  G: GState,
  mover: PlayerID,
  steps: NodeId[][],
  choices: NodeId[][] = [],
): Resolution & { choices: NodeId[][] } {
  const net = network(G.side);
  // Fast path: no other tram stands anywhere on the route, so nothing is pushed.
  if (!routeHitsTram(G, mover, steps)) {
    const positions: Record<PlayerID, NodeId> = {};
    for (const id of playerIds(G)) positions[id] = G.players[id].position;
    positions[mover] = steps[steps.length - 1][steps[steps.length - 1].length - 1];
    return { status: 'done', positions, pushes: [], choices };
  }
  const mask = stopMask(G, net);
  let made = [...choices];
  for (;;) {
    const r = simulate(G, net, mask, mover, steps, made);
    if (r.status !== 'choice') return { ...r, choices: made };
    const viable = r.options.filter((o) => completes(G, net, mask, mover, steps, [...made, o]));
    if (viable.length === 0) {
      return {
        status: 'illegal',
        reason: `the tram at ${net.node[r.from].name} would have nowhere to be pushed`,
        choices: made,
      };
    }
    if (viable.length === 1) {
      made = [...made, viable[0]];
      continue;
    }
    return { ...r, options: viable, choices: made };
  }
}
