/**
 * A seat that changes hands on one server process, while a socket of another process still plays it with the old
 * credentials (two processes on one PostgreSQL database and one Redis, raw socket.io clients): that socket is told
 * why (`seatReleased`) and dropped, as on the process where the seat changed hands, and none of the seat's new
 * holder's states reach it. Only the process that wrote the seat's change checked its own sockets: the other went on
 * sending the seat's private view to the old credentials.
 */
import { describe, expect, it } from 'vitest';
import { waitingOn } from '../../src/games/common/waiting-room';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { fullMatch, GAME, http, joinMatch, RawClient, type TestServer } from './harness';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!PG_URL || !REDIS_URL)('a seat that changes hands on another process', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'released');

  /** The seat the game waits on plays its first legal move through its client, and every client in `all` hears it. */
  async function play(matchID: string, seats: Record<string, [RawClient, string]>, all: RawClient[]) {
    const pid = waitingOn(all[0].state!.ctx)[0];
    const [client, credentials] = seats[pid];
    const own = client.state!;
    const [choice] = botMoves(own.G, own.ctx, pid) as Array<{ move: string; args?: unknown[] }>;
    client.move(matchID, pid, credentials, choice.move, choice.args ?? [], own._stateID);
    await Promise.all(all.map((c) => c.waitFor(() => c.state!._stateID > own._stateID, 10_000, 'the move')));
  }

  it("drops the old credentials' socket there too, telling it why, and sends it nothing of the seat after", async () => {
    const a: TestServer = servers.a();
    const b: TestServer = servers.b();
    const { matchID, creds } = await fullMatch(a.url, 2);
    const seat0 = new RawClient(a.url);
    const leaver = new RawClient(b.url);
    try {
      await seat0.sync(matchID, '0', creds[0]);
      await leaver.sync(matchID, '1', creds[1]);
      // A first move, so that the match runs: seat 0's, heard by both.
      expect(waitingOn(seat0.state!.ctx)).toEqual(['0']);
      await play(matchID, { '0': [seat0, creds[0]] }, [seat0, leaver]);
      const heard = new Promise<{ reason: string; last: unknown[] | undefined }>((resolve) =>
        leaver.socket.once('disconnect', (reason) => resolve({ reason, last: leaver.received.at(-1) })),
      );
      const updatesBefore = leaver.count('update');
      // Seat 1 is left, and taken by a newcomer, on process a.
      const left = await http(a.url, `/games/${GAME}/${matchID}/leave`, {
        method: 'POST',
        json: { playerID: '1', credentials: creds[1] },
      });
      expect(left.status).toBe(200);
      const newCreds = await joinMatch(a.url, matchID, '1', 'Newcomer');
      const newcomer = new RawClient(a.url);
      try {
        await newcomer.sync(matchID, '1', newCreds);
        // A move: its state, with seat 1's view, goes to every socket of seat 1 that the server still counts.
        await play(matchID, { '0': [seat0, creds[0]], '1': [newcomer, newCreds] }, [seat0, newcomer]);
        expect(await Promise.race([heard, new Promise((r) => setTimeout(() => r('still connected'), 5000))])).toEqual({
          reason: 'io server disconnect',
          last: ['seatReleased', matchID, '1'],
        });
        expect(leaver.count('update')).toBe(updatesBefore);
      } finally {
        newcomer.close();
      }
    } finally {
      seat0.close();
      leaver.close();
    }
  }, 30_000);
});
