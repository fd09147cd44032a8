/**
 * Game-independent pieces every game of this site uses in its Game object:
 * the rules, not the clients, end turns, stages and games.
 */
import type { Game, Plugin } from 'boardgame.io';

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

/** What `noClientEvents` keeps of an action: whether a move ran in it. */
interface MoveMark {
  moved: boolean;
}

/**
 * Refuses every action in which no move ran: boardgame.io's client events
 * (`GAME_EVENT`: `endTurn`, `endGame`, `setActivePlayers`, …), which its
 * reducer processes for any active player whatever the game's `events`
 * config says. The rules end turns, stages and the game themselves, from
 * inside moves and hooks, which stay allowed. With `NO_CLIENT_EVENTS` as the
 * Game's `events` config (which removes them from `client.events`), the Game is safe on its own,
 * whatever the transport (hot-seat, `Local`, sockets).
 */
export const noClientEvents: Plugin<MoveMark, MoveMark> = {
  name: 'no-client-events',
  setup: () => ({ moved: false }),
  // The setup itself runs no move and must pass: the turn is still 0 then.
  api: ({ ctx }) => ({ moved: ctx.turn === 0 }),
  fnWrap: (fn, methodType) =>
    (methodType as string) === 'MOVE'
      ? (context, ...args: unknown[]) => {
          (context as unknown as Record<string, MoveMark>)['no-client-events'].moved = true;
          return fn(context, ...args) as unknown;
        }
      : fn,
  flush: ({ api }) => ({ moved: api.moved }),
  isInvalid: ({ data }) => (data.moved ? false : 'client events are disabled in this game'),
};
