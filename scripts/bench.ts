/**
 * `npm run bench`: speed figures, printed and written to bench-results.json.
 *
 * For one game of the registry (`--game`, default Lisbon):
 *
 * 1. Random games per second (4 players, or the game's most if fewer), (a)
 *    through boardgame.io's reducer (CreateGameReducer, as the server runs
 *    moves) and (b) through the pure rules functions alone, played by the
 *    game's own fast simulator on a plain G (its bot hooks' `playout`; for
 *    Lisbon the small turn driver in src/games/lisbon/bots/driver.ts), when it
 *    has one. Both pick uniformly among the bots' moves with the same seeded
 *    generator, and the time spent listing them is reported separately.
 *    A minimal game through the same reducer measures boardgame.io's own cost
 *    per action, and so the most games per second the reducer could reach.
 * 2. MCTS at each level: iterations per second and decision time (median,
 *    p95) on positions taken from greedy games, with the level's time budget
 *    (as in the browser and on the server) and with the iteration cap only (as
 *    in `npm run bots`).
 *
 * Options: --seconds N (per speed test, default 10), --warmup N (seconds
 * played first and not counted, default 3), --positions N (per
 * player count, default 10), --out FILE (default bench-results.json).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Ctx } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { actingPlayerOf, chooseMove, LEVELS, type Level, type SearchStats } from '../src/bots/index';
import { Rng } from '../src/bots/rng';
import { integer, parseFlags, text } from './cli';
import { DEFAULT_GAME, GAMES, gameNamed } from '../src/games/registry';

type State = { G: unknown; ctx: Ctx; plugins: never };

const HELP = `Usage: npm run bench -- [options]

  --game ID       the game: ${GAMES.map((g) => g.alias).join(', ')} (default ${DEFAULT_GAME.alias})
  --seconds N     seconds per speed test, 1-600 (default 10)
  --warmup N      seconds played first and not counted, 0-600 (default 3)
  --positions N   MCTS positions per player count, 1-1000 (default 10)
  --out FILE      where the figures go (default bench-results.json)
  -h, --help      this text
`;

const FLAGS = (() => {
  try {
    return parseFlags(process.argv.slice(2), {
      game: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      positions: { type: 'string' },
      out: { type: 'string' },
    });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
})();
if (FLAGS === 'help') {
  process.stdout.write(HELP);
  process.exit(0);
}
const option = <T>(read: () => T): T => {
  try {
    return read();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
};
const SECONDS = option(() => integer(FLAGS, 'seconds', 1, 600) ?? 10);
const WARMUP = option(() => integer(FLAGS, 'warmup', 0, 600) ?? 3);
const POSITIONS = option(() => integer(FLAGS, 'positions', 1, 1000) ?? 10);
const OUT = text(FLAGS, 'out') ?? 'bench-results.json';
const DEF = option(() => gameNamed(text(FLAGS, 'game') ?? DEFAULT_GAME.id));
const GAME = DEF.game;
/** Players in the random games: 4, or the game's most if fewer. */
const PLAYERS = Math.min(4, DEF.maxPlayers);

const quantile = (a: number[], q: number) => {
  const s = a.slice().sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

interface SpeedResult {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  movesPerGame: number;
  /** Turns per game (boardgame.io's ctx.turn at the end). */
  turnsPerGame: number;
  movesPerSecond: number;
  enumerateShare: number;
}

/** A way to play one random game: start it, and step it until it is over. */
interface GameStepper {
  start(seed: string): { G: unknown; ctx: Ctx };
  /** Applies the move to the running game and returns its new state. */
  step(pid: string, move: string, args: unknown[]): { G: unknown; ctx: Ctx };
}

/**
 * Random 4-player games, for `seconds`, through one stepper; times `botMoves`
 * separately. Games played during the first `warmup` seconds are not counted:
 * V8 compiles the hot paths and the rules' memos fill in that time.
 */
function timeRandomGames(seconds: number, warmup: number, label: string, stepper: GameStepper): SpeedResult {
  const rng = new Rng(label);
  let tEnum = 0;
  let turns = 0;
  /** Plays one game to the end; returns its moves. */
  const play = (seed: string): number => {
    let moves = 0;
    let s = stepper.start(seed);
    const turn0 = s.ctx.turn;
    while (!s.ctx.gameover) {
      const pid = actingPlayerOf(DEF, s)!;
      const e0 = performance.now();
      const ms = DEF.bots.moves(s.G, s.ctx, pid);
      tEnum += performance.now() - e0;
      const m = ms[rng.int(ms.length)];
      s = stepper.step(pid, m.move, m.args);
      moves++;
    }
    turns += s.ctx.turn - turn0 + 1;
    return moves;
  };
  const tw = performance.now();
  for (let w = 0; performance.now() - tw < warmup * 1000; w++) play(`warmup${w}`);
  tEnum = 0;
  turns = 0;
  let games = 0;
  let moves = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) moves += play(`bench${games++}`);
  const dt = (performance.now() - t0) / 1000;
  return {
    games,
    seconds: dt,
    gamesPerSecond: games / dt,
    movesPerGame: moves / games,
    turnsPerGame: turns / games,
    movesPerSecond: moves / dt,
    enumerateShare: tEnum / 1000 / dt,
  };
}

/** Through boardgame.io's reducer. */
function reducerGames(seconds: number): SpeedResult {
  let reducer: ReturnType<typeof CreateGameReducer>;
  let s: State;
  return timeRandomGames(seconds, WARMUP, 'bench-reducer', {
    start(seed) {
      const game = { ...GAME, seed };
      reducer = CreateGameReducer({ game });
      s = InitializeGame({ game, numPlayers: PLAYERS }) as unknown as State;
      return s;
    },
    step(pid, move, args) {
      s = reducer(
        s as never,
        { type: 'MAKE_MOVE', payload: { type: move, args, playerID: pid } } as never,
      ) as unknown as State;
      return s;
    },
  });
}

/** Through the pure rules functions alone (the game's fast simulator), or null when it has none. */
function driverGames(seconds: number): SpeedResult | null {
  const playout = DEF.bots.playout;
  if (!playout) return null;
  let sim: unknown;
  return timeRandomGames(seconds, WARMUP, 'bench-driver', {
    start(seed) {
      sim = playout.start(InitializeGame({ game: { ...GAME, seed }, numPlayers: PLAYERS }) as never);
      return playout.current(sim);
    },
    step(pid, move, args) {
      if (!playout.apply(sim, pid, move, args)) throw new Error(`the simulator rejected ${move}`);
      return playout.current(sim);
    },
  });
}

/** Copies `base` into `base` for the minimal game, as Lisbon's copy-on-call moves read it. */
const baseState = {
  name: 'base-state',
  fnWrap:
    (fn: (...a: unknown[]) => unknown) =>
    (context: { G: unknown }, ...args: unknown[]) =>
      fn({ ...context, base: context.G }, ...args),
};

/**
 * boardgame.io's own cost per action: a minimal 4-player game (one counter,
 * no hooks; like ours, each move returns a frozen new root) through the same
 * reducer, for `seconds`. Its turn passes after 2 or 3 actions (Lisbon's
 * 2.6), or after `actionsPerTurn` on average: boardgame.io's cost per action
 * grows with the turns passed, so the bench also measures it with the game's
 * own turn length (Get on Board passes the turn after every action).
 * Dividing its actions per second by ours per game gives the most random
 * games per second the reducer could reach if our rules and listing moves
 * cost nothing.
 */
function reducerFloor(seconds: number, actionsPerTurn?: number): { actionsPerSecond: number; usPerAction: number } {
  // The default pattern passes the turn after 2 or 3 actions; with `actionsPerTurn`, after that many on average.
  const turnEnds = actionsPerTurn
    ? (n: number) => Math.floor(n / actionsPerTurn) > Math.floor((n - 1) / actionsPerTurn)
    : (n: number) => n % 5 === 0 || n % 5 === 2;
  const game = {
    name: 'floor',
    plugins: [baseState],
    setup: () => ({ n: 0 }),
    moves: { act: ({ base }: { base: { n: number } }) => Object.freeze({ n: base.n + 1 }) },
    turn: { endIf: ({ G }: { G: { n: number } }) => turnEnds(G.n) },
    endIf: ({ G }: { G: { n: number } }) => (G.n >= 400 ? { winner: '0' } : undefined),
  };
  const reducer = CreateGameReducer({ game: game as never });
  let actions = 0;
  const run = (until: number, count: boolean) => {
    while (performance.now() < until) {
      let s = InitializeGame({ game: game as never, numPlayers: 4 }) as unknown as State;
      while (!s.ctx.gameover) {
        s = reducer(
          s as never,
          { type: 'MAKE_MOVE', payload: { type: 'act', args: [], playerID: s.ctx.currentPlayer } } as never,
        ) as unknown as State;
        if (count) actions++;
      }
    }
  };
  run(performance.now() + 1000, false);
  const t0 = performance.now();
  run(t0 + seconds * 1000, true);
  const dt = (performance.now() - t0) / 1000;
  return { actionsPerSecond: actions / dt, usPerAction: (1e6 * dt) / actions };
}

/** Positions from greedy games: every few decisions of the acting player. */
async function positions(numPlayers: number, count: number): Promise<{ state: State; pid: string }[]> {
  const out: { state: State; pid: string }[] = [];
  let g = 0;
  while (out.length < count) {
    const game = { ...GAME, seed: `pos${numPlayers}-${g++}` };
    const reducer = CreateGameReducer({ game });
    let s = InitializeGame({ game, numPlayers }) as unknown as State;
    let k = 0;
    while (!s.ctx.gameover && out.length < count) {
      const pid = actingPlayerOf(DEF, s)!;
      if (k++ % 9 === 4 && DEF.bots.moves(s.G, s.ctx, pid).length > 1) out.push({ state: s, pid });
      const m = (await chooseMove(DEF, s, pid, 'greedy', 'normal', `g${k}`))!;
      s = reducer(
        s as never,
        { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: pid } } as never,
      ) as unknown as State;
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
    await chooseMove(DEF, pos[i].state, pos[i].pid, 'mcts', level, `b${i}`, {
      stats,
      budgetMs: budget ? undefined : null,
    });
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
  console.log(
    `Machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, load average ${load0.toFixed(2)}, Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}`,
  );
  console.log(`Game: ${DEF.title} (${DEF.id})`);
  console.log(`\n1. Random ${PLAYERS}-player games (${SECONDS} s each, after ${WARMUP} s of warm-up)`);
  const red = reducerGames(SECONDS);
  console.log(
    `   boardgame.io reducer: ${red.gamesPerSecond.toFixed(2)} games/s (${red.games} games, ${red.movesPerGame.toFixed(0)} moves/game, ${red.movesPerSecond.toFixed(0)} moves/s, ${(100 * red.enumerateShare).toFixed(0)}% of the time listing moves)`,
  );
  const drv = driverGames(SECONDS);
  console.log(
    drv
      ? `   pure rules (driver):  ${drv.gamesPerSecond.toFixed(2)} games/s (${drv.games} games, ${drv.movesPerGame.toFixed(0)} moves/game, ${drv.movesPerSecond.toFixed(0)} moves/s, ${(100 * drv.enumerateShare).toFixed(0)}% of the time listing moves)`
      : '   pure rules (driver):  n/a (this game has no fast simulator: its bots play out through the reducer)',
  );
  const ratio = drv ? drv.gamesPerSecond / red.gamesPerSecond : null;
  const floor = reducerFloor(Math.max(2, SECONDS / 2));
  const ceiling = floor.actionsPerSecond / red.movesPerGame;
  console.log(
    `   boardgame.io alone:   ${floor.usPerAction.toFixed(0)} us per action of a minimal game (${floor.actionsPerSecond.toFixed(0)} actions/s): at ${red.movesPerGame.toFixed(0)} moves/game, at most ${ceiling.toFixed(1)} games/s even if the rules cost nothing`,
  );
  // The same minimal game with this game's turn length: boardgame.io's cost per action grows with turns passed.
  const perTurn = red.movesPerGame / Math.max(1, red.turnsPerGame);
  const shaped = reducerFloor(Math.max(2, SECONDS / 2), perTurn);
  const shapedCeiling = shaped.actionsPerSecond / red.movesPerGame;
  console.log(
    `   ... with this game's turns (${perTurn.toFixed(2)} actions each): ${shaped.usPerAction.toFixed(0)} us per action, at most ${shapedCeiling.toFixed(1)} games/s`,
  );
  console.log(
    `   ${ratio === null ? '' : `ratio pure/reducer: ${ratio.toFixed(2)}x; `}reducer at ${((100 * red.gamesPerSecond) / ceiling).toFixed(0)}% of boardgame.io's ceiling (${((100 * red.gamesPerSecond) / shapedCeiling).toFixed(0)}% of the ceiling with this game's turns)`,
  );

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
  console.log(
    `   target: mcts normal median decision <= 1.5 s: ${normal.every((r) => r.medianMs <= 1500) ? 'met' : 'NOT met'}`,
  );
  const load1 = loadavg()[0];
  console.log(`\nLoad average at the end: ${load1.toFixed(2)} (figures are lower when other work shares the cores).`);
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: cpus().length, model: cpus()[0]?.model, node: process.version, loadAverage: [load0, load1] },
        randomGames: {
          seconds: SECONDS,
          warmupSeconds: WARMUP,
          reducer: red,
          pureRules: drv,
          ratio,
          boardgameioAlone: { ...floor, ceilingGamesPerSecond: ceiling },
          boardgameioAloneWithThisGamesTurns: {
            ...shaped,
            actionsPerTurn: perTurn,
            ceilingGamesPerSecond: shapedCeiling,
          },
        },
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
