/** The viewer's choices in progress on the board, and what every part of the action panel reads. */
import type { Ctx } from 'boardgame.io';
import type { LineId } from '../data';
import type { CardId, PlayerID, TOState } from '../types';
import type { Actions } from './actions';

/** The viewer's choices in progress. */
export interface Selection {
  /** A selected Inspector or Power (other than Priority Seat). */
  card: CardId | null;
  /** The Line of the batch being put together. */
  line: LineId | null;
  /** How many Evaders of that Line. */
  count: number;
  /**
   * The Evaders clicked into the batch, in order: the batch shows these
   * first, then (when the count was raised with + or All) the others of the
   * Line. Evaders of one Line are alike: this only keeps the cards shown
   * selected where the player clicked.
   */
  picked: CardId[];
  /** Whether a Priority Seat joins the batch. */
  seat: boolean;
  /** A dimmed card tapped to see why. */
  why: CardId | null;
  /** Tram Tracker: the card to take and the card to give. */
  take: CardId | null;
  give: CardId | null;
  /** Stuck hand: the card to put out. */
  putOut: CardId | null;
}

/** Nothing chosen. */
export const NO_SELECTION: Selection = {
  card: null,
  line: null,
  count: 0,
  picked: [],
  seat: false,
  why: null,
  take: null,
  give: null,
  putOut: null,
};

/** What every part of the action panel reads. */
export interface PanelProps {
  G: TOState;
  ctx: Pick<Ctx, 'currentPlayer' | 'gameover'>;
  me: PlayerID | null;
  names: Record<PlayerID, string>;
  sel: Selection;
  setSel: (patch: Partial<Selection>) => void;
  act: Actions;
  putOuts: CardId[];
  /** An online match still waiting for its table: nobody's turn has begun. */
  tableWaiting?: boolean;
  /** The seats of a running online match that nobody holds (their player left): the game waits for them to be taken. */
  empty?: ReadonlySet<PlayerID>;
  /** A replay's step: nobody is waited for. */
  replay?: boolean;
}
