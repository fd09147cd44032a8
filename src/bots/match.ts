/**
 * Headless matches through boardgame.io's real reducer: the CLI, the
 * benchmark and the tests play games with this. No Node modules.
 */
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { GameDef } from '../games/registry';
import { actingPlayerOf, BOT_KINDS, BOT_LEVELS, chooseMove, type BotKind } from './index';
import type { Level, SearchStats } from './mcts';
import { Rng } from './rng';
import { winnersOf } from '../games/common/outcome';

type PlayerID = string;

/** A bot as named on the command line: `random`, `greedy`, `mcts`, `mcts:hard`... */
export interface BotSpec {
  kind: BotKind;
  level: Level;
  /** The name as given, used in tables. */
  label: string;
}

/** Parse `kind[:level]`; throws a readable error. */
export function parseBot(name: string): BotSpec {
  const [kind, level, extra] = name.trim().split(':');
  if (!(BOT_KINDS as readonly string[]).includes(kind) || extra !== undefined) {
    throw new Error(`Unknown bot "${name}". Bots: random, greedy, mcts, mcts:easy, mcts:normal, mcts:hard.`);
  }
  if (level !== undefined && !(BOT_LEVELS as readonly string[]).includes(level)) {
    throw new Error(`Unknown level "${level}" in "${name}". Levels: ${BOT_LEVELS.join(', ')}.`);
  }
  if (level !== undefined && kind !== 'mcts') throw new Error(`Only mcts takes a level ("${name}").`);
  const lv = (level ?? 'normal') as Level;
  return { kind: kind as BotKind, level: lv, label: kind === 'mcts' ? `mcts:${lv}` : kind };
}

/** One seat's result. */
export interface SeatResult {
  seat: PlayerID;
  bot: string;
  /** The final score, or the bot hooks' `evaluate` of an unfinished game. */
  score: number;
  /** The game's extra per-seat figures (`seatStats`), e.g. Lisbon's connections. */
  stats: Record<string, number>;
  rank: number;
  win: boolean;
  /** Time of each decision this seat took, in ms. */
  decisionMs: number[];
}

/** One game's result. */
export interface GameResult {
  game: number;
  seed: string;
  players: number;
  /** The game played (its registry id). */
  gameId: string;
  firstPlayer: PlayerID;
  rounds: number;
  turns: number;
  moves: number;
  /** How the game was decided (the game's own `decidedBy`, e.g. a tie-break), 'finished' if it says nothing, or 'unfinished'. */
  decidedBy: string;
  seats: SeatResult[];
}

/** Safety cap on moves per game. */
export const MAX_MOVES = 20000;
/**
 * Default cap on rounds per game. Bots can stall a game: nothing forces a
 * claim, hands have no limit, and a display of cards nobody can complete
 * stays put. A game stopped by the cap counts as unfinished, won by nobody.
 */
export const MAX_ROUNDS = 250;

/**
 * Play one game: seat i is played by `bots[i]`. The engine's seed and each
 * bot's seed derive from `seed`, so a game is reproducible, unless an MCTS
 * time budget is allowed (`budgetMs` a number, or undefined for each level's
 * own budget): then the search depends on the machine's speed.
 */
export async function playGame(
  def: GameDef,
  bots: BotSpec[],
  seed: string,
  game = 0,
  budgetMs: number | null | undefined = null,
  maxRounds = MAX_ROUNDS,
): Promise<GameResult> {
  const numPlayers = bots.length;
  const cfg = { ...def.game, seed: `${seed}/engine` };
  const reducer = CreateGameReducer({ game: cfg });
  let state = InitializeGame({ game: cfg, numPlayers }) as unknown as { G: unknown; ctx: Ctx };
  const firstPlayer = state.ctx.currentPlayer;
  const rngs = bots.map((_, i) => new Rng(`${seed}/seat${i}`));
  const times: number[][] = bots.map(() => []);
  let moves = 0;
  // The game's own round when it counts them (a Get on Board round is one boardgame.io turn), else a turn per seat.
  const roundOf = (s: { G: unknown; ctx: Ctx }) =>
    def.bots.rounds ? def.bots.rounds(s.G, s.ctx) : Math.ceil(s.ctx.turn / numPlayers);
  while (!state.ctx.gameover && moves < MAX_MOVES && roundOf(state) <= maxRounds) {
    const pid = actingPlayerOf(def, state)!;
    const seat = Number(pid);
    const b = bots[seat];
    const stats: SearchStats = { iterations: 0, ms: 0 };
    const t0 = performance.now();
    const m = await chooseMove(def, state, pid, b.kind, b.level, rngs[seat].seed(), { stats, budgetMs });
    times[seat].push(performance.now() - t0);
    if (!m) throw new Error(`Bot ${b.label} (seat ${pid}) found no move at turn ${state.ctx.turn}.`);
    const next = reducer(
      state as never,
      { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never,
    ) as unknown as { G: unknown; ctx: Ctx };
    if (next === (state as unknown)) {
      throw new Error(
        `The engine rejected ${b.label}'s move ${m.move} ${JSON.stringify(m.args)} (seat ${pid}, turn ${state.ctx.turn}).`,
      );
    }
    state = next;
    moves++;
  }
  const over = state.ctx.gameover as
    | {
        decidedBy?: string;
        scores?: Record<PlayerID, { total: number; rank?: number }>;
      }
    | undefined;
  const { G, ctx } = state;
  const totals = bots.map((_, i) => over?.scores?.[String(i)]?.total ?? def.bots.evaluate(G, ctx, String(i)));
  return {
    game,
    seed,
    gameId: def.id,
    players: numPlayers,
    firstPlayer,
    // A game stopped by the cap has begun the next round and made no move in it: it played `maxRounds`.
    rounds: Math.min(roundOf(state), over ? Infinity : maxRounds),
    turns: ctx.turn,
    moves,
    decidedBy: over ? (over.decidedBy ?? 'finished') : 'unfinished',
    seats: bots.map((b, i) => ({
      seat: String(i),
      bot: b.label,
      score: totals[i],
      stats: def.bots.seatStats?.(G, ctx, String(i)) ?? {},
      rank: over?.scores?.[String(i)]?.rank ?? (over ? 1 + totals.filter((t) => t > totals[i]).length : numPlayers),
      win: !!winnersOf(over)?.includes(String(i)),
      decisionMs: times[i].map((t) => Math.round(t * 100) / 100),
    })),
  };
}
