/**
 * Serves the built client from `public/` on the lobby's origin, with an SPA
 * fallback: a GET for an unknown path without a file extension answers
 * `index.html`. Paths of the API (`/games`, `/health`, `/replay`, `/bots`, `/matches`) and socket.io are
 * never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import { fail, type Middleware } from './http-error';

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

/** The static-file middleware for `publicDir`. */
export function serveClient(publicDir: string): Middleware {
  const root = path.resolve(publicDir);
  const index = path.join(root, 'index.html');

  const send = (ctx: Koa.Context, file: string, stat: fs.Stats) => {
    const ext = path.extname(file).toLowerCase();
    ctx.status = 200;
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    ctx.length = stat.size;
    ctx.lastModified = stat.mtime;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
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
    if (stat) return send(ctx, file, stat);
    // An unknown asset is a 404; anything else is a client-side route.
    if (path.extname(decoded) !== '') return next();
    const indexStat = await statFile(index);
    if (!indexStat) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'The client is not built: run `npm run build`.';
      return;
    }
    return send(ctx, index, indexStat);
  };
}
