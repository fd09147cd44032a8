/**
 * PostgreSQL that hangs (stopped, swapping, a network that carries nothing): a TCP proxy in front of the test
 * database stops carrying bytes, the connections staying open. A query then fails after the storage's
 * `queryTimeoutMs`, its connection is dropped, and the storage still closes; before, the query, the pool's end and
 * the storage's close waited for good.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresStorage } from '../../server/storage/postgres';
import { sleep } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;

/** A proxy to `target` that carries bytes both ways until `freeze()`, then none (connections stay open). */
async function freezingProxy(target: URL): Promise<{ port: number; freeze(): void; close(): void }> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => (frozen = true),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.skipIf(!PG_URL)('PostgreSQL that hangs', () => {
  const schema = `hungpg_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    await dropSchema(PG_URL ?? '', schema);
  });

  it('fails a query after queryTimeoutMs, and the storage still closes', async () => {
    const proxy = await freezingProxy(new URL(PG_URL!));
    const url = new URL(PG_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const db = new PostgresStorage({
      connectionString: withSchema(url.toString(), schema),
      max: 2,
      queryTimeoutMs: 500,
    });
    try {
      await db.connect();
      await db.ping();
      const matchID = 'hung';
      await db.createMatch(matchID, {
        initialState: { _stateID: 0 } as never,
        metadata: { gameName: 'x', players: { 0: { id: 0 } }, createdAt: 0, updatedAt: 0 },
      });
      const { metadata } = await db.fetch(matchID, { metadata: true });
      // Changed on the object read: the storage merges it in a transaction.
      (metadata.players[0] as { name?: string }).name = 'Ana';
      proxy.freeze();
      // A plain query and a merging metadata write (a transaction) each fail within the timeout.
      const started = Date.now();
      const outcomes = await Promise.race([
        Promise.allSettled([db.ping(), db.setMetadata(matchID, metadata)]),
        sleep(5000).then(() => 'hung' as const),
      ]);
      const failedMs = Date.now() - started;
      expect(outcomes, 'the queries, PostgreSQL hanging').not.toBe('hung');
      expect((outcomes as PromiseSettledResult<unknown>[]).map((o) => o.status)).toEqual(['rejected', 'rejected']);
      const closing = Date.now();
      const closed = await Promise.race([db.close().then(() => true), sleep(3000).then(() => false)]);
      console.log(
        `PostgreSQL hanging: queries failed after ${failedMs} ms (timeout 500 ms), ` +
          `the storage closed in ${Date.now() - closing} ms`,
      );
      expect(closed, "the storage's close, PostgreSQL hanging").toBe(true);
    } finally {
      proxy.close();
    }
  }, 30_000);
});
