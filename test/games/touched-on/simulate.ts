/**
 * Seeded random play through boardgame.io's own reducer, choosing among the
 * `ai.enumerate` moves computed on the acting player's view.
 */
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { TouchedOn } from '../../../src/games/touched-on';
import { playerView } from '../../../src/games/touched-on/view';
import { enumerate } from '../../../src/games/touched-on/ai';
import { actingPlayer } from '../../../src/games/touched-on/legal';
import type { GameOver, TOState } from '../../../src/games/touched-on/types';
import { Rng } from '../../../src/bots/rng';
import { invariantErrors, leakErrors } from './helpers';
import { LogRoundTrip, sameAsWhole } from '../../roundTrip';

export interface SimResult {
  steps: number;
  journeys: number;
  gameover: GameOver;
  /** How often each move was played. */
  moves: Record<string, number>;
}

const reducer = CreateGameReducer({ game: TouchedOn });

/** Play one seeded random game to the end; throws on any broken rule, refused move or leak. */
export function simulateGame(numPlayers: number, seed: number, maxSteps = 20000): SimResult {
  const rnd = new Rng(seed);
  let state = InitializeGame({ game: { ...TouchedOn, seed: `sim-${seed}` }, numPlayers }) as State<TOState>;
  let steps = 0;
  const played: Record<string, number> = {};
  const roundTrip = new LogRoundTrip('log');
  while (!state.ctx.gameover) {
    if (steps >= maxSteps) throw new Error(`game ${seed} did not end in ${maxSteps} steps`);
    const G = state.G;
    const actor = actingPlayer(G, state.ctx);
    if (actor === null) throw new Error(`nobody to act at step ${steps}`);
    const active = state.ctx.activePlayers ? Object.keys(state.ctx.activePlayers) : [state.ctx.currentPlayer];
    if (active.length !== 1 || active[0] !== actor)
      throw new Error(`active players ${active.join(',')} but ${actor} acts`);
    for (const p of Object.keys(G.players)) {
      const leaks = leakErrors(G, playerView(G, p), p);
      if (leaks.length) throw new Error(`step ${steps}: ${leaks.join('; ')}`);
    }
    const moves = enumerate(playerView(G, actor), state.ctx, actor);
    if (moves.length === 0) throw new Error(`no move for ${actor} at step ${steps}`);
    for (const p of Object.keys(G.players))
      if (p !== actor && enumerate(playerView(G, p), state.ctx, p).length > 0)
        throw new Error(`step ${steps}: ${p} has moves but ${actor} acts`);
    const m = moves[rnd.int(moves.length)];
    const next = roundTrip.move(reducer as never, state, actor, m, `step ${steps}`);
    const errors = invariantErrors(next.G);
    if (errors.length) throw new Error(`step ${steps} (${m.move}): ${errors.join('; ')}`);
    played[m.move] = (played[m.move] ?? 0) + 1;
    if (m.move === 'appeal') played[`appeal:${G.pending?.kind === 'appeal' ? G.pending.source : '?'}`] = 1;
    // A Tram Tracker played as the last card: the chooser looked and took nothing.
    if (m.move === 'trackerSwap' && (m.args[0] as { take?: unknown }).take === null) played['trackerSwap:nothing'] = 1;
    state = roundTrip.copy(next);
    steps++;
  }
  if (!sameAsWhole(state)) throw new Error(`game ${seed}: the final state does not survive a whole JSON round trip`);
  return { steps, journeys: state.G.journey, gameover: state.ctx.gameover as GameOver, moves: played };
}

/**
 * Seeded random play with no checks of its own: `check` sees every state before a move, and the last one; stops
 * at the game's end or after `maxSteps` moves. The boardgame.io seed is `${label}-${seed}`.
 */
export function playRandomly(
  numPlayers: number,
  label: string,
  seed: number,
  check: (s: State<TOState>) => void,
  maxSteps = 4000,
): State<TOState> {
  const rnd = new Rng(seed);
  let state = InitializeGame({ game: { ...TouchedOn, seed: `${label}-${seed}` }, numPlayers }) as State<TOState>;
  for (let step = 0; step < maxSteps && !state.ctx.gameover; step++) {
    check(state);
    const actor = actingPlayer(state.G, state.ctx)!;
    const moves = enumerate(playerView(state.G, actor), state.ctx, actor);
    const m = moves[rnd.int(moves.length)];
    state = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: m.move, args: m.args, playerID: actor },
    } as never) as State<TOState>;
  }
  check(state);
  return state;
}
