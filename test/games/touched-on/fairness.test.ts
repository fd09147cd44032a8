/**
 * Fair play in Touched On: a bot decides from its player's view only.
 * Dealing what the player cannot see differently (other hands, the draw
 * pile, the Exp values under the Lines, in the pile and in other players'
 * collections, the PRNG) must not change its move.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { actingPlayerOf, chooseMove } from '../../../src/bots/index';
import { Rng } from '../../../src/bots/rng';
import { touchedOn } from '../../../src/games/touched-on/def';
import type { TOState } from '../../../src/games/touched-on/types';

type State = { G: TOState; ctx: Ctx; plugins: Record<string, { data: unknown }> };

/** A 3-player position some greedy turns into a seeded game, with cards in every hand and the draw pile. */
async function midGame(): Promise<State> {
  const game = { ...touchedOn.game, seed: 'fair' };
  const reducer = CreateGameReducer({ game });
  let s = InitializeGame({ game, numPlayers: 3 }) as unknown as State;
  for (let k = 0; k < 400; k++) {
    const pid = actingPlayerOf(touchedOn, s)!;
    if (k >= 12 && !s.G.pending && s.G.drawPile.length > 1 && touchedOn.bots.moves(s.G, s.ctx, pid).length > 2)
      return s;
    const m = (await chooseMove(touchedOn, s, pid, 'greedy', 'normal', `g${k}`))!;
    s = reducer(
      s as never,
      { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never,
    ) as never;
  }
  throw new Error('no mid-game position found');
}

/** The same game with every part `me` cannot see dealt differently. */
function reshuffleHidden(s: State, me: string, seed: string): State {
  const G: TOState = structuredClone(s.G);
  const rng = new Rng(seed);
  const others = Object.keys(G.players).filter((p) => p !== me);
  const cards = rng.shuffle([...G.drawPile, ...others.flatMap((p) => G.players[p].hand!)]);
  for (const p of others) G.players[p].hand = cards.splice(0, G.players[p].handSize);
  G.drawPile = cards;
  const lines = G.lineOrder.filter((l) => G.lines[l].exp !== null);
  const exp = rng.shuffle([
    ...G.expPile,
    ...lines.map((l) => G.lines[l].exp!),
    ...others.flatMap((p) => G.players[p].exp ?? []),
  ]);
  G.expPile = exp.splice(0, G.expPile.length);
  for (const l of lines) G.lines[l].exp = exp.shift()!;
  for (const p of others) G.players[p].exp = exp.splice(0, G.players[p].exp?.length ?? 0);
  return { ...s, G, plugins: { ...s.plugins, random: { data: { seed: `other-${seed}` } } } };
}

const view = (G: TOState, me: string) => touchedOn.game.playerView!({ G, ctx: {} as Ctx, playerID: me });

describe('Touched On: fair play', async () => {
  const s = await midGame();
  const me = actingPlayerOf(touchedOn, s)!;

  it('the reshuffled states differ in hidden information only', () => {
    for (const seed of ['a', 'b']) {
      const t = reshuffleHidden(s, me, seed);
      expect(JSON.stringify(t.G)).not.toBe(JSON.stringify(s.G));
      expect(view(t.G, me)).toEqual(view(s.G, me));
    }
  });

  for (const [kind, level] of [
    ['random', 'normal'],
    ['greedy', 'normal'],
    ['mcts', 'easy'],
  ] as const) {
    it(`${kind} chooses the same move whatever the hidden cards`, async () => {
      const moves = [];
      for (const variant of [null, 'a', 'b']) {
        const state = variant ? reshuffleHidden(s, me, variant) : s;
        moves.push(await chooseMove(touchedOn, state, me, kind, level, 'fixed-seed', { budgetMs: null }));
      }
      expect(moves[0]).not.toBeNull();
      expect(moves[1]).toEqual(moves[0]);
      expect(moves[2]).toEqual(moves[0]);
    });
  }
});
