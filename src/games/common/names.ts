/**
 * Seat names where room is short. A bot seat is named with its level ("Bot 2
 * (normal)", src/client/seats.ts and server/bots.ts); a chip or a card's tag
 * shows it without the level, and its title keeps the whole name.
 */

/**
 * One of the bots' levels (src/bots/levels.ts), as a pattern. Spelled here rather than built from that list, which
 * would make the list a chunk of its own in the client's bundle (a 90-byte file the pages would fetch: the boards and
 * the shell both import this module); test/board/bot-names.test.ts checks the pattern against every level.
 */
const LEVEL = '(?:easy|normal|hard)';
/** A bot's level in brackets at a name's end, as the bots are named. */
const BOT_LEVEL_SUFFIX = new RegExp(`\\s*\\(${LEVEL}\\)$`);
/** A level in brackets at a name's end, in any case and spacing: "(Hard)", "( normal )". */
const ANY_LEVEL_SUFFIX = new RegExp(`\\(\\s*${LEVEL}\\s*\\)$`, 'i');

/** The name without a bot's level (one of BOT_LEVELS, src/bots/levels.ts) in brackets at its end: "Bot 2 (normal)" is "Bot 2". */
export function withoutBotLevel(name: string): string {
  return name.replace(BOT_LEVEL_SUFFIX, '') || name;
}

/**
 * Whether a name reads as a bot's: "Bot 2", "bot3", "Bot 2 (normal)", or any name ending with a bot's level in
 * brackets ("Ana (hard)"), which the boards show as a bot's without it. Such names are kept for the server's bots: the
 * lobby refuses them for a person (server/lobby-guard.ts), and the setup forms say so before asking.
 */
export function looksLikeBotName(name: string): boolean {
  const n = name.trim();
  return /^bot\s*\d+(?!\S)/i.test(n) || ANY_LEVEL_SUFFIX.test(n);
}

/** Why a person may not take a bot-like name (`looksLikeBotName`). */
export const BOT_LIKE_NAME = 'Names such as "Bot 2" or ending in "(normal)" are kept for the bots: choose another.';
