/**
 * The shape of a Get on Board map (Paris or Rome), as the rules, the board
 * and the bots read it. The maps are this edition's own designs (RULINGS-get-on-board §9).
 * Coordinates: x = column 1–11 (west to east), y = row 1–9 (north to south).
 *
 * Pure data types: no imports.
 */

/** Passengers: they fill a zone of the player sheet. */
export type Passenger = 'granny' | 'student' | 'tourist' | 'flirtLight' | 'flirtDark';
/** Places: they resolve or score a zone ('metro' is a Metro Entrance, not a "place" in the rulings' sense). */
export type Place = 'metro' | 'restaurant' | 'cinema' | 'theaterLight' | 'theaterDark';
export type Icon = Passenger | Place;

/** A speedy colour of Rome's sections. */
export type Speedy = 'yellow' | 'burgundy';

/** "x,y", e.g. "3,7". */
export type PointId = `${number},${number}`;

/** One lattice point that exists on the map. */
export interface Intersection {
  id: PointId;
  x: number;
  y: number;
  /** One icon, or two passengers of different types (never two Flirts); [] is not allowed on a finished map. */
  icons: Icon[];
  /** A real landmark or square of the city, for places, departures and objective sites (shown on the board). */
  name?: string;
  /** The departure number 1–12 (Rome 1–6) when this Metro Entrance is a departure. */
  departure?: number;
  /** The personal-objective letter a–o when this is an objective site. */
  site?: string;
}

/** A section: a unit segment between two orthogonally adjacent intersections; `a` is the west (or north) end. */
export interface Section {
  a: PointId;
  b: PointId;
  /** Rome only: the section's speedy colour. */
  speedy?: Speedy;
}

/** A named street drawn along a straight run of sections (row or column). */
export interface Street {
  name: string;
  from: PointId;
  to: PointId;
}

/** A personal objective card: three lettered sites. */
export interface PersonalObjective {
  /** e.g. "rome-1". */
  id: string;
  /** A short title for the card, e.g. "Pilgrim's walk". */
  title: string;
  /** The three site letters. */
  sites: [string, string, string];
}

export interface MapDef {
  /** 'rome', 'paris', or a test map's own id. */
  id: string;
  name: string;
  /** Lattice columns (11 for Rome and Paris) and rows (9). */
  width: number;
  height: number;
  intersections: Intersection[];
  sections: Section[];
  streets: Street[];
  personalObjectives: PersonalObjective[];
}
