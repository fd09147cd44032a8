/** The four colours shared by tickets, passengers, bonus stops and bonus markers. */
export const COLORS = ['red', 'yellow', 'green', 'blue'] as const;
/** A ticket / passenger / bonus colour. */
export type Color = (typeof COLORS)[number];

/** How many of each colour: a hand of tickets, a group of passengers, a bag. */
export type ColorCounts = Record<Color, number>;

/** The four bonuses a player board can unlock (rulebook p.12). */
export const BONUSES = ['freeMove', 'seats', 'extraAction', 'draw3'] as const;
/** One of the four bonus kinds. */
export type BonusKind = (typeof BONUSES)[number];

/** Tram and player-board colours (RULINGS "Setup"). */
export const TRAM_COLORS = ['pink', 'black', 'white', 'brown'] as const;
/** A tram / player-board colour. */
export type TramColor = (typeof TRAM_COLORS)[number];

/** What a map node is. Junctions and empty tram stops are passed over; the rest are stopping places. */
export type NodeKind = 'rossio' | 'monument' | 'bonus' | 'stop' | 'junction';

/** Monument ids: 11 monuments, 2 cards each. */
export const MONUMENTS = [
  'torre-belem',
  'padrao',
  'jeronimos',
  'ajuda',
  'estrela',
  'panteao',
  'chiado',
  'carmo',
  'castelo',
  'se',
  'praca-comercio',
] as const;
/** A monument id, also its node id on both board sides. */
export type MonumentId = (typeof MONUMENTS)[number];

/** A node of a board side. */
export interface MapNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** Drawing coordinates in a 1000 x 640 view box. */
  x: number;
  y: number;
  /** Colour of a bonus stop. */
  color?: Color;
  /**
   * Rail continuity for a node that is passed over (a junction): the pairs of
   * neighbours whose rails join here. A tram passing over this node may only
   * continue along a listed pair. Nodes without `through` join every pair.
   */
  through?: [string, string][];
}

/** One board side: nodes and rail segments. */
export interface BoardSide {
  id: SideId;
  name: string;
  /** Player counts this side is used for. */
  players: number[];
  nodes: MapNode[];
  /** Undirected rail segments between node ids. */
  rails: [string, string][];
}

/** The two sides of the board. */
export type SideId = 'large' | 'small';

/** A ticket half on a card edge; `null` where the edge shows nothing. */
export type Edge = [Color | null, Color | null, Color | null, Color | null];

/** A Monument card (designed for this edition, RULINGS "Monument cards"). */
export interface MonumentCard {
  id: string;
  monument: MonumentId;
  vp: number;
  /** Passengers to hand in to claim the card. */
  need: Partial<ColorCounts>;
  /** Ticket halves on the left and right edges, top to bottom. */
  left: Edge;
  right: Edge;
}

/** A player board: which bonus each colour unlocks. */
export interface PlayerBoard {
  id: TramColor;
  bonuses: Record<Color, BonusKind>;
}
