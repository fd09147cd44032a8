/**
 * The enumerate/legality contract: each bot plays through real boardgame.io
 * Clients (one per seat, over a Local master, each seeing only its own
 * view), and every move it chooses must be accepted. At sampled positions,
 * every move `ai.enumerate` offers must be accepted by the reducer the
 * master runs.
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { LisbonTram28 } from '../../src/games/lisbon/index';
import { enumerate } from '../../src/games/lisbon/ai';
import type { GState } from '../../src/games/lisbon/types';
import { chooseMove, actingPlayerOf, type BotKind } from '../../src/bots/index';
import { start, step } from './helpers';
import { lisbon } from '../../src/games/lisbon/def';

type AnyClient = any;

async function settle(clients: AnyClient[], stateID: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (clients.every((c) => c.getState()?._stateID > stateID)) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error(`the move was not accepted (state ${stateID} did not advance)`);
}

async function playThroughClients(bots: BotKind[], seed: string, maxMoves: number, checkEvery: number) {
  const game = { ...LisbonTram28, seed };
  const multiplayer = Local();
  const clients: AnyClient[] = bots.map((_, i) =>
    Client({ game, numPlayers: bots.length, playerID: String(i), multiplayer } as AnyClient),
  );
  for (const c of clients) c.start();
  await settle(clients, -1);
  // A shadow of the master's full state: same seed, same moves.
  const { reducer, state } = start(bots.length, seed);
  let shadow = state;
  let moves = 0;
  let checked = 0;
  try {
    while (moves < maxMoves) {
      const any = clients[0].getState();
      if (any.ctx.gameover) break;
      const pid = actingPlayerOf(lisbon, any)!;
      const mine = clients[Number(pid)].getState();
      // The client's state is the player's view: other hands are hidden.
      for (const id in mine.G.players) if (id !== pid) expect((mine.G as GState).players[id].hand).toBeNull();
      expect((mine.G as GState).secret).toBeUndefined();
      const m = await chooseMove(lisbon, mine, pid, bots[Number(pid)], 'easy', `${seed}-${moves}`, { budgetMs: null });
      expect(m).not.toBeNull();
      if (moves % checkEvery === 0) {
        // Every enumerated move is accepted by the real reducer (on the master's full state).
        for (const opt of enumerate(shadow.G, shadow.ctx, pid)) step(reducer, shadow, pid, opt.move, opt.args);
        checked++;
      }
      const before = mine._stateID;
      clients[Number(pid)].moves[m!.move](...m!.args);
      await settle(clients, before);
      shadow = step(reducer, shadow, pid, m!.move, m!.args);
      expect(clients[Number(pid)].getState().G.players).toEqual(
        Object.fromEntries(
          Object.entries(shadow.G.players).map(([id, p]) => [id, id === pid ? p : { ...p, hand: null }]),
        ),
      );
      moves++;
    }
  } finally {
    for (const c of clients) c.stop();
  }
  return { moves, checked, over: !!clients[0].getState().ctx.gameover };
}

describe('bots through real clients', () => {
  it('random and greedy: a whole 2-player game, every chosen move accepted', async () => {
    const r = await playThroughClients(['random', 'greedy'], 'leg1', 3000, 10);
    expect(r.over).toBe(true);
    expect(r.checked).toBeGreaterThan(3);
  });

  it('greedy and random: 4 players, 300 moves', async () => {
    const r = await playThroughClients(['greedy', 'random', 'greedy', 'random'], 'leg2', 300, 10);
    expect(r.moves === 300 || r.over).toBe(true);
  });

  it('mcts (easy): 16 moves of a 2-player game against greedy', async () => {
    const r = await playThroughClients(['mcts', 'greedy'], 'leg3', 16, 4);
    expect(r.moves).toBe(16);
  });
});
