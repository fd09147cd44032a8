/**
 * The bots' levels, in menu order: the one list that the search's settings (`LEVELS` in ./mcts.ts), the setup menus
 * (src/client/seats.ts) and the test of a name that reads as a bot's (src/games/common/names.ts) all read, so that a
 * level added here is offered, played and kept from people's names alike. It imports nothing: boards, the client and
 * the server may all import it without the bots.
 */
export const BOT_LEVELS = ['easy', 'normal', 'hard'] as const;

/** A bot's level. */
export type Level = (typeof BOT_LEVELS)[number];
