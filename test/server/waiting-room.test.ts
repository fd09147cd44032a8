/**
 * The waiting room, against a real server on loopback with raw socket.io
 * clients: a legal move is refused (answered to its sender, nothing stored)
 * while a seat of a match that has not started is empty; once every seat
 * has a player, person or bot, the same move is played; and once a match
 * has started, a seat freed later does not stop it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { LisbonTram28 } from '../../src/games/lisbon';
import { createMatch, http, joinMatch, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';

/** The first legal move of `playerID` in `state`, as `ai.enumerate` lists it. */
function firstMove(state: State, playerID: string): { move: string; args: unknown[] } {
  const moves = LisbonTram28.ai!.enumerate(state.G, state.ctx, playerID) as { move: string; args?: unknown[] }[];
  expect(moves.length).toBeGreaterThan(0);
  return { move: moves[0].move, args: moves[0].args ?? [] };
}

describe('the waiting room', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-waiting-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses every move until the last seat is taken, then plays it', async () => {
    const matchID = await createMatch(server.url, 3, { firstPlayer: 0 });
    const ana = await joinMatch(server.url, matchID, '0', 'Ana');
    await joinMatch(server.url, matchID, '1', 'Bruno');
    const client = new RawClient(server.url);
    const state = await client.sync(matchID, '0', ana);
    expect(state.ctx.currentPlayer).toBe('0');
    const { move, args } = firstMove(state, '0');

    const answers = client.count('update');
    client.move(matchID, '0', ana, move, args, state._stateID);
    await client.waitFor(() => client.count('update') > answers, 5000, 'the refusal');
    await sleep(100);
    expect((await readMatch(server, matchID)).state!._stateID).toBe(0);
    expect(client.state!._stateID).toBe(0);

    await joinMatch(server.url, matchID, '2', 'Carla');
    client.move(matchID, '0', ana, move, args, state._stateID);
    await client.waitFor(() => (client.state?._stateID ?? 0) > 0, 5000, 'the move played');
    expect((await readMatch(server, matchID)).state!._stateID).toBeGreaterThan(0);

    // Started: Carla leaves, and play goes on.
    const carla = (await readMatch(server, matchID)).metadata.players[2].credentials;
    const left = await http(server.url, `/games/${LisbonTram28.name}/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: '2', credentials: carla },
    });
    expect(left.status).toBe(200);
    // The match remembers who left a running match (the page tells the others; the lobby lists it no more).
    const leftSeats = (await readMatch(server, matchID)).metadata.leftSeats as { id: number; name: string }[];
    expect(leftSeats).toMatchObject([{ id: 2, name: 'Carla' }]);
    const now = (await readMatch(server, matchID)).state as State;
    const actor = now.ctx.currentPlayer;
    expect(actor).toBe('0');
    const next = firstMove(now, '0');
    client.move(matchID, '0', ana, next.move, next.args, now._stateID);
    await client.waitFor(() => (client.state?._stateID ?? 0) > now._stateID, 5000, 'a move after the leave');
    client.close();
  });

  it('forgets a seat left before the start: nobody "left" a match that never began', async () => {
    const matchID = await createMatch(server.url, 3, { firstPlayer: 0 });
    await joinMatch(server.url, matchID, '0', 'Ana');
    const bruno = await joinMatch(server.url, matchID, '1', 'Bruno');
    const res = await http(server.url, `/games/${LisbonTram28.name}/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: '1', credentials: bruno },
    });
    expect(res.status).toBe(200);
    expect((await readMatch(server, matchID)).metadata.leftSeats).toBeUndefined();
  });

  it('starts when a bot takes the last seat', async () => {
    const matchID = await createMatch(server.url, 2, { firstPlayer: 0 });
    const ana = await joinMatch(server.url, matchID, '0', 'Ana');
    const client = new RawClient(server.url);
    const state = await client.sync(matchID, '0', ana);
    const { move, args } = firstMove(state, '0');
    const answers = client.count('update');
    client.move(matchID, '0', ana, move, args, state._stateID);
    await client.waitFor(() => client.count('update') > answers, 5000, 'the refusal');
    expect((await readMatch(server, matchID)).state!._stateID).toBe(0);

    const bot = await http(server.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: ana },
    });
    expect(bot.status).toBe(200);
    client.move(matchID, '0', ana, move, args, state._stateID);
    await client.waitFor(() => (client.state?._stateID ?? 0) > 0, 5000, 'the move played');
    client.close();
  });
});
