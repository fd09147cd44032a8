/**
 * Fair play: a bot decides from its player's view only. Changing what the
 * player cannot see (other hands, the ticket deck order, the Monument cards
 * under the face-up top card, the PRNG) must not change its move.
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { COLORS, type Color } from '../../src/games/lisbon/data/types';
import { total, zero } from '../../src/games/lisbon/counts';
import type { GState } from '../../src/games/lisbon/types';
import { playerView } from '../../src/games/lisbon/view';
import { actingPlayerOf, chooseMove } from '../../src/bots/index';
import { determinize } from '../../src/games/lisbon/bots/determinize';
import { Rng } from '../../src/bots/rng';
import { findState, type State } from './helpers';
import { lisbon } from '../../src/games/lisbon/def';

/** The same game with every hidden part dealt differently. */
function reshuffleHidden(s: State, me: string, seed: string): State {
  const G: GState = structuredClone(s.G);
  const rng = new Rng(seed);
  const pool: Color[] = [...G.secret!.ticketDeck];
  for (const id in G.players)
    if (id !== me) for (const c of COLORS) for (let i = 0; i < G.players[id].hand![c]; i++) pool.push(c);
  const dealt = rng.shuffle(pool);
  let k = 0;
  for (const id in G.players) {
    if (id === me) continue;
    const h = zero();
    for (let i = 0; i < G.players[id].handSize; i++) h[dealt[k++]]++;
    G.players[id].hand = h;
  }
  G.secret!.ticketDeck = dealt.slice(k);
  const [top, ...rest] = G.secret!.monumentDeck;
  G.secret!.monumentDeck = G.faceUpLeft > 0 ? [top, ...rng.shuffle(rest)] : rng.shuffle(G.secret!.monumentDeck);
  return { ...s, G, plugins: { ...s.plugins, random: { data: { seed: `other-${seed}` } } } };
}

describe('fair play', () => {
  const s = findState(3, (x) => x.ctx.turn >= 7 && !x.G.pending)!;
  const me = actingPlayerOf(lisbon, s)!;

  it('the reshuffled state really differs in hidden information only', () => {
    const t = reshuffleHidden(s, me, 'a');
    const others = Object.keys(s.G.players).filter((p) => p !== me);
    expect(
      others.some((p) => JSON.stringify(s.G.players[p].hand) !== JSON.stringify(t.G.players[p].hand)) ||
        JSON.stringify(s.G.secret) !== JSON.stringify(t.G.secret),
    ).toBe(true);
    expect(playerView(t.G, me)).toEqual(playerView(s.G, me));
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
        moves.push(await chooseMove(lisbon, state, me, kind, level, 'fixed-seed', { budgetMs: null }));
      }
      expect(moves[0]).not.toBeNull();
      expect(moves[1]).toEqual(moves[0]);
      expect(moves[2]).toEqual(moves[0]);
    });
  }

  it('determinization keeps every public count and the known top card', () => {
    const view = playerView(s.G, me);
    for (const seed of ['x', 'y', 'z']) {
      const G = determinize(view, me, new Rng(seed));
      for (const id in G.players) {
        expect(total(G.players[id].hand!)).toBe(s.G.players[id].handSize);
      }
      expect(G.players[me].hand).toEqual(s.G.players[me].hand);
      expect(G.secret!.ticketDeck.length).toBe(s.G.deckSize);
      for (const c of COLORS) {
        const n =
          G.secret!.ticketDeck.filter((t) => t === c).length +
          G.ticketDiscard[c] +
          Object.values(G.players).reduce((a, p) => a + p.hand![c], 0);
        expect(n).toBe(27);
      }
      const deck = G.secret!.monumentDeck;
      expect(deck.length).toBe(s.G.faceUpLeft + s.G.faceDownLeft);
      if (s.G.faceUpLeft > 0) expect(deck[0]).toBe(s.G.monumentTop);
      const all = [...deck, ...G.display.filter(Boolean), ...Object.values(G.players).flatMap((p) => p.row)];
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBe(CARDS.length);
    }
  });
});
