/**
 * A fast driver for the pure rules: it plays the engine's move functions on
 * a plain, mutable `G`, emulating the turn flow that src/games/lisbon/index.ts
 * declares for boardgame.io (turn order, the final round, stages for
 * out-of-turn decisions, the end-of-turn draw, the turn's `endIf`).
 *
 * It exists for speed: MCTS playouts and the benchmark's "pure rules" figure.
 * test/bots/driver.test.ts checks that it replays whole games exactly like
 * boardgame.io's reducer (same seed, same moves, same final state).
 */
import type { Ctx } from 'boardgame.io';
import {
  choosePushBranch,
  dropOff,
  endTurn,
  keepPassenger,
  move,
  pickUp,
  placePassengers,
  takeBonus,
  type MoveContext,
} from '../moves';
import { END_OF_TURN_DRAW } from '../data/boards';
import { drawTickets, freshTurn, log } from '../state';
import { actionsLeft, freeMoveAvailable } from '../selectors';
import { gameOver } from '../scoring';
import type { GameOver, GState, PlayerID } from '../types';
import { randomApi, type RandomData } from '../../../bots/rng';

type MoveFn = (mc: MoveContext, args?: unknown) => unknown;

const MAIN_MOVES: Record<string, MoveFn> = { move, pickUp, dropOff, takeBonus, endTurn };
const STAGE_MOVES: Record<string, Record<string, MoveFn>> = {
  pushBranch: { choosePushBranch },
  placePassengers: { placePassengers },
  bellChoice: { keepPassenger },
};

/** The part of boardgame.io's ctx the rules read. */
export interface SimCtx {
  numPlayers: number;
  playOrder: PlayerID[];
  playOrderPos: number;
  currentPlayer: PlayerID;
  turn: number;
  phase: string | null;
  activePlayers: Record<PlayerID, string> | null;
  gameover?: GameOver;
}

/** A game in the driver: plain data, mutated in place. */
export interface Sim {
  G: GState;
  ctx: SimCtx;
  random: RandomData;
}

/** boardgame.io's state shape (what the reducer and the bots see). */
export interface BgioState {
  G: GState;
  ctx: Ctx;
  plugins: Record<string, { data: unknown }>;
  [k: string]: unknown;
}

/** A deep copy of plain data. */
export function clone<T>(v: T): T {
  return typeof structuredClone === 'function' ? structuredClone(v) : (JSON.parse(JSON.stringify(v)) as T);
}

/** A driver game from a boardgame.io state (copied; the input is not touched). */
export function fromBgio(state: { G: GState; ctx: Ctx; plugins?: BgioState['plugins'] }, keepEvents = true): Sim {
  const c = state.ctx;
  const G = keepEvents ? clone(state.G) : clone({ ...state.G, events: [] });
  const data = state.plugins?.random?.data as RandomData | undefined;
  return {
    G,
    ctx: {
      numPlayers: c.numPlayers,
      playOrder: [...c.playOrder],
      playOrderPos: c.playOrderPos,
      currentPlayer: c.currentPlayer,
      turn: c.turn,
      phase: c.phase,
      activePlayers: c.activePlayers ? { ...c.activePlayers } : null,
      gameover: c.gameover as Sim['ctx']['gameover'],
    },
    random: data ? clone(data) : { seed: '0' },
  };
}

/** A boardgame.io state from a driver game, keeping `base`'s other ctx and plugin fields. */
export function toBgio(sim: Sim, base: BgioState): BgioState {
  return {
    ...base,
    G: sim.G,
    ctx: {
      ...base.ctx,
      currentPlayer: sim.ctx.currentPlayer,
      playOrderPos: sim.ctx.playOrderPos,
      turn: sim.ctx.turn,
      phase: sim.ctx.phase as string,
      activePlayers: sim.ctx.activePlayers,
      gameover: sim.ctx.gameover,
    },
    plugins: { ...base.plugins, random: { data: sim.random } },
  };
}

/**
 * A drop-in for boardgame.io's game reducer on MAKE_MOVE actions, running
 * the driver (same results, see test/bots/driver.test.ts; no Immer, no
 * plugins). Returns the state unchanged when the move is rejected.
 */
export function fastReducer(
  state: BgioState,
  action: { type: string; payload: { type: string; args?: unknown[]; playerID: PlayerID } },
): BgioState {
  if (action.type !== 'MAKE_MOVE') return state;
  const sim = fromBgio(state, false);
  if (!applyMove(sim, action.payload.playerID, action.payload.type, action.payload.args ?? [])) return state;
  return toBgio(sim, state);
}

/** A deep copy of a driver game. */
export function cloneSim(sim: Sim): Sim {
  return clone(sim);
}

/** Who must act now: the first active player in a stage, else the current player. */
export function actingPlayer(ctx: { activePlayers?: Record<string, string> | null; currentPlayer: string }): PlayerID {
  return ctx.activePlayers ? Object.keys(ctx.activePlayers)[0] : ctx.currentPlayer;
}

function endTheTurn(sim: Sim, random: ReturnType<typeof randomApi>): void {
  const { G, ctx } = sim;
  // turn.onEnd: the end-of-turn draw (once).
  if (!G.turn.ended) {
    G.turn.ended = true;
    const n = drawTickets(G, random, ctx.currentPlayer, END_OF_TURN_DRAW, ctx.turn);
    log(G, ctx.turn, { type: 'draw', player: ctx.currentPlayer, count: n, reason: 'endOfTurn' });
    log(G, ctx.turn, { type: 'endTurn', player: ctx.currentPlayer });
  }
  ctx.activePlayers = null;
  // turn.order.next: the final round ends before the first player's turn comes round again.
  const next = (ctx.playOrderPos + 1) % ctx.playOrder.length;
  if (G.endTriggered && ctx.playOrder[next] === G.firstPlayer) {
    G.finished = true; // phase onEnd
    ctx.phase = null;
    ctx.gameover = gameOver(G, ctx.playOrder);
    return;
  }
  ctx.playOrderPos = next;
  ctx.currentPlayer = ctx.playOrder[next];
  ctx.turn++;
  G.turn = freshTurn(); // turn.onBegin
}

/**
 * Play one move for `playerID`. Returns false (state untouched) when the
 * player may not make that move now or the rules reject it.
 */
export function applyMove(sim: Sim, playerID: PlayerID, name: string, args: unknown[] = []): boolean {
  const { ctx } = sim;
  if (ctx.gameover) return false;
  let fn: MoveFn | undefined;
  if (ctx.activePlayers) {
    const stage = ctx.activePlayers[playerID];
    if (stage === undefined) return false;
    fn = STAGE_MOVES[stage]?.[name];
  } else {
    if (playerID !== ctx.currentPlayer) return false;
    fn = MAIN_MOVES[name];
  }
  if (!fn) return false;
  const random = randomApi(sim.random);
  const queued: (['endTurn'] | ['endStage'] | ['setActivePlayers', Record<PlayerID, string>])[] = [];
  const mc: MoveContext = {
    G: sim.G,
    base: sim.G,
    ctx: ctx as unknown as Ctx,
    playerID,
    random,
    events: {
      endTurn: () => queued.push(['endTurn']),
      endStage: () => queued.push(['endStage']),
      setActivePlayers: (a) => queued.push(['setActivePlayers', a.value]),
    },
  };
  const result = fn(mc, args[0]);
  if (result === 'INVALID_MOVE') return false;
  let endTurnNow = false;
  for (const e of queued) {
    if (e[0] === 'setActivePlayers') ctx.activePlayers = { ...e[1] };
    else if (e[0] === 'endStage') {
      if (ctx.activePlayers) {
        const rest = { ...ctx.activePlayers };
        delete rest[playerID];
        ctx.activePlayers = Object.keys(rest).length ? rest : null;
      }
    } else endTurnNow = true;
  }
  const G = sim.G;
  // turn.endIf: nothing left to do.
  if (
    endTurnNow ||
    (!G.pending && actionsLeft(G, ctx.currentPlayer) === 0 && !freeMoveAvailable(G, ctx.currentPlayer))
  ) {
    endTheTurn(sim, random);
  }
  return true;
}
