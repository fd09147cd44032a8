import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test configuration for the whole project.
 *
 * boardgame.io 0.50.2 has no `exports` map, so Node's native ESM loader
 * cannot import `boardgame.io/server`, `/core`, `/client`... (a directory
 * import). Inlining it lets Vite resolve those subpaths through each
 * subfolder's package.json instead.
 *
 * Two projects, run side by side:
 * - `rules`: tests that only compute (rules, simulations, bots, boards
 *   rendered to a string), in worker threads, on every core but one, with
 *   React's production build (test/react-production.ts);
 * - `io`: tests with real servers, sockets, child processes, Chromium,
 *   PostgreSQL and Redis, in forked processes, one at a time per four
 *   cores. They share the machine with the processes they start: on two
 *   cores, two of them at once brought the load average near 10 and
 *   exposed a race in a browser test.
 * On this 2-core machine that is one of each, and the whole run took 954 s
 * where one worker for everything (Vitest's default there) took 1,139 s.
 *
 * `io` runs its files one after another in the same process, without
 * Vitest's per-file isolation: each file there starts its own servers and
 * browser and stops them, and keeps no state in modules, so a fresh module
 * registry per file bought nothing but its cost (importing boardgame.io,
 * the server and playwright again for each of 70 files: "collect" took
 * 135 s of a 1,233 s run of `io` alone, 8 s of 817 s without isolation).
 */
const IO_TESTS = [
  'test/e2e/**/*.test.ts',
  'test/server/**/*.test.ts',
  'test/scripts/**/*.test.ts',
  'test/bots/cli.test.ts',
  'test/games/*/sockets.test.ts',
  'test/games/*/board/browser.test.ts',
  // React's development build, which the `rules` project does not load (test/react-production.ts).
  'test/board/react-warnings.test.tsx',
];
const CORES = availableParallelism();

/**
 * `io` runs its server tests first and its browser files last. The server
 * tests mostly wait (timers, sockets, child processes) while `rules`, beside
 * them, takes the CPU; the browser files, which use all of it (Chromium),
 * then run mostly alone. Vitest's own order (slowest first when it has timings
 * from a run before, else the largest file first, so a fresh clone's CI began
 * with the browser files beside `rules`) is kept within each group.
 */
class BrowsersLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (f: TestSpecification) =>
      /[\\/]test[\\/]e2e[\\/]|[\\/]board[\\/]browser\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter((f) => !browser(f)), ...sorted.filter(browser)];
  }
}
const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    sequence: { sequencer: BrowsersLast },
    hookTimeout: 30_000,
    server: {
      deps: {
        inline: ['boardgame.io'],
      },
    },
    poolOptions: {
      threads: { maxThreads: Math.max(1, CORES - 1), minThreads: 1 },
      // Only `io` runs in forks; its files share one process (below). Vitest 3.2 reads this here, at the top:
      // `isolate` in the project's own settings left every file in a fresh process.
      forks: { maxForks: Math.max(1, Math.floor(CORES / 4)), minForks: 1, isolate: false },
    },
    projects: [
      {
        extends: true,
        // React's production build and JSX transform (test/react-production.ts says why).
        esbuild: { jsxDev: false },
        test: {
          name: 'rules',
          include: ALL_TESTS,
          exclude: IO_TESTS,
          pool: 'threads',
          setupFiles: ['test/react-production.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'io', include: IO_TESTS, pool: 'forks' },
      },
    ],
  },
});
