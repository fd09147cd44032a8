/**
 * What the server says when it cannot start, or starts half-ready: no
 * password of a Redis or PostgreSQL URL in a log line or error.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/log';
import { parseCli } from '../../server/options';
import { startTestServer } from './harness';

/** A loopback port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
    const port = await closedPort();
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
    const port = await closedPort();
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
