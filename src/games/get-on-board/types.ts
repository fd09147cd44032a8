/**
 * The state of a game of Get on Board: Paris & Rome. Plain JSON of ids and
 * numbers; the map itself is not in the state, only its id (maps/index.ts).
 */
import type { PointId, Speedy } from './maps/types';

export type { PointId, Speedy } from './maps/types';

/** A seat, "0" … "4". */
export type PlayerID = string;
/** A shape of the Ticket zone (data.ts SHAPES). */
export type ShapeId = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
/** A Common Objective card (data.ts OBJECTIVES). */
export type ObjectiveId = 'grannies5' | 'students5' | 'tourists5' | 'flirts5' | 'theaterLight3' | 'theaterDark3';

/** One Tourist row: tourists crossed (0–4), and the value a Theater wrote (null while unresolved). */
export interface TouristRow {
  tourists: number;
  value: number | null;
}

/** One Flirt row: light and dark spaces crossed (0–2 each), and the value a Restaurant wrote. */
export interface FlirtRow {
  light: number;
  dark: number;
  value: number | null;
}

/** A Common Objective a player scored. */
export interface ScoredObjective {
  card: ObjectiveId;
  points: 10 | 6;
  round: number;
}

/** One player's sheet and route. */
export interface Sheet {
  /** Sheet variant 1–5, different for every player. */
  variant: number;
  /** Index into data.ts COLOURS. */
  colour: number;
  /** The departure intersection (null until every player has chosen). */
  departure: PointId | null;
  /** The route: the departure, then each intersection reached, in order (the extra markers too). */
  line: PointId[];
  /** Tickets crossed off in the Ticket zone. */
  tickets: number[];
  /** Metro zone: circles circled, and how many of them are crossed (used for extra markers). */
  metroCircled: number;
  metroCrossed: number;
  /** Turn zone spaces crossed (0–5). */
  turnUsed: number;
  grannies: number;
  students: number;
  cinemas: number;
  /** Three Tourist rows, top first. */
  tourists: TouristRow[];
  /** Theater memory aids: Theaters of each shade reached (no cap). */
  theaterLight: number;
  theaterDark: number;
  /** Three Flirt rows, top first. */
  flirts: FlirtRow[];
  /** Common Objectives scored. */
  objectives: ScoredObjective[];
  /** The personal objective card's id (public). */
  personal: string;
  /** Objective-site letters reached (any card's). */
  sites: string[];
  /** Connections circles crossed (0–19). */
  connections: number;
  eliminated: boolean;
  eliminatedRound: number | null;
  /** Whether the Metro extra marker was placed this round. */
  extraUsed: boolean;
}

/** A Common Objective card on the board and its side. */
export interface CommonObjective {
  card: ObjectiveId;
  side: 'yellow' | 'blue';
}

/** One line of the game's log, in plain words. */
export interface LogEntry {
  round: number;
  player?: PlayerID;
  text: string;
  /**
   * A plot's line: the line's end it was plotted from, each marker's intersection, then the extra marker's, as the
   * text names them (public; the board marks each player's latest plot with it). Absent from other lines, and from
   * plots stored before it was kept.
   */
  plot?: PointId[];
}

/** A player's score at the end, the 9 subtotals of RULINGS §8 in order, and the total. */
export interface ScoreBreakdown {
  metro: number;
  turns: number;
  grannies: number;
  studentsCinemas: number;
  theaters: number;
  restaurants: number;
  common: number;
  personal: number;
  connections: number;
  total: number;
}

/** The result of a finished game. */
export interface GobResult {
  /** Per player: the breakdown (all zero for an eliminated player) and whether they were eliminated. */
  scores: Record<PlayerID, ScoreBreakdown & { eliminated: boolean }>;
  /** The winners (several on a tie); empty when everyone was eliminated. */
  winners: PlayerID[];
  /** Every player best first, eliminated players last. */
  ranking: PlayerID[];
}

/** The whole state. */
export interface GobState {
  mapId: string;
  numPlayers: number;
  /** Rome: the speedy colour of the first ticket (R10); null before round 1 and on maps without speedy sections. */
  speedy: Speedy | null;
  /** 0 while departures are chosen, then 1–12. */
  round: number;
  /** The ticket of this round. */
  ticket: number | null;
  /** Tickets revealed so far, in order. */
  revealed: number[];
  /** The round deck, top first. Hidden: each view shows 0s. */
  deck: number[];
  /** Who holds the Inspector pawn. */
  inspector: PlayerID;
  /** Whose plot it is (null while departures are chosen or when the game is over). */
  toPlay: PlayerID | null;
  /** Seats in clockwise order. */
  order: PlayerID[];
  players: Record<PlayerID, Sheet>;
  /** The two Common Objective cards, slots 1–2. */
  objectives: CommonObjective[];
  /** Each player's two departure tickets (hidden from the others until all have chosen). */
  offers: Record<PlayerID, number[]>;
  /** Each player's secret choice (hidden likewise). */
  choices: Record<PlayerID, number | null>;
  log: LogEntry[];
  result: GobResult | null;
}
