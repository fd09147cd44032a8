/**
 * The fast rules driver (src/games/lisbon/bots/driver.ts) must replay games exactly like
 * boardgame.io's reducer: same seed, same moves, same states. MCTS playouts
 * and the benchmark's pure-rules figure rely on it.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../../src/games/lisbon/index';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import type { GState } from '../../src/games/lisbon/types';
import { actingPlayer, applyMove, fromBgio } from '../../src/games/lisbon/bots/driver';
import { Rng } from '../../src/bots/rng';

type State = { G: GState; ctx: Ctx; plugins: { random: { data: unknown } } };

function replay(numPlayers: number, seed: string, maxMoves: number, everyStep = false) {
  const game = { ...LisbonTram28, seed };
  const reducer = CreateGameReducer({ game });
  let s = InitializeGame({ game, numPlayers }) as unknown as State;
  const sim = fromBgio(s);
  const rng = new Rng(seed);
  let moves = 0;
  while (!s.ctx.gameover && moves < maxMoves) {
    const pid = actingPlayer(s.ctx);
    expect(actingPlayer(sim.ctx)).toBe(pid);
    const options = botMoves(s.G, s.ctx, pid);
    if (everyStep || moves % 25 === 0) expect(botMoves(sim.G, sim.ctx as unknown as Ctx, pid)).toEqual(options);
    const m = options[rng.int(options.length)];
    s = reducer(
      s as never,
      { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never,
    ) as unknown as State;
    expect(applyMove(sim, pid, m.move, m.args)).toBe(true);
    moves++;
    if (everyStep || moves % 25 === 0 || s.ctx.gameover) expect(sim.G).toEqual(s.G);
    if (everyStep) expect(sim.ctx.phase).toBe(s.ctx.phase);
    expect(sim.ctx.currentPlayer).toBe(s.ctx.currentPlayer);
    expect(sim.ctx.turn).toBe(s.ctx.turn);
    expect(sim.ctx.activePlayers ?? null).toEqual(s.ctx.activePlayers ?? null);
    expect(sim.random).toEqual(s.plugins.random.data);
  }
  expect(sim.ctx.gameover).toEqual(s.ctx.gameover);
  return { moves, over: !!s.ctx.gameover };
}

/**
 * The contract, exhaustively: the turn flow is written twice (the Game's turn
 * config and the driver), so every step of many seeded games is compared:
 * the acting player, the legal move lists, G, the phase, the turn, the
 * active players and the PRNG state, after every move.
 */
describe.each([2, 3, 4])('rules driver against the reducer, every step, %i players', (numPlayers) => {
  it.each(Array.from({ length: 12 }, (_, i) => i))('seeded game %i', (i) => {
    expect(replay(numPlayers, `contract-${numPlayers}-${i}`, 5000, true).over).toBe(true);
  });
});

describe('rules driver', () => {
  it('replays whole random 2-player games exactly like the reducer', () => {
    expect(replay(2, 'd1', 5000).over).toBe(true);
  });

  it('replays a whole random 4-player game exactly like the reducer', () => {
    const r = replay(4, 'd4', 5000);
    expect(r.over).toBe(true);
    expect(r.moves).toBeGreaterThan(100);
  });

  it('rejects moves out of turn', () => {
    const s = InitializeGame({ game: { ...LisbonTram28, seed: 'x' }, numPlayers: 2 }) as unknown as State;
    const sim = fromBgio(s);
    const other = sim.ctx.currentPlayer === '0' ? '1' : '0';
    expect(applyMove(sim, other, 'endTurn', [])).toBe(false);
    expect(applyMove(sim, sim.ctx.currentPlayer, 'placePassengers', [{ stop: 'x' }])).toBe(false);
  });
});
