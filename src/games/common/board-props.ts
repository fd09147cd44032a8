/**
 * What the site's shell (src/client/) passes every game's board on top of
 * boardgame.io's own props. Types only.
 */
import type { BoardProps } from 'boardgame.io/react';

export type ShellBoardProps<G> = BoardProps<G> & {
  /** Seat names to show, by player ID (the lobby's, or the hot-seat form's). */
  playerNames?: Record<string, string>;
  /**
   * An online match still waits for its table (the waiting room is open): the
   * board shows the deal, greyed, and nobody's turn has begun.
   */
  tableWaiting?: boolean;
};
