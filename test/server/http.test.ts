/**
 * The HTTP side on a real server: the lobby API and the static client answer
 * on one origin, the SPA fallback, /health, the origin policy for the API and
 * for socket.io, and the lobby's JSON holding nothing hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullMatch, GAME, http, RawClient, readMatch, startTestServer, type TestServer } from './harness';
import { findLeaks, findStrings } from './leak-check';
import { GAMES } from '../../src/games/registry';

const ALLOWED = 'https://tram.example';
const EVIL = 'https://evil.example';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ origins: [ALLOWED] });
});
afterAll(() => server?.close());

describe('lobby and static client on one origin', () => {
  it('serves the lobby API', async () => {
    const res = await http(server.url, '/games');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(GAMES.map((g) => g.id));
  });

  it('serves index.html, built assets and the SPA fallback', async () => {
    const index = await http(server.url, '/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.text).toContain('Next Stop');
    const asset = await http(server.url, '/build/main.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.text).toContain('client');
    const route = await http(server.url, '/match/abc/0');
    expect(route.status).toBe(200);
    expect(route.text).toContain('Next Stop');
    expect((await http(server.url, '/build/missing.js')).status).toBe(404);
  });

  it('does not serve files outside public/', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/build/..%2f..%2fpackage.json', '/%00']) {
      const res = await http(server.url, p);
      expect(res.text, p).not.toContain('"name": "next-stop"');
      expect(res.status, p).toBeLessThan(500);
    }
  });

  it('answers /health', async () => {
    const res = await http(server.url, '/health');
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    expect(typeof res.json.uptime).toBe('number');
    expect(typeof res.json.matches).toBe('number');
  });

  it('API paths never fall back to index.html', async () => {
    const res = await http(server.url, `/games/${GAME}/nomatch`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<title>');
  });
});

describe('origins', () => {
  it('lets the configured origin use the API, with CORS headers', async () => {
    const res = await http(server.url, '/games', { headers: { Origin: ALLOWED } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const pre = await http(server.url, `/games/${GAME}/create`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('refuses a foreign origin on the API, without CORS headers', async () => {
    const get = await http(server.url, '/games', { headers: { Origin: EVIL } });
    expect(get.status).toBe(403);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const post = await http(server.url, `/games/${GAME}/create`, {
      method: 'POST',
      headers: { Origin: EVIL },
      json: { numPlayers: 2 },
    });
    expect(post.status).toBe(403);
    const pre = await http(server.url, `/games/${GAME}/create`, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.status).toBe(403);
  });

  it('accepts the server’s own origin', async () => {
    const res = await http(server.url, '/games', { headers: { Origin: server.url } });
    expect(res.status).toBe(200);
  });

  it('applies to socket.io polling: no wildcard, foreign origins refused', async () => {
    const path = '/socket.io/?EIO=4&transport=polling';
    const evil = await http(server.url, path, { headers: { Origin: EVIL } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await http(server.url, path, { headers: { Origin: ALLOWED } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const none = await http(server.url, path);
    expect(none.status).toBe(200);
    expect(none.headers.get('access-control-allow-origin')).not.toBe('*');
  });

  it('applies to socket.io websockets', async () => {
    const evil = new RawClient(server.url, { origin: EVIL });
    await expect(evil.connected()).rejects.toThrow();
    evil.close();
    const ok = new RawClient(server.url, { origin: ALLOWED });
    await expect(ok.connected()).resolves.toBeUndefined();
    ok.close();
  });
});

describe('lobby metadata', () => {
  it('holds no credentials, seed or hidden state', async () => {
    const { matchID, creds } = await fullMatch(server.url, 3);
    const { initialState } = await readMatch(server, matchID);
    const seed = (initialState!.plugins as any).random.data.seed;
    const one = await http(server.url, `/games/${GAME}/${matchID}`);
    const list = await http(server.url, `/games/${GAME}`);
    expect(one.status).toBe(200);
    expect(one.json.players).toHaveLength(3);
    for (const body of [one.json, list.json]) {
      expect(findLeaks(body, null)).toEqual([]);
      expect(findStrings(body, [seed, ...creds])).toEqual([]);
      expect(JSON.stringify(body)).not.toMatch(/"hand"|"G"|"plugins"/);
    }
  });
});
