/**
 * A match's lobby writes at the same moment, over real HTTP against a real server on loopback, with the memory, the
 * file and (when TEST_DATABASE_URL is set) the PostgreSQL storage: one seat goes to one joiner (the others 409) and
 * one name to one player (the others 400, with the lobby's same-name message, on a join or a rename, and for a join
 * whose body came after another join took its name); a join, a rename, a leave and a chat line sent at once all keep
 * their change, and so do a move and a join to a seat left in a running match. The guard checks the name on its own
 * read of the match (server/lobby-guard.ts); PostgreSQL checks it again as it stores the seat (server/storage/postgres.ts
 * `refuseNameTaken`), where two joins of one name to two seats both passed (20 rounds of 20 before).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../server/app';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import {
  createMatch,
  eventually,
  fullMatch,
  GAME,
  http,
  joinMatch,
  RawClient,
  readMatch,
  startTestServer,
} from './harness';
import type { TestServer } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const ROUNDS = 10;

type Seat = { name?: string; credentials?: string; data?: unknown };

const storages: Array<[string, () => { opts: ServerOptions; cleanup: () => Promise<void> }]> = [
  ['memory', () => ({ opts: { storage: 'memory' }, cleanup: async () => {} })],
  [
    'file',
    () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-turns-'));
      return {
        opts: { storage: 'file', dataDir },
        cleanup: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
      };
    },
  ],
];
if (PG_URL) {
  storages.push([
    'postgres',
    () => {
      const schema = `turns_${process.pid}_${Date.now().toString(36)}`;
      return {
        opts: { storage: 'postgres', databaseUrl: withSchema(PG_URL, schema) },
        cleanup: () => dropSchema(PG_URL, schema),
      };
    },
  ]);
}

describe.each(storages)('lobby writes at the same moment, %s storage', (_kind, make) => {
  let server: TestServer;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const made = make();
    cleanup = made.cleanup;
    server = await startTestServer(made.opts);
  });
  afterAll(async () => {
    await server?.close();
    await cleanup();
  });

  const post = (matchID: string, route: string, json: unknown) =>
    http(server.url, `/games/${GAME}/${matchID}/${route}`, { method: 'POST', json });
  const seats = async (matchID: string) =>
    Object.values((await readMatch(server, matchID)).metadata.players as Record<string, Seat>);

  it('seats one of four joiners of one seat; the others are told it is taken (409)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(server.url, 2);
      const answers = await Promise.all(
        ['Ana', 'Bea', 'Cy', 'Dee'].map((name) => post(matchID, 'join', { playerID: '0', playerName: name })),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 409, 409, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const [seat] = await seats(matchID);
      expect(seat.name).toBe(['Ana', 'Bea', 'Cy', 'Dee'][winner]);
      expect(seat.credentials).toBe(answers[winner].json.playerCredentials);
    }
  });

  it('seats one of four joiners of one name to four seats; the others get the same-name 400', async () => {
    const names = ['Ana', 'ana', 'ANA', 'Ána'];
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(server.url, 4);
      const answers = await Promise.all(
        names.map((name, i) => post(matchID, 'join', { playerID: String(i), playerName: name })),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 400, 400, 400]);
      const winner = answers.findIndex((a) => a.status === 200);
      for (const [i, a] of answers.entries()) {
        if (i === winner) continue;
        expect(a.text).toBe(
          `playerName "${names[i]}" is another player's in this match ("${names[winner]}"): ` +
            'each player needs a name of their own',
        );
      }
      const stored = await seats(matchID);
      expect(stored.map((s) => s.name ?? null)).toEqual(names.map((n, i) => (i === winner ? n : null)));
      expect(stored[winner].credentials).toBe(answers[winner].json.playerCredentials);
    }
  });

  it('a rename and a join to one name at once: one passes, the other gets the same-name 400', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(server.url, 2);
      const bo = await joinMatch(server.url, matchID, '0', 'Bo');
      const [renamed, joined] = await Promise.all([
        post(matchID, 'update', { playerID: '0', credentials: bo, newName: 'Ana' }),
        post(matchID, 'join', { playerID: '1', playerName: 'ana' }),
      ]);
      expect([renamed.status, joined.status].sort(), `round ${round}`).toEqual([200, 400]);
      const refused = renamed.status === 400 ? renamed : joined;
      expect(refused.text).toMatch(/^(newName "Ana"|playerName "ana") is another player's in this match/);
      const stored = (await seats(matchID)).map((s) => s.name ?? null);
      expect(stored).toEqual(renamed.status === 200 ? ['Ana', null] : ['Bo', 'ana']);
    }
  });

  it('a join whose body comes after another join of its name is refused (the name is checked on a read made then)', async () => {
    const matchID = await createMatch(server.url, 2);
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({ playerID: '0', playerName: 'Ana' });
    const slow = net.connect(Number(port), hostname);
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      slow.on('data', (chunk) => (text += chunk.toString()));
      slow.on('end', () => resolve(text));
      slow.on('error', reject);
    });
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    // The request's head now, its body once another join has taken the name: the lobby reads the match on the head.
    slow.write(
      `POST /games/${GAME}/${matchID}/join HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    // Time for the lobby to read the match on the head (too short a wait could only let the old code pass).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post(matchID, 'join', { playerID: '1', playerName: 'ana' })).status).toBe(200);
    slow.write(body);
    const text = await answer;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(text).toContain('playerName "Ana" is another player\'s in this match ("ana")');
    expect((await seats(matchID)).map((s) => s.name ?? null)).toEqual([null, 'ana']);
  });

  it('a join, a rename, a leave and a chat line at once all keep their change', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const matchID = await createMatch(server.url, 4, { firstPlayer: 0 });
      const ana = await joinMatch(server.url, matchID, '0', 'Ana');
      const bo = await joinMatch(server.url, matchID, '1', 'Bo');
      const cy = await joinMatch(server.url, matchID, '2', 'Cy');
      const client = new RawClient(server.url);
      try {
        await client.sync(matchID, '0', ana);
        client.socket.emit('chat', matchID, { id: `m${round}`, sender: '0', payload: { text: 'Hi' } }, ana);
        const [joined, renamed, left] = await Promise.all([
          post(matchID, 'join', { playerID: '3', playerName: 'Dee' }),
          post(matchID, 'update', { playerID: '1', credentials: bo, newName: 'Bea' }),
          post(matchID, 'leave', { playerID: '2', credentials: cy }),
        ]);
        expect([joined.status, renamed.status, left.status], `round ${round}`).toEqual([200, 200, 200]);
        const chatStored = async () => {
          const chat = (await readMatch(server, matchID)).metadata.chat as { id: string }[] | undefined;
          return (chat ?? []).some((c) => c.id === `m${round}`);
        };
        await eventually(chatStored, 'the chat line stored');
        const stored = await seats(matchID);
        expect(stored.map((s) => s.name ?? null)).toEqual(['Ana', 'Bea', null, 'Dee']);
        expect(stored[2].credentials).toBeUndefined();
        expect(stored[3].credentials).toBe(joined.json.playerCredentials);
      } finally {
        client.close();
      }
    }
  });

  it('a move and a join to a seat left in a running match, at once, both stay', async () => {
    const def = findGame(GAME)!;
    for (let round = 0; round < ROUNDS; round++) {
      const { matchID, creds } = await fullMatch(server.url, 3);
      const clients = [new RawClient(server.url), new RawClient(server.url)];
      try {
        for (const [i, c] of clients.entries()) await c.sync(matchID, String(i), creds[i]);
        await clients[0].playTurn(def, matchID, '0', creds[0]);
        await clients[1].waitFor(() => actingPlayerOf(def, clients[1].state!) === '1', 5000, "seat 1's turn");
        expect((await post(matchID, 'leave', { playerID: '2', credentials: creds[2] })).status).toBe(200);
        const before = clients[1].state!;
        const [m] = def.game.ai!.enumerate(before.G, before.ctx, '1') as { move: string; args?: unknown[] }[];
        clients[1].move(matchID, '1', creds[1], m.move, m.args ?? [], before._stateID);
        const joined = await post(matchID, 'join', { playerID: '2', playerName: 'Dee' });
        expect(joined.status, `round ${round}`).toBe(200);
        await clients[1].waitFor(() => clients[1].state!._stateID > before._stateID, 5000, 'the move');
        const { metadata, state } = await readMatch(server, matchID);
        expect(state!._stateID).toBeGreaterThan(before._stateID);
        expect(metadata.players[2]).toMatchObject({ name: 'Dee', credentials: joined.json.playerCredentials });
        expect((metadata.leftSeats as { id: number }[]).map((l) => l.id)).toEqual([2]);
      } finally {
        clients.forEach((c) => c.close());
      }
    }
  });
});
