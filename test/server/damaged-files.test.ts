/**
 * A data folder with damaged files: a truncated metadata.json, a truncated
 * state.json, and log lines of the wrong JSON shape (one holding entries that
 * are not log entries crashed boardgame.io's sync). The server still
 * starts, reports each damaged match by name, answers it with a clear 503,
 * and serves every other match, over HTTP and sockets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fullMatch, GAME, http, RawClient, startTestServer, type TestServer } from './harness';

let dataDir: string;
let server: TestServer;
const ids: Record<'metadata' | 'seat' | 'state' | 'log' | 'intact', string> = {
  metadata: '',
  seat: '',
  state: '',
  log: '',
  intact: '',
};
const creds: Record<string, string[]> = {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-damaged-'));
  const first = await startTestServer({ storage: 'file', dataDir });
  for (const k of Object.keys(ids) as Array<keyof typeof ids>) {
    const m = await fullMatch(first.url, 2);
    ids[k] = m.matchID;
    creds[k] = m.creds;
  }
  await first.close();
  const file = (id: string, name: string) => path.join(dataDir, 'matches', id, name);
  const cut = (f: string) => fs.writeFileSync(f, fs.readFileSync(f, 'utf8').slice(0, 40));
  cut(file(ids.metadata, 'metadata.json'));
  cut(file(ids.state, 'state.json'));
  const seat = JSON.parse(fs.readFileSync(file(ids.seat, 'metadata.json'), 'utf8')) as { players: unknown[] };
  seat.players[0] = null;
  fs.writeFileSync(file(ids.seat, 'metadata.json'), JSON.stringify(seat));
  fs.appendFileSync(file(ids.log, 'log.jsonl'), '{"not":"a log line"}\n7\n[0,[null,7,{"action":null}]]\n');
  server = await startTestServer({ storage: 'file', dataDir });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts, reports the damaged match, and answers it 503', async () => {
  expect(server.logs.some((l) => l.includes('damaged match') && l.includes(ids.metadata))).toBe(true);
  const res = await http(server.url, `/games/${GAME}/${ids.metadata}`);
  expect(res.status).toBe(503);
  expect(res.text).toContain('damaged');
  expect((await http(server.url, '/health')).status).toBe(200);
  // A seat that is not an object is damage too, and keeps no one from the match list.
  expect(server.logs.some((l) => l.includes('damaged match') && l.includes(ids.seat))).toBe(true);
  expect((await http(server.url, `/games/${GAME}/${ids.seat}`)).status).toBe(503);
  const list = await http(server.url, `/games/${GAME}`);
  expect(list.status).toBe(200);
  expect((list.json.matches as Array<{ matchID: string }>).map((m) => m.matchID)).toContain(ids.intact);
});

it('serves the intact match, and the one whose log has a stray line', async () => {
  expect((await http(server.url, `/games/${GAME}/${ids.intact}`)).status).toBe(200);
  for (const k of ['intact', 'log'] as const) {
    const client = new RawClient(server.url);
    const state = await client.sync(ids[k], '0', creds[k][0]);
    expect(state._stateID).toBeGreaterThanOrEqual(0);
    client.close();
  }
});

it('reports a damaged state when it is first read, and keeps serving the rest', async () => {
  const client = new RawClient(server.url);
  await client.connected();
  client.socket.emit('sync', ids.state, '0', creds.state[0], 2);
  const deadline = Date.now() + 3000;
  while (!server.logs.some((l) => l.includes('damaged match') && l.includes(ids.state)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(server.logs.some((l) => l.includes('damaged match') && l.includes(ids.state))).toBe(true);
  client.close();
  const other = new RawClient(server.url);
  await other.sync(ids.intact, null);
  other.close();
});
