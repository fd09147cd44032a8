#!/usr/bin/env node
/**
 * Builds the server (server/index.ts -> dist/server.cjs) and, when it exists,
 * the browser client (src/client/main.tsx -> public/build/, public/index.html).
 *
 *   node scripts/build.mjs            both
 *   node scripts/build.mjs --server   server only
 *   node scripts/build.mjs --client   client only
 *
 * The server is bundled as CommonJS with every npm package left external:
 * boardgame.io 0.50.2 cannot be loaded as native ESM (no `exports` map), but
 * `require` works. The client is minified with NODE_ENV=production, which
 * also drops boardgame.io's debug panel, content-hashed, split and
 * precompressed (see buildClient).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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

/** Files of the client build worth compressing (source maps are for devtools only). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * The client: content-hashed files in public/build/ (each name changes
 * with its content, so the server lets browsers cache them for a year),
 * split so that the first page loads only the shell, and each page or board
 * its own chunks when opened; index.html (from src/client/index.html)
 * names the hashed entry and preloads the chunks the page always needs;
 * every text file also gets a brotli (.br) and a gzip (.gz) copy for the
 * server to send as they are.
 */
async function buildClient() {
  const entry = path.join(root, 'src/client/main.tsx');
  if (!existsSync(entry)) {
    console.log('skipped the client: src/client/main.tsx does not exist yet');
    return;
  }
  const outdir = path.join(root, 'public/build');
  const result = await esbuild.build({
    entryPoints: [entry],
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: true,
    metafile: true,
    jsx: 'automatic',
    loader: { '.png': 'file', '.svg': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  /** Output path (relative to the root, as the metafile names it) -> URL path. */
  const url = (out) => '/' + path.relative(path.join(root, 'public'), path.join(root, out)).split(path.sep).join('/');
  const outputOf = (source) => {
    const found = Object.entries(outputs).find(([, o]) => o.entryPoint === source);
    if (!found) throw new Error(`the build has no output for ${source}`);
    return found;
  };
  const [mainJs, main] = outputOf('src/client/main.tsx');
  if (!main.cssBundle) throw new Error('the build has no stylesheet for src/client/main.tsx');
  // The page always runs mount.tsx: preload it and its static imports with the entry, not after it.
  const preload = new Set();
  const visit = (out) => {
    for (const i of outputs[out].imports) {
      if (i.kind === 'import-statement' && !preload.has(i.path)) {
        preload.add(i.path);
        visit(i.path);
      }
    }
  };
  const [mountJs] = outputOf('src/client/mount.tsx');
  preload.add(mountJs);
  visit(mountJs);
  visit(mainJs);

  const template = readFileSync(path.join(root, 'src/client/index.html'), 'utf8');
  const tags = [
    `<link rel="stylesheet" href="${url(main.cssBundle)}" />`,
    `<script type="module" src="${url(mainJs)}"></script>`,
    ...[...preload].map((p) => `<link rel="modulepreload" href="${url(p)}" />`),
  ];
  const html = template.replace(/^( *)<!-- client -->\n/m, (_, indent) => tags.map((t) => indent + t + '\n').join(''));
  if (html === template) throw new Error('src/client/index.html has no <!-- client --> line');
  const index = path.join(root, 'public/index.html');
  writeAtomically(index, html);

  const files = [index, ...Object.keys(outputs).map((o) => path.join(root, o))].filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(files.map((f) => compress(f, f !== index)));
  // What each source entry (the page's and every lazily loaded module) was built into, for tests and the curious.
  const entries = Object.fromEntries(
    Object.entries(outputs)
      .filter(([o, v]) => v.entryPoint && o.endsWith('.js'))
      .map(([o, v]) => [v.entryPoint, url(o)]),
  );
  pruneOldBuilds(outdir, { files: Object.keys(outputs).map((o) => path.basename(o)), entries });
  const sizes = await firstPageSizes([mainJs, main.cssBundle, ...preload].map((o) => path.join(root, o)));
  console.log(`built public/build/ (the first page loads ${sizes})`);
}

/** Writes `data` to `file` through a temporary file, so a reader never sees it half written. */
function writeAtomically(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Writes `file`.br (brotli, best) and `file`.gz (gzip -9) beside `file`. A
 * hashed file whose copies exist already has them right: same name, same content.
 */
async function compress(file, hashed) {
  if (hashed && existsSync(`${file}.br`) && existsSync(`${file}.gz`)) return;
  const data = readFileSync(file);
  const br = await promisify(zlib.brotliCompress)(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = await promisify(zlib.gzip)(data, { level: 9 });
  writeAtomically(`${file}.br`, br);
  writeAtomically(`${file}.gz`, gz);
}

/**
 * Deletes what is in public/build/ from builds before the previous one. The
 * previous build's files stay, so a page opened before this build can
 * still load the chunks it has not loaded yet. Writes manifest.json: this
 * build's files, and each source entry's built file.
 */
function pruneOldBuilds(outdir, manifest) {
  const manifestFile = path.join(outdir, 'manifest.json');
  let previous = [];
  try {
    previous = JSON.parse(readFileSync(manifestFile, 'utf8')).files ?? [];
  } catch {
    // the first build: keep only its files
  }
  const keep = new Set([...manifest.files, ...previous].flatMap((f) => [f, `${f}.br`, `${f}.gz`]));
  keep.add('manifest.json');
  for (const f of readdirSync(outdir))
    if (!keep.has(f) && !f.endsWith('.tmp')) rmSync(path.join(outdir, f), { force: true });
  writeAtomically(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
}

/** What the first page downloads: raw, gzip and brotli bytes. */
async function firstPageSizes(files) {
  const sum = (ext) => files.reduce((n, f) => n + statSync(f + ext).size, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return `${kb(sum(''))}, ${kb(sum('.gz'))} gzip, ${kb(sum('.br'))} brotli`;
}

try {
  if (wantServer) await buildServer();
  if (wantClient) await buildClient();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
