/**
 * `ai.enumerate` against the legal-move functions: over seeded random games,
 * every candidate argument of every move is accepted by its check exactly
 * when enumerate lists it (one entry per distinct effect), and the reducer
 * refuses a sample of the rejected candidates.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { TouchedOn } from '../../../src/games/touched-on';
import { enumerate } from '../../../src/games/touched-on/ai';
import * as L from '../../../src/games/touched-on/legal';
import type { TOState } from '../../../src/games/touched-on/types';
import { Rng } from '../../../src/bots/rng';

const reducer = CreateGameReducer({ game: TouchedOn });

/** Every candidate move for `p` with whether its check accepts it. */
function candidates(G: TOState, ctx: State['ctx'], p: string): { move: string; args: unknown[]; ok: boolean }[] {
  const out: { move: string; args: unknown[]; ok: boolean }[] = [];
  const ok = (r: unknown) => typeof r !== 'string';
  const hand = G.players[p].hand ?? [];
  const players = Object.keys(G.players);
  for (const line of G.lineOrder)
    for (let count = 0; count <= 10; count++)
      for (const prioritySeat of [false, true]) {
        const args = { line, count, prioritySeat };
        out.push({ move: 'playEvaders', args: [args], ok: ok(L.checkBatch(G, ctx, p, args)) });
      }
  for (const card of hand) {
    out.push({ move: 'inspect', args: [{ card }], ok: ok(L.checkInspect(G, ctx, p, { card })) });
    out.push({ move: 'putOut', args: [{ card }], ok: ok(L.checkPutOut(G, ctx, p, { card })) });
  }
  for (const target of players) {
    out.push({ move: 'feetOnSeat', args: [{ target }], ok: ok(L.checkFeetOnSeat(G, ctx, p, { target })) });
    out.push({ move: 'tramTracker', args: [{ target }], ok: ok(L.checkTramTracker(G, ctx, p, { target })) });
  }
  for (const take of G.trackerReveal?.cards ?? [])
    for (const give of hand)
      out.push({ move: 'trackerSwap', args: [{ take, give }], ok: ok(L.checkTrackerSwap(G, ctx, p, { take, give })) });
  // Taking nothing (legal only with no card to give), and arguments that are neither form.
  for (const args of [
    { take: null, give: null },
    {},
    { take: null },
    { take: G.trackerReveal?.cards[0] ?? null, give: null },
  ])
    out.push({ move: 'trackerSwap', args: [args], ok: ok(L.checkTrackerSwap(G, ctx, p, args)) });
  out.push({ move: 'peakHour', args: [], ok: ok(L.checkPeakHour(G, ctx, p)) });
  out.push({ move: 'freeTramZone', args: [], ok: ok(L.checkFreeTramZone(G, ctx, p)) });
  out.push({ move: 'shedAppeal', args: [], ok: ok(L.checkShedAppeal(G, ctx, p)) });
  out.push({ move: 'appeal', args: [], ok: ok(L.checkAppeal(G, ctx, p)) });
  out.push({ move: 'acceptInspection', args: [], ok: L.checkAccept(G, ctx, p) === true });
  out.push({ move: 'draw', args: [], ok: ok(L.checkDraw(G, ctx, p)) });
  out.push({ move: 'endTurn', args: [], ok: L.checkEndTurn(G, ctx, p) === true });
  return out;
}

/** A move's effect: Undercover Inspectors are alike, so enumerate lists one of them. */
const key = (m: { move: string; args: unknown[] }) =>
  `${m.move} ${JSON.stringify(m.args)}`.replace(/"U-\d"/, m.move === 'inspect' ? '"U"' : '$&');

describe('ai.enumerate', () => {
  it('lists exactly the moves the legal-move functions accept, and the reducer refuses the others', () => {
    let compared = 0;
    let refused = 0;
    for (const n of [2, 3, 4])
      for (let seed = 1; seed <= 12; seed++) {
        const rnd = new Rng(`enum-${n}-${seed}`);
        let state = InitializeGame({
          game: { ...TouchedOn, seed: `enum-${n}-${seed}` },
          numPlayers: n,
        }) as State<TOState>;
        for (let step = 0; step < 3000 && !state.ctx.gameover; step++) {
          const actor = L.actingPlayer(state.G, state.ctx)!;
          for (const p of Object.keys(state.G.players)) {
            const listed = new Set(enumerate(state.G, state.ctx, p).map(key));
            const accepted = new Set(
              candidates(state.G, state.ctx, p)
                .filter((c) => c.ok)
                .map(key),
            );
            if (p !== actor) expect([...accepted], `step ${step}: ${p} is not to act`).toEqual([]);
            expect([...listed].sort()).toEqual([...accepted].sort());
            expect(listed.size, 'no duplicate effects').toBe(enumerate(state.G, state.ctx, p).length);
            compared++;
          }
          const rejected = candidates(state.G, state.ctx, actor).filter((c) => !c.ok);
          if (rejected.length && step % 7 === 0) {
            const r = rejected[rnd.int(rejected.length)];
            const after = reducer(state, {
              type: 'MAKE_MOVE',
              payload: { type: r.move, args: r.args, playerID: actor },
            } as never) as State<TOState>;
            expect(after.G, `${key(r)} must be refused`).toEqual(state.G);
            refused++;
          }
          const moves = enumerate(state.G, state.ctx, actor);
          const m = moves[rnd.int(moves.length)];
          state = reducer(state, {
            type: 'MAKE_MOVE',
            payload: { type: m.move, args: m.args, playerID: actor },
          } as never) as State<TOState>;
        }
        expect(state.ctx.gameover).toBeDefined();
      }
    expect(compared).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(100);
  }, 60_000);
});
