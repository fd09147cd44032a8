/**
 * The four player boards, designed for this edition: each pairs the four
 * colours with the four bonuses as a different row of a Latin square
 * (RULINGS "Player boards").
 */
import type { PlayerBoard } from './types';

/** Player boards in seat order: pink, black, white, brown. */
export const BOARDS: readonly PlayerBoard[] = [
  { id: 'pink', bonuses: { red: 'freeMove', yellow: 'seats', green: 'extraAction', blue: 'draw3' } },
  { id: 'black', bonuses: { red: 'seats', yellow: 'extraAction', green: 'draw3', blue: 'freeMove' } },
  { id: 'white', bonuses: { red: 'extraAction', yellow: 'draw3', green: 'freeMove', blue: 'seats' } },
  { id: 'brown', bonuses: { red: 'draw3', yellow: 'freeMove', green: 'seats', blue: 'extraAction' } },
];

/** Tickets: 27 of each colour, 108 in all (RULINGS "Setup"). */
export const TICKETS_PER_COLOR = 27;
/** Passengers: 15 of each colour, 60 in all. */
export const PASSENGERS_PER_COLOR = 15;
/** Tickets dealt to each player at setup. */
export const STARTING_HAND = 5;
/** Tickets drawn at the end of each turn. */
export const END_OF_TURN_DRAW = 4;
/** Passengers put on each tram stop at setup, and placed after each claim. */
export const PASSENGERS_PER_STOP = 3;
/** Seats per colour without and with the +2 seats bonus. */
export const SEATS = { base: 2, withBonus: 4 } as const;
/** Actions per turn without and with the +1 action bonus. */
export const ACTIONS = { base: 2, withBonus: 3 } as const;
/** Face-up Monument cards by player count: the final rulebook and the early text (RULINGS "Setup"). */
export const FACE_UP: Record<'final' | 'early', Record<number, number>> = {
  final: { 2: 12, 3: 15, 4: 18 },
  early: { 2: 13, 3: 16, 4: 19 },
};
/** Display slots by player count: 3 with 2 players (cover card), else 4. */
export const DISPLAY_SLOTS: Record<number, number> = { 2: 3, 3: 4, 4: 4 };
