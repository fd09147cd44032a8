/**
 * Chooses a bot's move in hot-seat from that seat's own view of the game.
 * Falls back to a random legal move from the rules' `enumerate`.
 */
import type { Ctx } from 'boardgame.io';
import { enumerate } from '../game/ai';
import type { GState } from '../game/types';
import type { BotLevel } from './seats';

/** A move to make through a client. */
export interface BotChoice {
  move: string;
  args: unknown[];
}

/** A random legal move for `playerID`, or null when there is none. */
export function randomMove(G: GState, ctx: Ctx, playerID: string): BotChoice | null {
  const options = enumerate(G, ctx, playerID);
  if (options.length === 0) return null;
  const pick = options[Math.floor(Math.random() * options.length)];
  return { move: pick.move, args: pick.args };
}

/** The bot's choice for this seat at this level. */
export async function chooseBotMove(G: GState, ctx: Ctx, playerID: string, _level: BotLevel, _seed: string): Promise<BotChoice | null> {
  return randomMove(G, ctx, playerID);
}
