/**
 * Game-independent pieces every game of this site uses in its Game object:
 * the rules, not the clients, end turns, stages and games.
 */
import type { Game, Plugin } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';

/** A Game's `events` config with every client event turned off (see `noClientEvents`). */
export const NO_CLIENT_EVENTS: NonNullable<Game['events']> = Object.freeze({
  endGame: false,
  endPhase: false,
  setPhase: false,
  endTurn: false,
  pass: false,
  setActivePlayers: false,
  endStage: false,
  setStage: false,
});

/** What a move that ran leaves for `isInvalid`. */
const MOVED: object = Object.freeze({ moved: true });

/** What a game being set up leaves for `isInvalid`. */
const SET_UP: object = Object.freeze({ setUp: true });

/**
 * What the action being processed has shown `isInvalid`: `MOVED` once a move
 * ran in it, `SET_UP` while a game is set up, else null. boardgame.io runs an
 * action's move and then its `isInvalid` synchronously in one reducer call
 * (and a new game's hooks and then its `isInvalid` in one `InitializeGame`),
 * and `isInvalid` takes the mark back, so the next action (of this match or
 * any other in the process: the mark is the module's) starts with none. A
 * move refused with INVALID_MOVE, or that throws, leaves no mark, nor does a
 * hook that throws after the move; a turn, phase or game `endIf` that throws
 * after a move would leave it for one action (boardgame.io does not pass
 * those through plugins), which takes a bug in the rules, and the server
 * refuses clients' GAME_EVENTs before they reach the reducer
 * (server/socket-guard.ts) anyway.
 */
let mark: object | null = null;

/**
 * Refuses every action in which no move ran: boardgame.io's client events
 * (`GAME_EVENT`: `endTurn`, `endGame`, `setActivePlayers`, …), which its
 * reducer processes for any active player whatever the game's `events`
 * config says. The rules end turns, stages and the game themselves, from
 * inside moves and hooks, which stay allowed. With `NO_CLIENT_EVENTS` as the
 * Game's `events` config (which removes them from `client.events`), the Game is safe on its own,
 * whatever the transport (hot-seat, `Local`, sockets).
 *
 * A game being set up runs no move, and must pass: it is known by its first
 * phase beginning at turn 0, which only a new game's phase does (every turn
 * after the setup is numbered from 1, so no event can begin a phase at turn 0).
 *
 * It keeps its mark outside the state (`mark`), with no `setup`, `api` or
 * `flush`: a plugin with any of them has an entry in the state's plugins,
 * which boardgame.io copies into the context of every hook and `endIf` it
 * calls, several times an action. Measured on a minimal game, `api` and
 * `flush` cost 43 µs an action against 39; on Touched On, the `setup` entry
 * alone cost about 4% of the reducer's moves per second.
 */
export const noClientEvents: Plugin = {
  name: 'no-client-events',
  fnWrap: (fn, methodType) => {
    const type = methodType as string;
    if (type === 'MOVE')
      return (context, ...args: unknown[]) => {
        mark = null;
        const result = fn(context, ...args) as unknown;
        if (result !== INVALID_MOVE) mark = MOVED;
        return result;
      };
    const setUp = type === 'PHASE_ON_BEGIN';
    return (context, ...args: unknown[]) => {
      if (setUp && context.ctx.turn === 0) mark = SET_UP;
      // A hook that throws fails its action: no mark may outlive it.
      try {
        return fn(context, ...args) as unknown;
      } catch (err) {
        mark = null;
        throw err;
      }
    };
  },
  isInvalid: () => {
    const ok = mark !== null;
    mark = null;
    return ok ? false : 'client events are disabled in this game';
  },
};
