/**
 * The bot hooks: determinize keeps everything the player can see and every
 * public count; the other hooks answer only for the acting player.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { TouchedOn } from '../../../src/games/touched-on';
import { touchedOnBots } from '../../../src/games/touched-on/bots';
import { playerView } from '../../../src/games/touched-on/view';
import { enumerate } from '../../../src/games/touched-on/ai';
import type { TOState } from '../../../src/games/touched-on/types';
import { Rng } from '../../../src/bots/rng';
import { act, carriage, emptyTable, gameFrom, give, invariantErrors, seats, setLineExp } from './helpers';
import type { GameOver } from '../../../src/games/touched-on/types';

const reducer = CreateGameReducer({ game: TouchedOn });

/** Seeded greedy play for `steps` moves (the bots' own hooks choose), returning every state on the way. */
function playGreedy(numPlayers: number, seed: string, steps: number): State<TOState>[] {
  let state = InitializeGame({ game: { ...TouchedOn, seed }, numPlayers }) as State<TOState>;
  const out = [state];
  for (let i = 0; i < steps && !state.ctx.gameover; i++) {
    const actor = touchedOnBots.actingPlayer(state.G, state.ctx)!;
    const view = playerView(state.G, actor);
    const moves = touchedOnBots.moves(view, state.ctx, actor);
    const scores = touchedOnBots.scoreMoves(view, state.ctx, actor, moves);
    const best = moves[scores.indexOf(Math.max(...scores))];
    const next = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: best.move, args: best.args, playerID: actor },
    } as never) as State<TOState>;
    expect(next._stateID, `greedy move ${JSON.stringify(best)} refused`).toBe(state._stateID + 1);
    state = next;
    out.push(state);
  }
  return out;
}

describe('touchedOnBots', () => {
  it('determinize keeps what the player sees and the public counts, and deals a consistent full state', () => {
    const rng = new Rng('det');
    let checked = 0;
    for (const n of [2, 3, 4]) {
      for (const state of playGreedy(n, `det-${n}`, 150)) {
        for (const p of Object.keys(state.G.players)) {
          const view = playerView(state.G, p);
          const det = touchedOnBots.determinize(view, state.ctx, p, rng);
          // What p sees is unchanged: the view of the determinized state equals p's view.
          expect(playerView(det, p)).toEqual(view);
          // A complete, consistent state: every card and Exp somewhere, counts matching.
          expect(invariantErrors(det)).toEqual([]);
          for (const q of Object.keys(det.players)) {
            expect(det.players[q].hand).toHaveLength(state.G.players[q].handSize);
            expect(det.players[q].exp).toHaveLength(state.G.players[q].expCount);
          }
          expect(det.drawPile).toHaveLength(state.G.drawCount);
          expect(det.expPile).toHaveLength(state.G.expPileCount);
          // The moves available to p are the same in the determinized state.
          expect(enumerate(det, state.ctx, p)).toEqual(enumerate(state.G, state.ctx, p));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('determinize deals the hidden cards differently with different generators', () => {
    const [, , state] = playGreedy(4, 'vary', 2);
    const view = playerView(state.G, '0');
    const a = touchedOnBots.determinize(view, state.ctx, '0', new Rng(1));
    const b = touchedOnBots.determinize(view, state.ctx, '0', new Rng(2));
    expect(a.players['1'].hand).not.toEqual(b.players['1'].hand);
    // …but never anything of player 0's own.
    expect(a.players['0'].hand).toEqual(state.G.players['0'].hand);
  });

  it('a Tram Tracker chooser’s determinization keeps the revealed hand', () => {
    // Play greedy games until some state has a pending Tram Tracker.
    for (let s = 0; s < 40; s++) {
      for (const state of playGreedy(4, `tt-${s}`, 400)) {
        const r = state.G.trackerReveal;
        if (!r) continue;
        const det = touchedOnBots.determinize(playerView(state.G, r.chooser), state.ctx, r.chooser, new Rng(s));
        expect(det.players[r.target].hand).toEqual(state.G.players[r.target].hand);
        return;
      }
    }
    throw new Error('no Tram Tracker was played');
  });

  it('greedy bots finish games; moves/actingPlayer are empty for players not to act', () => {
    for (const n of [2, 3, 4]) {
      const states = playGreedy(n, `greedy-${n}`, 5000);
      const last = states[states.length - 1];
      expect(last.ctx.gameover).toBeDefined();
      expect(touchedOnBots.actingPlayer(last.G, last.ctx)).toBeNull();
      const mid = states[10];
      const actor = touchedOnBots.actingPlayer(mid.G, mid.ctx);
      for (const p of Object.keys(mid.G.players))
        if (p !== actor) expect(touchedOnBots.moves(playerView(mid.G, p), mid.ctx, p)).toEqual([]);
      // evaluate: at the end, the final score.
      const over = last.ctx.gameover as { scores: Record<string, { total: number }> };
      for (const p of Object.keys(last.G.players))
        expect(touchedOnBots.evaluate(last.G, last.ctx, p)).toBe(over.scores[p].total);
    }
  });

  it('seatStats counts 1st and 2nd places and unlocks, which account for every Exp card taken', () => {
    for (const n of [2, 3, 4]) {
      const states = playGreedy(n, `stats-${n}`, 5000);
      const last = states[states.length - 1];
      expect(last.ctx.gameover).toBeDefined();
      let short = 0;
      let seconds = 0;
      for (const p of Object.keys(last.G.players)) {
        const s = touchedOnBots.seatStats!(last.G, last.ctx, p);
        expect(Object.keys(s)).toEqual(['1st', '2nd', 'unl.']);
        seconds += s['2nd'];
        // 1st place takes 2 Exp cards, 2nd takes 1, an unlock 1; the game ends when the Exp runs out, perhaps between the two cards of a 1st place.
        const taken = last.G.players[p].expCount;
        const counted = 2 * s['1st'] + s['2nd'] + s['unl.'];
        expect(counted - taken, `${n} players, seat ${p}`).toBeGreaterThanOrEqual(0);
        short += counted - taken;
      }
      expect(short, `${n} players`).toBeLessThanOrEqual(1);
      if (n === 2) expect(seconds).toBe(0);
    }
  });

  it('the greedy heuristic beats random play (one greedy seat, the others random, seeded)', () => {
    for (const n of [2, 3, 4]) {
      const N = 24;
      let greedyExp = 0;
      let wins = 0;
      for (let s = 0; s < N; s++) {
        const rnd = new Rng(`strength-${n}-${s}`);
        let state = InitializeGame({
          game: { ...TouchedOn, seed: `strength-${n}-${s}` },
          numPlayers: n,
        }) as State<TOState>;
        const greedy = String(s % n);
        while (!state.ctx.gameover) {
          const actor = touchedOnBots.actingPlayer(state.G, state.ctx)!;
          const view = playerView(state.G, actor);
          const moves = touchedOnBots.moves(view, state.ctx, actor);
          let m = moves[rnd.int(moves.length)];
          if (actor === greedy) {
            const scores = touchedOnBots.scoreMoves(view, state.ctx, actor, moves);
            m = moves[scores.indexOf(Math.max(...scores))];
          }
          state = reducer(state, {
            type: 'MAKE_MOVE',
            payload: { type: m.move, args: m.args, playerID: actor },
          } as never) as State<TOState>;
        }
        const over = state.ctx.gameover as GameOver;
        greedyExp += over.scores[greedy].total;
        if (over.winner === greedy) wins++;
      }
      // A fair share would be 20/n Exp and N/n wins.
      expect(greedyExp / N, `${n} players: greedy's mean Exp`).toBeGreaterThan((20 / n) * 1.3);
      expect(wins, `${n} players: greedy's wins`).toBeGreaterThan((N / n) * 1.5);
    }
  }, 60_000);

  it('greedy keeps its last flexible Power once a card is down, and plays it as its last card', async () => {
    /** The greedy choice of seat 0 after it plays its Evaders of Line 96. */
    const afterBatch = async (hand: string[]) => {
      const G = emptyTable(4);
      give(G, '0', hand);
      for (const p of ['1', '2', '3']) give(G, p, ['E19', 'E86', 'E109']);
      const cl = seats(gameFrom(G), 4);
      const evaders = hand.filter((c) => c === 'E96').length;
      expect(await act(cl[0], 'playEvaders', { line: '96', count: evaders })).toBe(true);
      const { G: g, ctx } = cl[0].getState()!;
      const moves = touchedOnBots.moves(g, ctx, '0');
      const scores = touchedOnBots.scoreMoves(g, ctx, '0', moves);
      return { best: moves[scores.indexOf(Math.max(...scores))], moves, client: cl[0] };
    };
    // One flexible Power among other cards: end the turn and keep it (the Authorised Inspector may stay unplayable).
    const one = await afterBatch(['E96', 'E96', 'peakHour', 'A19']);
    expect(one.moves.map((m) => m.move)).toContain('peakHour');
    expect(one.best.move).toBe('endTurn');
    // Two: play one (the Peak Hour) and keep the Appeal, which also answers an Inspector.
    expect((await afterBatch(['E96', 'E96', 'peakHour', 'appeal', 'A19'])).best.move).toBe('peakHour');
    // The last card in hand: play it and DING now rather than wait a round.
    const last = await afterBatch(['E96', 'peakHour']);
    expect(last.best.move).toBe('peakHour');
    expect(await act(last.client, 'peakHour')).toBe(true);
    expect(last.client.getState()!.G.players['0'].ding).toBe(true);
  });

  it('evaluate counts the share a player holds of a Line’s Evaders still in play (its last one unlocks the Line)', () => {
    const ctx = { currentPlayer: '0' } as never;
    const value = (mine: number, onLine: number, hasExp = true) => {
      const G = emptyTable(4);
      if (onLine > 0)
        carriage(
          G,
          '86',
          Array.from({ length: onLine }, () => ['1', 'E86'] as [string, string]),
        );
      if (!hasExp) setLineExp(G, '86', null);
      setLineExp(G, '19', null);
      // Seat 0 always holds 5 cards (the others of Line 19, whose Exp is gone), so only the share of Line 86 differs.
      give(G, '0', [...Array.from({ length: mine }, () => 'E86'), ...Array.from({ length: 5 - mine }, () => 'E19')]);
      give(G, '1', ['E96', 'E96', 'E96', 'E96', 'E96']);
      return touchedOnBots.evaluate(G, ctx, '0');
    };
    // More of the Line's Evaders in hand: a better chance of adding its last one.
    expect(value(1, 0)).toBeGreaterThan(value(0, 0));
    expect(value(3, 0)).toBeGreaterThan(value(1, 0));
    // The same cards are a bigger share when more of the Line is already on it.
    expect(value(3, 6)).toBeGreaterThan(value(3, 0));
    // A Line whose Exp was taken is worth nothing more.
    expect(value(3, 0, false)).toBe(value(0, 0, false));
  });
});
