/**
 * Real server processes for the multi-process tests: the server built into a
 * folder of the test's own (so that tests building at once do not share a
 * file), started as child processes on ephemeral ports, a scratch
 * PostgreSQL schema, and a throwaway redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { PostgresStorage } from '../../server/storage';
import type { ServerOptions } from '../../server/app';
import { startTestServer, type TestServer } from './harness';

const ROOT = process.cwd();

/**
 * Builds server/index.ts and its bot worker into a new folder under dist/
 * (where `require` finds node_modules); returns the server file. Remove the
 * folder with `removeBuild`.
 */
export async function buildServer(): Promise<string> {
  fs.mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'dist', 'test-'));
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  } as const;
  await esbuild.build({ ...common, entryPoints: ['server/index.ts'], outfile: path.join(dir, 'server.cjs') });
  await esbuild.build({ ...common, entryPoints: ['server/bot-worker.ts'], outfile: path.join(dir, 'bot-worker.cjs') });
  return path.join(dir, 'server.cjs');
}

/** Removes a folder made by `buildServer`. */
export function removeBuild(serverFile: string): void {
  fs.rmSync(path.dirname(serverFile), { recursive: true, force: true });
}

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Sends `signal` and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `serverFile` with `args`; resolves once it logs the URL it listens
 * on, `listening` times (once per worker with `--workers`).
 */
export function startProcess(
  serverFile: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  listening = 1,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverFile, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CREATE_RATE: '0',
      OPEN_MATCHES: '0',
      SOCKET_RATE: '100000',
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = () => {
      const lines = [...out.matchAll(/server listening url=(\S+)/g)];
      const m = lines.length >= listening ? lines[0] : undefined;
      if (m) {
        child.stdout.off('data', onData);
        resolve({ child, url: m[1], output: () => out, stop });
      }
    };
    child.stdout.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
}

/** `base` (a postgres URL) with a `schema` parameter. */
export function withSchema(base: string, schema: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}schema=${schema}`;
}

/** Drops a scratch schema made for a test (see `withSchema`). */
export async function dropSchema(base: string, schema: string): Promise<void> {
  const db = new PostgresStorage({ connectionString: withSchema(base, schema), max: 1 });
  await db.connect();
  await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.close();
}

/**
 * Two servers in this process, `a` and `b`, sharing a scratch PostgreSQL
 * schema and Redis as two processes of one site do: started before the
 * suite's tests, stopped after them, and the schema dropped. Call it inside
 * the suite's `describe`.
 */
export function twoServers(
  pgUrl: string,
  redisUrl: string,
  schemaPrefix: string,
  /** More options for both servers (e.g. `clockScale`). */
  extra: ServerOptions = {},
): { a(): TestServer; b(): TestServer; schema: string } {
  const schema = `${schemaPrefix}_${process.pid}_${Date.now().toString(36)}`;
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    const opts = { ...extra, storage: 'postgres', databaseUrl: withSchema(pgUrl, schema), redisUrl } as const;
    a = await startTestServer({ ...opts, processName: 'a' });
    b = await startTestServer({ ...opts, processName: 'b' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropSchema(pgUrl, schema);
  });
  return { a: () => a!, b: () => b!, schema };
}

/** A loopback port nothing listens on: free a moment ago (for a server to take, or to find nothing there). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts a throwaway redis-server on `port`; resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (/Ready to accept connections/.test(out)) resolve();
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${out}`)));
  });
  return child;
}
