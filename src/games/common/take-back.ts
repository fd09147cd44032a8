/**
 * Taking back an action (boardgame.io's undo), the same way for every game
 * that allows it. Each game decides which of its actions may be taken back
 * (one that revealed nothing hidden and asked nothing of another player) and
 * keeps that answer for the last action of the turn in its state; boardgame.io
 * asks it through each move's `undoable`, the server's socket guard lets an
 * `UNDO` through only when it holds, and the page offers "Take back" from the
 * same function. boardgame.io keeps the positions to go back to (`_undo`) for
 * the current turn only, so nothing before the turn can be taken back. Pure.
 */
import type { Ctx } from 'boardgame.io';

/** What a player may take back now, for one game. */
export type TakeBackCheck<G> = (G: G, ctx: Ctx, playerID: string) => boolean;

/**
 * Whether boardgame.io would let `playerID` take back now, given the game's
 * own answer for the turn's last action (`lastUndoable`): it is their turn,
 * nobody else has a decision pending (boardgame.io's Master allows an undo only
 * to the one player who may act), and the game is not over.
 */
export function mayTakeBack(lastUndoable: boolean, ctx: Ctx, playerID: string | null | undefined): boolean {
  if (!lastUndoable || playerID == null || ctx.gameover !== undefined) return false;
  const active = ctx.activePlayers;
  if (active) return Object.keys(active).length === 1 && active[playerID] !== undefined;
  return ctx.currentPlayer === playerID;
}
