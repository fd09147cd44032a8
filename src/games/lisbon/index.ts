/**
 * 28 Trams of Lisbon as a boardgame.io Game. The rules live in this folder
 * and import no React, DOM or Node modules.
 */
import type { Game, LongFormMove, Plugin } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import { END_OF_TURN_DRAW } from './data/boards';
import type { GState, SetupData } from './types';
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
} from './moves';
import { drawTickets, freshTurn, log, setupState, validateSetupData } from './state';
import { actionsLeft, freeMoveAvailable } from './selectors';
import { gameOver } from './scoring';
import { playerView } from './view';
import { enumerate } from './ai';
import { fork, freezeState } from './fork';
import { noClientEvents, NO_CLIENT_EVENTS } from '../common/no-client-events';

/**
 * Run a move or hook on a fresh copy of the state before the call (`base`,
 * see below) and hand boardgame.io the result, frozen. boardgame.io wraps
 * every call in its bundled Immer 9, which then has nothing to draft or
 * walk: drafting, and even our own Immer 11, cost more than the rules.
 */
function onBase(
  fn: (mc: MoveContext, args?: unknown) => unknown,
  mc: MoveContext,
  args?: unknown,
): GState | typeof INVALID_MOVE {
  const G = fork(mc.base);
  if (fn({ ...mc, G, events: mc.events && withoutTraces(mc.events) }, args) === INVALID_MOVE) return INVALID_MOVE;
  return freezeState(G);
}

/** Run `call` without capturing stack traces. */
function untraced(call: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    call();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * boardgame.io's events plugin builds an `Error` on every event call, only
 * to have a stack trace ready for its own error messages; capturing it
 * through boardgame.io's wrappers cost as much as the rest of the move.
 * Our events are called only where they are legal, so the trace is skipped.
 */
function withoutTraces(events: MoveContext['events']): MoveContext['events'] {
  return {
    endTurn: () => untraced(() => events.endTurn()),
    endStage: () => untraced(() => events.endStage()),
    setActivePlayers: (arg) => untraced(() => events.setActivePlayers(arg)),
  };
}

/** A turn or phase hook run by `onBase` (the base-state plugin adds `base` to the context). */
const hook =
  (fn: (mc: MoveContext) => void) =>
  (context: unknown): GState =>
    onBase(fn, context as MoveContext) as GState;

/**
 * Wrap a move: server-only (it may read hidden piles or draw at random), and
 * undoable when the move says it may be taken back (`turn.takeBack`, set by
 * every move; boardgame.io asks after the move, of the state it made).
 */
const serverMove = (fn: (mc: MoveContext, args?: unknown) => unknown): LongFormMove<GState> => ({
  move: (mc, args?: unknown) => onBase(fn, mc as unknown as MoveContext, args),
  client: false,
  undoable: ({ G }) => G.turn.takeBack,
});

/**
 * Hands every move and hook the state as it was before the call (`base`),
 * next to boardgame.io's Immer draft (`G`). Game plugins wrap outside the
 * Immer plugin, so `context.G` is still the plain state here.
 */
export const baseState: Plugin<unknown, unknown, GState> = {
  name: 'base-state',
  fnWrap:
    (fn) =>
    (context, ...args: unknown[]) =>
      fn({ ...context, base: context.G }, ...args) as unknown,
};

/** The game, registered under the name `lisbon-tram-28`. */
export const LisbonTram28: Game<GState, Record<string, unknown>, SetupData> = {
  name: 'lisbon-tram-28',
  minPlayers: 2,
  maxPlayers: 4,
  setup: ({ ctx, random }, setupData) => setupState(ctx.numPlayers, random, setupData),
  validateSetupData: (setupData, numPlayers) => validateSetupData(setupData, numPlayers),
  playerView: ({ G, playerID }) => playerView(G, playerID),
  // Undo is on: only actions that reveal nothing may be taken back (serverMove's undoable, legal.ts canTakeBack).
  plugins: [baseState, noClientEvents],
  // No event from a client: the rules fire them from moves and hooks (see noClientEvents).
  events: NO_CLIENT_EVENTS,
  moves: {
    move: serverMove(move),
    pickUp: serverMove(pickUp),
    dropOff: serverMove(dropOff),
    takeBonus: serverMove(takeBonus),
    endTurn: serverMove(endTurn),
  },
  phases: {
    play: {
      start: true,
      // The final round is over: score (see endIf).
      onEnd: hook(({ G }) => {
        G.finished = true;
      }),
      turn: {
        order: {
          first: ({ G, ctx }) => ctx.playOrder.indexOf(G.firstPlayer),
          // Once the end is triggered, the round is completed: the phase (and the game)
          // ends instead of passing the turn back to the first player (RULINGS "Last round").
          next: ({ G, ctx }) => {
            const next = (ctx.playOrderPos + 1) % ctx.playOrder.length;
            return G.endTriggered && ctx.playOrder[next] === G.firstPlayer ? undefined : next;
          },
        },
        onBegin: hook(({ G }) => {
          G.turn = freshTurn();
        }),
        onEnd: hook(({ G, base, ctx, random }) => {
          if (base.turn.ended) return;
          G.turn.ended = true;
          const n = drawTickets(G, random, ctx.currentPlayer, END_OF_TURN_DRAW, ctx.turn);
          log(G, ctx.turn, { type: 'draw', player: ctx.currentPlayer, count: n, reason: 'endOfTurn' });
          log(G, ctx.turn, { type: 'endTurn', player: ctx.currentPlayer });
        }),
        // Nothing left to do: no action, no free move, no decision pending.
        endIf: ({ G, ctx }) =>
          !G.pending && actionsLeft(G, ctx.currentPlayer) === 0 && !freeMoveAvailable(G, ctx.currentPlayer),
        stages: {
          pushBranch: { moves: { choosePushBranch: serverMove(choosePushBranch) } },
          placePassengers: { moves: { placePassengers: serverMove(placePassengers) } },
          bellChoice: { moves: { keepPassenger: serverMove(keepPassenger) } },
        },
      },
    },
  },
  endIf: ({ G, ctx }) => (G.finished ? gameOver(G, ctx.playOrder) : undefined),
  ai: {
    enumerate: (G, ctx, playerID) => enumerate(G, ctx, playerID),
  },
};

export default LisbonTram28;
export type { GState, SetupData } from './types';
