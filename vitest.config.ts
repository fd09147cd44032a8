import { defineConfig } from 'vitest/config';

/**
 * Test configuration for the whole project.
 *
 * boardgame.io 0.50.2 has no `exports` map, so Node's native ESM loader
 * cannot import `boardgame.io/server`, `/core`, `/client`... (a directory
 * import). Inlining it lets Vite resolve those subpaths through each
 * subfolder's package.json instead.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    server: {
      deps: {
        inline: ['boardgame.io'],
      },
    },
  },
});
