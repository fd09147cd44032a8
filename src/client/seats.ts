/** Seat configuration shared by the lobby and the hot-seat setup. */
import { TRAM_COLORS, type TramColor } from '../games/lisbon/data/types';

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

/** The tram colour of a seat (seat i plays board i). */
export function seatColor(seat: number): TramColor {
  return TRAM_COLORS[seat % TRAM_COLORS.length];
}

/** A bot's display name. */
export function botName(seat: number, level: BotLevel): string {
  return `Bot ${seat + 1} (${level})`;
}
