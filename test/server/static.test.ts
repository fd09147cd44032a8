/**
 * The built client as the server sends it, on a real server over loopback
 * with raw HTTP (no client that decompresses by itself): content-hashed
 * files compressed as each Accept-Encoding asks and cached for a year,
 * index.html revalidated every time, the file as it is for a client that
 * accepts no compression, 304 on a matching ETag, 404 for an unknown asset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildClient, ROOT } from '../e2e/harness';
import { startTestServer, type TestServer } from './harness';
import { acceptedEncodings, IMMUTABLE } from '../../server/static';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or HEAD) whose body is returned as the bytes that came over the wire. */
function raw(base: string, route: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + route, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const PUBLIC = path.join(ROOT, 'public');
let server: TestServer;
let index = '';
/** The hashed files index.html names: the stylesheet, the entry and the preloaded chunks. */
let assets: string[] = [];

beforeAll(async () => {
  buildClient();
  server = await startTestServer({ publicDir: PUBLIC });
  index = fs.readFileSync(path.join(PUBLIC, 'index.html'), 'utf8');
  assets = [...index.matchAll(/(?:href|src)="(\/build\/[^"]+)"/g)].map((m) => m[1]);
}, 60_000);
afterAll(() => server?.close());

describe('the built client over HTTP', () => {
  it('index.html names content-hashed files only, and is revalidated on every use', async () => {
    expect(assets.some((a) => /\/main-[A-Z0-9]{8}\.js$/.test(a))).toBe(true);
    expect(assets.some((a) => /\/main-[A-Z0-9]{8}\.css$/.test(a))).toBe(true);
    for (const a of assets) expect(a).toMatch(/-[A-Z0-9]{8}\.(js|css)$/);
    const res = await raw(server.url, '/', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(index);
    // A client-side route answers the same page, as uncacheable.
    const route = await raw(server.url, '/some/route');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toBe(index);
  });

  it('answers 304 when index.html has not changed, and the page again when it has', async () => {
    const first = await raw(server.url, '/index.html');
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await raw(server.url, '/index.html', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await raw(server.url, '/index.html', { 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
    // Each encoding is its own representation with its own tag.
    const br = await raw(server.url, '/index.html', { 'Accept-Encoding': 'br' });
    expect(br.headers.etag).not.toBe(etag);
    expect((await raw(server.url, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(200);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets %s, cached for a year', async (accept, encoding) => {
    for (const asset of assets) {
      const file = fs.readFileSync(path.join(PUBLIC, asset));
      const res = await raw(server.url, asset, accept ? { 'Accept-Encoding': accept } : {});
      expect(res.status, asset).toBe(200);
      expect(res.headers['cache-control'], asset).toBe(IMMUTABLE);
      expect(res.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], asset).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(res.headers['content-encoding'], asset).toBe(encoding);
      expect(Number(res.headers['content-length']), asset).toBe(res.body.length);
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(res.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(res.body)
            : res.body;
      expect(body.equals(file), asset).toBe(true);
      if (encoding) expect(res.body.length, asset).toBeLessThan(file.length);
    }
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const asset = assets[0];
    const get = await raw(server.url, asset, { 'Accept-Encoding': 'gzip' });
    const head = await raw(server.url, asset, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('answers 404 for an asset that does not exist, hashed or not', async () => {
    for (const p of ['/build/main-AAAAAAAA.js', '/build/missing.js', '/build/chunk-ZZZZZZZZ.css', '/nothing.svg']) {
      const res = await raw(server.url, p, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, p).toBe(404);
      expect(res.headers['cache-control'], p).not.toBe(IMMUTABLE);
    }
  });

  it('keeps files whose names are not hashed revalidated', async () => {
    const res = await raw(server.url, '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip', ['gzip']],
    ['x-gzip', ['gzip']],
    ['br, gzip', ['br', 'gzip']],
    ['gzip, br', ['br', 'gzip']],
    ['GZIP;Q=0.8, BR;q=0.9', ['br', 'gzip']],
    ['br;q=0.1, gzip', ['gzip', 'br']],
    ['*;q=0.5, gzip', ['gzip', 'br']],
    ['*, br;q=0', ['gzip']],
    ['br;q=nonsense', []],
    [',,;;q=', []],
  ])('%s -> %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
