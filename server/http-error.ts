import type Koa from 'koa';

/**
 * A Koa middleware whose `next` resolves to nothing (Koa's own type says
 * `Promise<any>`, which would make every `return next()` an unsafe return).
 */
export type Middleware = (ctx: Koa.Context, next: () => Promise<void>) => Promise<void>;

/**
 * Throws an error that Koa answers with `status` and `message` as the body,
 * plus any `headers` (e.g. `Retry-After`); see `errors` in server/app.ts.
 */
export function fail(status: number, message: string, headers?: Record<string, string>): never {
  const err = new Error(message) as Error & { status: number; expose: boolean; headers?: Record<string, string> };
  err.status = status;
  err.expose = true;
  if (headers) err.headers = headers;
  throw err;
}

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** pg's messages for a connection lost or not made in time (they carry no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when `err` (or its `cause`) says the storage could not be reached:
 * a connection refused or lost, or PostgreSQL shutting down or refusing
 * connections (SQLSTATE class 08, and 57P01–57P03). Such a request is worth
 * retrying in a moment, unlike a bug.
 */
export function isStorageUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}
