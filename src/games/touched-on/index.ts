/**
 * Touched On as a boardgame.io Game. The rules live in this folder and import
 * no React, DOM or Node modules.
 */
import type { Ctx, Game, LongFormMove } from 'boardgame.io';
import type { TOSetupData, TOState } from './types';
import { INVALID_MOVE } from 'boardgame.io/core';
import * as M from './moves';
import type { MoveContext } from './moves';
import { setupState, validateSetupData } from './setup';
import { afterMove, beginTurn } from './flow';
import { playerView } from './view';
import { enumerate } from './ai';
import { noClientEvents, NO_CLIENT_EVENTS } from '../common/no-client-events';
import { baseState, onCopy } from '../common/copy-on-call';
import { fork } from './fork';

export { fork } from './fork';

/** boardgame.io's move context, as the rules type it (moves.ts). */
const asMoveContext = (mc: unknown): MoveContext => mc as MoveContext;

/** Run on a copy, not on boardgame.io's Immer draft (see copy-on-call.ts: Immer took most of a move's time). */
const copied = <C extends { G: TOState }, A extends unknown[]>(fn: (context: C, ...args: A) => unknown) =>
  onCopy<TOState, C, A>(fork, fn);

type Events = MoveContext['events'];

/** Run `send` with no stack trace captured by the Errors it makes. */
const withoutStack = (send: () => void): void => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    send();
  } finally {
    Error.stackTraceLimit = limit;
  }
};

/**
 * The events, sent without a stack trace. boardgame.io's events plugin makes
 * an Error for every event, only for the stack its message shows when an
 * event comes from where it may not (an `endIf`, an `onEnd`, outside a hook);
 * the rules send events from moves only. Capturing the stack was the biggest
 * part of an Appeal's cost in boardgame.io. (Turns end inside the move that
 * ends them, `afterMove`, and decisions' stages by their move limit, with no
 * event; `endStage` only ends a stage saved by earlier rules, see moves.ts.)
 */
class WithoutStacks implements Events {
  constructor(private readonly events: Events) {}
  endStage(): void {
    withoutStack(() => this.events.endStage());
  }
  setActivePlayers(arg: Parameters<Events['setActivePlayers']>[0]): void {
    withoutStack(() => this.events.setActivePlayers(arg));
  }
}

/** Begin the turn boardgame.io has just begun (see `onBegin`). */
const firstTurn = copied(({ G, ctx }: { G: TOState; ctx: Ctx }) => {
  beginTurn(G, ctx.currentPlayer, ctx.turn);
}) as (context: unknown) => TOState;

/** The state a hook is called with, before boardgame.io's Immer draft of it (the `baseState` plugin). */
const baseOf = (context: { G: TOState }): TOState => (context as { base?: TOState }).base ?? context.G;

/**
 * A server-only move (moves read hidden cards), undoable when the move says it may be taken back (`turn.takeBack`).
 * A `redact`ed move's arguments are blanked in boardgame.io's own log for every seat but the mover's.
 */
const serverMove = (fn: (mc: MoveContext, args?: unknown) => unknown, redact = false): LongFormMove<TOState> => {
  const run = copied((mc: { G: TOState }, args?: unknown) => {
    // `mc` is this call's own context (onCopy made it).
    const context = asMoveContext(mc);
    context.events = new WithoutStacks(context.events);
    if (fn(context, args) === INVALID_MOVE) return INVALID_MOVE;
    afterMove(context.G, context.random, context.ctx);
  });
  return {
    move: (mc, args?: unknown) => run(mc, args),
    client: false,
    redact,
    undoable: ({ G }) => G.turn.takeBack,
  };
};

/** The game, registered under the name `touched-on`. */
export const TouchedOn: Game<TOState, Record<string, unknown>, TOSetupData> = {
  name: 'touched-on',
  minPlayers: 2,
  maxPlayers: 4,
  setup: ({ ctx, random }, setupData) => setupState(ctx.numPlayers, random, setupData),
  validateSetupData: (setupData, numPlayers) => validateSetupData(setupData, numPlayers),
  playerView: ({ G, playerID }) => playerView(G, playerID),
  // Undo is on: only cards that reveal nothing may be taken back (serverMove's undoable, legal.ts canTakeBack).
  plugins: [baseState, noClientEvents],
  // No event from a client: the rules end turns and stages themselves (see noClientEvents).
  events: NO_CLIENT_EVENTS,
  moves: {
    inspect: serverMove(M.inspect),
    playEvaders: serverMove(M.playEvaders),
    feetOnSeat: serverMove(M.feetOnSeat),
    peakHour: serverMove(M.peakHour),
    tramTracker: serverMove(M.tramTracker),
    freeTramZone: serverMove(M.freeTramZone),
    shedAppeal: serverMove(M.shedAppeal),
    draw: serverMove(M.draw),
    putOut: serverMove(M.putOut),
    endTurn: serverMove(M.endTurn),
  },
  turn: {
    // A move that ends the turn finishes it and begins the next one (afterMove): the next player is the new record's.
    order: {
      first: ({ G, ctx }) => ctx.playOrder.indexOf(G.startPlayer ?? G.turn.player),
      next: ({ G, ctx }) => ctx.playOrder.indexOf(G.turn.player),
    },
    // Only a game's first turn (or a test's prepared position) is begun here: later ones were begun by the move
    // that ended the turn before. A hook that returns nothing leaves the state as it is, copying nothing.
    onBegin: (context) => (baseOf(context).turn.ctxTurn === context.ctx.turn ? undefined : firstTurn(context)),
    endIf: ({ G, ctx }) => G.turn.ctxTurn > ctx.turn,
    stages: {
      appeal: {
        moves: { appeal: serverMove(M.appeal), acceptInspection: serverMove(M.acceptInspection) },
      },
      // Only the chooser and the target may know the two cards (the target sees them in their own hand).
      tracker: { moves: { trackerSwap: serverMove(M.trackerSwap, true) } },
    },
  },
  endIf: ({ G }) => G.gameOver ?? undefined,
  ai: {
    enumerate: (G, ctx, playerID) => enumerate(G, ctx, playerID),
  },
};

export default TouchedOn;
export type { TOSetupData, TOState } from './types';
