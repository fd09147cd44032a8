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

/** What a move that ran leaves for `isInvalid` (a game's setup leaves its plugin data instead). */
const MOVED: object = Object.freeze({ moved: true });

/**
 * What the action being processed has shown `isInvalid`: `MOVED` once a move
 * ran in it, the plugin data of a game being set up, else null. boardgame.io
 * runs an action's move and then its `isInvalid` synchronously in one
 * reducer call, and `isInvalid` takes the mark back, so the next action
 * (of this match or any other in the process: the mark is the module's)
 * starts with none. A move refused with INVALID_MOVE, or that throws, leaves
 * no mark, nor does a hook that throws after the move; a turn, phase or game
 * `endIf` that throws after a move would leave it for one action (boardgame.io
 * does not pass those through plugins), which takes a bug in the rules, and
 * the server refuses clients' GAME_EVENTs before they reach the reducer
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
 * It keeps its mark outside the state (`mark`), with no `api` or `flush`:
 * those cost boardgame.io about 4 µs an action in every game (measured on a
 * minimal game, 43 µs against 39), for a flag that lives one reducer call.
 */
export const noClientEvents: Plugin<object> = {
  name: 'no-client-events',
  // The setup runs no move and must pass: its own data is its mark (a setup that throws marks nothing else).
  setup: () => (mark = {}),
  fnWrap: (fn, methodType) =>
    (methodType as string) === 'MOVE'
      ? (context, ...args: unknown[]) => {
          mark = null;
          const result = fn(context, ...args) as unknown;
          if (result !== INVALID_MOVE) mark = MOVED;
          return result;
        }
      : (context, ...args: unknown[]) => {
          // A hook that throws fails its action: no mark may outlive it.
          try {
            return fn(context, ...args) as unknown;
          } catch (err) {
            mark = null;
            throw err;
          }
        },
  isInvalid: ({ data }) => {
    const ok = mark !== null && (mark === MOVED || mark === data);
    mark = null;
    return ok ? false : 'client events are disabled in this game';
  },
};
