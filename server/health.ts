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
import { isSyncStorage, type AnyStorage } from './storage-hooks';

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

/** The `/health` middleware. */
export function health(db: AnyStorage, startedAt: number, timeoutMs = 2000): Middleware {
  const changedPrototypes = prototypeCanary();
  return async (ctx, next) => {
    if (ctx.path !== '/health') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') ctx.throw(405, 'Use GET');
    const problems = changedPrototypes();
    let matches: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const ping = (db as { ping?: () => Promise<void> }).ping;
      const listing = Promise.resolve(ping?.call(db)).then(() =>
        isSyncStorage(db) ? db.listMatches() : db.listMatches(),
      );
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      });
      matches = (await Promise.race([listing, timeout])).length;
    } catch (err) {
      problems.push(`storage: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200));
    } finally {
      clearTimeout(timer);
    }
    ctx.set('Cache-Control', 'no-store');
    const uptime = Math.round((Date.now() - startedAt) / 1000);
    ctx.status = problems.length === 0 ? 200 : 503;
    ctx.body = problems.length === 0 ? { ok: true, uptime, matches } : { ok: false, uptime, problems };
  };
}
