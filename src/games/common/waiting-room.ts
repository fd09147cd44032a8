/**
 * The waiting room of an online match: nothing is played until every seat
 * has a player (a person or a bot). Once the first move is made the match
 * has started, and a seat freed later does not stop it. Used by the server's
 * socket guard (moves are refused), its bot seats (they wait) and the match
 * page (the board waits behind the waiting room). Pure.
 */

import type { Ctx } from 'boardgame.io';

/** The seats a state waits for, from boardgame.io's ctx alone (so for every game): the active players when a stage or a simultaneous phase is on, else the current player; none once the game is over. */
export function waitingOn(ctx: Ctx): string[] {
  if (ctx.gameover !== undefined) return [];
  return ctx.activePlayers ? Object.keys(ctx.activePlayers) : [ctx.currentPlayer];
}

/** One wait of the game: the turn and the seats it waits for (a turn clock's period runs per wait). */
export function waitKey(ctx: Ctx): string {
  return `${ctx.turn}|${waitingOn(ctx).join(',')}`;
}

/** Whether a match still waits for its table: nothing has happened yet (`stateID` 0) and a seat is empty. */
export function waitingForTable(stateID: number, players: readonly { name?: string }[] | undefined): boolean {
  return stateID === 0 && !!players && players.some((p) => !p.name);
}
