/**
 * Serves the built client from `public/` on the lobby's origin, with an SPA
 * fallback: a GET for an unknown path without a file extension answers
 * `index.html`. Paths of the API (`/games`, `/health`, `/replay`, `/bots`, `/matches`) and socket.io are
 * never touched.
 *
 * Caching: the build names its files by their content (`main-HNHP3YOR.js`),
 * so those are cached for a year and never revalidated; everything else
 * (index.html, which names them, the favicon) is revalidated on every use
 * (`no-cache`, answered 304 when the ETag still matches). Compression: the
 * build writes a brotli `.br` and a gzip `.gz` copy beside each text file;
 * the one the browser accepts (brotli first) is sent as it is, with
 * `Vary: Accept-Encoding`; a browser that accepts neither gets the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { fail, type Middleware } from './http-error';
import type { Logger } from './log';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A content-hashed file of the build (esbuild's `[name]-[hash]`, 8 base-32 characters). */
const HASHED = /^\/build\/[^/]+-[A-Z0-9]{8}\.[a-z0-9.]+$/;

/** Year-long caching for hashed files: their content never changes under that name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The precompressed copies the build may write, best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number]['name'];

/**
 * The encodings an `Accept-Encoding` header allows, best first: by the
 * client's q-values, then brotli before gzip. `q=0` refuses one; `*` stands
 * for any not named.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(token === 'x-gzip' ? 'gzip' : token, Number.isFinite(value) ? value : 0);
  }
  const weight = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  return ENCODINGS.map((e) => e.name)
    .filter((e) => weight(e) > 0)
    .sort((a, b) => weight(b) - weight(a));
}

/** Path prefixes that belong to the server, not the client. */
export const RESERVED_PREFIXES = ['/games', '/health', '/socket.io', '/replay', '/bots', '/matches'];

function isReserved(p: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => p === prefix || p.startsWith(prefix + '/'));
}

async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Warns (once, at startup) when `publicDir` holds no `index.html`: every page
 * would then answer 404 "The client is not built". Returns whether it is built.
 */
export function checkClientBuilt(publicDir: string, log: Logger): boolean {
  const root = path.resolve(publicDir);
  if (fs.existsSync(path.join(root, 'index.html'))) return true;
  log(
    'warn',
    `the client is not built: no index.html in ${root}; every page will answer 404 until you run \`npm run build\` (or \`npm start\`, which builds), or point --public-dir at the built client`,
    {
      publicDir: root,
    },
  );
  return false;
}

/** The static-file middleware for `publicDir`. */
export function serveClient(publicDir: string): Middleware {
  const root = path.resolve(publicDir);
  const index = path.join(root, 'index.html');

  const send = async (ctx: Koa.Context, file: string, stat: fs.Stats, hashed: boolean) => {
    const ext = path.extname(file).toLowerCase();
    // Which precompressed copies exist, and whether the client takes one.
    const copies: { name: Encoding; file: string; stat: fs.Stats }[] = [];
    for (const e of ENCODINGS) {
      const s = await statFile(file + e.ext);
      if (s) copies.push({ name: e.name, file: file + e.ext, stat: s });
    }
    const chosen = acceptedEncodings(ctx.get('Accept-Encoding'))
      .map((name) => copies.find((c) => c.name === name))
      .find((c) => c !== undefined);
    const body = chosen ?? { file, stat, name: undefined };
    ctx.status = 200;
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    if (copies.length) ctx.vary('Accept-Encoding');
    if (chosen) ctx.set('Content-Encoding', chosen.name);
    ctx.length = body.stat.size;
    ctx.lastModified = stat.mtime;
    const tag = `${body.stat.size.toString(36)}-${Math.floor(body.stat.mtimeMs).toString(36)}`;
    ctx.etag = chosen ? `${tag}-${chosen.name}` : tag;
    ctx.set('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    // HEAD: no body at all (a null body would turn the status into 204).
    if (ctx.method !== 'HEAD') ctx.body = fs.createReadStream(body.file);
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isReserved(ctx.path)) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      fail(400, 'Malformed URL');
    }
    if (decoded.includes('\0')) fail(400, 'Malformed URL');
    const file = path.join(root, path.normalize(decoded));
    if (file !== root && !file.startsWith(root + path.sep)) fail(404, 'Not found');

    const stat = file === root ? undefined : await statFile(file);
    if (stat) return send(ctx, file, stat, HASHED.test(decoded));
    // An unknown asset is a 404; anything else is a client-side route.
    if (path.extname(decoded) !== '') return next();
    const indexStat = await statFile(index);
    if (!indexStat) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built: run `npm run build`.';
      return;
    }
    return send(ctx, index, indexStat, false);
  };
}
