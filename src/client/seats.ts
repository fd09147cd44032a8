/** Seat configuration shared by the lobby and the hot-seat setup. */

import type { Level } from '../bots/levels';

/** Bot strength offered to players. */
export type BotLevel = Level;
/**
 * The levels in menu order: src/bots/levels.ts's, spelled again so that the shell's bundle does not take that module
 * as a chunk of its own (a 90-byte file the pages would fetch, which test/server/static.test.ts refuses);
 * test/board/bot-names.test.ts checks that the two lists agree.
 */
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

/** A seat's bot level, when the server plays it (the lobby's seat data). */
export function botLevelOf(p: { data?: unknown }): BotLevel | null {
  const level = (p.data as { bot?: unknown } | undefined)?.bot;
  return typeof level === 'string' && (BOT_LEVELS as readonly string[]).includes(level) ? (level as BotLevel) : null;
}

/** A seat as the lobby or the socket lists it. */
export interface SeatName {
  id: number;
  name?: string;
}

/**
 * Each seat's player's name, for the board, the turn clock, the chat and the notices: the lobby's, which the page
 * re-reads at every change the server announces, and the socket's for a seat the lobby has not named (boardgame.io
 * sends its names only when a player connects or drops). So a clock that starts as a player sits down names them,
 * not "Seat 2" (the match page counts the table as full from either list), and a seat that changed hands shows its new
 * player, not the one the socket last heard of.
 */
export function namesOf(props: {
  matchData?: readonly SeatName[];
  lobbyPlayers?: readonly SeatName[];
}): Record<string, string> {
  const names: Record<string, string> = {};
  for (const p of props.matchData ?? []) if (p.name) names[String(p.id)] = p.name;
  for (const p of props.lobbyPlayers ?? []) if (p.name) names[String(p.id)] = p.name;
  return names;
}
