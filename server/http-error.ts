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
