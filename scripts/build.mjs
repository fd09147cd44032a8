#!/usr/bin/env node
/**
 * Builds the server (server/index.ts -> dist/server.cjs) and, when it exists,
 * the browser client (src/client/main.tsx -> public/build/).
 *
 *   node scripts/build.mjs            both
 *   node scripts/build.mjs --server   server only
 *   node scripts/build.mjs --client   client only
 *
 * The server is bundled as CommonJS with every npm package left external:
 * boardgame.io 0.50.2 cannot be loaded as native ESM (no `exports` map), but
 * `require` works. The client is minified with NODE_ENV=production, which
 * also drops boardgame.io's debug panel.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const wantServer = args.has('--server') || !args.has('--client');
const wantClient = args.has('--client') || !args.has('--server');

/** How the server side is bundled: CommonJS for Node 20, npm packages left external. */
const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  logLevel: 'warning',
};

async function buildServer() {
  await esbuild.build({
    ...NODE_BUNDLE,
    entryPoints: [path.join(root, 'server/index.ts')],
    outfile: path.join(root, 'dist/server.cjs'),
    sourcemap: true,
    // Production mode unless the caller says otherwise: boardgame.io then
    // skips a full serialisability walk of G after every move.
    banner: { js: "if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';" },
  });
  // The bot seats' worker threads (server/bot-pool.ts) load this file beside the server.
  await esbuild.build({
    ...NODE_BUNDLE,
    entryPoints: [path.join(root, 'server/bot-worker.ts')],
    outfile: path.join(root, 'dist/bot-worker.cjs'),
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  console.log('built dist/server.cjs and dist/bot-worker.cjs');
}

async function buildClient() {
  const entry = path.join(root, 'src/client/main.tsx');
  if (!existsSync(entry)) {
    console.log('skipped the client: src/client/main.tsx does not exist yet');
    return;
  }
  await esbuild.build({
    entryPoints: [entry],
    outdir: path.join(root, 'public/build'),
    entryNames: '[name]',
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: true,
    jsx: 'automatic',
    loader: { '.png': 'file', '.svg': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  console.log('built public/build/');
}

try {
  if (wantServer) await buildServer();
  if (wantClient) await buildClient();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
