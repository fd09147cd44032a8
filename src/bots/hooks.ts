/**
 * What the generic bots (random, greedy, MCTS) need from a game beyond its
 * boardgame.io Game object. Each game provides one of these with its
 * registry entry; nothing here knows any game.
 */
import type { Ctx } from 'boardgame.io';

/** A move as boardgame.io's bots take it: `client.moves[move](...args)`. */
export interface AiMove {
  move: string;
  args: unknown[];
}

/** The seeded generator the bots hand to a game's hooks. */
export interface BotRng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}

/** A game's bot hooks. `G` is the game's state type. */
export interface BotHooks<G = unknown> {
  /** The moves the bots choose from (a legal subset, or all of `ai.enumerate`). */
  moves(G: G, ctx: Ctx, playerID: string): AiMove[];
  /** The greedy heuristic: one score per move, higher is better (greedy bot, MCTS playouts). */
  scoreMoves(G: G, ctx: Ctx, playerID: string, moves: AiMove[]): number[];
  /** How well `playerID` is doing, in the units of the final score (MCTS playouts stopped early). */
  evaluate(G: G, ctx: Ctx, playerID: string): number;
  /** A full state consistent with `playerID`'s view: what it cannot see, dealt at random. */
  determinize(view: G, ctx: Ctx, playerID: string, rng: BotRng): G;
  /** Who the game waits for now (a pending decision's owner, else the current player); null when nobody. */
  actingPlayer(G: G, ctx: Ctx): string | null;
}
