/**
 * The lobby's security findings, each against a real server on loopback with
 * raw HTTP: route spellings that bypassed the guard, prototype pollution,
 * deep nesting, creation limits, the Host allow-list (DNS rebinding),
 * connection limits and a `/health` that tells the truth.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fullMatch, GAME, http, joinMatch, readMatch, startTestServer, type TestServer } from './harness';

const protoKeys = () => [Object.prototype, Array.prototype].map((p) => Reflect.ownKeys(p).map(String).sort().join());

const post = (server: TestServer, route: string, json: unknown) =>
  http(server.url, route, { method: 'POST', json, headers: { 'Content-Type': 'application/json' } });

/** A raw HTTP GET with a chosen Host header (fetch cannot set one). */
function getWithHost(url: string, route: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url + route, { headers: { Host: host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('every spelling of every lobby route is checked', () => {
  let server: TestServer;
  const before = protoKeys();
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  afterEach(() => expect(protoKeys()).toEqual(before));

  it.each(['Join', 'JOIN', 'jOiN', 'join/', '%4Aoin'])(
    'POST …/<id>/%s with playerID "__proto__" is refused and pollutes nothing',
    async (join) => {
      const matchID = await createMatch(server.url, 2);
      const res = await post(server, `/games/${GAME}/${matchID}/${join}`, { playerID: '__proto__', playerName: 'x' });
      expect(res.status).toBe(400);
      expect(({} as Record<string, unknown>).name).toBeUndefined();
      expect(({} as Record<string, unknown>).credentials).toBeUndefined();
      // The server still seats people and creates matches.
      expect(await joinMatch(server.url, matchID, '0', 'Ana')).toMatch(/.+/);
      expect(await createMatch(server.url, 2)).toMatch(/.+/);
    },
  );

  it.each([
    ['/GAMES/{g}/{id}/Join', { playerID: '1', playerName: 'x'.repeat(2_000) }, 'playerName'],
    ['/Games/{g}/{id}/join', { playerID: '1', playerName: 'Bo', data: { blob: 'y'.repeat(200_000) } }, 'larger than'],
    ['/games/{g}/{id}/JOIN', { playerID: '1', playerName: 'Bo', data: { blob: 'y'.repeat(5_000) } }, 'larger than'],
    ['/games/{g}/CREATE', { numPlayers: 99 }, 'numPlayers'],
    ['/GAMES/{g}/Create', { setupData: 'x' }, 'setupData'],
    ['/games/{g}/{id}/Leave', { playerID: '0' }, 'credentials'],
    ['/games/{g}/{id}/UPDATE', { playerID: '0', credentials: 'c', newName: 'z'.repeat(100) }, 'newName'],
    ['/games/{g}/{id}/Rename', { playerID: '__proto__', credentials: 'c', newName: 'z' }, 'playerID'],
    ['/games/{g}/{id}/PLAYAGAIN', { playerID: '0', credentials: 'c', numPlayers: 9 }, 'numPlayers'],
    ['/games/{g}/{id}/playagain', { playerID: 'constructor', credentials: 'c' }, 'playerID'],
  ])('%s refuses a bad body with a 4xx', async (route, body, message) => {
    const matchID = await createMatch(server.url, 2);
    const res = await post(server, route.replace('{g}', GAME).replace('{id}', matchID), body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain(message);
    const { metadata } = await readMatch(server, matchID);
    const players = Object.values(metadata!.players as Record<string, { name?: string }>);
    expect(players.every((p) => p.name === undefined)).toBe(true);
  });

  it('refuses prototype keys anywhere in a body, and nesting 7,000 arrays deep, with a 400', async () => {
    const matchID = await createMatch(server.url, 2);
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const nested = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      body: `{"playerID":"0","playerName":"Ana","data":${deep}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(nested.status).toBe(400);
    expect(nested.text).toContain('deeper');
    const proto = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      body: '{"playerID":"0","playerName":"Ana","data":{"__proto__":{"polluted":true}}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    expect(proto.text).toContain('__proto__');
    expect((await readMatch(server, matchID)).metadata!.players[0].name).toBeUndefined();
  });
});

describe('/health', () => {
  it('answers 503 with the reason while a shared prototype is polluted, 200 again once clean', async () => {
    const server = await startTestServer();
    try {
      expect((await http(server.url, '/health')).json).toMatchObject({ ok: true, matches: 0 });
      Object.defineProperty(Object.prototype, 'pollutedByTest', { value: 1, configurable: true, writable: true });
      let sick;
      try {
        sick = await http(server.url, '/health');
      } finally {
        delete (Object.prototype as Record<string, unknown>).pollutedByTest;
      }
      expect(sick.status).toBe(503);
      expect(sick.json).toMatchObject({ ok: false, problems: ['Object.prototype was changed'] });
      expect((await http(server.url, '/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 when the storage cannot answer', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-health-'));
    const server = await startTestServer({ storage: 'file', dataDir });
    try {
      await createMatch(server.url, 2);
      expect((await http(server.url, '/health')).json).toMatchObject({ ok: true, matches: 1 });
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.writeFileSync(dataDir, 'not a folder');
      const sick = await http(server.url, '/health');
      expect(sick.status).toBe(503);
      expect(sick.json.ok).toBe(false);
      expect(String(sick.json.problems)).toMatch(/^storage: /);
    } finally {
      await server.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('creation limits', () => {
  it('answers 429 with Retry-After past the per-client creation rate', async () => {
    const server = await startTestServer({ creation: { perMinute: 3, openPerClient: 0 } });
    try {
      const { matchID, creds } = await fullMatch(server.url, 2);
      for (let i = 0; i < 2; i++)
        expect((await post(server, `/games/${GAME}/create`, { numPlayers: 2 })).status).toBe(200);
      const refused = await post(server, `/games/${GAME}/create`, { numPlayers: 2 });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.text).toMatch(/Too many matches created/);
      // playAgain creates a match too, so it counts.
      const again = await post(server, `/games/${GAME}/${matchID}/playAgain`, { playerID: '0', credentials: creds[0] });
      expect(again.status).toBe(429);
      expect(await server.db.listMatches()).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('behind one proxy (--trust-proxy), counts the address the proxy appended, not what the client put before it', async () => {
    const server = await startTestServer({ creation: { perMinute: 1, openPerClient: 0 }, trustProxy: true });
    const create = (forwarded: string) =>
      http(server.url, `/games/${GAME}/create`, {
        method: 'POST',
        json: { numPlayers: 2 },
        headers: { 'X-Forwarded-For': forwarded },
      });
    try {
      // nginx's $proxy_add_x_forwarded_for appends the real address to whatever the client sent.
      expect((await create('7.7.7.1, 1.1.1.1')).status).toBe(200);
      const refused = await create('7.7.7.2, 1.1.1.1');
      expect(refused.status).toBe(429);
      expect(refused.text).toMatch(/Too many matches created/);
      // Another real address is another client.
      expect((await create('7.7.7.2, 2.2.2.2')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('with --proxy-hops 2, believes the last two entries of X-Forwarded-For', async () => {
    const server = await startTestServer({
      creation: { perMinute: 1, openPerClient: 0 },
      trustProxy: true,
      proxyHops: 2,
    });
    const create = (forwarded: string) =>
      http(server.url, `/games/${GAME}/create`, {
        method: 'POST',
        json: { numPlayers: 2 },
        headers: { 'X-Forwarded-For': forwarded },
      });
    try {
      expect((await create('7.7.7.1, 1.1.1.1, 10.0.0.5')).status).toBe(200);
      expect((await create('7.7.7.2, 1.1.1.1, 10.0.0.6')).status).toBe(429);
      expect((await create('1.1.1.2, 10.0.0.5')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('caps the matches one client has waiting for players; a started match frees a place', async () => {
    const server = await startTestServer({ creation: { perMinute: 0, openPerClient: 2 } });
    try {
      const first = await createMatch(server.url, 2);
      await createMatch(server.url, 2);
      const refused = await post(server, `/games/${GAME}/create`, { numPlayers: 2 });
      expect(refused.status).toBe(429);
      expect(refused.text).toBe(
        'You already have 2 matches waiting for players; you can create another once one of them fills up, ' +
          "expires unfilled, or is closed from its creator's seat",
      );
      await joinMatch(server.url, first, '0', 'Ana');
      await joinMatch(server.url, first, '1', 'Bo');
      expect((await post(server, `/games/${GAME}/create`, { numPlayers: 2 })).status).toBe(200);
      expect((await post(server, `/games/${GAME}/create`, { numPlayers: 2 })).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('says "1 match" and "it" when the cap is one', async () => {
    const server = await startTestServer({ creation: { perMinute: 0, openPerClient: 1 } });
    try {
      await createMatch(server.url, 2);
      const refused = await post(server, `/games/${GAME}/create`, { numPlayers: 2 });
      expect(refused.status).toBe(429);
      expect(refused.text).toBe(
        "You already have 1 match waiting for players; you can create another once it fills up, expires unfilled, or is closed from its creator's seat",
      );
    } finally {
      await server.close();
    }
  });
});

describe('host names (DNS rebinding)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ hosts: ['play.example'] });
  });
  afterAll(() => server?.close());

  it('serves IP addresses, localhost and listed names; refuses any other Host on HTTP and sockets', async () => {
    const port = new URL(server.url).port;
    expect(await getWithHost(server.url, '/health', `127.0.0.1:${port}`)).toBe(200);
    expect(await getWithHost(server.url, '/health', `localhost:${port}`)).toBe(200);
    expect(await getWithHost(server.url, '/games', `PLAY.example:${port}`)).toBe(200);
    expect(await getWithHost(server.url, '/games', `rebound.attacker.example:${port}`)).toBe(421);
    expect(await getWithHost(server.url, '/', `rebound.attacker.example`)).toBe(421);
    const socketPath = '/socket.io/?EIO=4&transport=polling';
    expect(await getWithHost(server.url, socketPath, `localhost:${port}`)).toBe(200);
    expect(await getWithHost(server.url, socketPath, `rebound.attacker.example:${port}`)).toBe(403);
  });
});

describe('connections', () => {
  it('closes connections past the per-address cap, and ones that never finish their headers', async () => {
    const server = await startTestServer({ connections: { perAddress: 5, headersTimeoutMs: 300 } });
    const { port } = new URL(server.url);
    const open = (): Promise<{ socket: net.Socket; closed: Promise<void> }> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => resolve({ socket, closed }));
        const closed = new Promise<void>((r) => socket.once('close', () => r()));
        socket.on('error', () => undefined);
        socket.resume(); // read (and drop) what the server sends, so its close is seen
        socket.once('error', reject);
      });
    const sockets: net.Socket[] = [];
    try {
      const held = await Promise.all(Array.from({ length: 5 }, open));
      sockets.push(...held.map((h) => h.socket));
      for (const h of held) h.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // headers never finished
      const extra = await open();
      sockets.push(extra.socket);
      await extra.closed; // closed at once, past the cap
      // The slow ones are dropped by the headers timeout (300 ms here; a frozen server would never).
      await Promise.all(held.map((h) => h.closed));
      expect((await http(server.url, '/health')).status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });
});
