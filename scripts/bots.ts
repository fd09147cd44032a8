/**
 * `npm run bots -- --players 4 --bots mcts,random,greedy,mcts:hard --games 100 --seed 1`
 *
 * Headless bot matches through boardgame.io's reducer, on worker threads.
 * Results are reproducible from --seed (unless --time-budget is given).
 */
import { Worker } from 'node:worker_threads';
import { integer, parseFlags, text, UsageError } from './cli';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { MAX_ROUNDS, parseBot, playGame, type GameResult } from '../src/bots/match';
import { DEFAULT_GAME, GAMES, gameNamed } from '../src/games/registry';

const HELP = () => `Usage: npm run bots -- [options]

Plays headless games between bots and prints a table per bot.

Options:
  --game ID          the game: ${GAMES.map((g) => g.alias).join(', ')} (default ${DEFAULT_GAME.alias})
  --players N        players per game (default: the number of --bots)
  --bots LIST        comma-separated bots, one per seat: random, greedy, mcts,
                     mcts:easy, mcts:normal, mcts:hard (default: mcts,random)
                     A single bot with --players N fills every seat.
  --games N          games to play (default 10)
  --seed S           match seed; the same seed gives the same results (default 1)
  --workers N        worker threads (default 2; 0 = play in this thread)
  --seat-rotation    rotate the bots round the seats from game to game
  --time-budget      let MCTS stop at its per-level time budget (faster on a
                     slow machine, but results are no longer reproducible)
  --max-rounds N     stop a game after N rounds; it counts as unfinished, won
                     by nobody (default 250: bots can stall a game)
  --json FILE        write the options, the summary and every game's result to FILE
  --quiet            no progress bar
  --help             this text

Example: npm run bots -- --players 4 --bots mcts,random,random,random --games 100 --seed 1`;

interface Options {
  game: string;
  players: number;
  bots: string[];
  games: number;
  seed: string;
  workers: number;
  seatRotation: boolean;
  timeBudget: boolean;
  json: string | null;
  quiet: boolean;
  maxRounds: number;
}

function parseArgs(argv: string[]): Options | 'help' {
  const flags = parseFlags(argv, {
    game: { type: 'string' },
    players: { type: 'string' },
    bots: { type: 'string' },
    games: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    'max-rounds': { type: 'string' },
    json: { type: 'string' },
    'seat-rotation': { type: 'boolean' },
    'time-budget': { type: 'boolean' },
    quiet: { type: 'boolean' },
  });
  if (flags === 'help') return 'help';
  let def = DEFAULT_GAME;
  const gameName = text(flags, 'game');
  if (gameName !== undefined) {
    try {
      def = gameNamed(gameName);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const o = {
    players: integer(flags, 'players', def.minPlayers, def.maxPlayers),
    bots: text(flags, 'bots')
      ?.split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    games: integer(flags, 'games', 1, 1_000_000),
    seed: text(flags, 'seed'),
    workers: integer(flags, 'workers', 0, 64),
    maxRounds: integer(flags, 'max-rounds', 1, 100_000),
    json: text(flags, 'json'),
    seatRotation: flags['seat-rotation'] === true,
    timeBudget: flags['time-budget'] === true,
    quiet: flags.quiet === true,
  };
  let bots = o.bots ?? ['mcts', 'random'];
  const players = o.players ?? (bots.length === 1 ? 2 : bots.length);
  if (players < def.minPlayers || players > def.maxPlayers)
    throw new UsageError(
      `${def.title} needs ${def.minPlayers} to ${def.maxPlayers} players: give ${def.minPlayers} to ${def.maxPlayers} bots, or --players.`,
    );
  if (bots.length === 1) bots = new Array<string>(players).fill(bots[0]);
  if (bots.length !== players)
    throw new UsageError(
      `--bots lists ${bots.length} bot(s) for ${players} players: give one per seat (or a single bot).`,
    );
  for (const b of bots) {
    try {
      parseBot(b);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  return {
    game: def.id,
    players,
    bots,
    games: o.games ?? 10,
    seed: o.seed ?? '1',
    workers: o.workers ?? 2,
    seatRotation: o.seatRotation,
    timeBudget: o.timeBudget,
    json: o.json ?? null,
    quiet: o.quiet,
    maxRounds: o.maxRounds ?? MAX_ROUNDS,
  };
}

/** The seating of game g. */
function seating(o: Options, g: number): string[] {
  if (!o.seatRotation) return o.bots;
  const k = g % o.players;
  return [...o.bots.slice(k), ...o.bots.slice(0, k)];
}

/** Wilson score interval for k successes out of n, 95%. */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const r = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, (c - r) / d), Math.min(1, (c + r) / d)];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function fmtTime(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`;
}

/** One row of the summary table. */
export interface BotSummary {
  bot: string;
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
  meanScore: number;
  sdScore: number;
  /** Means of the game's extra per-seat figures (e.g. Lisbon's connections). */
  stats: Record<string, number>;
  meanRounds: number;
  medianDecisionMs: number;
  p95DecisionMs: number;
  decisions: number;
}

export function summarize(results: GameResult[]): BotSummary[] {
  type Entry = { scores: number[]; stats: Record<string, number[]>; rounds: number[]; wins: number; times: number[] };
  const by = new Map<string, Entry>();
  for (const r of results) {
    for (const s of r.seats) {
      const e: Entry = by.get(s.bot) ?? { scores: [], stats: {}, rounds: [], wins: 0, times: [] };
      e.scores.push(s.score);
      for (const [k, v] of Object.entries(s.stats)) (e.stats[k] ??= []).push(v);
      e.rounds.push(r.rounds);
      if (s.win) e.wins++;
      for (const t of s.decisionMs) e.times.push(t);
      by.set(s.bot, e);
    }
  }
  const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
  return [...by.entries()].map(([bot, e]) => {
    const m = mean(e.scores);
    const sd =
      e.scores.length > 1 ? Math.sqrt(e.scores.reduce((s, x) => s + (x - m) ** 2, 0) / (e.scores.length - 1)) : 0;
    const times = e.times.slice().sort((a, b) => a - b);
    return {
      bot,
      games: e.scores.length,
      wins: e.wins,
      winRate: e.wins / e.scores.length,
      ci95: wilson(e.wins, e.scores.length),
      meanScore: m,
      sdScore: sd,
      stats: Object.fromEntries(Object.entries(e.stats).map(([k, v]) => [k, mean(v)])),
      meanRounds: mean(e.rounds),
      medianDecisionMs: quantile(times, 0.5),
      p95DecisionMs: quantile(times, 0.95),
      decisions: times.length,
    };
  });
}

function table(rows: BotSummary[]): string {
  const extra = [...new Set(rows.flatMap((r) => Object.keys(r.stats)))];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(1)} ms`);
  const head = [
    'bot',
    'games',
    'wins',
    'win rate',
    '95% CI',
    'score',
    'sd',
    ...extra,
    'rounds',
    'median/decision',
    'p95/decision',
  ];
  const body = rows.map((r) => [
    r.bot,
    String(r.games),
    String(r.wins),
    pct(r.winRate),
    `${pct(r.ci95[0])}-${pct(r.ci95[1])}`,
    r.meanScore.toFixed(1),
    r.sdScore.toFixed(1),
    ...extra.map((k) => (r.stats[k] ?? 0).toFixed(2)),
    r.meanRounds.toFixed(1),
    ms(r.medianDecisionMs),
    ms(r.p95DecisionMs),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...body.map(line)].join('\n');
}

class Progress {
  private done = 0;
  private readonly t0 = Date.now();
  private last = 0;
  constructor(
    private readonly total: number,
    private readonly quiet: boolean,
  ) {}
  tick(): void {
    this.done++;
    if (this.quiet) return;
    const now = Date.now();
    if (this.done < this.total && now - this.last < 200) return;
    this.last = now;
    const el = (now - this.t0) / 1000;
    const eta = (el / this.done) * (this.total - this.done);
    const width = 30;
    const fill = Math.round((width * this.done) / this.total);
    const bar = '#'.repeat(fill) + '-'.repeat(width - fill);
    const tty = process.stderr.isTTY;
    const text = `[${bar}] ${this.done}/${this.total} games, ${fmtTime(el)} elapsed, ETA ${fmtTime(eta)}`;
    process.stderr.write(tty ? `\r${text}` : `${text}\n`);
    if (tty && this.done === this.total) process.stderr.write('\n');
  }
}

async function runAll(o: Options): Promise<GameResult[]> {
  const jobs = Array.from({ length: o.games }, (_, g) => ({
    gameId: o.game,
    game: g,
    bots: seating(o, g),
    seed: `${o.seed}:${g}`,
    budgetMs: o.timeBudget ? undefined : null,
    maxRounds: o.maxRounds,
  }));
  const results = new Array<GameResult>(o.games);
  const progress = new Progress(o.games, o.quiet);
  if (o.workers === 0) {
    for (const j of jobs) {
      results[j.game] = await playGame(
        gameNamed(j.gameId),
        j.bots.map(parseBot),
        j.seed,
        j.game,
        j.budgetMs,
        j.maxRounds,
      );
      progress.tick();
    }
    return results;
  }
  const n = Math.min(o.workers, o.games);
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    let alive = n;
    for (let w = 0; w < n; w++) {
      const worker = new Worker(join(__dirname, 'worker.cjs'));
      const feed = () => {
        if (next < jobs.length) worker.postMessage(jobs[next++]);
        else worker.postMessage(null);
      };
      worker.on('message', (m: { ok: true; result: GameResult } | { ok: false; game: number; error: string }) => {
        if (!m.ok) {
          reject(new Error(`Game ${m.game} failed: ${m.error}`));
          return;
        }
        results[m.result.game] = m.result;
        progress.tick();
        feed();
      });
      worker.on('error', reject);
      worker.on('exit', () => {
        if (--alive === 0) resolve();
      });
      feed();
    }
  });
  return results;
}

async function main(): Promise<void> {
  let o: Options | 'help';
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`bots: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (o === 'help') {
    process.stdout.write(HELP() + '\n');
    return;
  }
  if (process.env.NODE_ENV !== 'production')
    process.stderr.write('bots: warning: NODE_ENV is not "production"; boardgame.io runs ~3x slower.\n');
  const t0 = Date.now();
  const results = await runAll(o);
  const secs = (Date.now() - t0) / 1000;
  const rows = summarize(results);
  process.stdout.write(
    `${gameNamed(o.game).title}: ${o.games} game(s), ${o.players} players, bots ${o.bots.join(',')}, seed ${o.seed}${o.seatRotation ? ', seat rotation' : ''}${o.timeBudget ? ', MCTS time budget' : ''}; ${fmtTime(secs)} on ${Math.min(o.workers, o.games) || 1} thread(s) (${cpus().length} cores)\n\n`,
  );
  process.stdout.write(table(rows) + '\n');
  const unfinished = results.filter((r) => r.decidedBy === 'unfinished').length;
  if (unfinished)
    process.stdout.write(`\n${unfinished} game(s) reached --max-rounds ${o.maxRounds} unfinished (no winner).\n`);
  if (o.json) {
    writeFileSync(o.json, JSON.stringify({ options: o, summary: rows, games: results }, null, 2));
    process.stderr.write(`Wrote ${o.json}\n`);
  }
}

main().catch((e) => {
  process.stderr.write(`bots: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
