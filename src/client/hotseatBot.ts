/**
 * Chooses a bot's move in hot-seat from that seat's own view of the game
 * (the bots apply `playerView` themselves), with a random legal move as the
 * fallback when a choice is refused.
 */
import type { Ctx } from 'boardgame.io';
import { enumerate } from '../game/ai';
import type { GState } from '../game/types';
import { chooseMove } from '../bots';
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

/** The MCTS bot's choice for this seat at this level (its time budget grows with the level). */
export async function chooseBotMove(G: GState, ctx: Ctx, playerID: string, level: BotLevel, seed: string): Promise<BotChoice | null> {
  const m = await chooseMove({ G, ctx }, playerID, 'mcts', level, seed);
  return m ? { move: m.move, args: Array.isArray(m.args) ? m.args : [m.args] } : null;
}
