/**
 * Hidden information over real sockets: a spectator and every player follow
 * a whole game played with random moves from the bots' list
 * (`botMoves`); nothing any socket receives may hold another player's
 * hand, the decks, the PRNG seed or state, or credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'boardgame.io/server';
import type { State } from 'boardgame.io';
import { LisbonTram28 } from '../../src/games/lisbon';
import { Rng } from '../../src/bots/rng';
import { fullMatch, GAME, http, RawClient, readMatch, startTestServer, type TestServer } from './harness';
import { findLeaks, findStrings } from './leak-check';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { waitingOn } from '../../src/games/common/waiting-room';

const MAX_MOVES = Number(process.env.LEAK_TEST_MAX_MOVES ?? 1500);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('hidden information', () => {
  it('the leak check itself catches the raw server state', async () => {
    const { matchID } = await fullMatch(server.url, 2);
    const { state, initialState } = await readMatch(server, matchID);
    expect(findLeaks({ state }, '0').length).toBeGreaterThan(0);
    expect(findLeaks({ initialState }, null).length).toBeGreaterThan(0);
  });

  it('stock boardgame.io leaks the starting state on sync (control)', async () => {
    const stock = Server({ games: [LisbonTram28], origins: [] });
    const { appServer } = await stock.run({ port: 0 });
    try {
      const port = (appServer.address() as { port: number }).port;
      const base = `http://127.0.0.1:${port}`;
      const created = await http(base, `/games/${GAME}/create`, { method: 'POST', json: { numPlayers: 2 } });
      const spectator = new RawClient(base);
      await spectator.sync(created.json.matchID, null);
      spectator.close();
      const leaks = findLeaks(spectator.received, null);
      expect(leaks.some((l) => l.includes('initialState'))).toBe(true);
    } finally {
      await new Promise((r) => stock.app.context.io?.socket?.close?.(r) ?? appServer.close(r));
    }
  });

  it('a whole game leaks nothing to a spectator or to any player', async () => {
    const numPlayers = 3;
    const { matchID, creds } = await fullMatch(server.url, numPlayers);
    const spectator = new RawClient(server.url);
    const players = creds.map(() => new RawClient(server.url));
    await spectator.sync(matchID, null);
    for (let i = 0; i < numPlayers; i++) await players[i].sync(matchID, String(i), creds[i]);

    const random = new Rng(28);
    let moves = 0;
    let stateID = players[0].state!._stateID;
    while (moves < MAX_MOVES) {
      const view = players[0].state as State;
      const ctx = view.ctx;
      const who = waitingOn(ctx);
      if (who.length === 0) break;
      // Each actor enumerates on its own (filtered) view of the game.
      const pid = who[0];
      const own = players[Number(pid)].state as State;
      const options = botMoves(own.G, own.ctx, pid) as Array<{ move: string; args: unknown[] }>;
      expect(options.length, `no legal move for ${pid} at state ${stateID}`).toBeGreaterThan(0);
      const choice = options[random.int(options.length)];
      players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args ?? [], stateID);
      await spectator.waitFor(() => spectator.state!._stateID > stateID, 5000, `the update after ${choice.move}`);
      await Promise.all(players.map((p) => p.waitFor(() => p.state!._stateID > stateID, 5000, 'player update')));
      stateID = spectator.state!._stateID;
      moves++;
    }

    const truth = await readMatch(server, matchID);
    const seed = (truth.initialState!.plugins as any).random.data.seed as string;
    const secretStrings = [seed, ...creds];

    expect(findLeaks(spectator.received, null)).toEqual([]);
    expect(findStrings(spectator.received, secretStrings)).toEqual([]);
    for (let i = 0; i < numPlayers; i++) {
      expect(findLeaks(players[i].received, String(i)), `player ${i}`).toEqual([]);
      expect(findStrings(players[i].received, secretStrings), `player ${i}`).toEqual([]);
      // Not vacuous: each player did see their own hand, as the server has it.
      const G = players[i].state!.G;
      expect(G.players[String(i)].hand).toEqual(truth.state!.G.players[String(i)].hand);
    }
    // A late spectator gets the whole public log (boardgame.io never trims
    // it, #1179): check it too, and that it stays a reasonable size.
    const late = new RawClient(server.url);
    await late.sync(matchID, null);
    const sync = late.received.find((m) => m[0] === 'sync')!;
    expect((sync[2] as any).log.length).toBeGreaterThanOrEqual(moves);
    expect(findLeaks(sync, null)).toEqual([]);
    expect(findStrings(sync, secretStrings)).toEqual([]);
    expect(JSON.stringify(sync).length).toBeLessThan(5_000_000);
    late.close();

    expect(moves).toBeGreaterThan(20);
    // One log line each for created, started (every seat taken) and finished.
    const lines = server.logs.filter((l) => l.includes(matchID));
    expect(lines.filter((l) => l.startsWith('info match created'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('info match started'))).toHaveLength(1);
    if (truth.state!.ctx.gameover !== undefined) {
      expect(lines.filter((l) => l.startsWith('info match finished'))).toHaveLength(1);
    }
    [spectator, ...players].forEach((c) => c.close());
  }, 60_000);
});
