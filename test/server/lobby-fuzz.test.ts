/**
 * Lobby fuzzing, seeded: 2,400 malformed, oversized and mis-cased requests to
 * every route of the lobby API. No answer may be a 5xx, no shared prototype
 * may change, and every match stored before is exactly as it was.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullMatch, GAME, http, readMatch, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyLimit: 8192 });
});
afterAll(() => server?.close());

const prototypes = () =>
  [Object.prototype, Array.prototype, Function.prototype].map((p) => Reflect.ownKeys(p).map(String).sort().join());

/** `word` with each letter's case chosen by the generator. */
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

const ROUTES = ['create', 'join', 'leave', 'update', 'rename', 'playAgain'];
const oddKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '');
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('__proto__', 'constructor', '0', 0, -1, 1e300, '99', 'x'.repeat(50), null),
  fc.string({ maxLength: 5000 }),
  fc.integer({ min: 1, max: 3000 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown),
);
/** Bodies that are valid but for one field: the shapes an attacker starts from. */
const nearValid = fc
  .record(
    {
      playerID: fc.constantFrom('__proto__', 'constructor', 'prototype', '0', '1', '2', 7, -1, '01'),
      playerName: fc.oneof(fc.constantFrom('x', 'Ana', ' ', '\u0007'), fc.string({ minLength: 41, maxLength: 20_000 })),
      credentials: fc.constantFrom('wrong', '', 'x'.repeat(300)),
      newName: fc.constantFrom('y', 'z'.repeat(100)),
      numPlayers: fc.constantFrom(0, 1, 5, 99, '2x', 2.5),
      data: value,
    },
    { requiredKeys: ['playerID', 'playerName'] },
  )
  .map((o) => JSON.stringify(o));
const body = fc.oneof(
  { arbitrary: nearValid, weight: 3 },
  fc
    .dictionary(
      fc.oneof(
        oddKey,
        fc.constantFrom('playerID', 'playerName', 'newName', 'credentials', 'data', 'numPlayers', 'setupData'),
      ),
      value,
      { maxKeys: 6 },
    )
    .map((o) => JSON.stringify(o)),
  oddKey.chain((k) => value.map((v) => `{"playerID":"0","playerName":"x","data":{"${k}":${JSON.stringify(v) ?? 1}}}`)),
  fc.integer({ min: 1, max: 8000 }).map((n) => `{"playerName":"x","data":${'['.repeat(n)}${']'.repeat(n)}}`),
  fc.integer({ min: 8000, max: 40_000 }).map((n) => JSON.stringify({ playerName: 'n'.repeat(n) })),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', '{', 'null', '[]', '"x"', '{"a":1}{"b":2}', '\u0000'),
);

it('2,400 malformed requests: no 5xx, no prototype touched, no stored match changed', async () => {
  // Every seat is taken and the fuzz never has credentials, so no request may change these two.
  const { matchID } = await fullMatch(server.url, 3);
  const { matchID: open } = await fullMatch(server.url, 2);
  const before = await Promise.all([matchID, open].map((id) => readMatch(server, id)));
  const protos = prototypes();
  let sent = 0;
  const fives: string[] = [];

  await fc.assert(
    fc.asyncProperty(
      anyCase('games'),
      fc.oneof(fc.constant(GAME), anyCase(GAME), fc.constantFrom('nope', '%00', '..', '__proto__')),
      fc.constantFrom(matchID, open, 'create', 'nope', '__proto__', 'x'.repeat(80), '%ZZ'),
      fc.oneof(fc.constantFrom(...ROUTES).chain(anyCase), fc.constantFrom('', 'join/', 'Join/extra', '%4Aoin')),
      fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      fc.constantFrom('application/json', 'application/JSON; charset=utf-8', 'text/plain', 'multipart/form-data'),
      body,
      async (games, game, id, route, method, type, text) => {
        const path =
          route === 'create' || id === 'create' ? `/${games}/${game}/${id}` : `/${games}/${game}/${id}/${route}`;
        sent++;
        const res = await fetch(server.url + path, {
          method,
          body: method === 'GET' || method === 'OPTIONS' ? undefined : text,
          headers: { 'Content-Type': type },
        });
        await res.arrayBuffer();
        if (res.status >= 500) fives.push(`${method} ${path} -> ${res.status}`);
        return true;
      },
    ),
    { numRuns: 2400, seed: 1428 },
  );

  expect(sent).toBe(2400);
  expect(fives).toEqual([]);
  expect(prototypes()).toEqual(protos);
  expect((await http(server.url, '/health')).json.ok).toBe(true);
  const after = await Promise.all([matchID, open].map((id) => readMatch(server, id)));
  expect(after).toEqual(before);
}, 120_000);
