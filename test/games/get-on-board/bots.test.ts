/**
 * Get on Board's bots: they decide from their player's view only (the deck's
 * order and, while departures are chosen, the others' offers dealt
 * differently never change a move), greedy beats random, and greedy's routes
 * rarely trap themselves (the issue asks for under 40% eliminations).
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { actingPlayerOf, chooseMove } from '../../../src/bots/index';
import { parseBot, playGame } from '../../../src/bots/match';
import { Rng } from '../../../src/bots/rng';
import { getOnBoard } from '../../../src/games/get-on-board/def';
import type { GobState } from '../../../src/games/get-on-board/types';

type State = { G: GobState; ctx: Ctx; plugins: Record<string, { data: unknown }> };

/** A seeded 3-player game after `rounds` rounds of greedy play (0: while departures are chosen, after seat 0 chose). */
async function position(rounds: number): Promise<State> {
  const game = { ...getOnBoard.game, seed: `fair-${rounds}` };
  const reducer = CreateGameReducer({ game });
  let s = InitializeGame({ game, numPlayers: 3 }) as unknown as State;
  for (let k = 0; ; k++) {
    if (rounds === 0 ? s.G.choices['0'] !== null : s.G.round > rounds) return s;
    const pid = actingPlayerOf(getOnBoard, s)!;
    const m = (await chooseMove(getOnBoard, s, pid, 'greedy', 'normal', `g${k}`))!;
    s = reducer(
      s as never,
      {
        type: 'MAKE_MOVE',
        payload: { type: m.move, args: m.args, playerID: pid },
      } as never,
    ) as never;
  }
}

/** The same game with what `me` cannot see dealt differently: the deck's order, others' hidden offers. */
function reshuffleHidden(s: State, me: string, seed: string): State {
  const G: GobState = structuredClone(s.G);
  const rng = new Rng(seed);
  G.deck = rng.shuffle(G.deck);
  if (G.round === 0) {
    const others = G.order.filter((p) => p !== me && G.choices[p] === null);
    const pool = rng.shuffle(others.flatMap((p) => G.offers[p]));
    for (const p of others) G.offers[p] = pool.splice(0, 2).sort((a, b) => a - b);
  }
  return { ...s, G, plugins: { ...s.plugins, random: { data: { seed: `other-${seed}` } } } };
}

const view = (G: GobState, me: string) => getOnBoard.game.playerView!({ G, ctx: {} as Ctx, playerID: me });

describe('Get on Board bots: fair play', () => {
  for (const rounds of [0, 4]) {
    for (const [kind, level] of [
      ['random', 'normal'],
      ['greedy', 'normal'],
      ['mcts', 'easy'],
    ] as const) {
      it(`${kind} chooses the same move whatever the hidden information (${rounds ? `round ${rounds + 1}` : 'departures'})`, async () => {
        const s = await position(rounds);
        const me = actingPlayerOf(getOnBoard, s)!;
        const moves = [];
        for (const variant of [null, 'a', 'b']) {
          const state = variant ? reshuffleHidden(s, me, variant) : s;
          if (variant) {
            expect(JSON.stringify(state.G)).not.toBe(JSON.stringify(s.G));
            expect(view(state.G, me)).toEqual(view(s.G, me));
          }
          moves.push(await chooseMove(getOnBoard, state, me, kind, level, 'fixed-seed', { budgetMs: null }));
        }
        expect(moves[0]).not.toBeNull();
        expect(moves[1]).toEqual(moves[0]);
        expect(moves[2]).toEqual(moves[0]);
      });
    }
  }
});

describe('Get on Board bots: strength', () => {
  it('greedy beats two random players in at least 16 of 20 seeded games, and is eliminated in at most 4', async () => {
    let wins = 0;
    let eliminated = 0;
    for (let g = 0; g < 20; g++) {
      const seats = ['greedy', 'random', 'random'].map(parseBot);
      const bots = seats.map((_, i) => seats[(i + g) % 3]);
      const r = await playGame(getOnBoard, bots, `strength-${g}`, g);
      const seat = r.seats.find((x) => x.bot === 'greedy')!;
      if (seat.win) wins++;
      eliminated += seat.stats['elim.'];
    }
    expect(wins).toBeGreaterThanOrEqual(16);
    expect(eliminated).toBeLessThanOrEqual(4);
  }, 60_000);
});
