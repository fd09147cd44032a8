/**
 * The bots' fast playouts (the rules' moves and turn hooks on a fork of the
 * state, bots.ts) and the MCTS tree's drop-in for the reducer agree with
 * boardgame.io's reducer move for move, and leave the state they start from
 * as it was.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { Ctx } from 'boardgame.io';
import { TouchedOn } from '../../../src/games/touched-on';
import { touchedOnBots } from '../../../src/games/touched-on/bots';
import type { TOState } from '../../../src/games/touched-on/types';
import { Rng } from '../../../src/bots/rng';
import { emptyTable, gameFrom, give } from './helpers';

type State = { G: TOState; ctx: Ctx };

/** G without the log, which playouts do not keep. */
const comparable = (G: TOState) => JSON.parse(JSON.stringify({ ...G, log: [] }));

describe('Touched On playouts agree with the reducer', () => {
  it.each([2, 3, 4])('%i players: 8 seeded whole games, every state equal, same end', (numPlayers) => {
    const sim = touchedOnBots.playout!;
    for (let seed = 1; seed <= 8; seed++) {
      const game = { ...TouchedOn, seed: `playout-${seed}` };
      const reducer = CreateGameReducer({ game });
      let state = InitializeGame({ game, numPlayers }) as unknown as State;
      const copy = sim.start(state);
      const rng = new Rng(`playout-${numPlayers}-${seed}`);
      let moves = 0;
      let journeys = 0;
      // A second playout started mid-game from a reducer state, which must stay as it was.
      let mid: { copy: ReturnType<typeof sim.start>; state: State; json: string } | null = null;
      while (!state.ctx.gameover) {
        if (moves === 25) mid = { copy: sim.start(state), state, json: JSON.stringify(state.G) };
        const pid = touchedOnBots.actingPlayer(state.G, state.ctx)!;
        const options = touchedOnBots.moves(state.G, state.ctx, pid);
        // Half greedy, half random: inspections, Appeals, Powers and whole journeys.
        const scores = touchedOnBots.scoreMoves(state.G, state.ctx, pid, options);
        const best = scores.indexOf(Math.max(...scores));
        const m = rng.next() < 0.5 ? options[best] : options[rng.int(options.length)];
        const journey = state.G.journey;
        const action = { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } };
        const fast = touchedOnBots.reducer!(state, action) as State;
        state = reducer(state as never, action as never);
        if (state.G.journey !== journey) journeys++;
        expect(sim.apply(copy, pid, m.move, m.args)).toBe(true);
        const now = sim.current(copy);
        expect(comparable(now.G)).toEqual(comparable(state.G));
        expect([now.ctx.currentPlayer, now.ctx.turn]).toEqual([state.ctx.currentPlayer, state.ctx.turn]);
        // The MCTS tree's drop-in for the reducer: the same G, player, turn, stage and result.
        expect(comparable(fast.G)).toEqual(comparable(state.G));
        const ctxOf = (c: Ctx) => [c.currentPlayer, c.turn, c.activePlayers ?? null, c.gameover ?? null];
        expect(ctxOf(fast.ctx)).toEqual(ctxOf(state.ctx));
        if (mid) {
          expect(sim.apply(mid.copy, pid, m.move, m.args)).toBe(true);
          expect(comparable(sim.current(mid.copy).G)).toEqual(comparable(state.G));
        }
        moves++;
      }
      expect(mid && JSON.stringify(mid.state.G)).toBe(mid?.json);
      expect(sim.current(copy).ctx.gameover).toEqual(state.ctx.gameover);
      expect(journeys).toBeGreaterThan(0);
      expect(moves).toBeGreaterThan(10 * numPlayers);
    }
  });

  it('refuses a move the rules refuse, or from a player the game does not wait for, changing nothing', () => {
    const game = { ...TouchedOn, seed: 'playout-refuse' };
    const state = InitializeGame({ game, numPlayers: 3 }) as unknown as State;
    const sim = touchedOnBots.playout!;
    const copy = sim.start(state);
    const before = JSON.stringify(sim.current(copy));
    const me = state.ctx.currentPlayer;
    const other = String((Number(me) + 1) % 3);
    expect(sim.apply(copy, me, 'playEvaders', [{ line: '96', count: 10 }])).toBe(false);
    expect(sim.apply(copy, me, 'endTurn', [])).toBe(false);
    expect(sim.apply(copy, me, 'nope', [{}])).toBe(false);
    const legal = touchedOnBots.moves(state.G, state.ctx, me)[0];
    expect(sim.apply(copy, other, legal.move, legal.args)).toBe(false);
    expect(JSON.stringify(sim.current(copy))).toBe(before);
    const refused = {
      type: 'MAKE_MOVE',
      payload: { type: 'playEvaders', args: [{ line: '96', count: 10 }], playerID: me },
    };
    expect(touchedOnBots.reducer!(state, refused)).toBe(state);
    expect(
      touchedOnBots.reducer!(state, { type: 'MAKE_MOVE', payload: { ...legal, type: legal.move, playerID: other } }),
    ).toBe(state);
  });

  it('a Tram Tracker as the last card: the stage, taking nothing and the DING, as the reducer plays them', () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['tramTracker']);
    const [e19, u] = give(G, '1', ['E19', 'U']);
    give(G, '2', ['E86']);
    const game = gameFrom(G, 'playout-tracker');
    const reducer = CreateGameReducer({ game });
    let state = InitializeGame({ game, numPlayers: 3 }) as unknown as State;
    const sim = touchedOnBots.playout!;
    const copy = sim.start(state);
    const ctxOf = (c: Ctx) => [c.currentPlayer, c.turn, c.activePlayers ?? null, c.gameover ?? null];
    const steps: [string, string, unknown[]][] = [
      ['0', 'tramTracker', [{ target: '1' }]],
      ['0', 'trackerSwap', [{ take: null, give: null }]],
    ];
    for (const [pid, move, args] of steps) {
      // What the bots see and choose: the one legal decision in the stage, scored without a card to read.
      const options = touchedOnBots.moves(state.G, state.ctx, pid);
      expect(options).toContainEqual({ move, args });
      expect(touchedOnBots.scoreMoves(state.G, state.ctx, pid, options).every(Number.isFinite)).toBe(true);
      const action = { type: 'MAKE_MOVE', payload: { type: move, args, playerID: pid } };
      const fast = touchedOnBots.reducer!(state, action) as State;
      state = reducer(state as never, action as never);
      expect(sim.apply(copy, pid, move, args)).toBe(true);
      expect(comparable(sim.current(copy).G)).toEqual(comparable(state.G));
      expect(comparable(fast.G)).toEqual(comparable(state.G));
      expect(ctxOf(fast.ctx)).toEqual(ctxOf(state.ctx));
      if (move === 'tramTracker') {
        expect(state.ctx.activePlayers).toEqual({ '0': 'tracker' });
        expect(touchedOnBots.moves(state.G, state.ctx, '0')).toEqual([
          { move: 'trackerSwap', args: [{ take: null, give: null }] },
        ]);
        // The chooser's determinization deals Ben the hand she saw.
        const dealt = touchedOnBots.determinize(state.G, state.ctx, '0', new Rng('tracker'));
        expect(dealt.players['1'].hand).toEqual([e19, u]);
      }
    }
    expect(state.G.players['0'].ding).toBe(true);
    expect(state.ctx.currentPlayer).toBe('1');
    expect(state.G.players['1'].hand).toEqual([e19, u]);
  });
});
