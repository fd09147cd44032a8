/**
 * Moves sent by raw sockets that do not hold the seat they name, or that
 * carry more than a move's argument, for every registered game on a real
 * server. A move is tried on the stored state before boardgame.io's Master
 * sees it, and a refused one is answered with the seat's own view: that
 * answer must go only to the seat's credentials, or a stranger could read
 * any hand by naming a seat. And boardgame.io keeps a move's arguments in the
 * match's log whatever the rules read of them, so padding must be refused
 * before it is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { GAMES, type GameDef } from '../../src/games/registry';
import { waitingOn } from '../../src/games/common/waiting-room';
import { fullMatch, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A full match of `def` with a socket synced to the seat that acts first, and a legal move of that seat. */
async function firstMove(def: GameDef) {
  const { matchID, creds } = await fullMatch(server.url, def.minPlayers, def.id);
  const spectator = new RawClient(server.url, { namespace: def.id });
  const start = await spectator.sync(matchID, null);
  const pid = waitingOn(start.ctx, start.G, def.waitingOn)[0];
  const seat = new RawClient(server.url, { namespace: def.id });
  const own: State = await seat.sync(matchID, pid, creds[Number(pid)]);
  const move = def.bots.moves(own.G, own.ctx, pid)[0];
  const other = creds[(Number(pid) + 1) % creds.length];
  return { matchID, creds, pid, own, move, other, spectator, seat, stateID: start._stateID };
}

const storedStateID = async (matchID: string) => (await readMatch(server, matchID)).state!._stateID;

describe.each(GAMES.map((def) => [def.id, def] as const))('%s: moves from sockets', (_id, def) => {
  it('a socket that names a seat without its credentials is sent nothing of it', async () => {
    const { matchID, creds, pid, move, other, spectator, seat, stateID } = await firstMove(def);
    const stranger = new RawClient(server.url, { namespace: def.id });
    await stranger.connected();
    const send = (type: string, args: unknown[], credentials: string) =>
      stranger.socket.emit(
        'update',
        { type: 'MAKE_MOVE', payload: { type, args, playerID: pid, credentials } },
        stateID,
        matchID,
        pid,
      );
    for (const credentials of ['made-up', other]) {
      send(move.move, move.args, credentials); // legal: the trial accepts it, the Master refuses the credentials
      send(move.move, [{ refused: true }], credentials); // illegal: the trial refuses it
    }
    await sleep(500);
    expect(stranger.count('update'), 'updates sent to the stranger').toBe(0);
    expect(stranger.count('sync')).toBe(0);
    expect(spectator.count('update')).toBe(0);
    expect(await storedStateID(matchID)).toBe(stateID);

    // Not vacuous: with the seat's credentials the same socket is answered the refusal (the seat's view), and the
    // legal move goes through.
    send(move.move, [{ refused: true }], creds[Number(pid)]);
    await stranger.waitFor(() => stranger.count('update') > 0, 5000, 'the refusal to the seat holder');
    expect(await storedStateID(matchID)).toBe(stateID);
    send(move.move, move.args, creds[Number(pid)]);
    await spectator.waitFor(() => spectator.state!._stateID > stateID, 5000, 'the legal move');
    [stranger, spectator, seat].forEach((c) => c.close());
  });

  it('a seat cannot pad a move with arguments the rules do not take', async () => {
    const { matchID, creds, pid, move, spectator, seat, stateID } = await firstMove(def);
    const mine = creds[Number(pid)];
    const first = (move.args[0] ?? {}) as Record<string, unknown>;
    let deep: unknown = 0;
    for (let i = 0; i < 9; i++) deep = [deep];
    const padded: unknown[][] = [
      [...move.args, ...(move.args.length === 0 ? [{}] : []), 'a second argument'],
      [{ ...first, junk: 'x'.repeat(3000) }],
      [{ ...first, junk: deep }],
    ];
    for (const args of padded) seat.move(matchID, pid, mine, move.move, args, stateID);
    await sleep(500);
    expect(spectator.count('update')).toBe(0);
    expect(await storedStateID(matchID)).toBe(stateID);
    const log = (await readMatch(server, matchID)).log ?? [];
    expect(JSON.stringify(log)).not.toContain('junk');

    // The move as the board sends it still goes through, so the refusals above were not of the move itself.
    seat.move(matchID, pid, mine, move.move, move.args, stateID);
    await spectator.waitFor(() => spectator.state!._stateID > stateID, 5000, 'the plain move');
    [spectator, seat].forEach((c) => c.close());
  });
});
