/**
 * The move list the board shows (`legalMoves`) against the `move` move's own
 * check: over positions of seeded random games, every destination that some
 * route of 1 to 3 single moves reaches and `checkMove` accepts is listed, and
 * everything listed is accepted. (A destination used to be dropped when the
 * first route found to it could not push.) The tram's own place is left out:
 * the move accepts a round trip back to it, and the board does not offer one.
 */
import { describe, expect, it } from 'vitest';
import { checkMove, legalMoves } from '../../src/game/legal';
import { network, singleMoves, stopMask } from '../../src/game/network';
import type { GState, NodeId, PlayerID } from '../../src/game/types';
import { enumerate } from '../../src/game/ai';
import { Rng } from '../../src/bots/rng';
import { actingPlayerOf } from '../../src/bots';
import { start, step, type State } from '../bots/helpers';

const MAX_STEPS = 3;

/** Every destination some route of at most `max` single moves reaches and the move accepts, by fewest steps. */
function acceptedDestinations(G: GState, player: PlayerID, max: number): Map<NodeId, number> {
  const net = network(G.side);
  const mask = stopMask(G, net);
  const out = new Map<NodeId, number>();
  const walk = (at: NodeId, route: NodeId[], k: number) => {
    if (k === max) return;
    for (const p of singleMoves(G, net, at, mask)) {
      const next = [...route, ...p];
      const to = p[p.length - 1];
      const accepted = typeof checkMove(G, player, player, { route: next }) !== 'string';
      // Back where the tram stands (A to B and back) is not a destination the board lists.
      if (accepted && to !== G.players[player].position && (out.get(to) ?? Infinity) > k + 1) out.set(to, k + 1);
      walk(to, next, k + 1);
    }
  };
  walk(G.players[player].position, [], 0);
  return out;
}

describe('legalMoves lists exactly the destinations the move accepts', () => {
  it.each([2, 3, 4])('%i players, positions from 8 seeded random games', (numPlayers) => {
    let checked = 0;
    for (let g = 0; g < 8; g++) {
      const { reducer, state } = start(numPlayers, `legal-${numPlayers}-${g}`);
      let s: State = state;
      const rng = new Rng(`legal-${numPlayers}-${g}`);
      for (let i = 0; i < 400 && !s.ctx.gameover; i++) {
        const pid = actingPlayerOf(s)!;
        if (!s.G.pending && pid === s.ctx.currentPlayer && i % 3 === 0) {
          const listed = legalMoves(s.G, pid, pid, { maxSteps: MAX_STEPS });
          const accepted = acceptedDestinations(s.G, pid, MAX_STEPS);
          expect(new Set(listed.map((o) => o.to)), `game ${g}, move ${i}`).toEqual(new Set(accepted.keys()));
          for (const o of listed) expect(o.steps).toBe(accepted.get(o.to));
          checked++;
        }
        const options = enumerate(s.G, s.ctx, pid);
        const m = options[rng.int(options.length)];
        s = step(reducer, s, pid, m.move, m.args);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
