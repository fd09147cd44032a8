/**
 * What the server says when it cannot start, or starts half-ready: no
 * password of a Redis or PostgreSQL URL in a log line or error; an
 * operator's mistake (a taken port, a bad DATABASE_URL, a data folder that
 * is a file) in one sentence without a stack, a bug with its stack.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/log';
import { parseCli } from '../../server/options';
import { describeStartupError } from '../../server/startup-error';
import { makePublicDir, startTestServer } from './harness';
import { buildServer, freePort, removeBuild } from './processes';

describe('passwords in URLs', () => {
  it('redactUrl hides the password and keeps the rest', () => {
    expect(redactUrl('redis://:s3cret@cache.example:6379/0')).toBe('redis://:***@cache.example:6379/0');
    expect(redactUrl('postgres://app:s3cret@db.example:5432/nextstop?schema=x')).toBe(
      'postgres://app:***@db.example:5432/nextstop?schema=x',
    );
    expect(redactUrl('postgres://app@db.example/nextstop')).toBe('postgres://app@db.example/nextstop');
    expect(redactUrl('not a url //app:s3cret@db')).toBe('not a url //app:***@db');
  });

  it('leaves the Redis password out of the startup error and the log when Redis is unreachable', async () => {
    const port = await freePort();
    const logs: string[] = [];
    const failed = await startTestServer({
      redisUrl: `redis://:s3cret-pw@127.0.0.1:${port}`,
      logger: (level, message, fields) => logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`),
    }).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed!.message).toContain(`Redis at redis://:***@127.0.0.1:${port}`);
    expect(failed!.message).not.toContain('s3cret-pw');
    expect(logs.join('\n')).not.toContain('s3cret-pw');
  }, 20_000);

  it('leaves the PostgreSQL password out of the startup error when PostgreSQL is unreachable', async () => {
    const port = await freePort();
    const failed = await startTestServer({
      storage: 'postgres',
      databaseUrl: `postgres://app:s3cret-pw@127.0.0.1:${port}/nextstop`,
    }).then(
      () => undefined,
      (err: Error & { code?: string }) => err,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed!.message).toContain(`PostgreSQL at postgres://app:***@127.0.0.1:${port}/nextstop`);
    expect(failed!.message).not.toContain('s3cret-pw');
    expect((failed as { code?: string }).code).toBe('ECONNREFUSED');
  }, 20_000);

  it('leaves the password out of a refused --redis-url', () => {
    expect(() => parseCli(['--redis-url', 'http://:s3cret-pw@cache:6379'], {})).toThrow(/:\*\*\*@cache/);
    expect(() => parseCli(['--redis-url', 'http://:s3cret-pw@cache:6379'], {})).not.toThrow(/s3cret-pw/);
  });
});

describe('startup failures', () => {
  it('parseCli refuses a DATABASE_URL that is not a postgres:// URL, without its password', () => {
    expect(() => parseCli(['--database-url', 'db.example:5432'], {})).toThrow(
      /--database-url must be a URL such as postgres:/,
    );
    expect(() => parseCli([], { DATABASE_URL: 'mysql://app:s3cret-pw@db/x' })).toThrow(
      /got "mysql:\/\/app:\*\*\*@db\/x"/,
    );
    expect(parseCli([], { DATABASE_URL: 'postgresql://app@db/x' })).toMatchObject({ options: { storage: 'postgres' } });
    expect(parseCli([], { DATABASE_URL: 'postgres://app@db/x' })).toMatchObject({ options: { storage: 'postgres' } });
  });

  it('says a taken port, a data folder that is a file and a missing database in one sentence, a bug with its stack', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const taken = await new Promise<Error>((resolve) =>
      net.createServer().once('error', resolve).listen(port, '127.0.0.1'),
    );
    holder.close();
    expect(describeStartupError(taken)).toEqual({
      message: `server failed to start: port ${port} is in use (127.0.0.1:${port}): stop what uses it, or choose another --port`,
    });

    const file = path.join(os.tmpdir(), `not-a-folder-${process.pid}`);
    fs.writeFileSync(file, '');
    const notDir = (() => {
      try {
        fs.mkdirSync(path.join(file, 'data'), { recursive: true });
      } catch (err) {
        return err;
      }
    })();
    fs.rmSync(file);
    const said = describeStartupError(notDir);
    expect(said.stack).toBeUndefined();
    expect(said.message).toMatch(/^server failed to start: ENOTDIR.*; check --data-dir \(DATA_DIR\)/);

    const noDb = Object.assign(new Error('PostgreSQL at postgres://app:***@db/x: database "x" does not exist'), {
      code: '3D000',
    });
    expect(describeStartupError(noDb).message).toMatch(/database "x" does not exist; create the database/);

    const bug = new TypeError('cannot read properties of undefined');
    expect(describeStartupError(bug)).toEqual({
      message: 'server failed to start: cannot read properties of undefined',
      stack: bug.stack,
    });
  });

  describe('the built server', () => {
    let serverFile: string | undefined;
    const publicDir = makePublicDir();
    beforeAll(async () => {
      serverFile = await buildServer();
    }, 60_000);
    afterAll(() => {
      if (serverFile) removeBuild(serverFile);
      fs.rmSync(publicDir, { recursive: true, force: true });
    });

    /** Runs the server to its exit; resolves with its code and everything it wrote. */
    const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [serverFile!, ...args], {
          env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', ...env },
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.once('exit', (code) => resolve({ code, out }));
      });

    it('on a taken port prints one line without a stack and exits 1', async () => {
      const holder = net.createServer();
      // A free port, taken here (a fixed one failed the test whenever another run on the machine held it).
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const port = (holder.address() as net.AddressInfo).port;
      try {
        const { code, out } = await run(['--storage', 'memory', '--port', String(port), '--public-dir', publicDir]);
        expect(code, out).toBe(1);
        const errors = out.split('\n').filter((line) => / error /.test(line));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(
          new RegExp(` error server failed to start: port ${port} is in use \\(127\\.0\\.0\\.1:${port}\\): stop what`),
        );
        expect(out).not.toMatch(/ {4}at |\\n {4}at /);
      } finally {
        holder.close();
      }
    }, 30_000);

    it.each(['999.1.1.1', 'example.invalid'])(
      'on a --host that is no address (%s) names --host, not the database or Redis URLs, and exits 1',
      async (host) => {
        const port = await freePort();
        const { code, out } = await run(['--storage', 'memory', '--port', String(port), '--host', host]);
        expect(code, out).toBe(1);
        const errors = out.split('\n').filter((line) => / error /.test(line));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toContain(`server failed to start: --host ${host} is not an address of this machine`);
        expect(errors[0]).toContain('check --host (HOST)');
        expect(errors[0]).not.toMatch(/--database-url|--redis-url|stack=/);
      },
      30_000,
    );

    it('refuses a DATABASE_URL that is not a URL with exit code 2', async () => {
      const { code, out } = await run([], { DATABASE_URL: 'db.example:5432' });
      expect(code, out).toBe(2);
      expect(out).toMatch(/--database-url must be a URL such as postgres:/);
    }, 30_000);
  });
});

describe('an unbuilt client', () => {
  it('is named in a warning at startup, with how to build it', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-public-'));
    const server = await startTestServer({ publicDir: empty });
    try {
      const warnings = server.logs.filter((l) => l.startsWith('warn the client is not built'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`no index.html in ${empty}`);
      expect(warnings[0]).toContain('npm run build');
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(404);
      expect(await page.text()).toMatch(/The client is not built/);
    } finally {
      await server.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('is not warned about when index.html is there', async () => {
    const server = await startTestServer();
    try {
      expect(server.logs.join('\n')).not.toMatch(/not built/);
    } finally {
      await server.close();
    }
  });
});
