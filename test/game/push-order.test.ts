/**
 * Pushes are resolved farthest first (RULINGS "Pushing"). Two trams stand on
 * empty tram stops that the mover's single move passes over; beyond the
 * destination the rails run without a fork to two more stopping places.
 * Farthest first, the farther tram goes to the first stopping place beyond
 * the destination, then the nearer tram arrives there and pushes it on to the
 * next: the order of the two is kept. (Nearest first ends the other way round.)
 * The position is searched for on the board, so it holds on either side.
 */
import { describe, expect, it } from 'vitest';
import { network, pathsToNextStop, singleMoves, stopMask } from '../../src/games/lisbon/network';
import { resolveMove } from '../../src/games/lisbon/push';
import type { GState, NodeId } from '../../src/games/lisbon/types';
import { clearBoard, startState } from '../helpers';

interface Line {
  from: NodeId;
  path: NodeId[];
  near: NodeId;
  far: NodeId;
  first: NodeId;
  second: NodeId;
}

/** A single move with two empty tram stops on its way, and a fork-free run of two stopping places beyond. */
function findLine(G: GState): Line | null {
  const net = network(G.side);
  const mask = stopMask(G, net);
  for (const from of net.side.nodes.map((n) => n.id)) {
    if (from === 'rossio') continue;
    for (const path of singleMoves(G, net, from, mask)) {
      const end = path[path.length - 1];
      if (end === 'rossio') continue;
      const inner = path.slice(0, -1).filter((n) => net.node[n].kind === 'stop' && n !== 'rossio');
      if (inner.length < 2) continue;
      const prev = path.length >= 2 ? path[path.length - 2] : from;
      const beyond = pathsToNextStop(G, net, prev, end, mask);
      if (beyond.length !== 1) continue;
      const first = beyond[0][beyond[0].length - 1];
      const prev2 = beyond[0].length >= 2 ? beyond[0][beyond[0].length - 2] : end;
      const further = pathsToNextStop(G, net, prev2, first, mask);
      if (further.length !== 1 || first === 'rossio') continue;
      const second = further[0][further[0].length - 1];
      if (second === 'rossio' || path.includes(first) || path.includes(second)) continue;
      return { from, path, near: inner[0], far: inner[inner.length - 1], first, second };
    }
  }
  return null;
}

describe('push order', () => {
  it.each([3, 4])('the farther tram is pushed first (%i players, their side of the board)', (players) => {
    const G = clearBoard(startState(players));
    const line = findLine(G);
    expect(line, 'a straight line with two trams to push').not.toBeNull();
    const { from, path, near, far, first, second } = line!;
    G.players['0'].position = from;
    G.players['1'].position = near;
    G.players['2'].position = far;
    const r = resolveMove(G, '0', [path]);
    expect(r.status).toBe('done');
    if (r.status !== 'done') return;
    expect(r.positions['0']).toBe(path[path.length - 1]);
    expect(r.positions['1']).toBe(first);
    expect(r.positions['2']).toBe(second);
    // The farther tram's push is recorded first.
    expect(r.pushes[0].tram).toBe('2');
  });
});
