/**
 * `npm run bench`: speed figures, printed and written to bench-results.json.
 *
 * 1. Random 4-player games per second, (a) through boardgame.io's reducer
 *    (CreateGameReducer, as the server runs moves) and (b) through the pure
 *    rules functions alone, played by the small turn driver in
 *    src/bots/driver.ts on a plain G. Both pick uniformly among
 *    `ai.enumerate`'s moves with the same seeded generator, and the time spent
 *    inside `enumerate` is reported separately.
 * 2. MCTS at each level: iterations per second and decision time (median,
 *    p95) on positions taken from greedy games, with the level's time budget
 *    (as in the browser and on the server) and with the iteration cap only (as
 *    in `npm run bots`).
 *
 * Options: --seconds N (per speed test, default 10), --positions N (per
 * player count, default 10), --out FILE (default bench-results.json).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { LisbonTram28 } from '../src/game/index';
import { enumerate } from '../src/game/ai';
import type { GState } from '../src/game/types';
import { actingPlayerOf, chooseMove, LEVELS, type Level, type SearchStats } from '../src/bots/index';
import { actingPlayer, applyMove, fromBgio } from '../src/bots/driver';
import { Rng } from '../src/bots/rng';

type State = { G: GState; ctx: Ctx; plugins: never };

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}
const SECONDS = Number(arg('--seconds', '10'));
const POSITIONS = Number(arg('--positions', '10'));
const OUT = arg('--out', 'bench-results.json');

const quantile = (a: number[], q: number) => {
  const s = a.slice().sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

interface SpeedResult {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  movesPerGame: number;
  movesPerSecond: number;
  enumerateShare: number;
}

/** A way to play one random game: start it, and step it until it is over. */
interface GameStepper {
  start(seed: string): { G: GState; ctx: Ctx };
  /** Applies the move to the running game and returns its new state. */
  step(pid: string, move: string, args: unknown[]): { G: GState; ctx: Ctx };
}

/** Random 4-player games, for `seconds`, through one stepper; times `enumerate` separately. */
function timeRandomGames(seconds: number, label: string, stepper: GameStepper): SpeedResult {
  const rng = new Rng(label);
  let games = 0;
  let moves = 0;
  let tEnum = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    let s = stepper.start(`bench${games}`);
    while (!s.ctx.gameover) {
      const pid = actingPlayer(s.ctx);
      const e0 = performance.now();
      const ms = enumerate(s.G, s.ctx, pid);
      tEnum += performance.now() - e0;
      const m = ms[rng.int(ms.length)];
      s = stepper.step(pid, m.move, m.args);
      moves++;
    }
    games++;
  }
  const dt = (performance.now() - t0) / 1000;
  return { games, seconds: dt, gamesPerSecond: games / dt, movesPerGame: moves / games, movesPerSecond: moves / dt, enumerateShare: tEnum / 1000 / dt };
}

/** Through boardgame.io's reducer. */
function reducerGames(seconds: number): SpeedResult {
  let reducer: ReturnType<typeof CreateGameReducer>;
  let s: State;
  return timeRandomGames(seconds, 'bench-reducer', {
    start(seed) {
      const game = { ...LisbonTram28, seed };
      reducer = CreateGameReducer({ game });
      s = InitializeGame({ game, numPlayers: 4 }) as unknown as State;
      return s as never;
    },
    step(pid, move, args) {
      s = reducer(s as never, { type: 'MAKE_MOVE', payload: { type: move, args, playerID: pid } } as never) as unknown as State;
      return s as never;
    },
  });
}

/** Through the pure rules functions alone (the bots' driver). */
function driverGames(seconds: number): SpeedResult {
  let sim: ReturnType<typeof fromBgio>;
  return timeRandomGames(seconds, 'bench-driver', {
    start(seed) {
      sim = fromBgio(InitializeGame({ game: { ...LisbonTram28, seed }, numPlayers: 4 }) as never);
      return sim as never;
    },
    step(pid, move, args) {
      if (!applyMove(sim, pid, move, args)) throw new Error(`driver rejected ${move}`);
      return sim as never;
    },
  });
}

/** Positions from greedy games: every few decisions of the acting player. */
async function positions(numPlayers: number, count: number): Promise<{ state: State; pid: string }[]> {
  const out: { state: State; pid: string }[] = [];
  let g = 0;
  while (out.length < count) {
    const game = { ...LisbonTram28, seed: `pos${numPlayers}-${g++}` };
    const reducer = CreateGameReducer({ game });
    let s = InitializeGame({ game, numPlayers }) as unknown as State;
    let k = 0;
    while (!s.ctx.gameover && out.length < count) {
      const pid = actingPlayerOf(s)!;
      if (k++ % 9 === 4 && enumerate(s.G, s.ctx, pid).length > 1) out.push({ state: s, pid });
      const m = (await chooseMove(s, pid, 'greedy', 'normal', `g${k}`))!;
      s = reducer(s as never, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never) as unknown as State;
    }
  }
  return out;
}

interface MctsResult {
  level: Level;
  mode: 'time budget' | 'iteration cap';
  decisions: number;
  iterationsPerSecond: number;
  medianIterations: number;
  medianMs: number;
  p95Ms: number;
}

async function mctsBench(pos: { state: State; pid: string }[], level: Level, budget: boolean): Promise<MctsResult> {
  const times: number[] = [];
  const its: number[] = [];
  let totalIt = 0;
  let totalMs = 0;
  for (let i = 0; i < pos.length; i++) {
    const stats: SearchStats = { iterations: 0, ms: 0 };
    const t0 = performance.now();
    await chooseMove(pos[i].state, pos[i].pid, 'mcts', level, `b${i}`, { stats, budgetMs: budget ? undefined : null });
    const ms = performance.now() - t0;
    times.push(ms);
    its.push(stats.iterations);
    totalIt += stats.iterations;
    totalMs += ms;
  }
  return {
    level,
    mode: budget ? 'time budget' : 'iteration cap',
    decisions: pos.length,
    iterationsPerSecond: totalIt / (totalMs / 1000),
    medianIterations: quantile(its, 0.5),
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
  };
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV !== 'production') process.stderr.write('bench: warning: NODE_ENV is not "production".\n');
  const load0 = loadavg()[0];
  console.log(`Machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, load average ${load0.toFixed(2)}, Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}`);
  console.log(`\n1. Random 4-player games (${SECONDS} s each)`);
  const red = reducerGames(SECONDS);
  console.log(
    `   boardgame.io reducer: ${red.gamesPerSecond.toFixed(2)} games/s (${red.games} games, ${red.movesPerGame.toFixed(0)} moves/game, ${red.movesPerSecond.toFixed(0)} moves/s, ${(100 * red.enumerateShare).toFixed(0)}% of the time in enumerate)`,
  );
  const drv = driverGames(SECONDS);
  console.log(
    `   pure rules (driver):  ${drv.gamesPerSecond.toFixed(2)} games/s (${drv.games} games, ${drv.movesPerGame.toFixed(0)} moves/game, ${drv.movesPerSecond.toFixed(0)} moves/s, ${(100 * drv.enumerateShare).toFixed(0)}% of the time in enumerate)`,
  );
  const ratio = drv.gamesPerSecond / red.gamesPerSecond;
  console.log(`   ratio pure/reducer: ${ratio.toFixed(2)}x; target >= 20 games/s through the reducer: ${red.gamesPerSecond >= 20 ? 'met' : 'NOT met'}`);

  console.log(`\n2. MCTS decisions (${POSITIONS} positions from greedy games, 2 and 4 players)`);
  const pos = [...(await positions(2, POSITIONS)), ...(await positions(4, POSITIONS))];
  const mcts: MctsResult[] = [];
  for (const budget of [true, false]) {
    for (const level of ['easy', 'normal', 'hard'] as Level[]) {
      const r = await mctsBench(pos, level, budget);
      mcts.push(r);
      const cfg = LEVELS[level];
      console.log(
        `   ${level.padEnd(6)} ${r.mode.padEnd(13)} (cap ${cfg.iterations} it${budget ? `, ${cfg.budgetMs} ms` : ''}): ${r.iterationsPerSecond.toFixed(0)} it/s, median ${r.medianIterations} it, median ${r.medianMs.toFixed(0)} ms, p95 ${r.p95Ms.toFixed(0)} ms`,
      );
    }
  }
  const normal = mcts.filter((r) => r.level === 'normal');
  console.log(`   target: mcts normal median decision <= 1.5 s: ${normal.every((r) => r.medianMs <= 1500) ? 'met' : 'NOT met'}`);
  const load1 = loadavg()[0];
  console.log(`\nLoad average at the end: ${load1.toFixed(2)} (figures are lower when other work shares the cores).`);
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: [load0, load1] },
        randomGames: { reducer: red, pureRules: drv, ratio },
        mcts,
        levels: LEVELS,
      },
      null,
      2,
    ),
  );
  console.log(`Wrote ${OUT}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
