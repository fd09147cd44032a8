/**
 * The command line: option parsing, then the built server (dist/server.cjs)
 * as a child process with the file storage: it serves the lobby and the
 * client, logs matches, stops cleanly on SIGTERM and finds its matches again
 * after a restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../server/options';
import { GAME, http, makePublicDir, startTestServer } from './harness';
import { GAMES } from '../../src/games/registry';

describe('parseCli', () => {
  it('has safe defaults', () => {
    const cli = parseCli([], {});
    expect(cli).toEqual({
      help: false,
      workers: 1,
      options: {
        port: 8000,
        host: '127.0.0.1',
        storage: 'file',
        dataDir: 'data',
        databaseUrl: undefined,
        origins: [],
        hosts: [],
        trustProxy: false,
        publicDir: 'public',
        bodyLimit: 16384,
        creation: {},
        connections: {},
        socketLimits: {},
        botLimits: {},
      },
    });
  });

  it('reads the security limits from flags and the environment', () => {
    const cli = parseCli(['--hosts', 'play.example, Other.example', '--create-rate', '5', '--trust-proxy'], {
      OPEN_MATCHES: '3',
      MAX_CONNS_PER_IP: '0',
    });
    expect(cli.help).toBe(false);
    if (cli.help) return;
    expect(cli.options.hosts).toEqual(['play.example', 'Other.example']);
    expect(cli.options.trustProxy).toBe(true);
    expect(cli.options.creation).toEqual({ perMinute: 5, openPerClient: 3 });
    expect(cli.options.connections).toEqual({ perAddress: 0 });
    expect(() => parseCli(['--create-rate', 'lots'], {})).toThrow(/--create-rate must be an integer/);
    expect(parseCli([], { TRUST_PROXY: 'true' })).toMatchObject({ options: { trustProxy: true } });
    // The flag wins over its variable, either way.
    expect(parseCli(['--no-trust-proxy'], { TRUST_PROXY: 'true' })).toMatchObject({ options: { trustProxy: false } });
    expect(parseCli(['--trust-proxy'], { TRUST_PROXY: 'no' })).toMatchObject({ options: { trustProxy: true } });
    expect(() => parseCli(['--trust-proxy', '--no-trust-proxy'], {})).toThrow(/contradict/);
    // No other flag takes a --no- form: --no-help is refused, not read as "do not print the help" and a start.
    expect(() => parseCli(['--no-help'], {})).toThrow(/Unknown option '--no-help'/);
    expect(parseCli(['--trust-proxy', '--proxy-hops', '2'], {})).toMatchObject({ options: { proxyHops: 2 } });
    expect(parseCli([], { PROXY_HOPS: '3' })).toMatchObject({ options: { proxyHops: 3 } });
    expect(() => parseCli(['--proxy-hops', '0'], {})).toThrow(/--proxy-hops must be an integer from 1/);
  });

  it('runs several workers only on PostgreSQL and Redis, and says why otherwise', () => {
    expect(() => parseCli(['--workers', '2'], {})).toThrow(/--workers 2 needs --storage postgres: the file storage/);
    expect(() => parseCli(['--workers', '3', '--storage', 'memory'], {})).toThrow(/needs --storage postgres/);
    const pg = ['--database-url', 'postgres://u@h/db'];
    expect(() => parseCli(['--workers', '2', ...pg], {})).toThrow(/needs --redis-url or REDIS_URL/);
    expect(() => parseCli(['--redis-url', 'http://x'], {})).toThrow(/must start with redis:\/\//);
    expect(() => parseCli(['--workers', '0'], {})).toThrow(/--workers must be an integer from 1/);
    const cli = parseCli([...pg], { WORKERS: '4', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(cli).toMatchObject({ workers: 4, options: { storage: 'postgres', redisUrl: 'redis://127.0.0.1:6379' } });
  });

  it('takes the Redis heartbeat for the spectators and the seats alike', () => {
    const redis = ['--redis-url', 'redis://127.0.0.1:6379'];
    expect(parseCli([...redis, '--redis-heartbeat', '2000'], { REDIS_HEARTBEAT: '500' })).toMatchObject({
      options: { spectatorHeartbeatMs: 2000, seatHeartbeatMs: 2000 },
    });
    expect(parseCli(redis, { REDIS_HEARTBEAT: '500' })).toMatchObject({
      options: { spectatorHeartbeatMs: 500, seatHeartbeatMs: 500 },
    });
    const unset = parseCli(redis, {});
    expect(unset.help === false && unset.options.seatHeartbeatMs).toBeUndefined();
    expect(() => parseCli(['--redis-heartbeat', '10'], {})).toThrow(/--redis-heartbeat must be an integer from 50/);
  });

  it('reads flags over environment variables', () => {
    const cli = parseCli(
      ['--port', '9001', '--origins', 'https://a.example, https://b.example', '--storage', 'memory'],
      {
        PORT: '7000',
        HOST: '0.0.0.0',
        DATA_DIR: '/srv/tram',
      },
    );
    expect(cli.help).toBe(false);
    if (cli.help) return;
    expect(cli.options.port).toBe(9001);
    expect(cli.options.host).toBe('0.0.0.0');
    expect(cli.options.dataDir).toBe('/srv/tram');
    expect(cli.options.storage).toBe('memory');
    expect(cli.options.origins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('picks postgres when DATABASE_URL is set', () => {
    const cli = parseCli([], { DATABASE_URL: 'postgres://u@h/db' });
    expect(!cli.help && cli.options.storage).toBe('postgres');
  });

  it.each([
    [['--port', 'x']],
    [['--port', '70000']],
    [['--storage', 'redis']],
    [['--storage', 'postgres']],
    [['--bogus']],
    [['positional']],
  ])('refuses %j', (argv) => {
    expect(() => parseCli(argv, {})).toThrow();
  });

  it('a busy port is an error, not a crash', async () => {
    const first = await startTestServer();
    try {
      await expect(startTestServer({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it('refuses an --origins item that is not scheme://host[:port], naming it', () => {
    expect(() => parseCli(['--origins', 'friend.example'], {})).toThrow(
      '--origins: "friend.example" is not an origin: write each as scheme://host[:port], with no path, e.g. https://friend.example',
    );
    for (const bad of ['friend.example:8080', 'https://friend.example/play', 'https://a@friend.example', 'https://']) {
      expect(() => parseCli(['--origins', `https://ok.example,${bad}`], {})).toThrow(`"${bad}" is not an origin`);
    }
    expect(() => parseCli([], { ORIGINS: 'https://friend.example?x=1' })).toThrow(/is not an origin/);
    // Kept as a browser sends them: no trailing slash, no default port (written :443, it was refused), host in
    // lower case.
    const ok = parseCli(
      ['--origins', 'https://friend.example, http://localhost:5173, https://b.example/, https://C.example:443, *'],
      {},
    );
    expect(!ok.help && ok.options.origins).toEqual([
      'https://friend.example',
      'http://localhost:5173',
      'https://b.example',
      'https://c.example',
      '*',
    ]);
  });

  it('reads TRUST_PROXY and FILE_FSYNC as yes or no, and refuses any other word', () => {
    for (const yes of ['1', 'true', 'yes', 'TRUE', 'Yes']) {
      expect(parseCli([], { TRUST_PROXY: yes })).toMatchObject({ options: { trustProxy: true } });
      expect(parseCli([], { FILE_FSYNC: yes })).toMatchObject({ options: { fsync: true } });
    }
    for (const no of ['0', 'false', 'no', 'False', 'NO']) {
      expect(parseCli([], { TRUST_PROXY: no })).toMatchObject({ options: { trustProxy: false } });
      expect(parseCli([], { FILE_FSYNC: no })).toMatchObject({ options: { fsync: false } });
    }
    // Empty keeps the default: off for TRUST_PROXY, but on for FILE_FSYNC (a "FILE_FSYNC=" line in an env file
    // turned fsync off).
    for (const empty of ['', ' ']) {
      expect(parseCli([], { TRUST_PROXY: empty })).not.toMatchObject({ options: { trustProxy: true } });
      expect(parseCli([], { FILE_FSYNC: empty })).not.toMatchObject({ options: { fsync: false } });
    }
    for (const bad of ['maybe', 'on', 'off', 'y', '2']) {
      expect(() => parseCli([], { TRUST_PROXY: bad })).toThrow(
        `TRUST_PROXY must be 1, true or yes (on), or 0, false or no (off), or empty (the default), got "${bad}"`,
      );
      expect(() => parseCli([], { FILE_FSYNC: bad })).toThrow(`FILE_FSYNC must be 1, true or yes (on)`);
    }
    // The flag still wins over the variable.
    expect(parseCli(['--trust-proxy'], { TRUST_PROXY: 'no' })).toMatchObject({ options: { trustProxy: true } });
  });

  it('knows --help', () => {
    expect(parseCli(['--help'], {})).toEqual({ help: true });
  });
});

const ROOT = process.cwd();
const SERVER = path.join(ROOT, 'dist/server.cjs');

/** Starts dist/server.cjs; resolves with its URL once it listens. */
function runServer(
  args: string[],
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [...nodeArgs, SERVER, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 10_000);
    const onData = () => {
      const m = /server listening url=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

describe('the built server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-data-'));
  const publicDir = makePublicDir();
  const children: ChildProcess[] = [];

  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  });
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it('prints help', () => {
    const res = spawnSync(process.execPath, [SERVER, '--help'], { encoding: 'utf8' });
    expect(res.status).toBe(0);
    for (const flag of ['--port', '--host', '--data-dir', '--storage', '--origins', 'DATABASE_URL', '/health']) {
      expect(res.stdout).toContain(flag);
    }
  });

  it.each([
    [['--storage', 'floppy'], {}, '--storage must be file, memory or postgres, got "floppy"'],
    [['--bogus'], {}, "Unknown option '--bogus'"],
    [['--origins', 'friend.example'], {}, '--origins: "friend.example" is not an origin'],
    [
      [],
      { TRUST_PROXY: 'maybe' },
      'TRUST_PROXY must be 1, true or yes (on), or 0, false or no (off), or empty (the default)',
    ],
  ])('on a bad option %j %j prints its error and one line saying where the options are, exit 2', (args, env, said) => {
    const res = spawnSync(process.execPath, [SERVER, ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      // A server that took the option would run on: stop it rather than wait forever.
      timeout: 10_000,
    });
    expect(res.status).toBe(2);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(said);
    expect(lines[1]).toBe('run with --help for the options (npm start -- --help)');
    expect(res.stdout).toBe('');
  });

  it('serves, logs, stops on SIGTERM and keeps matches across a restart', async () => {
    const args = ['--port', '0', '--data-dir', dataDir, '--public-dir', publicDir];
    const first = await runServer(args);
    children.push(first.child);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await http(first.url, '/health')).json.ok).toBe(true);
    expect((await http(first.url, '/')).text).toContain('Next Stop');
    expect((await http(first.url, '/lobby')).text).toContain('Next Stop');
    const created = await http(first.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 2 } });
    expect(created.status).toBe(200);
    const matchID = created.json.matchID;
    const joined = await http(first.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    expect(joined.status).toBe(200);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toMatch(new RegExp(`match created matchID=${matchID}`));
    expect(first.output()).toContain('server stopped');

    const second = await runServer(args);
    children.push(second.child);
    const match = await http(second.url, `/games/${GAME}/${matchID}`);
    expect(match.status).toBe(200);
    expect(match.json.players[0].name).toBe('Ana');
    expect(await stop(second.child, 'SIGINT')).toBe(0);
  }, 30_000);

  it('serves the lobby and the client even when koa-compose copies the middleware list (4.2.0 behaviour)', async () => {
    const preload = path.join(ROOT, 'test/server/fixtures/koa-compose-copying.cjs');
    const run = await runServer(['--port', '0', '--storage', 'memory', '--public-dir', publicDir], ['-r', preload]);
    children.push(run.child);
    expect((await http(run.url, '/games')).json).toEqual(GAMES.map((g) => g.id));
    expect((await http(run.url, '/')).text).toContain('Next Stop');
    expect((await http(run.url, '/health')).json.ok).toBe(true);
    expect(await stop(run.child)).toBe(0);
  }, 20_000);
});
