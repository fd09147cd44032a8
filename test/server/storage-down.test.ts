/**
 * PostgreSQL going away under a running server, through a TCP relay of the
 * test's own (the shared PostgreSQL itself stays up): a lobby request then
 * answers 503 with Retry-After and a sentence, not 500; no "match created"
 * is logged for a match that was never stored; the pool's errors go to the
 * server's log; and once the relay is back, creating works again.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME, http, sleep, startTestServer, type TestServer } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const schema = `down_${process.pid}_${Date.now().toString(36)}`;

/**
 * A TCP relay to PostgreSQL that can be cut (every connection dropped) and opened again, on the same port: a free one
 * the first time (a fixed port failed the test whenever another run on the machine held it).
 */
class Relay {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = (this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    }));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe.skipIf(!PG_URL)('PostgreSQL unreachable under a running server', () => {
  const target = new URL(PG_URL ?? 'postgres://x@127.0.0.1:5432/x');
  const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
  let server: TestServer;

  beforeAll(async () => {
    await relay.open();
    const viaRelay = new URL(PG_URL!);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    server = await startTestServer({ storage: 'postgres', databaseUrl: withSchema(viaRelay.toString(), schema) });
  }, 30_000);

  afterAll(async () => {
    await relay.open().catch(() => undefined);
    await server?.close();
    await relay.cut();
    await dropSchema(PG_URL!, schema);
  });

  const create = () => http(server.url, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 2 } });
  const createdLines = () => server.logs.filter((l) => /match created/.test(l)).length;

  it('answers 503 with Retry-After while it is gone, logs no match created, and creates again once it is back', async () => {
    expect((await create()).status).toBe(200);
    expect(createdLines()).toBe(1);

    await relay.cut();
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.text).toBe('Storage is unavailable; try again shortly');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The match was never stored: no line says it was created.
    await sleep(200);
    expect(createdLines()).toBe(1);
    expect(server.logs.join('\n')).toMatch(/warn request failed: storage unavailable/);
    // The pool's idle connection that was cut is reported in the server's log, not on a raw console line.
    expect(server.logs.join('\n')).toMatch(/warn postgres: an idle connection failed/);

    await relay.open();
    let again = await create();
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await sleep(250);
      again = await create();
    }
    expect(again.status).toBe(200);
    expect(createdLines()).toBe(2);
    expect((await server.db.listMatches()).sort()).toEqual(expect.arrayContaining([again.json.matchID]));
  }, 30_000);
});
