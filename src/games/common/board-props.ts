/**
 * What the site's shell (src/client/) passes every game's board on top of
 * boardgame.io's own props, and the words a board shows while a table waits.
 */
import type { Ctx } from 'boardgame.io';
import type { BoardProps } from 'boardgame.io/react';

export type ShellBoardProps<G> = BoardProps<G> & {
  /** Seat names to show, by player ID (the lobby's, or the hot-seat form's). */
  playerNames?: Record<string, string>;
  /**
   * An online match still waits for its table (the waiting room is open): the
   * board shows the deal, greyed, and nobody's turn has begun.
   */
  tableWaiting?: boolean;
  /**
   * Hot-seat: a seat's board is mounted afresh each time its player takes the
   * device. These are the states that seat's view went through since its
   * screen last showed one (that one first, oldest first, the current state
   * not included), so the board can tell its player what changed meanwhile,
   * as a board that stayed up would have. Read when the board mounts; absent
   * online, where the board stays up.
   */
  unseen?: { G: G; ctx: Ctx; _stateID: number }[];
  /**
   * The board shows a step of a finished match's replay, under the replay page's timeline (its own controls, which
   * step the board on or back, or play it). What a board would put up over the page (a summary between rounds, the
   * end screen) must leave the timeline free: shown in the board's flow, with no backdrop, taking no focus, closed
   * with "Close". A `playerID` is then the chair the replay is seen from: the board shows that seat's hidden cards,
   * but nobody plays (see {@link playingSeat}).
   */
  replay?: boolean;
  /**
   * Online, in a running match: the seats whose player left and nobody has taken since (the server's record of
   * leavers, which the match page reads from the lobby). The game waits on them until someone takes them.
   */
  leftSeats?: readonly string[];
};

/**
 * The class a board gives its banner, the bar across its top saying whose turn it is. The shell finds the banner by
 * it, under the element it mounts the board in: when the banner is positioned (any `position` but `static`: sticky at
 * the window's top, as Lisbon's and Touched On's are), the floating copy of Take back stands at its end and the
 * banner makes room for it (src/client/TakeBack.tsx, styles.css); otherwise, or where a board has none, the copy
 * stands at the window's top-right corner.
 */
export const BOARD_BANNER = 'board-banner';

/**
 * Optionally, the class of the part of a board's banner that forms its first line (a child of the banner: a box of
 * its own, or `display: contents` if the banner lays its items out itself). On an upright phone (600 px wide or
 * less), while the banner keeps the floating Take back's room, the page lays it out as a line of its own, the
 * banner's width, its items wrapping; when it wraps beside the room onto lines as tall as the copy (44 px), the copy
 * stands at its end and it alone keeps the room, so the lines under it keep the banner's whole width.
 */
export const BOARD_BANNER_LEAD = 'board-banner-lead';

/**
 * Optionally, an attribute a board puts on a part that hot-seat's notes ("Gia's turn", "Bot 3 is playing.") must not
 * cover, whatever its size, as they do not cover a control (src/client/hotseatNotes.ts): its action panel, whose
 * words say what to do. Get on Board's plot panel, beside the map on a phone held sideways, fills the side column's
 * height, and the note, kept off its Confirm, stood over its text.
 */
export const NOTE_CLEAR = 'data-note-clear';
/**
 * `NOTE_CLEAR`'s value for a part kept clear only where the window has another place for the notes (Get on Board's
 * map: above the banner on an upright phone, rather than over the map's corner); where it has none, a note may stand
 * over it, never over a control or a part marked with no value.
 */
export const NOTE_CLEAR_IF_ROOM = 'if-room';

/**
 * The seat that plays on this board: its `playerID`, but none in a replay. There `playerID` is the chair the replay
 * is seen from: the board shows that seat's hidden cards, but nobody plays, so it names whose turn it was ("Ana's
 * turn", "Ana's hand"), never "Your turn", and offers no move.
 */
export function playingSeat(props: { playerID?: string | null; replay?: boolean }): string | null {
  return props.replay ? null : (props.playerID ?? null);
}

/**
 * What a board says while the game waits on a player (`name`) to do `what` ("play", "choose a departure"). A replay
 * waits on nobody: there it says whose step comes next ("Ana to play.").
 */
export function waitingText(name: string, what: string, replay?: boolean): string {
  return replay ? `${name} to ${what}.` : `Waiting for ${name} to ${what}…`;
}

/** {@link waitingText} in a banner badge's few words, for a decision: "Waiting for Ana", in a replay "Ana to decide". */
export function waitingBadge(name: string, replay?: boolean): string {
  return replay ? `${name} to decide` : `Waiting for ${name}`;
}

/** What a board's action panel says while `tableWaiting`. */
export const TABLE_WAITING_TEXT = 'The game starts when every seat is taken.';

/**
 * The seats of a running online match that nobody holds: their player left (the server frees the seat and keeps
 * the match going), as the match page passes them (`leftSeats`). None in hot-seat, a replay, a table still filling,
 * and once the game is over.
 */
export function emptySeats(props: {
  replay?: boolean;
  tableWaiting?: boolean;
  ctx: Ctx;
  leftSeats?: readonly string[];
}): ReadonlySet<string> {
  if (props.replay || props.tableWaiting || props.ctx.gameover !== undefined || !props.leftSeats?.length) return NONE;
  return new Set(props.leftSeats);
}
const NONE: ReadonlySet<string> = new Set();

/** A seat nobody holds, in a few words (a banner's badge; see {@link emptySeats}). */
export function emptySeatLabel(seat: string): string {
  return `Seat ${Number(seat) + 1} is empty`;
}

/** What a board says while the game waits for a seat nobody holds (see {@link emptySeats}). */
export function emptySeatText(seat: string): string {
  return `${emptySeatLabel(seat)}: its player left. The game goes on once someone takes the seat.`;
}
