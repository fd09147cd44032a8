/** A game's public log in words (ClientGame.logLines), as a spectator reads it: what the replay and hot-seat tell. */
import type { Ctx } from 'boardgame.io';
import type { ClientGame } from './games';

/** The lines `after` adds to the log `before` (a line changed in place counts as added). */
export function addedLines(before: readonly string[], after: readonly string[]): string[] {
  let i = 0;
  while (i < before.length && i < after.length && before[i] === after[i]) i++;
  return after.slice(i);
}

/**
 * The game's log at a state, in words, read from the state as a spectator sees it (the game's `playerView` for no
 * seat), so that it tells nothing a seat's own view holds; empty for a game without `logLines`.
 */
export function spectatorLogLines(game: ClientGame, G: unknown, ctx: Ctx, names: Record<string, string>): string[] {
  if (!game.logLines) return [];
  const view = game.def.game.playerView as ((a: { G: unknown; ctx: Ctx; playerID: null }) => unknown) | undefined;
  return game.logLines(view ? view({ G, ctx, playerID: null }) : G, names);
}
