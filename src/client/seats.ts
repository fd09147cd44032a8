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

/** A bot's display name. */
export function botName(seat: number, level: BotLevel): string {
  return `Bot ${seat + 1} (${level})`;
}
