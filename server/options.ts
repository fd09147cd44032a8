/**
 * Command-line flags and environment variables of `npm start`.
 * A flag wins over its environment variable, which wins over the default.
 */
import { parseArgs } from 'node:util';
import type { ServerOptions } from './app';
import type { SocketLimits } from './socket-limits';
import type { StorageKind } from './storage';
import { redactUrl } from './log';

/** The help text printed by `--help`. */
export const HELP = `Usage: npm start -- [options]    (or: node dist/server.cjs [options])

Options (flag / environment variable / default):
  --port <n>          PORT          8000        TCP port; 0 picks a free one
  --host <addr>       HOST          127.0.0.1   interface to bind; 0.0.0.0 for all
  --storage <kind>    STORAGE       file        file | memory | postgres
                                                (postgres with --database-url or DATABASE_URL)
  --data-dir <dir>    DATA_DIR      ./data      folder of the file storage
                      FILE_FSYNC    on          the file storage fsyncs each write; 0/false/no
                                                skips it (safe against a killed process, not
                                                against a power cut)
  --database-url <u>  DATABASE_URL              postgres://user@host:5432/db
  --redis-url <u>     REDIS_URL                 redis://host:6379: updates reach the sockets of
                                                every server process (websocket transport only)
  --workers <n>       WORKERS       1           server processes on the one port (node:cluster);
                                                more than 1 needs postgres storage and Redis
  --redis-heartbeat <ms>
                      REDIS_HEARTBEAT 10000     with --redis-url: how often each process renews in
                                                Redis its spectators and the seats its sockets hold;
                                                a process that dies stops counting after 3 times that
  --origins <list>    ORIGINS                   extra browser origins allowed to use
                                                the API and sockets, comma separated, each
                                                scheme://host[:port] (https://friend.example)
                                                (the server's own origin is always allowed)
  --public-dir <dir>  PUBLIC_DIR    ./public    the built client
  --hosts <list>      ALLOWED_HOSTS             host names the server answers to, comma
                                                separated, besides IP addresses and localhost
                                                (* for any); others get 421
  --trust-proxy       TRUST_PROXY   false       take the client's address from X-Forwarded-For
                                                (only behind a reverse proxy); only the last
                                                --proxy-hops entries are believed;
                                                --no-trust-proxy turns it off
  --proxy-hops <n>    PROXY_HOPS    1           with --trust-proxy: reverse proxies of your own in
                                                front of the server, each appending to
                                                X-Forwarded-For (nginx's $proxy_add_x_forwarded_for)
  --body-limit <n>    BODY_LIMIT    16384       largest lobby request body, bytes
  --create-rate <n>   CREATE_RATE   30          matches one client may create per minute (0: no limit)
  --open-matches <n>  OPEN_MATCHES  20          matches one client may have waiting for players
                                                (0: no limit)
  --socket-rate <n>   SOCKET_RATE   50          events one socket may send per second
                                                (bursts of twice that; a sync costs 5)
  --expire-open-after <minutes>
                      EXPIRE_OPEN_AFTER 1440    remove matches whose seats never all filled after
                                                this many minutes without a change (0: never)
  --max-bots <n>      MAX_BOTS      16          bot seats playing at once on this server (0: no cap),
                                                in matches a person is connected to or made
                                                in the last minute
  --max-bots-per-client <n>
                      MAX_BOTS_PER_CLIENT 4     bot seats one client address may have playing,
                                                in matches a person is connected to or made
                                                in the last minute
  --bot-rest-after <minutes>
                      BOT_REST_AFTER 10         stop the bots of a match nobody but bots is
                                                connected to after this long without a change;
                                                they start again when a person connects (0: never)
  --clock-scale <n>   CLOCK_SCALE   1           turn clocks run n times as fast (for trying them
                                                out: 60 makes a 1-minute clock last 1 second)
  --max-conns-per-ip <n>
                      MAX_CONNS_PER_IP 256      open connections per client address (0: no cap)
  -h, --help                                    print this help

GET /health answers {"ok":true,"uptime":<seconds>,"matches":<count>,"storage":"up",...}, or 503
with {"ok":false,"problems":[...]} when the storage (or Redis) does not answer or the process is
unsound; "process" names the worker that answered and "redis" is "up" or "down" with --redis-url.
`;

/** Per-socket limits for `--socket-rate n`: n events a second, bursts of 2n. */
function socketRateLimits(perSecond: number): Partial<SocketLimits> {
  return { eventsPerSecond: perSecond, burst: 2 * perSecond };
}

/** Parsed CLI: either help or server options (and how many worker processes to run them in). */
export type Cli = { help: true } | { help: false; options: ServerOptions; workers: number };

/** True for a URL that parses and names PostgreSQL (postgres:// or postgresql://). */
function isPostgresUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'postgres:' || u.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

/** Values a yes/no environment variable may take (any case); anything else is refused rather than read as off. */
const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];

/**
 * A yes/no environment variable: undefined when unset or empty (`FILE_FSYNC=` in an env file keeps the default,
 * which is on for FILE_FSYNC: an empty value must not turn off a protection), else true or false; throws on any
 * other value.
 */
function booleanEnv(name: string, text: string | undefined): boolean | undefined {
  const value = text?.trim().toLowerCase();
  if (!value) return undefined;
  if (YES.includes(value)) return true;
  if (NO.includes(value)) return false;
  throw new Error(
    `${name} must be 1, true or yes (on), or 0, false or no (off), or empty (the default), got "${text}"`,
  );
}

/**
 * A browser origin as `--origins` lists it: `*`, or http(s)://host[:port] with
 * no path, query or user. Returned as a browser sends it in `Origin`: a
 * trailing slash and a default port (`:443` for https) dropped, the host in
 * lower case. Throws naming the item.
 */
function checkOrigin(item: string): string {
  if (item === '*') return item;
  let u: URL | undefined;
  try {
    u = new URL(item);
  } catch {
    u = undefined;
  }
  const ok =
    u !== undefined &&
    /^https?:\/\/[^/?#@]/i.test(item) &&
    (u.protocol === 'http:' || u.protocol === 'https:') &&
    u.host !== '' &&
    u.pathname === '/' &&
    !/[?#]/.test(item) &&
    !u.username &&
    !u.password;
  if (ok) return u!.origin;
  // A bare host name: browsers send the scheme, so it would match no request.
  const hint = /^[\w.-]+(:\d+)?$/.test(item) ? `, e.g. https://${item}` : '';
  throw new Error(`--origins: "${item}" is not an origin: write each as scheme://host[:port], with no path${hint}`);
}

/** Parses `argv` (without node and script) and `env`; throws on bad input. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Cli {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      storage: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      workers: { type: 'string' },
      'redis-heartbeat': { type: 'string' },
      origins: { type: 'string' },
      'public-dir': { type: 'string' },
      'body-limit': { type: 'string' },
      hosts: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      // Turns off a TRUST_PROXY set in the environment (a flag wins over its variable). Its own option, not parseArgs'
      // allowNegative: that needs Node 20.16, and would take --no-help and start the server.
      'no-trust-proxy': { type: 'boolean' },
      'proxy-hops': { type: 'string' },
      'create-rate': { type: 'string' },
      'open-matches': { type: 'string' },
      'max-conns-per-ip': { type: 'string' },
      'socket-rate': { type: 'string' },
      'expire-open-after': { type: 'string' },
      'max-bots': { type: 'string' },
      'max-bots-per-client': { type: 'string' },
      'bot-rest-after': { type: 'string' },
      'clock-scale': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };

  const pick = (flag: string | undefined, name: string) => flag ?? (env[name] || undefined);
  const databaseUrl = pick(values['database-url'], 'DATABASE_URL');
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    throw new Error(
      `--database-url must be a URL such as postgres://user:password@host:5432/db, got "${redactUrl(databaseUrl)}"`,
    );
  }
  const storage = (pick(values.storage, 'STORAGE') ?? (databaseUrl ? 'postgres' : 'file')) as StorageKind;
  if (!['file', 'memory', 'postgres'].includes(storage)) {
    throw new Error(`--storage must be file, memory or postgres, got "${storage}"`);
  }
  if (storage === 'postgres' && !databaseUrl)
    throw new Error('--storage postgres needs --database-url or DATABASE_URL');
  const redisUrl = pick(values['redis-url'], 'REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new Error(`--redis-url must start with redis:// or rediss://, got "${redactUrl(redisUrl)}"`);
  }
  const workersText = pick(values.workers, 'WORKERS');
  const workers = workersText === undefined ? 1 : integer('--workers', workersText, 1, 256);
  if (workers > 1 && storage !== 'postgres') {
    throw new Error(
      `--workers ${workers} needs --storage postgres: the ${storage} storage belongs to one process ` +
        '(several processes would each keep their own matches)',
    );
  }
  if (workers > 1 && !redisUrl) {
    throw new Error(`--workers ${workers} needs --redis-url or REDIS_URL, so that every process hears every move`);
  }
  const heartbeatText = pick(values['redis-heartbeat'], 'REDIS_HEARTBEAT');
  const heartbeat = heartbeatText === undefined ? undefined : integer('--redis-heartbeat', heartbeatText, 50, 600_000);
  const port = pick(values.port, 'PORT');
  const bodyLimit = pick(values['body-limit'], 'BODY_LIMIT');
  const origins = pick(values.origins, 'ORIGINS');
  const hosts = pick(values.hosts, 'ALLOWED_HOSTS');
  const createRate = pick(values['create-rate'], 'CREATE_RATE');
  const openMatches = pick(values['open-matches'], 'OPEN_MATCHES');
  const perAddress = pick(values['max-conns-per-ip'], 'MAX_CONNS_PER_IP');
  const socketRate = pick(values['socket-rate'], 'SOCKET_RATE');
  const expireOpenAfter = pick(values['expire-open-after'], 'EXPIRE_OPEN_AFTER');
  const maxBots = pick(values['max-bots'], 'MAX_BOTS');
  const maxBotsPerClient = pick(values['max-bots-per-client'], 'MAX_BOTS_PER_CLIENT');
  const botRestAfter = pick(values['bot-rest-after'], 'BOT_REST_AFTER');
  const clockScale = pick(values['clock-scale'], 'CLOCK_SCALE');
  const trustProxyEnv = booleanEnv('TRUST_PROXY', env.TRUST_PROXY);
  if (values['trust-proxy'] && values['no-trust-proxy'])
    throw new Error('--trust-proxy and --no-trust-proxy contradict each other');
  const trustProxy = values['no-trust-proxy'] ? false : (values['trust-proxy'] ?? trustProxyEnv ?? false);
  const fsync = booleanEnv('FILE_FSYNC', env.FILE_FSYNC);
  const proxyHops = pick(values['proxy-hops'], 'PROXY_HOPS');
  const list = (text: string | undefined) =>
    text
      ? text
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [];

  return {
    help: false,
    workers,
    options: {
      ...(redisUrl === undefined ? {} : { redisUrl }),
      ...(heartbeat === undefined ? {} : { spectatorHeartbeatMs: heartbeat, seatHeartbeatMs: heartbeat }),
      port: port === undefined ? 8000 : integer('--port', port, 0, 65535),
      host: pick(values.host, 'HOST') ?? '127.0.0.1',
      storage,
      dataDir: pick(values['data-dir'], 'DATA_DIR') ?? 'data',
      ...(fsync === undefined ? {} : { fsync }),
      databaseUrl,
      origins: list(origins).map(checkOrigin),
      hosts: list(hosts),
      trustProxy,
      ...(proxyHops === undefined ? {} : { proxyHops: integer('--proxy-hops', proxyHops, 1, 16) }),
      publicDir: pick(values['public-dir'], 'PUBLIC_DIR') ?? 'public',
      bodyLimit: bodyLimit === undefined ? 16 * 1024 : integer('--body-limit', bodyLimit, 256, 1024 * 1024),
      creation: {
        ...(createRate === undefined ? {} : { perMinute: integer('--create-rate', createRate, 0, 1_000_000) }),
        ...(openMatches === undefined ? {} : { openPerClient: integer('--open-matches', openMatches, 0, 1_000_000) }),
      },
      connections:
        perAddress === undefined ? {} : { perAddress: integer('--max-conns-per-ip', perAddress, 0, 1_000_000) },
      botLimits: {
        ...(maxBots === undefined ? {} : { perServer: integer('--max-bots', maxBots, 0, 10_000) }),
        ...(maxBotsPerClient === undefined
          ? {}
          : { perClient: integer('--max-bots-per-client', maxBotsPerClient, 0, 10_000) }),
        ...(botRestAfter === undefined
          ? {}
          : { restAfterMs: integer('--bot-rest-after', botRestAfter, 0, 525_600) * 60_000 }),
      },
      ...(expireOpenAfter === undefined
        ? {}
        : { expireOpenAfterMs: integer('--expire-open-after', expireOpenAfter, 0, 525_600) * 60_000 }),
      ...(clockScale === undefined ? {} : { clockScale: integer('--clock-scale', clockScale, 1, 100_000) }),
      socketLimits:
        socketRate === undefined ? {} : socketRateLimits(integer('--socket-rate', socketRate, 1, 1_000_000)),
    },
  };
}
