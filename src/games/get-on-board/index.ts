/**
 * Get on Board: Paris & Rome as a boardgame.io Game. The rules live in this
 * folder (RULES.md) and import no React, DOM or Node modules.
 *
 * Phases: `departure` (everyone at once keeps one of two tickets, in secret),
 * then `rounds`. One boardgame.io turn is one round, the Inspector's: every
 * seat is active in it, and the rules take the plot (one move) of the player
 * whose turn of the round it is (`G.toPlay`, in Inspector order), refusing
 * anyone else's. The rules reveal tickets, check objectives and pass the
 * Inspector themselves; the plot that ends the round ends the turn
 * (`roundOver`). (A
 * boardgame.io turn per plot cost about 17 µs of boardgame.io's own work per
 * move, measured on empty games.) `waitingOn` (def.ts) tells the platform
 * whom a round waits for.
 */
import { ActivePlayers } from 'boardgame.io/core';
import type { Ctx, Game, LongFormMove } from 'boardgame.io';
import { mapIdFor } from './maps';
import './maps/all';
import { setupState } from './setup';
import * as M from './moves';
import { playerView } from './view';
import { enumerate } from './ai';
import type { GobState } from './types';
import { NO_CLIENT_EVENTS, noClientEvents } from '../common/no-client-events';
import { baseState, freezeState, onCopy } from '../common/copy-on-call';
import { fork } from './fork';

/** Options of a Get on Board game object. */
export interface GetOnBoardOptions {
  /** The map for a player count (default: Rome for 2–3, Paris for 4–5, R17). Tests pass their own maps. */
  mapFor?: (numPlayers: number) => string;
}

/**
 * A server-only move, never undoable (the round's end reveals the hidden deck's
 * top ticket). It runs on a copy of the state, not on boardgame.io's Immer
 * draft (fork.ts).
 */
const serverMove = (
  fn: (mc: M.MoveContext, args?: unknown) => unknown,
  { redact = false, ignoreStaleStateID = false } = {},
): LongFormMove<GobState> => {
  const run = onCopy<GobState, M.MoveContext, [unknown]>(fork, fn);
  return {
    move: (mc, args?: unknown) => run(mc, args),
    client: false,
    undoable: false,
    redact,
    ignoreStaleStateID,
  };
};

const toPlayIndex = ({ G, ctx }: { G: GobState; ctx: Ctx }) => Math.max(0, ctx.playOrder.indexOf(G.toPlay ?? ''));

/**
 * Whether the round's turn is over: the plot just made ended the round (the
 * next round starts with its Inspector to plot, `G.toPlay === G.inspector`,
 * which holds within a round only before its first plot, and the turn's
 * player, who plots first, has moved). A match stored before rounds were one
 * turn (no active players in its round, one turn per plot) ends its turn
 * after every plot, and so comes to the new form at its next turn. A
 * `turn.endIf`, not `events.endTurn()` from the move: boardgame.io's events
 * plugin makes an `Error`, stack trace and all, for every event a move calls.
 */
const roundOver = ({ G, ctx }: { G: GobState; ctx: Ctx }) =>
  ctx.numMoves! > 0 && (!ctx.activePlayers || G.toPlay === G.inspector);

/** Build the game; `GetOnBoard` is the one the site registers. */
export function createGetOnBoard(options: GetOnBoardOptions = {}): Game<GobState> {
  const mapFor = options.mapFor ?? mapIdFor;
  return {
    name: 'get-on-board',
    minPlayers: 2,
    maxPlayers: 5,
    // Frozen (the root, in production) like every state a move returns: boardgame.io's Immer then leaves it
    // alone instead of walking and freezing all of it in the first phase's hook.
    setup: ({ ctx, random }) => freezeState(setupState(ctx.numPlayers, mapFor(ctx.numPlayers), random)),
    playerView: ({ G, playerID }) => playerView(G, playerID),
    disableUndo: true,
    plugins: [baseState, noClientEvents],
    // No event from a client: the rules end turns and phases themselves (see noClientEvents).
    events: NO_CLIENT_EVENTS,
    phases: {
      departure: {
        start: true,
        next: 'rounds',
        // Everyone at once; a player leaves the active set once they have chosen (so bots that act for
        // the first active player always find one still to choose).
        turn: { activePlayers: ActivePlayers.ALL_ONCE },
        // The choice is secret until all have chosen: other players' logs do not show its ticket. A choice
        // sent before the sender heard of another player's is as good as ever (the rules check it on the
        // state it lands on), so it is kept rather than refused as stale: a click is not lost to a race.
        moves: { chooseDeparture: serverMove(M.chooseDeparture, { redact: true, ignoreStaleStateID: true }) },
        endIf: ({ G }) => G.round > 0,
      },
      rounds: {
        // The round's turn: its Inspector's, with every seat active (the rules refuse an out-of-turn plot).
        turn: {
          order: { first: toPlayIndex, next: toPlayIndex },
          activePlayers: ActivePlayers.ALL,
          endIf: roundOver,
        },
        moves: { plot: serverMove(M.plot) },
      },
    },
    endIf: ({ G }) => G.result ?? undefined,
    ai: {
      enumerate: (G, _ctx, playerID) => enumerate(G, playerID),
    },
  };
}

/** The game, registered under the name `get-on-board`. */
export const GetOnBoard = createGetOnBoard();

export default GetOnBoard;
export type { GobState } from './types';
