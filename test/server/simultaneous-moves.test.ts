/**
 * Choices made at the same time, on a real server through raw sockets. Get on
 * Board's players all keep a departure ticket at once; a choice sent on the
 * state from before another player's choice was stored (its update had not
 * reached the sender yet) is still a good choice, and must be kept, not
 * refused as stale: the page would show the offer again as if the click had
 * been lost (seen in CI, with bots choosing as a person clicked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import type { GobState } from '../../src/games/get-on-board/types';
import { fullMatch, RawClient, readMatch, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const def = findGame('get-on-board')!;

describe('get-on-board: departures chosen at once', () => {
  it('keeps a choice sent on the state before another seat’s choice was stored', async () => {
    const { matchID, creds } = await fullMatch(server.url, 3, def.id);
    const seats = await Promise.all(
      creds.map(async (cred, i) => {
        const c = new RawClient(server.url, { namespace: def.id });
        await c.sync(matchID, String(i), cred);
        return c;
      }),
    );
    const start = seats[0].state!;
    const optionsOf = (seat: number) =>
      def.game.ai!.enumerate(seats[seat].state!.G, seats[seat].state!.ctx, String(seat)) as {
        move: string;
        args?: unknown[];
      }[];
    const ticketOf = (o: { args?: unknown[] }) => (o.args![0] as { ticket: number }).ticket;
    const choice0 = optionsOf(0)[0];
    const [choice1, other1] = optionsOf(1);
    expect(choice0.move).toBe('chooseDeparture');

    // Seat 0 chooses; seat 1 chooses on the state it had before it heard of that.
    seats[0].move(matchID, '0', creds[0], choice0.move, choice0.args ?? [], start._stateID);
    await seats[1].waitFor(() => seats[1].state!._stateID > start._stateID, 5000, "seat 0's choice");
    seats[1].move(matchID, '1', creds[1], choice1.move, choice1.args ?? [], start._stateID);
    await seats[1].waitFor(() => seats[1].state!._stateID > start._stateID + 1, 5000, "seat 1's choice");

    const stored = (await readMatch(server, matchID)).state!.G as GobState;
    expect(stored.choices['0']).toBe(ticketOf(choice0));
    expect(stored.choices['1']).toBe(ticketOf(choice1));
    expect(stored.choices['2']).toBeNull();

    // A second choice by the same seat, stale or not, is still refused by the rules.
    const again = other1;
    expect(ticketOf(again)).not.toBe(ticketOf(choice1));
    const before = seats[1].count('update') + seats[1].count('sync');
    seats[1].move(matchID, '1', creds[1], again.move, again.args ?? [], start._stateID);
    await seats[1].waitFor(() => seats[1].count('update') + seats[1].count('sync') > before, 5000, 'the refusal');
    expect(((await readMatch(server, matchID)).state!.G as GobState).choices['1']).toBe(ticketOf(choice1));
    seats.forEach((c) => c.close());
  });
});
