/** Seat configuration shared by the lobby and the hot-seat setup. */

/** Bot strength offered to players. */
export type BotLevel = 'easy' | 'normal' | 'hard';
/** The levels in menu order. */
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'normal', 'hard'];

/** Who plays a seat. */
export type SeatKind = 'human' | 'bot';

/** One seat as chosen on a setup screen. */
export interface SeatChoice {
  kind: SeatKind;
  level: BotLevel;
  name: string;
}

/** Seat colours, in seat order (CSS classes `tram-<colour>`; Lisbon's trams have these colours). */
export const SEAT_COLORS = ['pink', 'black', 'white', 'brown'] as const;
export type SeatColor = (typeof SEAT_COLORS)[number];

/** The colour of a seat. */
export function seatColor(seat: number): SeatColor {
  return SEAT_COLORS[seat % SEAT_COLORS.length];
}

/** A bot's display name. */
export function botName(seat: number, level: BotLevel): string {
  return `Bot ${seat + 1} (${level})`;
}
