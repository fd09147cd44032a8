/**
 * The `--workers` primary as a supervisor, with the built server:
 *  - when every worker is killed with SIGKILL at once, the primary stays up
 *    and starts new ones, and the port answers again;
 *  - when workers die before they ever listen (here: PostgreSQL unreachable),
 *    it does not restart them forever: it says why and exits with code 1.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import nodeHttp from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePublicDir, sleep } from './harness';
import {
  buildServer,
  dropSchema,
  freePort,
  removeBuild,
  startProcess,
  withSchema,
  type ServerProcess,
} from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const schema = `supervise_${process.pid}_${Date.now().toString(36)}`;

/** GET /health on a fresh connection, so that the cluster may hand it to any worker; undefined without an answer. */
function health(base: string): Promise<{ status: number; process: string } | undefined> {
  return new Promise((resolve) => {
    nodeHttp
      .get(`${base}/health`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, process: String(JSON.parse(body).process) });
          } catch {
            resolve(undefined);
          }
        });
      })
      .on('error', () => resolve(undefined))
      .setTimeout(2000, function (this: nodeHttp.ClientRequest) {
        this.destroy(new Error('no answer'));
      });
  });
}

describe.skipIf(!PG_URL || !REDIS_URL)('the --workers primary', () => {
  // Made once the suite runs: a suite skipped or filtered out runs its body, not its hooks.
  let publicDir = '';
  let serverFile: string | undefined;
  const procs: ServerProcess[] = [];
  const args = (dbUrl: string, port = 0) => [
    '--storage',
    'postgres',
    '--database-url',
    dbUrl,
    '--redis-url',
    REDIS_URL!,
    '--port',
    String(port),
    '--public-dir',
    publicDir,
    '--workers',
    '2',
  ];

  beforeAll(async () => {
    publicDir = makePublicDir();
    serverFile = await buildServer();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await dropSchema(PG_URL!, schema).catch(() => undefined);
    if (publicDir) fs.rmSync(publicDir, { recursive: true, force: true });
    if (serverFile) removeBuild(serverFile);
  });

  it('starts new workers when every worker is killed with SIGKILL, and answers again', async () => {
    // A fixed port: once every worker is gone, new workers asking for port 0 would get another one.
    const proc = await startProcess(serverFile!, args(withSchema(PG_URL!, schema), 8161), {}, 2);
    procs.push(proc);
    const pids = new Set<number>();
    while (pids.size < 2) {
      const res = await health(proc.url);
      if (res?.status === 200) pids.add(Number(/pid (\d+)/.exec(res.process)![1]));
    }
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    // Nothing serves for a moment; the primary must stay up and start two more.
    let answered: string | undefined;
    while (!answered) {
      expect(proc.child.exitCode, proc.output()).toBeNull();
      const res = await health(proc.url);
      const pid = res && Number(/pid (\d+)/.exec(res.process)?.[1]);
      if (res?.status === 200 && pid && !pids.has(pid)) answered = res.process;
      else await sleep(100);
    }
    expect(proc.output().match(/worker died, starting another/g)).toHaveLength(2);
    await proc.stop('SIGTERM');
    expect(proc.child.exitCode).toBe(0);
  }, 60_000);

  /** Runs the built server with `argv` until it exits by itself: its exit code and everything it printed. */
  async function runToExit(argv: string[]): Promise<{ code: number | null; out: string }> {
    const child = spawn(process.execPath, [serverFile!, ...argv], { env: { ...process.env, NODE_ENV: 'production' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    return { code, out };
  }

  it('exits with code 1 when workers keep failing to start (PostgreSQL unreachable)', async () => {
    const port = await freePort();
    const { code, out } = await runToExit(args(`postgres://postgres@127.0.0.1:${port}/test`));
    expect(code, out).toBe(1);
    expect(out).toMatch(/3 workers in a row exited before they started listening; giving up/);
    expect(out).not.toMatch(/server listening/);
  }, 60_000);

  it("says a taken port in each worker's one line, as a single process does, without a stack", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const { code, out } = await runToExit(args(withSchema(PG_URL!, schema), port));
      expect(code, out).toBe(1);
      const failures = out.split('\n').filter((line) => /server failed to start/.test(line));
      expect(failures.length, out).toBeGreaterThanOrEqual(3);
      for (const line of failures) {
        expect(line).toMatch(
          new RegExp(
            `server failed to start: port ${port} is in use \\(127\\.0\\.0\\.1:${port}\\): stop what uses it, or choose another --port`,
          ),
        );
        expect(line).not.toMatch(/stack=|EADDRINUSE/);
      }
      expect(out).not.toMatch(/ {4}at |\\n {4}at /);
    } finally {
      holder.close();
    }
  }, 60_000);
});
