/** Throws an error that Koa answers with `status` and `message` as the body. */
export function fail(status: number, message: string): never {
  const err = new Error(message) as Error & { status: number; expose: boolean };
  err.status = status;
  err.expose = true;
  throw err;
}
