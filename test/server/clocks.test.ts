/**
 * Turn clocks against a real server on loopback (clockScale 60: a 1-minute
 * clock lasts 1 s), with raw socket.io clients: when nobody moves, the easy
 * bot plays each waited-for seat's turn through the server and says so in
 * the chat; two timeouts in a row mark a seat away, and its own move brings
 * it back; the bot plays a whole turn, through a decision it asks of another
 * seat (a Touched On Appeal), as one timeout, and leaves the rest of it to
 * the seat's player if they connect again meanwhile; a clock survives a
 * restart; a bad clock choice is a 400. And the crafted turn of the tests'
 * helper `inspectorAway` (clock-matches.ts), on files and on PostgreSQL,
 * whichever seat the match's own first turn was: its wait is dated as the
 * helper makes it, so P1's decision in it has a whole period.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, ProcessGameConfig } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { waitKey, waitingOn } from '../../src/games/common/waiting-room';
import type { TOState } from '../../src/games/touched-on/types';
import { eventually, http, RawClient, readMatch, sleep, startTestServer, type TestServer } from './harness';
import { clockMatch, inspectorAway } from './clock-matches';
import { clockAwayOf } from '../../src/shared/clock-away';
import { dropSchema, withSchema } from './processes';

const SCALE = 60;
const PG_URL = process.env.TEST_DATABASE_URL;

const pendingOf = (c: RawClient) => (c.state?.G as TOState | undefined)?.pending;

const chatTexts = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'chat').map((m) => (m[2] as { payload: { text: string } }).payload.text);

describe('turn clocks', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-clocks-'));
    server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("plays an absent player's turn with the easy bot, says so, and marks a repeat offender away", async () => {
    const { matchID, creds } = await clockMatch(server.url, 2);
    expect((await readMatch(server, matchID)).metadata.turnClockMs).toBe(60_000 / SCALE);
    const watcher = new RawClient(server.url, { namespace: 'get-on-board' });
    await watcher.sync(matchID, null);
    // Nobody chooses a departure: after 1 s the bot chooses for both, and says so for each.
    await watcher.waitFor(() => (watcher.state?._stateID ?? 0) >= 2, 10_000, 'both departures by the clock');
    await watcher.waitFor(() => chatTexts(watcher).length >= 2, 5000, 'the clock messages');
    expect(chatTexts(watcher)[0]).toMatch(/^P[01] ran out of time: the easy bot plays this turn\.$/);
    // At least one each: on a loaded machine the plotting seat's 1 s clock may already have run out again.
    await eventually(async () => {
      const t = (await readMatch(server, matchID)).metadata.clockTimeouts;
      return t?.['0'] >= 1 && t?.['1'] >= 1;
    }, 'one timeout each');

    // The next timeout of the plotting seat marks it away.
    const def = findGame('get-on-board')!;
    const waits = (s: State) => waitingOn(s.ctx, s.G, def.waitingOn);
    const plotting = waits(watcher.state as State)[0];
    const at = watcher.state!._stateID;
    await watcher.waitFor(() => watcher.state!._stateID > at, 10_000, 'the clock plot');
    await eventually(
      async () => clockAwayOf((await readMatch(server, matchID)).metadata).includes(plotting),
      'the seat marked away',
    );

    // The away seat plays by itself when its turn comes: it is back.
    const player = new RawClient(server.url, { namespace: 'get-on-board' });
    await player.sync(matchID, plotting, creds[Number(plotting)]);
    await player.waitFor(
      () => waits(player.state!).includes(plotting) || !!player.state!.ctx.gameover,
      10_000,
      'its turn',
    );
    if (!player.state!.ctx.gameover) {
      const s = player.state!;
      const [move] = def.game.ai!.enumerate(s.G, s.ctx, plotting) as { move: string; args: unknown[] }[];
      player.move(matchID, plotting, creds[Number(plotting)], move.move, move.args, s._stateID);
      await player.waitFor(() => player.state!._stateID > s._stateID, 5000, 'its own move');
      await eventually(
        async () => !clockAwayOf((await readMatch(server, matchID)).metadata).includes(plotting),
        'the seat back',
      );
      expect(clockAwayOf((await readMatch(server, matchID)).metadata)).not.toContain(plotting);
      expect((await readMatch(server, matchID)).metadata.clockTimeouts[plotting]).toBe(0);
    }
    watcher.close();
    player.close();
  }, 60_000);

  it('runs per turn: actions within the turn and taking them back do not restart it', async () => {
    const def = findGame('lisbon')!;
    const reducer = CreateGameReducer({ game: ProcessGameConfig(def.game as never) }) as unknown as (
      s: State,
      a: unknown,
    ) => State;
    const { matchID, creds } = await clockMatch(server.url, 2, def.id);
    const start = (await readMatch(server, matchID)).state!;
    const seat = start.ctx.currentPlayer;
    const player = new RawClient(server.url, { namespace: def.id });
    await player.sync(matchID, seat, creds[Number(seat)]);
    // A move that may be taken back, tried on the stored state.
    const options = def.game.ai!.enumerate(start.G, start.ctx, seat) as { move: string; args: unknown[] }[];
    const move = options.find((o) => {
      const after = reducer(start, { type: 'MAKE_MOVE', payload: { type: o.move, args: o.args, playerID: seat } });
      return after._stateID > start._stateID && def.canTakeBack!(after.G, after.ctx, seat);
    })!;
    expect(move).toBeDefined();
    // Move and take back, again and again, for four periods: the bot still plays the turn after one.
    const until = Date.now() + 4000;
    let actions = 0;
    while (Date.now() < until && player.state!.ctx.turn === start.ctx.turn) {
      const s = player.state!;
      if (s.ctx.currentPlayer !== seat) break;
      if (def.canTakeBack!(s.G, s.ctx, seat)) player.undo(matchID, seat, creds[Number(seat)], s._stateID);
      else player.move(matchID, seat, creds[Number(seat)], move.move, move.args, s._stateID);
      await player.waitFor(() => player.state!._stateID > s._stateID, 5000, 'an action').catch(() => undefined);
      actions++;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(actions).toBeGreaterThan(3);
    // The bot played while the player was still acting (a clock restarted by each action never runs out).
    expect(player.state!.ctx.turn > start.ctx.turn || player.state!.ctx.currentPlayer !== seat).toBe(true);
    expect(chatTexts(player).some((t) => /^P\d ran out of time/.test(t))).toBe(true);
    player.close();
  }, 30_000);

  it('plays the whole turn: a decision its move asks of another seat is waited out, and the turn is one timeout', async () => {
    // Touched On, 2 players: P0's turn, whose only card is an Undercover Inspector, and P0 away. P1, who added 3
    // Evaders to the current carriage last turn, holds an Appeal. The clock's bot must inspect; P1 Appeals at once,
    // so P0 takes the 3 Evaders back and the turn goes on: the bot plays its rest then (before, it stopped after the
    // inspection, and the rest waited a period more, was said again and counted again: P0 marked away).
    const def = findGame('touched-on')!;
    const { matchID, creds } = await inspectorAway(server);
    const victim = new RawClient(server.url, { namespace: def.id });
    await victim.sync(matchID, '1', creds[1]);
    const pending = () => (victim.state?.G as TOState | undefined)?.pending;
    await victim.waitFor(() => pending()?.player === '1', 10_000, 'the inspection by the clock');
    victim.move(matchID, '1', creds[1], 'appeal', [], victim.state!._stateID);
    await victim.waitFor(() => victim.state!.ctx.currentPlayer === '1', 10_000, "the rest of P0's turn");
    const s = victim.state!.G as TOState;
    // The Appeal won (P0 took the Evaders back), and nobody but the bot played P0's turn on.
    expect(s.log.some((e) => e.type === 'appeal' && e.success)).toBe(true);
    // Once said, once counted, and not marked away.
    expect(chatTexts(victim).filter((t) => t.startsWith('P0 ran out of time'))).toHaveLength(1);
    await eventually(
      async () => (await readMatch(server, matchID)).metadata.clockTimeouts?.['0'] !== undefined,
      "P0's timeout",
    );
    const meta = (await readMatch(server, matchID)).metadata;
    expect(meta.clockTimeouts['0']).toBe(1);
    expect(clockAwayOf(meta)).not.toContain('0');
    victim.close();
  }, 30_000);

  it("leaves the rest of the turn to its player, back on the match's page during the decision", async () => {
    // As above, but P0 opens the match again while P1 decides: once P1 Appeals, the rest of the turn is P0's. The chat
    // already holds the bot's words, from P0 (as when P0 came back in an earlier turn): the bot's own, said now, must
    // reach the table still.
    const def = findGame('touched-on')!;
    const { matchID, creds } = await inspectorAway(server);
    const backWords = 'P0 is back: the rest of this turn is theirs.';
    const earlier = new RawClient(server.url, { namespace: def.id });
    await earlier.sync(matchID, '0', creds[0]);
    earlier.socket.emit('chat', matchID, { id: 'earlier', sender: '0', payload: { text: backWords } }, creds[0]);
    await earlier.waitFor(() => chatTexts(earlier).includes(backWords), 5000, 'the earlier words');
    earlier.close();
    const victim = new RawClient(server.url, { namespace: def.id });
    await victim.sync(matchID, '1', creds[1]);
    await victim.waitFor(() => pendingOf(victim)?.player === '1', 10_000, 'the inspection by the clock');
    const player = new RawClient(server.url, { namespace: def.id });
    await player.sync(matchID, '0', creds[0]);
    victim.move(matchID, '1', creds[1], 'appeal', [], victim.state!._stateID);
    await victim.waitFor(() => chatTexts(victim).filter((t) => t === backWords).length === 2, 10_000, 'P0 back');
    // The game waits for P0, and the bot played nothing after the Appeal: P0 plays the rest (at once: P0's period
    // for it, 1 s, began with the Appeal).
    const s = player.state!;
    expect(waitingOn(s.ctx, s.G, def.waitingOn)).toEqual(['0']);
    // The G log ends with the Appeal and P0 taking the Evaders back (part of the Appeal), nothing played since.
    expect((s.G as TOState).log.slice(-2).map((e) => e.type)).toEqual(['appeal', 'take']);
    // The turn counts one timeout (P0 connected, but has not played yet).
    await eventually(
      async () => (await readMatch(server, matchID)).metadata.clockTimeouts?.['0'] === 1,
      "P0's timeout",
    );
    expect(await player.playTurn(def, matchID, '0', creds[0])).toBeGreaterThan(0);
    // Their own move brings the count back to 0.
    await eventually(
      async () => (await readMatch(server, matchID)).metadata.clockTimeouts?.['0'] === 0,
      "P0's own move counted",
    );
    player.close();
    victim.close();
  }, 30_000);

  it('keeps running across a restart', async () => {
    const { matchID } = await clockMatch(server.url, 2);
    await server.close();
    server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
    const watcher = new RawClient(server.url, { namespace: 'get-on-board' });
    await watcher.sync(matchID, null);
    await watcher.waitFor(
      () => (watcher.state?._stateID ?? 0) >= 2,
      10_000,
      'the departures by the clock after a restart',
    );
    watcher.close();
  }, 30_000);

  it('refuses a clock it does not offer', async () => {
    const res = await http(server.url, '/games/get-on-board/create', {
      method: 'POST',
      json: { numPlayers: 2, turnClock: '10s' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('turnClock');
  });
});

describe.each([
  ['files', false],
  ['PostgreSQL', true],
] as const)("the test helper's crafted inspection turn (inspectorAway), on %s", (_, postgres) => {
  let server: TestServer;
  let dataDir: string | undefined;
  const schema = `clock_crafted_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(async () => {
    if (postgres && !PG_URL) return;
    if (postgres) {
      server = await startTestServer({
        storage: 'postgres',
        databaseUrl: withSchema(PG_URL!, schema),
        clockScale: SCALE,
      });
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-clocks-crafted-'));
      server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
    }
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgres && PG_URL) await dropSchema(PG_URL, schema);
  });

  it.skipIf(postgres && !PG_URL).each(['0', '1'] as const)(
    "gives P1's decision a whole period of its own (the match's own first turn %s's)",
    async (firstSeat) => {
      // The match's first wait is stored as its table fills (`clockWait`). With P1 first, its key is '1|1', that of
      // P1's decision in the crafted turn (turn 1, P1 waited for): that decision was dated from when the table filled,
      // and the clock played it at once (Touched On draws its first player: about half of the matches). On files a
      // socket's sync happened to date the crafted turn again (its state ID stays 0, as before the first move).
      const def = findGame('touched-on')!;
      const asked = Date.now();
      const { matchID, creds } = await inspectorAway(server, '1m', firstSeat);
      const made = Date.now();
      // The stored wait is the crafted turn's (P0's), dated as the helper made it.
      const crafted = await readMatch(server, matchID);
      expect(crafted.metadata.clockWait?.key).toBe(waitKey(crafted.state!.ctx, crafted.state!.G, def.waitingOn));
      expect(crafted.metadata.clockWait.at).toBeGreaterThanOrEqual(asked);
      const victim = new RawClient(server.url, { namespace: def.id });
      try {
        await victim.sync(matchID, '1', creds[1]);
        await victim.waitFor(() => pendingOf(victim)?.player === '1', 10_000, 'the inspection by the clock');
        const decision = waitKey(victim.state!.ctx, victim.state!.G, def.waitingOn);
        await expect
          .poll(async () => (await readMatch(server, matchID)).metadata.clockWait?.key, { timeout: 5000 })
          .toBe(decision);
        // Dated from the inspection, not from before the helper made the turn.
        expect((await readMatch(server, matchID)).metadata.clockWait.at).toBeGreaterThanOrEqual(made);
        // Half a period later P1 still decides: the clock's bot has not decided for them.
        await sleep(60_000 / SCALE / 2);
        expect(pendingOf(victim)?.player, "P1's decision played at once").toBe('1');
        expect(chatTexts(victim).filter((t) => t.startsWith('P1 ran out of time'))).toEqual([]);
      } finally {
        victim.close();
      }
    },
    30_000,
  );
});

describe('turn clocks at shutdown', () => {
  it('a server closing while the clock bot holds a turn stops it at once, and writes nothing after', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-clocks-close-'));
    const server = await startTestServer({ storage: 'file', dataDir, clockScale: SCALE });
    try {
      const { matchID, creds } = await inspectorAway(server);
      // P1 is inspected by the clock's bot and does not answer: the bot holds P0's turn for the rest.
      const victim = new RawClient(server.url, { namespace: 'touched-on' });
      await victim.sync(matchID, '1', creds[1]);
      await victim.waitFor(
        () => (victim.state?.G as TOState | undefined)?.pending?.player === '1',
        10_000,
        'the inspection by the clock',
      );
      victim.close();
      // The bot has the new state too, and holds the turn for P1's period (1 s) and 30 s more; closing stops it, and
      // its expiry writes no count.
      await new Promise((r) => setTimeout(r, 300));
      expect(server.clocks.expiring, "the clock's bot holding P0's turn").toBe(1);
      const began = Date.now();
      await server.close();
      expect(Date.now() - began).toBeLessThan(5000);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 1500));
      expect(fs.existsSync(dataDir), 'a write after close made the data folder again').toBe(false);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
