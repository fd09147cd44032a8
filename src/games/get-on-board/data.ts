/**
 * Get on Board's tables (RULINGS-get-on-board §2, §6–§8): the six shapes and
 * which sheet shows which, the Turn zone, the passenger and place tables, the
 * Common Objective cards, the colours and the Connections track.
 *
 *   Ticket zone of sheet 1 (tickets 1/7 … 6/12):  A  B  C  D  E  F
 *   sheet s shifts it right by s − 1 columns:     sheet 2 = F A B C D E, …
 */
import type { ObjectiveId, ShapeId } from './types';

/** A required joint between two markers of one round: 'any' is shape C's free choice. */
export type JointType = 'straight' | 'turn' | 'any';

/** A shape: how many markers, and the type of each internal joint (markers − 1 of them). */
export interface Shape {
  id: ShapeId;
  markers: number;
  joints: JointType[];
  /** Plain words for the board. */
  label: string;
}

/** The six shapes, in the sheet's order (RULINGS §2 Ticket zone, §4). */
export const SHAPES: readonly Shape[] = [
  { id: 'A', markers: 2, joints: ['straight'], label: '2 markers straight' },
  { id: 'B', markers: 2, joints: ['turn'], label: '2 markers with 1 turn' },
  { id: 'C', markers: 2, joints: ['any'], label: '2 markers, straight or 1 turn' },
  { id: 'D', markers: 1, joints: [], label: '1 marker' },
  { id: 'E', markers: 3, joints: ['straight', 'straight'], label: '3 markers straight' },
  { id: 'F', markers: 3, joints: ['turn', 'turn'], label: '3 markers with 2 turns' },
];

/** The shape sheet `sheet` (1–5) shows for ticket `ticket` (1–12): worked example 1. */
export function shapeFor(sheet: number, ticket: number): Shape {
  const index = (((((ticket - 1) % 6) - (sheet - 1)) % 6) + 6) % 6;
  return SHAPES[index];
}

/** The 12 Metro Tickets. */
export const TICKETS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Rounds in a game: one per ticket. */
export const ROUNDS = 12;
/** A ticket's border band: odd burgundy, even yellow (RULINGS §2; R10, worked example 12). */
export const ticketBorder = (ticket: number): 'yellow' | 'burgundy' => (ticket % 2 === 0 ? 'yellow' : 'burgundy');

/** Sheet variants. */
export const SHEETS: readonly number[] = [1, 2, 3, 4, 5];

/** Players' colours, by colour index (seat order at setup). */
/**
 * The player colours' names, seat 0 first, as players call what the board draws (board/palette.ts): its vermillion
 * looks orange and its orange amber, so "red" and "orange" left two players each taking themselves for orange (a
 * play-through review), and its reddish purple looks pink.
 */
export const COLOURS: readonly string[] = ['orange', 'blue', 'green', 'yellow', 'pink'];

/** The Turn zone: 5 spaces, crossed left to right; the subtotal by spaces crossed (§8.2). */
export const TURN_SPACES = [-1, -2, -2, -2, -3] as const;
export const TURN_SCORE = [0, -1, -3, -5, -7, -10] as const;

/** Metro zone circles (§6). */
export const METRO_CIRCLES = 6;
/** Grannies: 8 spaces; the subtotal by spaces crossed (§6). */
export const GRANNY_SPACES = 8;
export const GRANNY_SCORE = [0, 1, 2, 3, 5, 7, 9, 12, 15] as const;
/** Students: 6 spaces; Cinemas: 4 spaces; the subtotal is their product (§6, worked example 10). */
export const STUDENT_SPACES = 6;
export const CINEMA_SPACES = 4;

/** Tourist rows: 3 rows of 4; a Theater writes the value for the row's tourists (§6). */
export const TOURIST_ROWS = 3;
export const TOURIST_SPACES = 4;
export const TOURIST_VALUE = [0, 2, 5, 9, 14] as const;

/** Flirt rows: 3 rows of 2 light + 2 dark spaces (§6). */
export const FLIRT_ROWS = 3;
export const FLIRT_SPACES_PER_SHADE = 2;
/** What a Restaurant writes for a row of `light` and `dark` Flirts: couples 6, singles 2 (worked example 7). */
export const restaurantValue = (light: number, dark: number): number =>
  6 * Math.min(light, dark) + 2 * Math.abs(light - dark);

/** Connections: 19 circles; the subtotal for `c` crossed (§5). */
export const CONNECTION_CIRCLES = 19;
export const connectionScore = (c: number): number => (c >= CONNECTION_CIRCLES ? 10 : Math.floor(c / 2));

/** Personal objective: by distinct targets reached (§7). */
export const PERSONAL_SCORE = [0, 2, 5, 10] as const;

/** Common Objectives: yellow side 10, blue side 6 (§7, R15). */
export const COMMON_YELLOW = 10;
export const COMMON_BLUE = 6;

/** The counter on a sheet a Common Objective card reads. */
export type ObjectiveCounter = 'grannies' | 'students' | 'tourists' | 'flirts' | 'theaterLight' | 'theaterDark';

/** A Common Objective card: reach `threshold` on `counter`. */
export interface ObjectiveCard {
  id: ObjectiveId;
  counter: ObjectiveCounter;
  threshold: number;
  label: string;
}

/** The 6 Common Objective cards (§7). */
export const OBJECTIVES: readonly ObjectiveCard[] = [
  { id: 'grannies5', counter: 'grannies', threshold: 5, label: '5 Grannies' },
  { id: 'students5', counter: 'students', threshold: 5, label: '5 Students' },
  { id: 'tourists5', counter: 'tourists', threshold: 5, label: '5 Tourists' },
  { id: 'flirts5', counter: 'flirts', threshold: 5, label: '5 Flirts (either shade)' },
  { id: 'theaterLight3', counter: 'theaterLight', threshold: 3, label: '3 light Theaters' },
  { id: 'theaterDark3', counter: 'theaterDark', threshold: 3, label: '3 dark Theaters' },
];

/** A Common Objective card by id. */
export function objectiveCard(id: ObjectiveId): ObjectiveCard {
  const card = OBJECTIVES.find((c) => c.id === id);
  if (!card) throw new Error(`Unknown Common Objective ${id}`);
  return card;
}

/** Markers in a colour's supply (R9): at most 26 shape markers + 6 extra. */
export const MARKER_SUPPLY = 32;
