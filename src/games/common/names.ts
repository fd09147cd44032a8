/**
 * Seat names where room is short. A bot seat is named with its level ("Bot 2
 * (normal)", src/client/seats.ts and server/bots.ts); a chip or a card's tag
 * shows it without the level, and its title keeps the whole name.
 */

/** The name without a bot's level (one of BOT_LEVELS, src/bots/index.ts) in brackets at its end: "Bot 2 (normal)" is "Bot 2". */
export function withoutBotLevel(name: string): string {
  return name.replace(/\s*\((?:easy|normal|hard)\)$/, '') || name;
}
