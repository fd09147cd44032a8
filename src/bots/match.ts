/**
 * Headless matches through boardgame.io's real reducer: the CLI, the
 * benchmark and the tests play games with this. No Node modules.
 */
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../games/lisbon/index';
import type { GameOver, GState, PlayerID } from '../games/lisbon/types';
import { actingPlayerOf, BOT_KINDS, BOT_LEVELS, chooseMove, type BotKind } from './index';
import type { Level, SearchStats } from './mcts';
import { Rng } from './rng';
import { scoreOf } from '../games/lisbon/selectors';

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
  score: number;
  cardVP: number;
  connections: number;
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
  firstPlayer: PlayerID;
  rounds: number;
  turns: number;
  moves: number;
  decidedBy: GameOver['decidedBy'] | 'unfinished';
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
  bots: BotSpec[],
  seed: string,
  game = 0,
  budgetMs: number | null | undefined = null,
  maxRounds = MAX_ROUNDS,
): Promise<GameResult> {
  const numPlayers = bots.length;
  const cfg = { ...LisbonTram28, seed: `${seed}/engine` };
  const reducer = CreateGameReducer({ game: cfg });
  let state = InitializeGame({ game: cfg, numPlayers }) as unknown as { G: GState; ctx: Ctx };
  const rngs = bots.map((_, i) => new Rng(`${seed}/seat${i}`));
  const times: number[][] = bots.map(() => []);
  let moves = 0;
  while (!state.ctx.gameover && moves < MAX_MOVES && state.ctx.turn <= maxRounds * numPlayers) {
    const pid = actingPlayerOf(state)!;
    const seat = Number(pid);
    const b = bots[seat];
    const stats: SearchStats = { iterations: 0, ms: 0 };
    const t0 = performance.now();
    const m = await chooseMove(state, pid, b.kind, b.level, rngs[seat].seed(), { stats, budgetMs });
    times[seat].push(performance.now() - t0);
    if (!m) throw new Error(`Bot ${b.label} (seat ${pid}) found no move at turn ${state.ctx.turn}.`);
    const next = reducer(
      state as never,
      { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never,
    ) as unknown as { G: GState; ctx: Ctx };
    if (next === (state as unknown)) {
      throw new Error(
        `The engine rejected ${b.label}'s move ${m.move} ${JSON.stringify(m.args)} (seat ${pid}, turn ${state.ctx.turn}).`,
      );
    }
    state = next;
    moves++;
  }
  const over = state.ctx.gameover as GameOver | undefined;
  const G = state.G;
  return {
    game,
    seed,
    players: numPlayers,
    firstPlayer: G.firstPlayer,
    rounds: Math.ceil(state.ctx.turn / numPlayers),
    turns: state.ctx.turn,
    moves,
    decidedBy: over ? over.decidedBy : 'unfinished',
    seats: bots.map((b, i) => {
      const s = over?.scores[String(i)] ?? { ...scoreOf(G, String(i)), rank: numPlayers };
      return {
        seat: String(i),
        bot: b.label,
        score: s.total,
        cardVP: s.cardVP,
        connections: s.connections,
        rank: s.rank,
        win: over?.winner === String(i),
        decisionMs: times[i].map((t) => Math.round(t * 100) / 100),
      };
    }),
  };
}
