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
