/**
 * The bots, one entry point for the CLI, the browser (hot-seat bots) and the
 * server (online bot seats), for every game of the registry (through its
 * bot hooks). Pure TypeScript: no Node or DOM modules.
 *
 * Bots decide from the acting player's VIEW only: `chooseMove` applies the
 * game's `playerView` to whatever it is given, and the MCTS bot deals the
 * hidden cards at random (the game's `determinize`) before it searches.
 */
import type { Ctx } from 'boardgame.io';
import { RandomBot } from 'boardgame.io/ai';
import type { AiMove } from './hooks';
import type { GameDef } from '../games/registry';
import { actingPlayerOf, LEVELS, levelConfig, mctsMove, type Level, type SearchStats } from './mcts';

export { actingPlayerOf };
import { Rng } from './rng';
import { BOT_LEVELS } from './levels';

export type { Level, SearchStats } from './mcts';
export { LEVELS, levelConfig } from './mcts';

type PlayerID = string;

/** The kinds of bot. */
export const BOT_KINDS = ['random', 'greedy', 'mcts'] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export { BOT_LEVELS };

/** A move as the client dispatches it: `client.moves[move](...args)`. */
export interface BotMove {
  move: string;
  args: unknown[];
}

/** The greedy bot: the best move by the heuristic, ties broken at random. */
export function greedyMove(def: GameDef, view: unknown, ctx: Ctx, playerID: PlayerID, rng: Rng): AiMove | null {
  const moves = def.bots.moves(view, ctx, playerID);
  if (moves.length <= 1) return moves[0] ?? null;
  const s = def.bots.scoreMoves(view, ctx, playerID, moves);
  let best = -Infinity;
  let pick: AiMove | null = null;
  for (let i = 0; i < moves.length; i++) {
    const v = s[i] + rng.next() * 1e-6;
    if (v > best) {
      best = v;
      pick = moves[i];
    }
  }
  return pick;
}

/** The random bot: boardgame.io's RandomBot over the bots' move list. */
export async function randomMove(
  def: GameDef,
  view: unknown,
  ctx: Ctx,
  playerID: PlayerID,
  seed: string,
): Promise<AiMove | null> {
  const bot = new RandomBot({ enumerate: (G: unknown, c: Ctx, p: PlayerID) => def.bots.moves(G, c, p), seed });
  const { action } = (await bot.play({ G: view, ctx }, playerID)) as {
    action?: { payload: { type: string; args: unknown[] } };
  };
  return action ? { move: action.payload.type, args: action.payload.args ?? [] } : null;
}

/** Extra options of `chooseMove`. */
export interface ChooseOptions {
  /** Receives the MCTS iterations and the time taken. */
  stats?: SearchStats;
  /**
   * MCTS time budget in ms; default: the level's. null: iteration cap only,
   * so the move depends on nothing but the view and the seed.
   */
  budgetMs?: number | null;
}

/** The state `playerID` sees: the game's `playerView`. */
export function viewFor(def: GameDef, G: unknown, ctx: Ctx, playerID: PlayerID): unknown {
  const pv = def.game.playerView;
  return pv ? pv({ G, ctx, playerID }) : G;
}

/**
 * Choose a move for `playerID` in a game of `def`. `state` may be the full
 * state or the player's view: only the game's `playerView` of it and `ctx` are read.
 * Resolves to null when the player has nothing to decide now.
 * The same view, kind, level and seed always give the same move.
 */
export async function chooseMove(
  def: GameDef,
  state: { G: unknown; ctx: Ctx },
  playerID: PlayerID,
  kind: BotKind,
  level: Level = 'normal',
  seed?: string | number,
  options: ChooseOptions = {},
): Promise<BotMove | null> {
  const { stats } = options;
  if (!BOT_KINDS.includes(kind)) throw new Error(`Unknown bot "${kind}". Bots: ${BOT_KINDS.join(', ')}.`);
  if (!LEVELS[level]) throw new Error(`Unknown level "${level}". Levels: ${BOT_LEVELS.join(', ')}.`);
  if (actingPlayerOf(def, state) !== playerID) return null;
  const view = viewFor(def, state.G, state.ctx, playerID);
  const ctx = state.ctx;
  const s = String(seed ?? Math.floor(Math.random() * 2 ** 32));
  const t0 = Date.now();
  let m: AiMove | null;
  if (kind === 'random') m = await randomMove(def, view, ctx, playerID, s);
  else if (kind === 'greedy') m = greedyMove(def, view, ctx, playerID, new Rng(s));
  else
    return mctsMove(
      def,
      view,
      ctx,
      playerID,
      levelConfig(def, level),
      s,
      stats,
      options.budgetMs === undefined ? LEVELS[level].budgetMs : options.budgetMs,
    );
  if (stats) Object.assign(stats, { iterations: 0, ms: Date.now() - t0 });
  return m;
}
