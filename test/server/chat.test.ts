/**
 * The match chat against a real server on loopback, with raw socket.io
 * clients: a seated player's message reaches the other seat and a spectator
 * stamped with the sender's name and the server's time, is stored with the
 * match and comes back to every socket that syncs, also after a restart;
 * over-long, non-text, impersonating, spectator and flooding messages are
 * answered with `chat-error` and neither stored nor broadcast; the lobby's
 * answers never carry the chat.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';
import { seatedMatch } from './play';

type Entry = { id: string; sender: string; payload: { text: string; name: string; at: number } };

const chats = (c: RawClient, matchID: string) =>
  c.received.filter((m) => m[0] === 'chat' && m[1] === matchID).map((m) => m[2] as Entry);
const errors = (c: RawClient) => c.received.filter((m) => m[0] === 'chat-error').map((m) => m[2] as string);
const say = (c: RawClient, matchID: string, sender: string, creds: string | undefined, payload: unknown, id = 'x') =>
  c.socket.emit('chat', matchID, { id, sender, payload }, creds);

describe('match chat', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-chat-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers, stores and replays messages; refuses bad ones with a reason', async () => {
    const m = await seatedMatch(server.url, 'get-on-board', 2);
    const [ana, bruno] = m.clients;
    const spectator = new RawClient(server.url, { namespace: 'get-on-board' });
    await spectator.sync(m.matchID, null);

    say(ana, m.matchID, '0', m.creds[0], { text: '  Hello <b>Bruno</b>  ' }, 'm1');
    await bruno.waitFor(() => chats(bruno, m.matchID).length === 1, 5000, 'the message');
    await spectator.waitFor(() => chats(spectator, m.matchID).length === 1, 5000, 'the message');
    const got = chats(bruno, m.matchID)[0];
    expect(got).toMatchObject({ id: 'm1', sender: '0', payload: { text: 'Hello <b>Bruno</b>', name: 'P0' } });
    expect(Math.abs(got.payload.at - Date.now())).toBeLessThan(10_000);

    // Refused, each with a reason to its sender alone: too long, not text, someone else's seat, a spectator.
    say(ana, m.matchID, '0', m.creds[0], { text: 'x'.repeat(501) });
    say(ana, m.matchID, '0', m.creds[0], { text: 5 });
    say(ana, m.matchID, '0', m.creds[0], { html: '<script>' });
    say(ana, m.matchID, '1', m.creds[0], { text: 'I am Bruno' });
    say(spectator, m.matchID, '1', 'guess', { text: 'hi' });
    await ana.waitFor(() => errors(ana).length === 4, 5000, 'four refusals');
    await spectator.waitFor(() => errors(spectator).length === 1, 5000, 'the refusal');
    expect(errors(ana)).toEqual([
      'A message has at most 500 characters.',
      'A chat message is text only.',
      'A chat message is text only.',
      'Only a player seated in this match may write.',
    ]);
    expect(errors(spectator)).toEqual(['Only a player seated in this match may write.']);
    await sleep(200);
    expect(chats(bruno, m.matchID)).toHaveLength(1);
    expect(errors(bruno)).toEqual([]);

    // A flood: 5 text messages within 10 s per socket, refused or not ("I am Bruno" counted): 3 more pass.
    for (let i = 0; i < 7; i++) say(ana, m.matchID, '0', m.creds[0], { text: `flood ${i}` }, `f${i}`);
    await ana.waitFor(() => errors(ana).length === 8, 5000, 'four more refusals');
    expect(errors(ana).slice(4)).toEqual(Array(4).fill('Too many messages: wait a few seconds.'));
    await bruno.waitFor(() => chats(bruno, m.matchID).length === 4, 5000, 'three more messages');

    const stored = (await readMatch(server, m.matchID)).metadata.chat as Entry[];
    expect(stored.map((e) => e.payload.text)).toEqual(['Hello <b>Bruno</b>', 'flood 0', 'flood 1', 'flood 2']);

    // The lobby never shows the chat.
    const lobby = await http(server.url, `/games/get-on-board/${m.matchID}`);
    expect(lobby.status).toBe(200);
    expect(lobby.json.chat).toBeUndefined();
    const list = await http(server.url, '/games/get-on-board');
    expect(list.text).not.toContain('flood');

    // A socket that syncs later gets the history, as does one after a restart.
    const late = new RawClient(server.url, { namespace: 'get-on-board' });
    await late.sync(m.matchID, null);
    await late.waitFor(() => chats(late, m.matchID).length === 4, 5000, 'the history');
    [ana, bruno, spectator, late].forEach((c) => c.close());

    await server.close();
    server = await startTestServer({ storage: 'file', dataDir });
    const after = new RawClient(server.url, { namespace: 'get-on-board' });
    await after.sync(m.matchID, '1', m.creds[1]);
    await after.waitFor(() => chats(after, m.matchID).length === 4, 5000, 'the history after a restart');
    expect(chats(after, m.matchID)[0].payload.text).toBe('Hello <b>Bruno</b>');
    after.close();
  }, 60_000);
});
