/** Real engine states for the bot tests. */
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../../src/games/lisbon/index';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import type { GState, PlayerID } from '../../src/games/lisbon/types';
import { actingPlayerOf } from '../../src/bots/index';
import { greedyMove } from '../../src/bots/index';
import { Rng } from '../../src/bots/rng';
import { playerView } from '../../src/games/lisbon/view';
import { lisbon } from '../../src/games/lisbon/def';

export type State = { G: GState; ctx: Ctx; plugins: Record<string, { data: unknown }>; _stateID: number };

/** A reducer and start state for a seeded game. */
export function start(numPlayers: number, seed: string) {
  const game = { ...LisbonTram28, seed };
  return { reducer: CreateGameReducer({ game }), state: InitializeGame({ game, numPlayers }) as unknown as State };
}

/** Apply a move through the reducer; throws when it is rejected. */
export function step(
  reducer: ReturnType<typeof CreateGameReducer>,
  s: State,
  pid: PlayerID,
  move: string,
  args: unknown[],
): State {
  const next = reducer(
    s as never,
    { type: 'MAKE_MOVE', payload: { type: move, args, playerID: pid } } as never,
  ) as unknown as State;
  if (next === s) throw new Error(`rejected: ${pid} ${move} ${JSON.stringify(args)}`);
  return next;
}

/**
 * Play seeded games (greedy, with some random moves) until `want` holds of
 * a state; returns that state, or null after `maxGames`.
 */
export function findState(
  numPlayers: number,
  want: (s: State) => boolean,
  maxGames = 30,
  randomShare = 0.3,
): State | null {
  for (let g = 0; g < maxGames; g++) {
    const { reducer, state } = start(numPlayers, `find${g}`);
    let s = state;
    const rng = new Rng(`find${g}`);
    for (let i = 0; i < 3000 && !s.ctx.gameover; i++) {
      if (want(s)) return s;
      const pid = actingPlayerOf(lisbon, s)!;
      const view = playerView(s.G, pid);
      const m =
        rng.next() < randomShare
          ? botMoves(view, s.ctx, pid)[rng.int(botMoves(view, s.ctx, pid).length)]
          : greedyMove(lisbon, view, s.ctx, pid, rng)!;
      s = step(reducer, s, pid, m.move, m.args);
    }
  }
  return null;
}
