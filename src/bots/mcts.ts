/**
 * The MCTS bot: boardgame.io's MCTSBot (plain UCT over the real reducer),
 * extended in three ways for a long, multi-player game with hidden cards:
 *
 * - playouts run on the fast rules driver with a greedy policy (epsilon-greedy
 *   over `scoreMoves`) for a fixed number of turns, then score the position
 *   with `evaluate`;
 * - rewards are per player: each node is credited with the reward of the
 *   player who made the move leading to it (stock MCTSBot credits objective
 *   scores to every node alike);
 * - the search is cut into chunks with a time budget and an iteration cap,
 *   and yields to the event loop between chunks.
 *
 * Each search runs on states determinized from the player's view (see
 * determinize.ts); several determinizations share the iteration budget and
 * their root visit counts are summed.
 */
import type { Ctx } from 'boardgame.io';
import { MCTSBot } from 'boardgame.io/ai';
import { LisbonTram28 } from '../games/lisbon/index';
import type { AiMove } from '../games/lisbon/ai';
import { botMoves } from '../games/lisbon/bots/candidates';
import type { GState, PlayerID } from '../games/lisbon/types';
import { actingPlayer, applyMove, fastReducer, fromBgio, type BgioState } from '../games/lisbon/bots/driver';
import { evaluate, scoreMoves } from '../games/lisbon/bots/heuristics';
import { Rng } from './rng';
import { searchState } from '../games/lisbon/bots/determinize';

/** Difficulty levels. */
export type Level = 'easy' | 'normal' | 'hard';

/** Search settings of one level. */
export interface MctsConfig {
  /** Iteration cap per decision (all determinizations together). */
  iterations: number;
  /** Time budget per decision, in ms, when a time budget applies (see `mctsMove`). */
  budgetMs: number;
  /** Determinizations per decision. */
  determinizations: number;
  /** Turns each playout plays before it is scored. */
  playoutTurns: number;
  /** Chance of a random (not greedy) move in playouts. */
  epsilon: number;
  /** Softness of the reward: VP lead that gives ~73% reward. */
  temperature: number;
}

export const LEVELS: Record<Level, MctsConfig> = {
  easy: { iterations: 60, budgetMs: 250, determinizations: 1, playoutTurns: 1, epsilon: 0.3, temperature: 3 },
  normal: { iterations: 800, budgetMs: 1000, determinizations: 2, playoutTurns: 2, epsilon: 0.1, temperature: 3 },
  hard: { iterations: 2400, budgetMs: 3000, determinizations: 4, playoutTurns: 2, epsilon: 0.1, temperature: 3 },
};

/** What one decision cost. */
export interface SearchStats {
  iterations: number;
  ms: number;
}

interface BotAction {
  type: string;
  payload: { type: string; args: unknown[]; playerID: PlayerID };
}
interface TreeNode {
  state: BgioState;
  parent?: TreeNode;
  parentAction?: BotAction;
  actions: BotAction[];
  children: TreeNode[];
  visits: number;
  value: number;
}
type Rewards = Record<PlayerID, number>;

/** The MCTSBot internals this subclass uses (private in boardgame.io's typings). */
interface MctsInternals {
  createNode(a: { state: BgioState; playerID?: PlayerID; parent?: TreeNode; parentAction?: BotAction }): TreeNode;
  select(node: TreeNode): TreeNode;
  expand(node: TreeNode): TreeNode;
  random(n: number): number;
}
type MctsBase = new (opts: ConstructorParameters<typeof MCTSBot>[0]) => MctsInternals;

const yieldNow: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((r) => setImmediate(r))
    : () => new Promise((r) => setTimeout(r, 0));

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** boardgame.io's MCTSBot with greedy playouts, per-player rewards and a time budget. */
export class LisbonMctsBot extends (MCTSBot as unknown as MctsBase) {
  readonly cfg: MctsConfig;
  private readonly rng: Rng;

  constructor(cfg: MctsConfig, seed: string) {
    super({
      game: LisbonTram28,
      enumerate: (G: GState, ctx: Ctx, playerID: PlayerID) => botMoves(G, ctx, playerID),
      seed,
      iterations: cfg.iterations,
    });
    this.cfg = cfg;
    this.rng = new Rng(`${seed}/playout`);
    // Expand the tree with the rules driver instead of boardgame.io's Immer-based
    // reducer: the same states (test/bots/driver.test.ts), several times faster.
    (this as unknown as { reducer: typeof fastReducer }).reducer = fastReducer;
  }

  /** Play a few turns from the node with the greedy policy, then score every player. */
  playout(node: TreeNode): Rewards {
    const sim = fromBgio(node.state, false);
    const stopTurn = sim.ctx.turn + this.cfg.playoutTurns;
    let guard = 0;
    while (!sim.ctx.gameover && sim.ctx.turn < stopTurn && guard++ < 200) {
      const pid = actingPlayer(sim.ctx);
      const moves = botMoves(sim.G, sim.ctx as unknown as Ctx, pid);
      if (moves.length === 0) break;
      let m: AiMove;
      if (moves.length === 1) m = moves[0];
      else if (this.rng.next() < this.cfg.epsilon) m = moves[this.rng.int(moves.length)];
      else {
        const s = scoreMoves(sim.G, sim.ctx, pid, moves);
        let bi = 0;
        for (let i = 1; i < s.length; i++) if (s[i] > s[bi]) bi = i;
        m = moves[bi];
      }
      if (!applyMove(sim, pid, m.move, m.args)) break;
    }
    return rewards(sim.G, sim.ctx.gameover, this.cfg.temperature);
  }

  backpropagate(node: TreeNode, result: Rewards): void {
    for (let n: TreeNode | undefined = node; n; n = n.parent) {
      n.visits++;
      if (n.parentAction) n.value += result[n.parentAction.payload.playerID] ?? 0;
    }
  }

  /** Run iterations from `root` until the cap or the deadline; yields between chunks. */
  async grow(root: TreeNode, cap: number, deadline: number): Promise<number> {
    let done = 0;
    const started = now();
    let chunkStart = started;
    while (done < cap && now() < deadline) {
      const leaf = this.select(root);
      const child = this.expand(leaf);
      const result = child.state.ctx.gameover
        ? rewards(child.state.G, child.state.ctx.gameover as Parameters<typeof rewards>[1], this.cfg.temperature)
        : this.playout(child);
      this.backpropagate(child, result);
      done++;
      // Stop early once the most visited move can no longer be overtaken.
      if ((done & 15) === 0 && root.children.length > 0) {
        const t = now();
        const rate = done / Math.max(1, t - started);
        const left = Math.min(cap - done, rate * (deadline - t));
        let v1 = 0;
        let v2 = 0;
        for (const c of root.children) {
          if (c.visits > v1) {
            v2 = v1;
            v1 = c.visits;
          } else if (c.visits > v2) v2 = c.visits;
        }
        if (root.actions.length === 0 && v1 - v2 > left) break;
      }
      // Never hold the event loop for more than ~30 ms.
      if (now() - chunkStart > 30) {
        await yieldNow();
        chunkStart = now();
      }
    }
    return done;
  }
}

/** Per-player rewards in [0, 1]: the winner at the end, else a soft lead over the best opponent. */
export function rewards(
  G: GState,
  gameover: { winner: PlayerID; scores: Record<PlayerID, { total: number }> } | undefined,
  temperature: number,
): Rewards {
  const out: Rewards = {};
  const ids = Object.keys(G.players);
  if (gameover) {
    for (const p of ids) {
      const best = Math.max(...ids.filter((q) => q !== p).map((q) => gameover.scores[q].total));
      const margin = gameover.scores[p].total - best;
      out[p] = (p === gameover.winner ? 0.8 : 0) + 0.2 / (1 + Math.exp(-margin / temperature));
    }
    return out;
  }
  const v: Record<PlayerID, number> = {};
  for (const p of ids) v[p] = evaluate(G, p);
  for (const p of ids) {
    const best = Math.max(...ids.filter((q) => q !== p).map((q) => v[q]));
    out[p] = 1 / (1 + Math.exp(-(v[p] - best) / temperature));
  }
  return out;
}

/** Stable key of a move, to add up visits across determinizations. */
function key(a: BotAction): string {
  return `${a.payload.type}:${JSON.stringify(a.payload.args)}`;
}

/**
 * Choose a move for `playerID` from its view by determinized MCTS.
 * `stats` receives the iterations run and the time taken. With
 * `budgetMs` null only the iteration cap applies, and the move depends on
 * the view and the seed alone (reproducible matches).
 */
export async function mctsMove(
  view: GState,
  ctx: Ctx,
  playerID: PlayerID,
  cfg: MctsConfig,
  seed: string,
  stats?: SearchStats,
  budgetMs: number | null = cfg.budgetMs,
): Promise<AiMove | null> {
  const t0 = now();
  const legal = botMoves(view, ctx, playerID);
  if (legal.length <= 1) {
    if (stats) Object.assign(stats, { iterations: 0, ms: now() - t0 });
    return legal[0] ?? null;
  }
  const rng = new Rng(seed);
  const totals = new Map<string, { action: BotAction; visits: number; value: number }>();
  const deadline = budgetMs === null ? Infinity : t0 + budgetMs;
  let iterations = 0;
  const k = Math.max(1, cfg.determinizations);
  for (let d = 0; d < k; d++) {
    const state = searchState(view, ctx, playerID, rng);
    const bot = new LisbonMctsBot(cfg, rng.seed());
    const root = bot.createNode({ state, playerID });
    const share = now() + (deadline - now()) / (k - d);
    iterations += await bot.grow(root, Math.ceil((cfg.iterations - iterations) / (k - d)), share);
    for (const c of root.children) {
      const a = c.parentAction!;
      const t = totals.get(key(a)) ?? { action: a, visits: 0, value: 0 };
      t.visits += c.visits;
      t.value += c.value;
      totals.set(key(a), t);
    }
  }
  let best: { action: BotAction; visits: number; value: number } | null = null;
  for (const t of totals.values()) {
    if (!best || t.visits > best.visits || (t.visits === best.visits && t.value > best.value)) best = t;
  }
  if (stats) Object.assign(stats, { iterations, ms: now() - t0 });
  if (!best) return legal[0];
  return { move: best.action.payload.type, args: best.action.payload.args };
}
