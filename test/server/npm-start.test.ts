/**
 * `npm start` as a service manager runs it: SIGTERM goes to npm's pid. npm
 * passes the signal to its script's process; when that was `sh -c "build &&
 * node dist/server.cjs"`, the shell died and the server kept running,
 * reparented, still holding the port. The script now `exec`s the server, so
 * the signal reaches it and it stops cleanly. (This runs the real build, as
 * `npm start` does: about 10-15 s.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { makePublicDir } from './harness';
import { freePort } from './processes';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** True when nothing listens on the loopback port. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

describe('npm start', () => {
  const publicDir = makePublicDir();
  let serverPid: number | undefined;
  let npmPid: number | undefined;
  afterAll(() => {
    // Whatever failed: npm, which would otherwise live on with its build or server if the test failed before its
    // SIGTERM (a SIGTERM, which npm passes on to its script's process), and the server.
    if (npmPid !== undefined && alive(npmPid)) process.kill(npmPid, 'SIGTERM');
    if (serverPid !== undefined && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it('stops the server when npm is sent SIGTERM: the port is released and no server process is left', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--', '--storage', 'memory', '--public-dir', publicDir], {
      env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    });
    npmPid = npm.pid;
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    const npmExited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${out}`)), 90_000);
      const onData = () => {
        if (!/server listening url=/.test(out)) return;
        clearTimeout(timer);
        npm.stdout.off('data', onData);
        resolve();
      };
      npm.stdout.on('data', onData);
      void npmExited.then(() => reject(new Error(`npm start exited:\n${out}`)));
    });
    // The server's own pid, as it reports it.
    const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { process: string };
    serverPid = Number(/pid (\d+)/.exec(health.process)?.[1]);
    expect(serverPid).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    await npmExited;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (alive(serverPid) || !(await portFree(port)))) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(alive(serverPid), `server pid ${serverPid} still runs after npm got SIGTERM:\n${out}`).toBe(false);
    expect(await portFree(port), `port ${port} is still held`).toBe(true);
    expect(out).toContain('shutting down signal=SIGTERM');
  }, 120_000);
});
