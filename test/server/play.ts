/**
 * Whole matches of any registered game through raw socket.io clients, one per
 * seat, each seat choosing seeded legal moves from its own view.
 */
import { expect } from 'vitest';
import type { State } from 'boardgame.io';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';
import { http, RawClient } from './harness';

/** Create a match of `gameId`, seat everyone, and return a raw client per seat (with the socket handshake's `auth`). */
export async function seatedMatch(
  url: string,
  gameId: string,
  numPlayers: number,
  setupData?: unknown,
  auth?: Record<string, unknown>,
) {
  const created = await http(url, `/games/${gameId}/create`, { method: 'POST', json: { numPlayers, setupData } });
  expect(created.status).toBe(200);
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  const clients: RawClient[] = [];
  for (let i = 0; i < numPlayers; i++) {
    const joined = await http(url, `/games/${gameId}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: String(i), playerName: `P${i}` },
    });
    creds.push(joined.json.playerCredentials as string);
  }
  for (let i = 0; i < numPlayers; i++) {
    const c = new RawClient(url, { namespace: gameId, auth });
    await c.sync(matchID, String(i), creds[i]);
    clients.push(c);
  }
  return { matchID, creds, clients };
}

/**
 * Play seeded legal moves (each seat from its own view) until `stop` says so
 * or the game ends. With `takeBack`, a seat that may take back its move (the
 * game's `canTakeBack`) does so that often (0 to 1) before going on.
 */
export async function playMatch(
  gameId: string,
  m: { matchID: string; creds: string[]; clients: RawClient[] },
  seed: number,
  stop: (s: State) => boolean = () => false,
  takeBack = 0,
): Promise<number> {
  const def = findGame(gameId)!;
  const rng = new Rng(seed);
  let moves = 0;
  for (let i = 0; i < 2000; i++) {
    const latest = m.clients.map((c) => c.state!).sort((a, b) => b._stateID - a._stateID)[0];
    if (latest.ctx.gameover || stop(latest)) return moves;
    const seat = actingPlayerOf(def, latest)!;
    const client = m.clients[Number(seat)];
    await client.waitFor(() => client.state!._stateID === latest._stateID, 5000, 'the seat to catch up');
    const own = client.state!;
    const options = def.game.ai!.enumerate(own.G, own.ctx, seat) as { move: string; args?: unknown[] }[];
    const pick = options[rng.int(options.length)];
    client.move(m.matchID, seat, m.creds[Number(seat)], pick.move, pick.args ?? [], own._stateID);
    await client.waitFor(() => client.state!._stateID > own._stateID, 5000, `${seat}'s ${pick.move}`);
    moves++;
    const after = client.state!;
    if (takeBack > 0 && def.canTakeBack?.(after.G, after.ctx, seat) && rng.next() < takeBack) {
      client.undo(m.matchID, seat, m.creds[Number(seat)], after._stateID);
      await client.waitFor(() => client.state!._stateID > after._stateID, 5000, `${seat}'s take-back`);
      expect(client.state!.G).toEqual(own.G);
      moves++;
    }
  }
  throw new Error('the match did not end');
}
