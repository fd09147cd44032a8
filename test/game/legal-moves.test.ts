/**
 * The move list the board shows (`legalMoves`) against the `move` move's own
 * check: over positions of seeded random games, every destination that some
 * route of 1 to 3 single moves reaches and `checkMove` accepts is listed, and
 * everything listed is accepted; and where the cheapest routes to a place
 * differ in effect (who is pushed, and where to), each effect is listed once.
 * (A destination used to be dropped when the first route found to it could
 * not push, and only one route was ever offered.) The tram's own place is left out:
 * the move accepts a round trip back to it, and the board does not offer one.
 */
import { describe, expect, it, vi } from 'vitest';
import { checkMove, legalMoves } from '../../src/games/lisbon/legal';
import { network, singleMoves, stopMask } from '../../src/games/lisbon/network';
import type { GState, NodeId, PlayerID } from '../../src/games/lisbon/types';
import { enumerate } from '../../src/games/lisbon/ai';
import { Rng } from '../../src/bots/rng';
import { actingPlayerOf } from '../../src/bots';
import { start, step, type State } from '../bots/helpers';
import { lisbon } from '../../src/games/lisbon/def';

const MAX_STEPS = 3;

/** What a route does: where every tram ends up, or the branch choice it waits for. */
function effect(G: GState, player: PlayerID, route: NodeId[]): string | null {
  const r = checkMove(G, player, player, { route });
  if (typeof r === 'string') return null;
  const res = r.resolution;
  // A branch choice after other pushes differs from the same choice after none.
  return res.status === 'choice'
    ? `choice ${res.owner} ${res.from} ${JSON.stringify(res.options)} ${JSON.stringify(res.pushes)}`
    : JSON.stringify(res.status === 'done' ? res.positions : null);
}

/**
 * Every destination some route of at most `max` single moves reaches and the
 * move accepts, with the fewest single moves and the effects of the accepted
 * routes of that many.
 */
function acceptedDestinations(
  G: GState,
  player: PlayerID,
  max: number,
): Map<NodeId, { k: number; effects: Set<string> }> {
  const net = network(G.side);
  const mask = stopMask(G, net);
  const out = new Map<NodeId, { k: number; effects: Set<string> }>();
  const walk = (at: NodeId, route: NodeId[], k: number) => {
    if (k === max) return;
    for (const p of singleMoves(G, net, at, mask)) {
      const next = [...route, ...p];
      const to = p[p.length - 1];
      const e = effect(G, player, next);
      // Back where the tram stands (A to B and back) is not a destination the board lists.
      if (e !== null && to !== G.players[player].position) {
        const seen = out.get(to);
        if (!seen || seen.k > k + 1) out.set(to, { k: k + 1, effects: new Set([e]) });
        else if (seen.k === k + 1) seen.effects.add(e);
      }
      walk(to, next, k + 1);
    }
  };
  walk(G.players[player].position, [], 0);
  return out;
}

// Each case takes about 10 s on a quiet 2-core machine, and three times that when the machine is busy (a CI run
// with a bot match beside it went past Vitest's default 30 s): this file's tests get a limit of their own.
vi.setConfig({ testTimeout: 120_000 });

describe('legalMoves lists exactly the destinations the move accepts, by every distinct route', () => {
  it.each([2, 3, 4])('%i players, positions from 8 seeded random games', (numPlayers) => {
    let checked = 0;
    let alternatives = 0;
    let choices = 0;
    let pushedBeforeChoice = 0;
    for (let g = 0; g < 8; g++) {
      const { reducer, state } = start(numPlayers, `legal-${numPlayers}-${g}`);
      let s: State = state;
      const rng = new Rng(`legal-${numPlayers}-${g}`);
      for (let i = 0; i < 400 && !s.ctx.gameover; i++) {
        const pid = actingPlayerOf(lisbon, s)!;
        if (!s.G.pending && pid === s.ctx.currentPlayer && i % 3 === 0) {
          const listed = legalMoves(s.G, pid, pid, { maxSteps: MAX_STEPS });
          const accepted = acceptedDestinations(s.G, pid, MAX_STEPS);
          expect(new Set(listed.map((o) => o.to)), `game ${g}, move ${i}`).toEqual(new Set(accepted.keys()));
          for (const o of listed) {
            expect(o.steps).toBe(accepted.get(o.to)!.k);
            // Whom it pushes: every tram pushed before a branch choice too, then the one whose owner chooses.
            const r = checkMove(s.G, pid, pid, { route: o.route });
            if (typeof r === 'string' || r.resolution.status === 'illegal') continue;
            const res = r.resolution;
            const trams = [...new Set(res.pushes.map((p) => p.tram))];
            if (res.status === 'choice') {
              expect(o.pushed).toEqual([...new Set([...trams, res.owner])]);
              expect(o.chooser).toBe(res.owner);
              choices++;
              if (res.pushes.some((p) => p.tram !== res.owner)) pushedBeforeChoice++;
            } else {
              expect(o.pushed).toEqual(trams);
              expect(o.chooser).toBeUndefined();
            }
          }
          // One option for each distinct effect of the cheapest routes, and no two alike.
          for (const [to, { effects }] of accepted) {
            const listedEffects = listed.filter((o) => o.to === to).map((o) => effect(s.G, pid, o.route));
            expect(listedEffects.length, `game ${g}, move ${i}, to ${to}`).toBe(new Set(listedEffects).size);
            expect(new Set(listedEffects), `game ${g}, move ${i}, to ${to}`).toEqual(effects);
            if (effects.size > 1) alternatives++;
          }
          checked++;
        }
        const options = enumerate(s.G, s.ctx, pid);
        const m = options[rng.int(options.length)];
        s = step(reducer, s, pid, m.move, m.args);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(alternatives).toBeGreaterThan(0);
    // Moves that wait on a branch choice were checked, some after other pushes (those need a third tram).
    expect(choices).toBeGreaterThan(0);
    if (numPlayers > 2) expect(pushedBeforeChoice).toBeGreaterThan(0);
  });
});
