/**
 * The bots' levels, in menu order, and their type, which the search's settings (`LEVELS` in ./mcts.ts), the setup
 * menus (src/client/seats.ts) and the names that read as a bot's (src/games/common/names.ts) all use. The client
 * spells the list again in those two modules (so that its bundle has no 90-byte chunk for it);
 * test/board/bot-names.test.ts checks that a level added here is offered, played and kept from people's names alike.
 */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;

/** A bot's level. */
export type Level = (typeof BOT_LEVELS)[number];
