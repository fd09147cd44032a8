/**
 * Bad input on a real server: fixed cases with their 4xx message, then
 * fast-check fuzzing of the lobby API and of socket payloads. Afterwards the
 * server still answers and an existing match is exactly as it was.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  createMatch,
  fullMatch,
  GAME,
  http,
  joinMatch,
  RawClient,
  readMatch,
  sleep,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyLimit: 4096 });
});
afterAll(() => server?.close());

const post = (route: string, body: string, contentType = 'application/json') =>
  http(server.url, route, { method: 'POST', body, headers: { 'Content-Type': contentType } });

describe('lobby API, fixed cases', () => {
  it.each([
    ['malformed JSON', `/games/${GAME}/create`, '{"numPlayers":', 400, 'Malformed JSON'],
    ['a JSON array', `/games/${GAME}/create`, '[1,2]', 400, 'JSON object'],
    ['a JSON string', `/games/${GAME}/create`, '"x"', 400, 'JSON object'],
    ['numPlayers too high', `/games/${GAME}/create`, '{"numPlayers":5}', 400, 'numPlayers'],
    ['numPlayers too low', `/games/${GAME}/create`, '{"numPlayers":1}', 400, 'numPlayers'],
    ['numPlayers not a number', `/games/${GAME}/create`, '{"numPlayers":{"a":1}}', 400, 'numPlayers'],
    ['numPlayers fractional', `/games/${GAME}/create`, '{"numPlayers":2.5}', 400, 'numPlayers'],
    ['setupData not an object', `/games/${GAME}/create`, '{"setupData":"x"}', 400, 'setupData'],
    [
      'setupData the game refuses',
      `/games/${GAME}/create`,
      '{"numPlayers":2,"setupData":{"firstPlayer":7}}',
      400,
      'setupData',
    ],
    ['unlisted not a boolean', `/games/${GAME}/create`, '{"unlisted":"yes"}', 400, 'unlisted'],
    ['unknown game', '/games/chess/create', '{}', 404, 'Unknown game'],
  ])('%s', async (_what, route, body, status, message) => {
    const res = await post(route, body);
    expect(res.status).toBe(status);
    expect(res.text).toContain(message);
  });

  it('refuses other content types and oversized bodies', async () => {
    const form = await post(`/games/${GAME}/create`, 'numPlayers=2', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    const big = await post(`/games/${GAME}/create`, JSON.stringify({ setupData: { x: 'a'.repeat(10_000) } }));
    expect(big.status).toBe(413);
    // Chunked, without a Content-Length: the limit still holds while reading.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode('{"a":"' + 'x'.repeat(1000) + '"},'));
        c.close();
      },
    });
    const chunked = await fetch(`${server.url}/games/${GAME}/create`, {
      method: 'POST',
      body: stream,
      headers: { 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('refuses a prototype-polluting join and odd seats', async () => {
    const matchID = await createMatch(server.url, 2);
    for (const playerID of ['__proto__', 'constructor', '-1', '01', 1.5, { a: 1 }, [0]]) {
      const res = await post(`/games/${GAME}/${matchID}/join`, JSON.stringify({ playerID, playerName: 'x' }));
      expect(res.status, JSON.stringify(playerID)).toBe(400);
    }
    expect(({} as Record<string, unknown>).credentials).toBeUndefined();
    expect(({} as Record<string, unknown>).name).toBeUndefined();
    const noName = await post(`/games/${GAME}/${matchID}/join`, JSON.stringify({ playerID: '0' }));
    expect(noName.status).toBe(400);
    const objName = await post(
      `/games/${GAME}/${matchID}/join`,
      JSON.stringify({ playerID: '0', playerName: { x: 1 } }),
    );
    expect(objName.status).toBe(400);
    const seat9 = await post(`/games/${GAME}/${matchID}/join`, JSON.stringify({ playerID: '9', playerName: 'x' }));
    expect(seat9.status).toBe(404);
  });

  it('checks leave, update and playAgain', async () => {
    const { matchID, creds } = await fullMatch(server.url, 2);
    const base = `/games/${GAME}/${matchID}`;
    expect((await post(`${base}/leave`, JSON.stringify({ playerID: '0' }))).status).toBe(400);
    expect((await post(`${base}/leave`, JSON.stringify({ playerID: '0', credentials: 'wrong' }))).status).toBe(403);
    expect((await post(`${base}/update`, JSON.stringify({ playerID: '0', credentials: creds[0] }))).status).toBe(400);
    expect(
      (await post(`${base}/update`, JSON.stringify({ playerID: '0', credentials: creds[0], newName: 7 }))).status,
    ).toBe(400);
    expect(
      (await post(`${base}/update`, JSON.stringify({ playerID: '0', credentials: creds[0], newName: 'Ana' }))).status,
    ).toBe(200);
    expect(
      (await post(`${base}/playAgain`, JSON.stringify({ playerID: '0', credentials: creds[0], numPlayers: 9 }))).status,
    ).toBe(400);
    const again = await post(`${base}/playAgain`, JSON.stringify({ playerID: '0', credentials: creds[0] }));
    expect(again.status).toBe(200);
    expect(typeof again.json.nextMatchID).toBe('string');
  });

  it('still serves a well-formed lobby flow', async () => {
    const matchID = await createMatch(server.url, 4, { firstPlayer: 'random' });
    expect(await joinMatch(server.url, matchID, '3', ' Zé ')).toMatch(/.+/);
    const match = await http(server.url, `/games/${GAME}/${matchID}`);
    expect(match.json.players[3].name).toBe('Zé');
  });
});

/** Arbitrary JSON-ish values, including odd keys. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
const oddKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', 'playerID', 'credentials');
const badBodyObject = fc.dictionary(
  fc.oneof(
    oddKey,
    fc.constantFrom('numPlayers', 'setupData', 'unlisted', 'playerName', 'newName', 'data'),
    fc.string(),
  ),
  anyJson,
  { maxKeys: 6 },
);

describe('fuzzing', () => {
  it('the lobby API answers every generated request below 500 and keeps a match intact', async () => {
    const { matchID } = await fullMatch(server.url, 2);
    const before = await readMatch(server, matchID);
    const routes = [
      'create',
      `${matchID}/join`,
      `${matchID}/leave`,
      `${matchID}/update`,
      `${matchID}/rename`,
      `${matchID}/playAgain`,
      'x/join',
      `${matchID}`,
    ];
    let count = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          badBodyObject.map((o) => JSON.stringify(o)),
          anyJson.map((v) => JSON.stringify(v)),
          fc.string({ maxLength: 200 }),
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
        fc.constantFrom(GAME, GAME, 'nope', '%E0%A4%A', '..', ''),
        fc.constantFrom('POST', 'POST', 'GET', 'PUT', 'DELETE'),
        async (route, body, type, game, method) => {
          count++;
          const res = await fetch(`${server.url}/games/${game}/${route}`, {
            method,
            body: method === 'GET' ? undefined : body,
            headers: { 'Content-Type': type },
          });
          await res.arrayBuffer();
          return res.status < 500;
        },
      ),
      { numRuns: 1500, seed: 28 },
    );
    expect(count).toBe(1500);
    expect((await http(server.url, '/health')).json.ok).toBe(true);
    const after = await readMatch(server, matchID);
    expect(after.state).toEqual(before.state);
    expect(after.log).toEqual(before.log);
  }, 30_000);

  it('socket payloads: garbage is ignored, a match is untouched and the server stays up', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { matchID, creds } = await fullMatch(server.url, 2);
      const before = await readMatch(server, matchID);
      const spectator = new RawClient(server.url);
      await spectator.sync(matchID, null);
      const attacker = new RawClient(server.url);
      await attacker.connected();

      const actionType = fc.constantFrom('MAKE_MOVE', 'GAME_EVENT', 'RESET', 'PATCH', 'UNDO', 'SYNC', 'PLUGIN', 'x');
      const moveName = fc.constantFrom(
        'move',
        'pickUp',
        'dropOff',
        'takeBonus',
        'endTurn',
        'choosePushBranch',
        'placePassengers',
        'keepPassenger',
        'endGame',
        '__proto__',
      );
      const seat = fc.constantFrom('0', '1', '2', null, undefined, 0, '__proto__', '');
      const nearValidUpdate = fc
        .record({
          type: actionType,
          payload: fc.record({
            type: moveName,
            args: fc.oneof(fc.array(anyJson, { maxLength: 3 }), anyJson),
            playerID: seat,
            credentials: fc.constantFrom('wrong', creds[1], undefined, 7),
          }),
          state: anyJson,
        })
        .chain((action) =>
          fc.tuple(
            fc.constant('update'),
            fc.constant(action),
            fc.oneof(fc.constant(before.state!._stateID), fc.integer(), anyJson),
            fc.constantFrom(matchID, 'nope', '', 5),
            seat,
          ),
        );
      const nearValidSync = fc.tuple(
        fc.constant('sync'),
        fc.constantFrom(matchID, 'nope', '../x', ''),
        seat,
        fc.oneof(fc.constant(creds[1]), anyJson),
        anyJson,
      );
      const chat = fc.tuple(
        fc.constant('chat'),
        fc.constantFrom(matchID, 'nope'),
        fc.oneof(anyJson, fc.record({ id: fc.string(), sender: seat, payload: anyJson })),
        fc.oneof(anyJson, fc.constant(creds[0])),
      );
      const garbage = fc
        .tuple(fc.string({ maxLength: 12 }), fc.array(anyJson, { maxLength: 5 }))
        .map(([ev, args]) => [ev, ...args]);
      const packet = fc.oneof(nearValidUpdate, nearValidSync, chat, garbage);

      let sent = 0;
      fc.assert(
        fc.property(packet, (p) => {
          const [ev, ...args] = p as [string, ...unknown[]];
          if (['connect', 'disconnect', 'connect_error', 'disconnecting', 'newListener', 'removeListener'].includes(ev))
            return true;
          attacker.socket.emit(ev, ...args);
          sent++;
          return true;
        }),
        { numRuns: 2500, seed: 28 },
      );
      // Let the server work through the queue, then prove it still serves.
      await sleep(500);
      expect(sent).toBeGreaterThan(2000);
      expect(attacker.socket.connected).toBe(true);
      const after = await readMatch(server, matchID);
      expect(after.state).toEqual(before.state);
      expect(after.metadata.players[0].credentials).toBe(before.metadata.players[0].credentials);
      expect(spectator.count('update')).toBe(0);
      const fresh = new RawClient(server.url);
      const synced = await fresh.sync(matchID, '0', creds[0]);
      expect(synced._stateID).toBe(before.state!._stateID);
      expect((await http(server.url, '/health')).json.ok).toBe(true);
      [spectator, attacker, fresh].forEach((c) => c.close());
    } finally {
      errors.mockRestore();
    }
  }, 30_000);

  it('the game itself survives random arguments from a seated player', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { matchID, creds } = await fullMatch(server.url, 2);
      const players = [new RawClient(server.url), new RawClient(server.url)];
      await players[0].sync(matchID, '0', creds[0]);
      await players[1].sync(matchID, '1', creds[1]);
      const moves = [
        'move',
        'pickUp',
        'dropOff',
        'takeBonus',
        'endTurn',
        'choosePushBranch',
        'placePassengers',
        'keepPassenger',
      ];
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...moves),
          fc.array(anyJson, { maxLength: 2 }),
          fc.constantFrom(0, 1),
          async (move, args, who) => {
            const state = players[who].state!;
            players[who].move(matchID, String(who), creds[who], move, args, state._stateID);
            sent++;
            if (sent % 50 === 0) await sleep(5);
            return true;
          },
        ),
        { numRuns: 600, seed: 28 },
      );
      await sleep(500);
      const after = await readMatch(server, matchID);
      expect(after.state).toBeDefined();
      expect(JSON.parse(JSON.stringify(after.state))).toEqual(after.state);
      expect((await http(server.url, '/health')).json.ok).toBe(true);
      players.forEach((c) => c.close());
    } finally {
      errors.mockRestore();
    }
  }, 30_000);
});
