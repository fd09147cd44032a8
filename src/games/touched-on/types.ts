/**
 * The state of a game of Touched On. Hidden parts (hands, draw pile, Exp
 * values, the Tram Tracker reveal) are stripped by `playerView` (view.ts).
 */
import type { CardId, ExpId, LineId } from './data';

export type PlayerID = string;
export type { CardId, ExpId, LineId } from './data';

/** A card on a Line, with the player who added it. */
export interface PlacedCard {
  card: CardId;
  player: PlayerID;
}

/** A group of cards on a Line (RULINGS §5). Ids are unique within a journey. */
export interface Carriage {
  id: number;
  cards: PlacedCard[];
}

export interface LineState {
  id: LineId;
  /** Carriages in the order they were started; the last one on the current line is the current carriage. */
  carriages: Carriage[];
  /** The hidden Exp under the Line (its value is hidden in every view: null there while `hasExp`). */
  exp: ExpId | null;
  /** Whether an Exp card is under the Line (public). */
  hasExp: boolean;
  /** A Free Tram Zone card placed on this Line, or null. */
  freeTramZone: CardId | null;
}

export interface PlayerState {
  /** The hand; null in another player's view. */
  hand: CardId[] | null;
  handSize: number;
  /** Collected Exp; null in another player's view until the game ends. */
  exp: ExpId[] | null;
  expCount: number;
  /** When this player last took an Exp card (a game-wide counter; 0 = never), for the last tie-break. */
  lastExpAt: number;
  /** Finish confirmed this journey: out of the journey, skipped. */
  out: boolean;
  /** On DING: the hand is empty, the finish awaits its confirmation. */
  ding: boolean;
}

/** A DING awaiting confirmation (RULINGS §9). */
export interface Ding {
  player: PlayerID;
  /** The journey turn whose end confirms it (the next player's turn, or the turn in progress for an out-of-turn DING). */
  chanceTurn: number;
  /** Order of DINGs in the journey (earlier ranks first). */
  seq: number;
}

/** A Peak Hour in play, in front of its owner. */
export interface PeakHour {
  card: CardId;
  owner: PlayerID;
}

/** What the current player has done this turn (RULINGS §4). */
export interface TurnState {
  /** The journey turn number (1, 2, …). */
  number: number;
  player: PlayerID;
  /**
   * boardgame.io's turn (`ctx.turn`) this record was begun for; 0 before the
   * first turn of a game or journey is begun. A move that ends the turn
   * begins the next one in the same state, one ahead of `ctx.turn`, which
   * tells the turn's `endIf` to end boardgame.io's turn (index.ts).
   */
  ctxTurn: number;
  /** Cards played this turn (Inspector, Powers, Evaders; an out-of-turn Appeal is not counted). */
  played: number;
  inspectorPlayed: boolean;
  batchPlayed: boolean;
  powerPlayed: boolean;
  drew: boolean;
  /** A card was put out of the journey (stuck hand): that is the whole turn. */
  putOut: boolean;
  /** The carriage this turn's batch went into (for exposure next turn). */
  addedTo: number | null;
  /**
   * The last card played this turn may be taken back (RULES.md "Taking back a
   * card"): it revealed nothing hidden (no draw, no Exp, no Tram Tracker) and
   * asked nothing of another player (no Inspector, no Feet On Seat).
   */
  takeBack: boolean;
  /** The player ended the turn (`endTurn`); the turn's `endIf` ends it. */
  ended: boolean;
}

/** A decision owed by one player (a boardgame.io stage). */
export type Pending =
  | {
      kind: 'appeal';
      stage: 'appeal';
      /** The victim, who may Appeal or accept. */
      player: PlayerID;
      /** The player who played the Inspector or Feet On Seat (the current player). */
      by: PlayerID;
      source: 'authorised' | 'undercover' | 'feetOnSeat';
      /** The card played (already in the discard or used Powers). */
      card: CardId;
      line: LineId;
      carriage: number;
      /** The Evader cards at stake (still on the Line until resolved). */
      evaders: CardId[];
    }
  | {
      kind: 'tracker';
      stage: 'tracker';
      /** The chooser (the current player). */
      player: PlayerID;
      target: PlayerID;
    };

/** The Tram Tracker reveal: the target's hand, for the chooser only. */
export interface TrackerReveal {
  chooser: PlayerID;
  target: PlayerID;
  cards: CardId[];
}

/** A public log entry (never a hidden card). */
export type LogEntry =
  | { type: 'journey'; journey: number; dealer: PlayerID }
  | { type: 'batch'; player: PlayerID; line: LineId; count: number; prioritySeat: boolean; newCarriage: boolean }
  | { type: 'inspect'; player: PlayerID; victim: PlayerID; card: CardId; line: LineId }
  | { type: 'feetOnSeat'; player: PlayerID; victim: PlayerID; line: LineId }
  | { type: 'appeal'; player: PlayerID; success: boolean }
  | { type: 'accept'; player: PlayerID; /** Against Feet On Seat, which fines nobody. */ feet?: true }
  /** `cards`: the Evaders taken back, public (they were face up in the carriage); absent in matches saved before. */
  | { type: 'take'; player: PlayerID; count: number; cards?: CardId[] }
  /** `line`: where a Free Tram Zone was placed (absent in matches saved before, and for other Powers). */
  | { type: 'power'; player: PlayerID; power: string; target?: PlayerID; line?: LineId }
  | { type: 'trackerSwap'; player: PlayerID; target: PlayerID }
  /** A Tram Tracker played as the last card: the chooser saw the target's hand and took nothing (no card to give). */
  | { type: 'trackerNothing'; player: PlayerID; target: PlayerID }
  | { type: 'unlock'; player: PlayerID; line: LineId }
  | { type: 'draw'; player: PlayerID; reshuffled: boolean }
  | { type: 'putOut'; player: PlayerID; card: CardId }
  | { type: 'ding'; player: PlayerID }
  | { type: 'dingCancelled'; player: PlayerID }
  /** `exp`: how many Exp cards the finisher took (their values stay hidden). */
  | { type: 'finish'; player: PlayerID; place: number; exp: number }
  | { type: 'journeyEnd'; journey: number; reason: 'finishes' | 'stall' }
  | { type: 'gameEnd' };

/** The result of the game (`endIf`). */
export interface GameOver {
  winner: PlayerID;
  scores: Record<PlayerID, { total: number; cards: number; exp: ExpId[] }>;
  /** How a tie at the top was broken, when there was one. */
  tieBreak?: { tied: PlayerID[]; by: 'removal' | 'mostRecent'; rounds: number };
}

export interface TOState {
  numPlayers: number;
  /** The Lines in play, in position order. */
  lineOrder: LineId[];
  lines: Record<LineId, LineState>;
  players: Record<PlayerID, PlayerState>;
  journey: number;
  dealer: PlayerID;
  /** The player to start the next turn when a journey was just dealt; null otherwise. */
  startPlayer: PlayerID | null;
  /** Face-down draw pile (hidden: [] in every view). */
  drawPile: CardId[];
  drawCount: number;
  /** Whether the single reshuffle of the journey was used (RULINGS §8). */
  reshuffled: boolean;
  discard: CardId[];
  /** Used Powers (and cards put out by a stuck hand). */
  usedPowers: CardId[];
  /** The Exp pile (hidden: [] in every view). */
  expPile: ExpId[];
  expPileCount: number;
  currentLine: LineId | null;
  nextCarriageId: number;
  /** Players who completed a turn adding no card since a card was last added (line reset, RULINGS §5). */
  sinceAdd: PlayerID[];
  /** The turn just before the current one: who took it and which carriage it added to. */
  lastTurn: { player: PlayerID; addedTo: number | null } | null;
  peakHours: PeakHour[];
  dings: Ding[];
  dingSeq: number;
  /** Confirmed finishers of this journey, in order. */
  finishers: PlayerID[];
  turn: TurnState;
  /** Turns in a row with nothing played, drawn or put out (stall rule). */
  passes: number;
  /** Game-wide counter of Exp takings (for `lastExpAt`). */
  expTakings: number;
  pending: Pending | null;
  trackerReveal: TrackerReveal | null;
  gameOver: GameOver | null;
  log: LogEntry[];
}

/** Setup data of a match (optional): a fixed first dealer, by seat. */
export interface TOSetupData {
  dealer?: number;
}
