/**
 * The waiting room of an online match: nothing is played until every seat
 * has a player (a person or a bot). Once the first move is made the match
 * has started, and a seat freed later does not stop it. Used by the server's
 * socket guard (moves are refused), its bot seats (they wait) and the match
 * page (the board waits behind the waiting room). Pure.
 */

import type { Ctx } from 'boardgame.io';

/**
 * A game's own answer to "whom does it wait for", for a game whose ctx does
 * not say it exactly (Get on Board lets every seat act in a round and its
 * rules take the plot of the player whose turn it is).
 */
export type WaitRule<G = never> = (G: G, ctx: Ctx) => string[];

/** The seats a state waits for from boardgame.io's ctx alone: the active players when a stage or a simultaneous phase is on, else the current player. */
function ctxWaitingOn(ctx: Ctx): string[] {
  return ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
}

/** The seats a state waits for: the game's rule when it has one, else what ctx says (`ctxWaitingOn`); none once the game is over. */
export function waitingOn(ctx: Ctx, G?: unknown, rule?: WaitRule): string[] {
  if (ctx.gameover !== undefined) return [];
  return rule ? rule(G as never, ctx) : ctxWaitingOn(ctx);
}

/** One wait of the game: the turn and the seats it waits for (a turn clock's period runs per wait). */
export function waitKey(ctx: Ctx, G?: unknown, rule?: WaitRule): string {
  return `${ctx.turn}|${waitingOn(ctx, G, rule).join(',')}`;
}

/** Whether a match still waits for its table: nothing has happened yet (`stateID` 0) and a seat is empty. */
export function waitingForTable(stateID: number, players: readonly { name?: string }[] | undefined): boolean {
  return stateID === 0 && !!players && players.some((p) => !p.name);
}
