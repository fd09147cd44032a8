/**
 * `npm run bots`: a short seeded run, its JSON output and its
 * reproducibility (same seed, same results, with or without worker threads),
 * and clear errors for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'bots-cli-'));
const cli = join(out, 'bots.cjs');

function run(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

afterAll(() => rmSync(out, { recursive: true, force: true }));

beforeAll(() => {
  // The same bundle as `npm run bots`, into a temporary folder.
  execFileSync(
    join(root, 'node_modules', '.bin', 'esbuild'),
    [
      'scripts/bots.ts',
      'scripts/worker.ts',
      '--bundle',
      '--platform=node',
      '--format=cjs',
      '--target=node20',
      `--outdir=${out}`,
      '--out-extension:.js=.cjs',
      '--define:process.env.NODE_ENV="production"',
      '--log-level=warning',
    ],
    { cwd: root },
  );
});

interface Output {
  options: Record<string, unknown>;
  summary: {
    bot: string;
    games: number;
    wins: number;
    winRate: number;
    ci95: [number, number];
    meanScore: number;
    medianDecisionMs: number;
  }[];
  games: {
    game: number;
    seed: string;
    rounds: number;
    moves: number;
    decidedBy: string;
    seats: {
      seat: string;
      bot: string;
      score: number;
      connections: number;
      rank: number;
      win: boolean;
      decisionMs: number[];
    }[];
  }[];
}

const strip = (o: Output) =>
  o.games.map((g) => ({
    ...g,
    seats: g.seats.map(({ decisionMs, ...s }) => ({ ...s, decisions: decisionMs.length })),
  }));

describe('bots CLI', () => {
  it('plays a short seeded match, writes JSON, and reproduces it from the seed', () => {
    const a = run([
      '--players',
      '2',
      '--bots',
      'random,greedy',
      '--games',
      '2',
      '--seed',
      '7',
      '--workers',
      '2',
      '--json',
      join(out, 'a.json'),
    ]);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/win rate/);
    expect(a.stdout).toMatch(/greedy/);
    const b = run([
      '--players',
      '2',
      '--bots',
      'random,greedy',
      '--games',
      '2',
      '--seed',
      '7',
      '--workers',
      '0',
      '--quiet',
      '--json',
      join(out, 'b.json'),
    ]);
    expect(b.status, b.stderr).toBe(0);
    const ja: Output = JSON.parse(readFileSync(join(out, 'a.json'), 'utf8'));
    const jb: Output = JSON.parse(readFileSync(join(out, 'b.json'), 'utf8'));
    expect(ja.games).toHaveLength(2);
    for (const g of ja.games) {
      expect(g.seats.map((s) => s.bot)).toEqual(['random', 'greedy']);
      expect(g.decidedBy).not.toBe('unfinished');
      expect(g.seats.filter((s) => s.win)).toHaveLength(1);
      for (const s of g.seats) expect(s.decisionMs.length).toBeGreaterThan(0);
    }
    expect(ja.summary.map((r) => r.bot).sort()).toEqual(['greedy', 'random']);
    for (const r of ja.summary) {
      expect(r.games).toBe(2);
      expect(r.ci95[0]).toBeLessThanOrEqual(r.winRate);
      expect(r.ci95[1]).toBeGreaterThanOrEqual(r.winRate);
    }
    expect(strip(jb)).toEqual(strip(ja));
    run([
      '--players',
      '2',
      '--bots',
      'random,greedy',
      '--games',
      '2',
      '--seed',
      '8',
      '--workers',
      '0',
      '--quiet',
      '--json',
      join(out, 'c.json'),
    ]);
    expect(strip(JSON.parse(readFileSync(join(out, 'c.json'), 'utf8')))).not.toEqual(strip(ja));
  });

  it('rotates seats', () => {
    const r = run([
      '--bots',
      'random,greedy',
      '--games',
      '2',
      '--seat-rotation',
      '--workers',
      '0',
      '--quiet',
      '--json',
      join(out, 'r.json'),
    ]);
    expect(r.status, r.stderr).toBe(0);
    const j: Output = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8'));
    expect(j.games.map((g) => g.seats.map((s) => s.bot))).toEqual([
      ['random', 'greedy'],
      ['greedy', 'random'],
    ]);
  });

  it('rejects bad flags and bot names with a clear error', () => {
    for (const [args, msg] of [
      [['--bogus'], /Unknown option '--bogus'/],
      [['--bots', 'random,genius'], /Unknown bot "genius"/],
      [['--bots', 'mcts:extreme,random'], /Unknown level "extreme"/],
      [['--players', '5'], /--players must be a whole number from 2 to 4/],
      [['--games', 'ten'], /--games must be a whole number/],
      [['--seed'], /--seed <value>' argument missing/],
      [['--players', '3', '--bots', 'random,greedy'], /one per seat/],
    ] as const) {
      const r = run([...args]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
    const h = run(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/--seat-rotation/);
  });
});
