/**
 * What the generic bots (random, greedy, MCTS), the match runner and the
 * scripts need from a game beyond its boardgame.io Game object. Each game
 * provides one of these with its registry entry (src/games/registry.ts);
 * nothing here knows any game.
 */
import type { Ctx } from 'boardgame.io';

/** A move as boardgame.io's bots take it: `client.moves[move](...args)`. */
export interface AiMove {
  move: string;
  args: unknown[];
}

/** The seeded generator the bots hand to a game's hooks (src/bots/rng.ts). */
export interface BotRng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A new array with the items in random order. */
  shuffle<T>(items: readonly T[]): T[];
}

/** A boardgame.io state as the bots handle it. */
export interface BotState<G = unknown> {
  G: G;
  ctx: Ctx;
  plugins?: Record<string, { data: unknown }>;
}

/**
 * A game's own fast way to play out moves, for MCTS playouts (optional:
 * without it, playouts run boardgame.io's reducer).
 */
export interface PlayoutSim<G = unknown, S = unknown> {
  /** A private, mutable copy of `state` to play on. */
  start(state: BotState<G>): S;
  /** The copy's current G and ctx (read-only). */
  current(sim: S): { G: G; ctx: Ctx };
  /** Apply a move in place; false when the rules refuse it. */
  apply(sim: S, playerID: string, move: string, args: unknown[]): boolean;
}

/** A game's bot hooks. `G` is the game's state type. */
export interface BotHooks<G = unknown> {
  /** The moves the bots choose from (a legal subset, or all of `ai.enumerate`). */
  moves(G: G, ctx: Ctx, playerID: string): AiMove[];
  /** The greedy heuristic: one score per move, higher is better (greedy bot, MCTS playouts). */
  scoreMoves(G: G, ctx: Ctx, playerID: string, moves: AiMove[]): number[];
  /** How well `playerID` is doing, in the units of the final score (MCTS playouts stopped early, unfinished games). */
  evaluate(G: G, ctx: Ctx, playerID: string): number;
  /** A full state consistent with `playerID`'s view: what it cannot see, dealt at random. */
  determinize(view: G, ctx: Ctx, playerID: string, rng: BotRng): G;
  /** Who the game waits for now (a pending decision's owner, else the current player); null when nobody. */
  actingPlayer(G: G, ctx: Ctx): string | null;
  /** Faster MCTS playouts (optional). */
  playout?: PlayoutSim<G, unknown>;
  /** A faster drop-in for boardgame.io's reducer on MAKE_MOVE, for the MCTS tree (optional). */
  reducer?(
    state: BotState<G>,
    action: { type: string; payload: { type: string; args?: unknown[]; playerID: string } },
  ): BotState<G>;
  /**
   * The game's own MCTS tuning, on top of every level's settings (optional):
   * the reward's temperature in the units of `evaluate`, the UCT exploration
   * constant, how many turns a playout plays, the chance of a random move in
   * playouts, and the progressive bias towards `scoreMoves`.
   */
  mcts?: { temperature?: number; exploration?: number; playoutTurns?: number; epsilon?: number; bias?: number };
  /** Extra per-seat figures for result tables, e.g. `{ 'conn.': 2 }` (optional). */
  seatStats?(G: G, ctx: Ctx, playerID: string): Record<string, number>;
  /** The rounds a game has played, for result tables (optional; default: boardgame.io's turns divided by the players). */
  rounds?(G: G, ctx: Ctx): number;
}
