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
 *    A minimal game through the same reducer, as many actions long as the
 *    measured game, measures boardgame.io's own cost per action, and so the
 *    most games per second the reducer could reach. The four run in
 *    alternating slices of about a second (see `speedTests`).
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
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
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

/** A measurement that can be run in slices, alternated with others, and adds up what it timed. */
interface Sliced<R> {
  /** Runs for about `ms` (to the end of the game or loop under way); `count` false for warm-up. */
  run(ms: number, count: boolean): void;
  result(): R;
}

/**
 * Random games through one stepper; times `botMoves` separately. Games played
 * during warm-up are not counted: V8 compiles the hot paths and the rules'
 * memos fill in that time.
 */
function randomGames(
  label: string,
  stepper: GameStepper,
): Sliced<SpeedResult> & { warm(): { movesPerGame: number; movesPerTurn: number } } {
  const rng = new Rng(label);
  let tEnum = 0;
  let turns = 0;
  let games = 0;
  let moves = 0;
  let ms = 0;
  let warm = 0;
  let warmMoves = 0;
  let warmTurns = 0;
  let warmGames = 0;
  /** Plays one game to the end; returns its moves and the time spent listing them. */
  const play = (seed: string): { moves: number; turns: number; tEnum: number } => {
    let n = 0;
    let listing = 0;
    let s = stepper.start(seed);
    const turn0 = s.ctx.turn;
    while (!s.ctx.gameover) {
      const pid = actingPlayerOf(DEF, s)!;
      const e0 = performance.now();
      const ms = DEF.bots.moves(s.G, s.ctx, pid);
      listing += performance.now() - e0;
      const m = ms[rng.int(ms.length)];
      s = stepper.step(pid, m.move, m.args);
      n++;
    }
    return { moves: n, turns: s.ctx.turn - turn0 + 1, tEnum: listing };
  };
  return {
    run(slice, count) {
      const t0 = performance.now();
      // At least one game per slice, so that a warm-up of 0 s still gives the game's turn length.
      do {
        const g = play(count ? `bench${games}` : `warmup${warm++}`);
        if (!count) {
          warmGames++;
          warmMoves += g.moves;
          warmTurns += g.turns;
          continue;
        }
        games++;
        moves += g.moves;
        turns += g.turns;
        tEnum += g.tEnum;
      } while (performance.now() - t0 < slice);
      if (count) ms += performance.now() - t0;
    },
    result() {
      const dt = ms / 1000;
      return {
        games,
        seconds: dt,
        gamesPerSecond: games / dt,
        movesPerGame: moves / games,
        turnsPerGame: turns / games,
        movesPerSecond: moves / dt,
        enumerateShare: tEnum / ms,
      };
    },
    /** Moves per game and per boardgame.io turn in the warm-up games (at least one game is played). */
    warm: () => ({
      movesPerGame: warmMoves / Math.max(1, warmGames),
      movesPerTurn: warmMoves / Math.max(1, warmTurns),
    }),
  };
}

/** Through boardgame.io's reducer. */
/**
 * The game's config as boardgame.io processes it, once: the server does so
 * once per game at start, and the harness should not add it to every game.
 * A processed config with a seed added is used as it is (the seed only
 * matters to the setup).
 */
const PROCESSED = ProcessGameConfig({ ...GAME });

function reducerGames() {
  // One reducer for every game, as for the minimal game below.
  const reducer = CreateGameReducer({ game: PROCESSED });
  let s: State;
  return randomGames('bench-reducer', {
    start(seed) {
      s = InitializeGame({ game: { ...PROCESSED, seed }, numPlayers: PLAYERS }) as unknown as State;
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
function driverGames() {
  const playout = DEF.bots.playout;
  if (!playout) return null;
  let sim: unknown;
  return randomGames('bench-driver', {
    start(seed) {
      sim = playout.start(InitializeGame({ game: { ...PROCESSED, seed }, numPlayers: PLAYERS }) as never);
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

interface FloorResult {
  actionsPerSecond: number;
  usPerAction: number;
  actions: number;
  seconds: number;
}

/**
 * boardgame.io's own cost per action: a minimal 4-player game (one counter,
 * no hooks; like ours, each move returns a frozen new root) through the same
 * reducer, set up anew every `actionsPerGame` actions (the measured game's
 * moves per game, so that boardgame.io's own work to start a game counts
 * as it does for ours). Its turn passes after 2 or 3 actions (Lisbon's
 * 2.6), or after `actionsPerTurn` on average: boardgame.io's cost per action
 * grows with the turns passed, so the bench also measures it with the game's
 * own turn length. Dividing its actions per second by ours per game gives
 * the most random games per second the reducer could reach if our rules and
 * listing moves cost nothing.
 */
function reducerFloor(actionsPerGame: number, actionsPerTurn?: number): Sliced<FloorResult> {
  // The default pattern passes the turn after 2 or 3 actions; with `actionsPerTurn`, after that many on average.
  const turnEnds = actionsPerTurn
    ? (n: number) => Math.floor(n / actionsPerTurn) > Math.floor((n - 1) / actionsPerTurn)
    : (n: number) => n % 5 === 0 || n % 5 === 2;
  const length = Math.max(1, Math.round(actionsPerGame));
  const game = ProcessGameConfig({
    name: 'floor',
    plugins: [baseState],
    setup: () => ({ n: 0 }),
    moves: { act: ({ base }: { base: { n: number } }) => Object.freeze({ n: base.n + 1 }) },
    turn: { endIf: ({ G }: { G: { n: number } }) => turnEnds(G.n) },
    endIf: ({ G }: { G: { n: number } }) => (G.n >= length ? { winner: '0' } : undefined),
  } as never);
  const reducer = CreateGameReducer({ game });
  let actions = 0;
  let ms = 0;
  return {
    run(slice, count) {
      const t0 = performance.now();
      while (performance.now() - t0 < slice) {
        let s = InitializeGame({ game, numPlayers: 4 }) as unknown as State;
        while (!s.ctx.gameover) {
          s = reducer(
            s as never,
            { type: 'MAKE_MOVE', payload: { type: 'act', args: [], playerID: s.ctx.currentPlayer } } as never,
          ) as unknown as State;
          if (count) actions++;
        }
      }
      if (count) ms += performance.now() - t0;
    },
    result: () => ({
      actionsPerSecond: (1000 * actions) / ms,
      usPerAction: (1000 * ms) / actions,
      actions,
      seconds: ms / 1000,
    }),
  };
}

/**
 * Part 1 of the bench: the game through the reducer and through the pure
 * rules, and boardgame.io's minimal game (and one with this game's turn
 * length), in alternating slices of about a second, so that all four share
 * the machine's load as it varies: the reducer's share of the ceiling is
 * only meaningful with the two measured side by side. Each slice's own
 * share is kept, to show how much it moves.
 */
function speedTests(seconds: number, warmup: number) {
  const rounds = Math.max(1, Math.round(seconds));
  const slice = (1000 * seconds) / rounds;
  const red = reducerGames();
  const drv = driverGames();
  red.run(warmup * 1000, false);
  drv?.run(warmup * 1000, false);
  // The game's length and turn length, from its warm-up games.
  const { movesPerGame, movesPerTurn: perTurn } = red.warm();
  const floor = reducerFloor(movesPerGame);
  const shaped = reducerFloor(movesPerGame, perTurn);
  floor.run(Math.min(1000, warmup * 1000), false);
  shaped.run(Math.min(1000, warmup * 1000), false);
  /** Each round's reducer games/s over its ceiling (both measured in that round). */
  const shares: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const r0 = red.result();
    const f0 = floor.result();
    red.run(slice, true);
    drv?.run(slice, true);
    floor.run(slice / 2, true);
    shaped.run(slice / 2, true);
    const r1 = red.result();
    const f1 = floor.result();
    const gamesPerSecond = (r1.games - r0.games) / (r1.seconds - r0.seconds);
    const moves = r1.movesPerGame * r1.games - (r0.games ? r0.movesPerGame * r0.games : 0);
    const actionsPerSecond = (f1.actions - f0.actions) / (f1.seconds - f0.seconds);
    shares.push(gamesPerSecond / (actionsPerSecond / (moves / (r1.games - r0.games))));
  }
  return {
    red: red.result(),
    drv: drv?.result() ?? null,
    floor: floor.result(),
    shaped: shaped.result(),
    perTurn,
    shares,
  };
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
  console.log(
    `\n1. Random ${PLAYERS}-player games (${SECONDS} s each through the reducer and the pure rules, ${SECONDS / 2} s each for the two minimal games, in alternating slices of about a second, after ${WARMUP} s of warm-up)`,
  );
  const { red, drv, floor, shaped, perTurn, shares } = speedTests(SECONDS, WARMUP);
  console.log(
    `   boardgame.io reducer: ${red.gamesPerSecond.toFixed(2)} games/s (${red.games} games, ${red.movesPerGame.toFixed(0)} moves/game, ${red.movesPerSecond.toFixed(0)} moves/s, ${(100 * red.enumerateShare).toFixed(0)}% of the time listing moves)`,
  );
  console.log(
    drv
      ? `   pure rules (driver):  ${drv.gamesPerSecond.toFixed(2)} games/s (${drv.games} games, ${drv.movesPerGame.toFixed(0)} moves/game, ${drv.movesPerSecond.toFixed(0)} moves/s, ${(100 * drv.enumerateShare).toFixed(0)}% of the time listing moves)`
      : '   pure rules (driver):  n/a (this game has no fast simulator: its bots play out through the reducer)',
  );
  const ratio = drv ? drv.gamesPerSecond / red.gamesPerSecond : null;
  const ceiling = floor.actionsPerSecond / red.movesPerGame;
  console.log(
    `   boardgame.io alone:   ${floor.usPerAction.toFixed(0)} us per action of a minimal game (${floor.actionsPerSecond.toFixed(0)} actions/s): at ${red.movesPerGame.toFixed(0)} moves/game, at most ${ceiling.toFixed(1)} games/s even if the rules cost nothing`,
  );
  // The same minimal game with this game's turn length: boardgame.io's cost per action grows with turns passed.
  const shapedCeiling = shaped.actionsPerSecond / red.movesPerGame;
  console.log(
    `   ... with this game's turns (${perTurn.toFixed(2)} actions each): ${shaped.usPerAction.toFixed(0)} us per action, at most ${shapedCeiling.toFixed(1)} games/s`,
  );
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const sorted = shares.slice().sort((x, y) => x - y);
  console.log(
    `   ${ratio === null ? '' : `ratio pure/reducer: ${ratio.toFixed(2)}x; `}reducer at ${pct(red.gamesPerSecond / ceiling)} of boardgame.io's ceiling (${pct(red.gamesPerSecond / shapedCeiling)} of the ceiling with this game's turns)`,
  );
  console.log(
    `   per slice, reducer over the ceiling measured beside it: median ${pct(quantile(sorted, 0.5))}, ${pct(sorted[0])}-${pct(sorted[sorted.length - 1])} over ${shares.length} slices`,
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
  const targetMs = DEF.decisionTargetMs ?? 1500;
  console.log(
    `   target: mcts normal median decision <= ${targetMs / 1000} s: ${normal.every((r) => r.medianMs <= targetMs) ? 'met' : 'NOT met'}`,
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
          reducerShareOfCeilingPerSlice: shares,
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
