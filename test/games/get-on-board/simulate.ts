/**
 * Seeded random play through boardgame.io's own reducer, choosing among the
 * `ai.enumerate` moves computed on the acting player's view, with every
 * invariant checked at every step.
 */
import { isDeepStrictEqual } from 'node:util';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { createGetOnBoard } from '../../../src/games/get-on-board';
import { playerView } from '../../../src/games/get-on-board/view';
import { actingPlayers, enumerate } from '../../../src/games/get-on-board/ai';
import { plotStatus } from '../../../src/games/get-on-board/legal';
import { getMap } from '../../../src/games/get-on-board/maps';
import { MARKER_SUPPLY } from '../../../src/games/get-on-board/data';
import type { GobResult, GobState, PointId } from '../../../src/games/get-on-board/types';
import { Rng } from '../../../src/bots/rng';
import { waitingOn } from '../../../src/games/common/waiting-room';
import { getOnBoard } from '../../../src/games/get-on-board/def';
import { Replay } from './replay';

export interface SimResult {
  /** The map played. */
  mapId: string;
  steps: number;
  rounds: number;
  result: GobResult;
  eliminated: number;
  extras: number;
}

/** Every broken board invariant of a state (empty when all hold). */
export function boardErrors(G: GobState): string[] {
  const errors: string[] = [];
  const map = getMap(G.mapId);
  const sections = new Set(map.sections.map((s) => `${s.a}|${s.b}`));
  const has = (p: string, q: string) => sections.has(`${p}|${q}`) || sections.has(`${q}|${p}`);
  for (const p of G.order) {
    const { line, eliminated } = G.players[p];
    if (line.length - 1 > MARKER_SUPPLY) errors.push(`${p} placed more than ${MARKER_SUPPLY} markers (R9)`);
    const used = new Set<string>();
    for (let i = 1; i < line.length; i++) {
      if (!has(line[i - 1], line[i])) errors.push(`${p}: ${line[i - 1]}–${line[i]} is not a section`);
      const k = [line[i - 1], line[i]].sort().join('|');
      if (used.has(k)) errors.push(`${p}: two markers on ${k}`);
      used.add(k);
      const seenBefore = line.slice(0, i).includes(line[i]);
      if (seenBefore && !(eliminated && i === line.length - 1)) errors.push(`${p} revisits ${line[i]} unpunished`);
    }
  }
  return errors;
}

/** Play one seeded random game (mostly avoiding elimination) on `mapFor`'s maps to the end; throws on any broken rule or refused move. */
export function simulateGame(mapFor: (n: number) => string, numPlayers: number, seed: number): SimResult {
  const game = createGetOnBoard({ mapFor });
  const reducer = CreateGameReducer({ game });
  const rnd = new Rng(seed);
  let state = InitializeGame({ game: { ...game, seed: `sim-${seed}` }, numPlayers }) as State<GobState>;
  let replay: Replay | null = null;
  let steps = 0;
  let extras = 0;
  while (!state.ctx.gameover) {
    if (steps > 100) throw new Error(`game ${seed} did not end`);
    const G = state.G;
    const actors = actingPlayers(G);
    if (actors.length === 0) throw new Error(`nobody to act at step ${steps}`);
    // The platform's answer (clocks, bot seats, "your move") is the rules'; boardgame.io lets each of them act.
    const waits = waitingOn(state.ctx, G, getOnBoard.waitingOn);
    if (waits.sort().join() !== [...actors].sort().join())
      throw new Error(`the platform waits for ${waits.join(',')}, the rules for ${actors.join(',')}`);
    const active = state.ctx.activePlayers ? Object.keys(state.ctx.activePlayers) : [state.ctx.currentPlayer];
    if (!actors.every((p) => active.includes(p)))
      throw new Error(`boardgame.io lets ${active.join(',')} act, the rules wait for ${actors.join(',')}`);
    const actor = actors[rnd.int(actors.length)];
    const moves = enumerate(playerView(G, actor), actor);
    if (moves.length === 0) throw new Error(`no move for ${actor} at step ${steps} (R18)`);
    for (const p of G.order)
      if (!actors.includes(p) && enumerate(playerView(G, p), p).length > 0)
        throw new Error(`${p} has moves out of turn`);
    // Mostly cautious: 9 times in 10 a move that does not eliminate, when there is one, so games reach late rounds.
    const safe = moves.filter(
      (mv) => mv.move !== 'plot' || !plotStatus(G, actor, (mv.args[0] as { path: PointId[] }).path).eliminated,
    );
    const pool = safe.length > 0 && rnd.next() < 0.9 ? safe : moves;
    const m = pool[rnd.int(pool.length)];
    const next = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: m.move, args: m.args, playerID: actor },
    } as never) as State<GobState>;
    if (next._stateID === state._stateID)
      throw new Error(`enumerated move refused at step ${steps}: ${actor} ${JSON.stringify(m)}`);
    // The same move from a seat the rules do not wait for is refused, though boardgame.io lets every seat act in a round.
    const other = G.order.find((p) => !actors.includes(p));
    if (other !== undefined && m.move === 'plot') {
      const refused = reducer(state, {
        type: 'MAKE_MOVE',
        payload: { type: m.move, args: m.args, playerID: other },
      } as never) as State<GobState>;
      if (refused._stateID !== state._stateID || refused.G !== state.G)
        throw new Error(`step ${steps}: ${other} plotted out of turn`);
    }
    if (m.move === 'plot') {
      const { path, extra } = m.args[0] as { path: PointId[]; extra?: PointId };
      if (extra) extras++;
      replay!.plot(G, actor, path, extra);
      if (next.G.round !== G.round || next.G.result)
        replay!.objectives(
          G.round,
          G.objectives.map((o) => o.card),
        );
    }
    if (!replay && next.G.round === 1) replay = new Replay(next.G);
    const errors = [...boardErrors(next.G), ...(replay ? replay.errors(next.G) : [])];
    if (errors.length) throw new Error(`game ${seed} step ${steps} (${JSON.stringify(m)}): ${errors.join('; ')}`);
    state = JSON.parse(JSON.stringify(next)) as State<GobState>;
    if (!isDeepStrictEqual(state.G, next.G)) throw new Error(`step ${steps}: G does not survive a JSON round-trip`);
    steps++;
  }
  const result = state.ctx.gameover as GobResult;
  for (const p of state.G.order)
    if (result.scores[p].total !== replay!.total(state.G, p))
      throw new Error(
        `game ${seed}: ${p} scores ${result.scores[p].total}, the board says ${replay!.total(state.G, p)}`,
      );
  const eliminated = state.G.order.filter((p) => state.G.players[p].eliminated).length;
  if (eliminated < numPlayers && state.G.round !== 12) throw new Error(`game ${seed} ended in round ${state.G.round}`);
  return { mapId: state.G.mapId, steps, rounds: state.G.round, result, eliminated, extras };
}
