/**
 * The MCTS bot, for any game of the registry: boardgame.io's MCTSBot (plain
 * UCT over the real reducer, or the game's faster drop-in), extended in three
 * ways for long, multi-player games with hidden cards:
 *
 * - playouts run (on the game's fast simulator when it has one) with a greedy
 *   policy (epsilon-greedy over the game's `scoreMoves`) for a fixed number
 *   of turns, then score the position with the game's `evaluate`;
 * - rewards are per player: each node is credited with the reward of the
 *   player who made the move leading to it (stock MCTSBot credits objective
 *   scores to every node alike);
 * - the search is cut into chunks with a time budget and an iteration cap,
 *   and yields to the event loop between chunks.
 *
 * Each search runs on states determinized from the player's view (the
 * game's `determinize`); several determinizations share the iteration budget
 * and their root visit counts are summed.
 */
import type { Ctx } from 'boardgame.io';
import { MCTSBot } from 'boardgame.io/ai';
import { CreateGameReducer } from 'boardgame.io/internal';
import type { AiMove, BotState } from './hooks';
import type { GameDef } from '../games/registry';
import { Rng } from './rng';
import type { Level } from './levels';

type PlayerID = string;
type BgioState = BotState & { [k: string]: unknown };

/** Difficulty levels (./levels.ts). */
export type { Level };

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
  /** UCT exploration constant (boardgame.io's MCTSBot uses √2). */
  exploration: number;
  /**
   * Progressive bias towards the game's heuristic (`scoreMoves`): a node's
   * moves are tried best-first, and a move ranked r-th by the heuristic gets
   * `bias / (r * (visits + 1))` on its UCT value, which fades as its real
   * results come in. 0: moves are tried in random order with no bias
   * (boardgame.io's own MCTSBot).
   */
  bias: number;
}

export const LEVELS: Record<Level, MctsConfig> = {
  easy: {
    iterations: 60,
    budgetMs: 250,
    determinizations: 1,
    playoutTurns: 1,
    epsilon: 0.3,
    temperature: 3,
    exploration: Math.SQRT2,
    bias: 0,
  },
  normal: {
    iterations: 800,
    budgetMs: 1000,
    determinizations: 2,
    playoutTurns: 2,
    epsilon: 0.1,
    temperature: 3,
    exploration: Math.SQRT2,
    bias: 0,
  },
  hard: {
    iterations: 2400,
    budgetMs: 3000,
    determinizations: 4,
    playoutTurns: 2,
    epsilon: 0.1,
    temperature: 3,
    exploration: Math.SQRT2,
    bias: 0,
  },
};

/** A level's settings for one game: the level's, with the game's own tuning on top (its bot hooks' `mcts`). */
export function levelConfig(def: GameDef, level: Level): MctsConfig {
  return { ...LEVELS[level], ...def.bots.mcts };
}

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
  /** The heuristic's rank of the move leading here, 1 = best (progressive bias only). */
  rank?: number;
  /** The heuristic's rank of each untried move (progressive bias only). */
  ranks?: Map<BotAction, number>;
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
  reducer(state: BgioState, action: BotAction): BgioState;
  random(n: number): number;
}
type MctsBase = new (opts: ConstructorParameters<typeof MCTSBot>[0]) => MctsInternals;

const yieldNow: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((r) => setImmediate(r))
    : () => new Promise((r) => setTimeout(r, 0));

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Who the game waits for (the game's `actingPlayer`). */
export function actingPlayerOf(def: GameDef, state: { G: unknown; ctx: Ctx }): PlayerID | null {
  return def.bots.actingPlayer(state.G, state.ctx);
}

/** A playout: the game's fast simulator, or boardgame.io's reducer. */
interface Playout {
  current(): { G: unknown; ctx: Ctx };
  apply(playerID: PlayerID, move: string, args: unknown[]): boolean;
}

function startPlayout(def: GameDef, reducer: ReturnType<typeof CreateGameReducer>, state: BgioState): Playout {
  const sim = def.bots.playout;
  if (sim) {
    const s = sim.start(state);
    return { current: () => sim.current(s), apply: (p, m, a) => sim.apply(s, p, m, a) };
  }
  let st = state;
  return {
    current: () => st,
    apply: (playerID, type, args) => {
      const next = reducer(
        st as never,
        { type: 'MAKE_MOVE', payload: { type, args, playerID } } as never,
      ) as unknown as BgioState;
      if (next === st) return false;
      st = next;
      return true;
    },
  };
}

/** boardgame.io's MCTSBot with greedy playouts, per-player rewards and a time budget. */
export class GameMctsBot extends (MCTSBot as unknown as MctsBase) {
  readonly cfg: MctsConfig;
  private readonly rng: Rng;
  private readonly def: GameDef;
  private readonly plainReducer: ReturnType<typeof CreateGameReducer>;

  constructor(def: GameDef, cfg: MctsConfig, seed: string) {
    super({
      game: def.game,
      enumerate: (G: unknown, ctx: Ctx, playerID: PlayerID) => def.bots.moves(G, ctx, playerID),
      seed,
      iterations: cfg.iterations,
    });
    this.def = def;
    this.cfg = cfg;
    this.rng = new Rng(`${seed}/playout`);
    this.plainReducer = CreateGameReducer({ game: def.game });
    // Expand the tree with the game's faster drop-in for the reducer, when it has one.
    const bots = def.bots;
    if (bots.reducer) {
      const fast: NonNullable<typeof bots.reducer> = (state, action) => bots.reducer!(state, action);
      (this as unknown as { reducer: typeof fast }).reducer = fast;
    }
  }

  /**
   * UCT selection with the configured exploration constant. With a
   * progressive bias, a node also widens progressively: it is only descended
   * through once it has as many children as the square root of its visits
   * (its best-ranked moves first, see `expand`); until then it expands.
   */
  override select(node: TreeNode): TreeNode {
    const { exploration, bias } = this.cfg;
    const saturated = (n: TreeNode) =>
      n.actions.length === 0 || (bias > 0 && n.children.length >= Math.max(2, Math.ceil(Math.sqrt(n.visits))));
    let n = node;
    while (n.children.length > 0 && saturated(n)) {
      const logN = Math.log(n.visits);
      let best = -Infinity;
      let pick = n.children[0];
      for (const child of n.children) {
        const v = child.visits + Number.EPSILON;
        let uct = child.value / v + exploration * Math.sqrt(logN / v);
        if (bias > 0 && child.rank) uct += bias / (child.rank * (child.visits + 1));
        if (uct > best) {
          best = uct;
          pick = child;
        }
      }
      n = pick;
    }
    return n;
  }

  /** With a progressive bias, expand the heuristic's best untried move first; else boardgame.io's random order. */
  override expand(node: TreeNode): TreeNode {
    if (this.cfg.bias <= 0 || node.actions.length === 0 || node.state.ctx.gameover !== undefined) {
      return super.expand(node);
    }
    if (!node.ranks) {
      const { G, ctx } = node.state;
      const pid = node.actions[0].payload.playerID;
      const moves = node.actions.map((a) => ({ move: a.payload.type, args: a.payload.args }));
      const scores = this.def.bots.scoreMoves(G, ctx, pid, moves);
      const order = node.actions.map((a, i) => ({ a, s: scores[i] })).sort((x, y) => y.s - x.s);
      node.ranks = new Map(order.map((o, i) => [o.a, i + 1]));
    }
    let at = 0;
    for (let i = 1; i < node.actions.length; i++) {
      if (node.ranks.get(node.actions[i])! < node.ranks.get(node.actions[at])!) at = i;
    }
    const action = node.actions[at];
    node.actions.splice(at, 1);
    const child = this.createNode({ state: this.reducer(node.state, action), parentAction: action, parent: node });
    child.rank = node.ranks.get(action);
    node.children.push(child);
    return child;
  }

  /** Play a few turns from the node with the greedy policy, then score every player. */
  playout(node: TreeNode): Rewards {
    const bots = this.def.bots;
    const sim = startPlayout(this.def, this.plainReducer, node.state);
    const stopTurn = sim.current().ctx.turn + this.cfg.playoutTurns;
    let guard = 0;
    for (let s = sim.current(); !s.ctx.gameover && s.ctx.turn < stopTurn && guard++ < 200; s = sim.current()) {
      const pid = actingPlayerOf(this.def, s);
      if (pid === null) break;
      const moves = bots.moves(s.G, s.ctx, pid);
      if (moves.length === 0) break;
      let m: AiMove;
      if (moves.length === 1) m = moves[0];
      else if (this.rng.next() < this.cfg.epsilon) m = moves[this.rng.int(moves.length)];
      else {
        const scores = bots.scoreMoves(s.G, s.ctx, pid, moves);
        let bi = 0;
        for (let i = 1; i < scores.length; i++) if (scores[i] > scores[bi]) bi = i;
        m = moves[bi];
      }
      if (!sim.apply(pid, m.move, m.args)) break;
    }
    const end = sim.current();
    return rewards(this.def, end.G, end.ctx, this.cfg.temperature);
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
        ? rewards(this.def, child.state.G, child.state.ctx, this.cfg.temperature)
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

/** How a game over reads: the winner, and each player's total (as the games of the registry report it). */
interface GameOverLike {
  winner?: PlayerID;
  /** Games with shared victories name every winner. */
  winners?: PlayerID[];
  scores?: Record<PlayerID, { total: number }>;
}

/** Per-player rewards in [0, 1]: the winner at the end, else a soft lead over the best opponent. */
export function rewards(def: GameDef, G: unknown, ctx: Ctx, temperature: number): Rewards {
  const out: Rewards = {};
  const ids = ctx.playOrder;
  const over = ctx.gameover as GameOverLike | undefined;
  const v: Record<PlayerID, number> = {};
  for (const p of ids) v[p] = over?.scores?.[p]?.total ?? def.bots.evaluate(G, ctx, p);
  for (const p of ids) {
    const best = Math.max(...ids.filter((q) => q !== p).map((q) => v[q]));
    out[p] = over
      ? (p === over.winner || over.winners?.includes(p) ? 0.8 : 0) + 0.2 / (1 + Math.exp(-(v[p] - best) / temperature))
      : 1 / (1 + Math.exp(-(v[p] - best) / temperature));
  }
  return out;
}

/** A boardgame.io state for search: the determinized G, the ctx, and a freshly seeded PRNG. */
function searchState(def: GameDef, view: unknown, ctx: Ctx, playerID: string, rng: Rng): BgioState {
  const G: unknown = def.bots.determinize(view, ctx, playerID, rng);
  const { _random: _r, ...rest } = ctx as Ctx & { _random?: unknown };
  return {
    G,
    ctx: rest,
    plugins: { random: { data: { seed: rng.seed() } }, log: { data: {} }, events: { data: {} } },
    _undo: [],
    _redo: [],
    _stateID: 0,
  };
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
  def: GameDef,
  view: unknown,
  ctx: Ctx,
  playerID: PlayerID,
  cfg: MctsConfig,
  seed: string,
  stats?: SearchStats,
  budgetMs: number | null = cfg.budgetMs,
): Promise<AiMove | null> {
  const t0 = now();
  const legal = def.bots.moves(view, ctx, playerID);
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
    const state = searchState(def, view, ctx, playerID, rng);
    const bot = new GameMctsBot(def, cfg, rng.seed());
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
