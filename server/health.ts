/**
 * `GET /health`: 200 `{ ok: true, uptime, matches }` while the server can
 * serve, 503 `{ ok: false, problems }` when it cannot:
 *  - a shared prototype (`Object.prototype`, `Array.prototype`,
 *    `Function.prototype`) gained or lost a property since the start, which
 *    breaks every lookup that trusts `in` or a missing key (prototype pollution);
 *  - the storage does not answer within `timeoutMs`: its `ping()` where it has
 *    one (the file storage checks its folder, PostgreSQL a `SELECT 1`), and a
 *    listing of the matches.
 */
import type { Middleware } from './http-error';
import { listMatchIDs, type AnyStorage } from './storage-hooks';
import { withinOrFail } from './within';

const PROTOTYPES: Array<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
];

const keysOf = (o: object) => Reflect.ownKeys(o).map(String).sort().join('\n');

/** Records the prototypes as they are now; the returned function lists what changed since. */
export function prototypeCanary(): () => string[] {
  const baseline = PROTOTYPES.map(([name, proto]) => [name, keysOf(proto)] as const);
  return () =>
    baseline.filter(([, keys], i) => keysOf(PROTOTYPES[i][1]) !== keys).map(([name]) => `${name} was changed`);
}

/** What `/health` checks besides the storage. */
export interface HealthOptions {
  /** Names the process that answered (`process` in the answer). */
  processName?: string;
  /** The Redis pub/sub, when there is one: `redis: "up"` or a problem. */
  redis?: { ping(): Promise<void> };
  timeoutMs?: number;
}

/** The `/health` middleware. */
export function health(db: AnyStorage, startedAt: number, opts: HealthOptions = {}): Middleware {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const changedPrototypes = prototypeCanary();
  return async (ctx, next) => {
    if (ctx.path !== '/health') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') ctx.throw(405, 'Use GET');
    const problems = changedPrototypes();
    let matches: number | undefined;
    const ping = (db as { ping?: () => Promise<void> }).ping;
    const listing = Promise.resolve(ping?.call(db)).then(() => listMatchIDs(db));
    const [stored, redis] = await Promise.allSettled([
      withinOrFail(listing, timeoutMs),
      opts.redis ? withinOrFail(opts.redis.ping(), timeoutMs) : Promise.resolve(),
    ]);
    const reason = (r: PromiseRejectedResult) =>
      (r.reason instanceof Error ? r.reason.message : String(r.reason)).slice(0, 200);
    if (stored.status === 'fulfilled') matches = stored.value.length;
    else problems.push(`storage: ${reason(stored)}`);
    if (redis.status === 'rejected') problems.push(`redis: ${reason(redis)}`);
    ctx.set('Cache-Control', 'no-store');
    const uptime = Math.round((Date.now() - startedAt) / 1000);
    const storage = stored.status === 'fulfilled' ? 'up' : 'down';
    const parts = {
      process: opts.processName,
      storage,
      redis: opts.redis ? (redis.status === 'fulfilled' ? 'up' : 'down') : undefined,
    };
    ctx.status = problems.length === 0 ? 200 : 503;
    ctx.body =
      problems.length === 0 ? { ok: true, uptime, matches, ...parts } : { ok: false, uptime, problems, ...parts };
  };
}
