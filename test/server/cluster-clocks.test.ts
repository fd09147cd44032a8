/**
 * Turn clocks with two server processes on a real PostgreSQL and Redis (clockScale 20: a 1-minute clock lasts 3 s).
 * Both processes watch the match (each holds a player's socket, whose connection writes the metadata there), so the
 * clock runs out in both; only the one holding the match's clock lease plays the turn, says so and counts the
 * timeout. Without the lease each process counted it, and one timeout marked the seat away. A turn whose bot move
 * asks another seat for a decision is still one timeout. (Before that, the
 * clock bot connected by long-polling, which a server with Redis refuses: expired turns were never played.)
 *
 * Then, with a 1-minute clock (clockScale 1), the deadline the other process schedules for a new wait (read through
 * the running server's `clocks.deadlineOf`) when it looks at the match within the second before the mover's
 * `updatedAt` bump is written: it dated the wait from the last bump written, seconds before the move; it now dates
 * it from the start the mover stored (`clockWait`).
 *
 * Then a wait whose start could not be stored (the write of P1's decision's start made to fail once): the rest of
 * P0's turn after P1's Appeal, a wait with the key of P0's first (the turn, P0 waited for), is dated from the Appeal;
 * it inherited the stored start of P0's first wait, seconds or a whole period earlier. And the decision's start is
 * written again a second later (it stayed P0's first wait's for good).
 *
 * Then two seats' timeouts counted at the same moment, each on its own read (the first write held until the second
 * count has read): both kept, the counts merged seat by seat. The later write kept only its own seat's count, as in
 * the first test here may when P1's turn asks P0 for a decision and both plays end together (P1's count went missing
 * there in 2 runs of 4 once: the likely cause).
 *
 * Then the clock lease (600 ms here) while the clock's bot holds a turn for a decision asked of another seat: it is
 * renewed, so another process cannot take the match's clock. It was taken only as the turn expired, and ran out
 * while the bot held the turn, which may last minutes. And when another process holds the lease all the same (taken
 * straight in the lease table here), the bot stops at the next renewal and makes no move more: it kept playing,
 * logging the loss only.
 */
import { describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { waitKey } from '../../src/games/common/waiting-room';
import { http, RawClient, readMatch, sleep, type TestServer } from './harness';
import { twoServers } from './processes';
import { inspectorAway } from './clock-matches';
import { clockAwayOf } from '../../src/shared/clock-away';
import { BotLeases } from '../../server/bot-lease';
import type { PostgresStorage } from '../../server/storage/postgres';
import type { TOState } from '../../src/games/touched-on/types';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const SCALE = 20;
const GAME = 'lisbon-tram-28';

const chatTexts = (c: RawClient) =>
  c.received.filter((m) => m[0] === 'chat').map((m) => (m[2] as { payload: { text: string } }).payload.text);

/**
 * A match of `numPlayers` with a 1-minute clock (before `clockScale`), created on `one`; seat 0 joins on `one`, seat 1
 * on `two`, a third seat on `one`.
 */
async function clockedMatch(
  one: TestServer,
  two: TestServer,
  numPlayers = 2,
): Promise<{ matchID: string; creds: string[] }> {
  const created = await http(one.url, `/games/${GAME}/create`, {
    method: 'POST',
    json: { numPlayers, turnClock: '1m', setupData: { firstPlayer: 0 } },
  });
  expect(created.status).toBe(200);
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (const [server, seat] of (
    [
      [one, '0'],
      [two, '1'],
      [one, '2'],
    ] as const
  ).slice(0, numPlayers)) {
    const joined = await http(server.url, `/games/${GAME}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: seat, playerName: `P${seat}` },
    });
    expect(joined.status).toBe(200);
    creds.push(joined.json.playerCredentials as string);
  }
  return { matchID, creds };
}

describe.skipIf(!PG_URL || !REDIS_URL)('turn clocks on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'clocks', { clockScale: SCALE });

  it('play an expired turn once, say so once and count one timeout', async () => {
    const [one, two] = [servers.a(), servers.b()];

    // Created on the first process, a seat joined on each (and a third, whose turn after P1's leaves P0's next
    // turn 6 s away while P1's timeout is counted).
    const { matchID, creds } = await clockedMatch(one, two, 3);
    // Each player's page is open on a different process, and neither plays.
    const players = [new RawClient(one.url, { namespace: GAME }), new RawClient(two.url, { namespace: GAME })];
    try {
      await players[0].sync(matchID, '0', creds[0]);
      await players[1].sync(matchID, '1', creds[1]);
      // After 3 s the clock bot plays P0's turn, to its end.
      await players[0].waitFor(() => players[0].state?.ctx.currentPlayer === '1', 15_000, "P0's turn by the clock");
      const p1Began = Date.now();
      await players[0].waitFor(() => chatTexts(players[0]).length >= 1, 5000, 'the clock message');
      // Time for a second process's bot and its count, had it played too (a bot answers within a second here), and
      // still before the next turn's clock runs out.
      await new Promise((r) => setTimeout(r, 1200));
      const meta = (await readMatch(one, matchID)).metadata;
      expect(meta.clockTimeouts).toEqual({ '0': 1 });
      expect(clockAwayOf(meta)).toEqual([]);
      const ranOut = [...one.logs, ...two.logs].filter((l) => l.includes('turn clock ran out') && l.includes(matchID));
      expect(ranOut).toHaveLength(1);
      // The message once, on either process's sockets.
      for (const w of players) {
        const texts = chatTexts(w).filter((t) => t.includes('ran out of time'));
        expect(texts).toEqual(['P0 ran out of time: the easy bot plays this turn.']);
      }

      // P1's clock runs a whole period from the start of P1's turn. (PostgreSQL writes boardgame.io's `updatedAt`
      // bump a second late: the clock read the last one written, from before P0's turn, and ran out at once.)
      await players[0].waitFor(() => players[0].state?.ctx.currentPlayer === '2', 15_000, "P1's turn by the clock");
      expect(Date.now() - p1Began).toBeGreaterThanOrEqual(2500);
      // P1's timeout is counted once the bot has played: wait for it. P1's one turn is one timeout, said once, even
      // when the bot's move there pushed P0's tram at a fork: P0 then owes a decision, whose period runs out too (said
      // and counted for P0), and the bot plays the rest of P1's turn at once (it waited a period more and was counted
      // again, and two timeouts mark a seat away). P2's count may be in as well; P0's next turn is 6 s away.
      await expect
        .poll(async () => (await readMatch(two, matchID)).metadata.clockTimeouts?.['1'], { timeout: 5000 })
        .toBeDefined();
      const after = (await readMatch(two, matchID)).metadata;
      const said = (seat: string) => chatTexts(players[0]).filter((t) => t.startsWith(`P${seat} ran out of time`));
      expect(chatTexts(players[1]).filter((t) => t.includes('ran out of time'))).toEqual(
        chatTexts(players[0]).filter((t) => t.includes('ran out of time')),
      );
      expect(said('1')).toHaveLength(1);
      expect(after.clockTimeouts!['1']).toBe(1);
      expect(clockAwayOf(after)).not.toContain('1');
      // P0's: its turn, and the decision if one was asked.
      expect(after.clockTimeouts!['0']).toBe(said('0').length);
    } finally {
      for (const p of players) p.close();
    }
  }, 60_000);
});

/** Sends a chat line as `seat` through `c`, and waits until it comes back (it is stored: the metadata was written). */
async function say(c: RawClient, matchID: string, seat: string, creds: string, text: string): Promise<void> {
  const before = chatTexts(c).filter((t) => t === text).length;
  c.socket.emit('chat', matchID, { id: `${text}-${before}`, sender: seat, payload: { text } }, creds);
  await c.waitFor(() => chatTexts(c).filter((t) => t === text).length > before, 5000, `the chat line ${text}`);
}

describe.skipIf(!PG_URL || !REDIS_URL)('when a wait began, across two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'clockwait', { clockScale: 1 });
  const PERIOD = 60_000;
  const def = findGame(GAME)!;

  it('the other process dates a new wait from when the move began it, before the updatedAt bump is written', async () => {
    const [one, two]: TestServer[] = [servers.a(), servers.b()];
    const { matchID, creds } = await clockedMatch(one, two);
    // P0 plays through the first process, P1 watches through the second.
    const players = [new RawClient(one.url, { namespace: GAME }), new RawClient(two.url, { namespace: GAME })];
    try {
      await players[0].sync(matchID, '0', creds[0]);
      await players[1].sync(matchID, '1', creds[1]);
      // The other process knows the match (P1's connection was written there) and has a deadline for P0's wait.
      await expect.poll(() => two.clocks.deadlineOf(matchID), { timeout: 5000 }).toBeDefined();
      // P0 takes a while, then ends the turn: the last `updatedAt` written is seconds older than the move.
      await sleep(3000);
      const s = players[0].state!;
      const sent = Date.now();
      players[0].move(matchID, '0', creds[0], 'endTurn', [], s._stateID);
      await players[1].waitFor(
        () => players[1].state?.ctx.currentPlayer === '1',
        5000,
        "P1's turn, on the other process",
      );
      // At once, P1 writes in the chat through the other process: that metadata write makes it look at the match.
      await say(players[1], matchID, '1', creds[1], 'my turn');
      const looked = Date.now();
      await expect.poll(() => two.clocks.deadlineOf(matchID), { timeout: 2000 }).toBeGreaterThanOrEqual(sent + PERIOD);
      const deadline = two.clocks.deadlineOf(matchID)!;
      // The look came within the second in which the move's `updatedAt` bump waits to be written (the first process
      // writes its bumps a second after the first one: otherwise this test shows nothing).
      expect(looked - sent).toBeLessThan(1000);
      expect(deadline).toBeLessThanOrEqual(looked + PERIOD + 1000);

      // The mover stored the wait's start; the other process's next look uses it as it is.
      const p1Wait = waitKey(players[1].state!.ctx, players[1].state!.G, def.waitingOn);
      await expect
        .poll(async () => (await readMatch(two, matchID)).metadata.clockWait?.key, { timeout: 5000 })
        .toBe(p1Wait);
      const stored = (await readMatch(two, matchID)).metadata.clockWait as { key: string; at: number };
      expect(stored.at).toBeGreaterThanOrEqual(sent);
      await say(players[1], matchID, '1', creds[1], 'still my turn');
      await expect.poll(() => two.clocks.deadlineOf(matchID), { timeout: 2000 }).toBe(stored.at + PERIOD);
      // And so does the mover's.
      expect(one.clocks.deadlineOf(matchID)).toBe(stored.at + PERIOD);
    } finally {
      for (const p of players) p.close();
    }
  }, 60_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('the clock lease while its bot holds a turn', () => {
  const LEASE_MS = 600;
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'clockhold', { clockScale: SCALE, botLeaseMs: LEASE_MS });

  /**
   * P0's turn, whose only card is an Undercover Inspector: the clock's bot (on `a`) inspects, and then holds P0's turn
   * while P1, whose socket this is, decides (P1 has a period of its own for it, 3 s).
   */
  async function botHoldsTurn(a: TestServer) {
    const { matchID, creds } = await inspectorAway(a);
    const victim = new RawClient(a.url, { namespace: 'touched-on' });
    try {
      await victim.sync(matchID, '1', creds[1]);
      await victim.waitFor(
        () => (victim.state?.G as TOState | undefined)?.pending?.player === '1',
        10_000,
        'the inspection by the clock',
      );
      expect(a.clocks.expiring, "a's bot holding P0's turn").toBe(1);
    } catch (err) {
      victim.close();
      throw err;
    }
    return { matchID, creds, victim };
  }

  it('is renewed while the bot waits for another seat, so another process cannot take the match clock', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID, victim } = await botHoldsTurn(a);
    try {
      // Well past the lease's length since the bot took it: it ran out while the bot held the turn.
      await sleep(2.5 * LEASE_MS);
      expect(a.clocks.expiring, "a's bot still holding P0's turn").toBe(1);
      const other = new BotLeases((b.db as PostgresStorage).pool, servers.schema, 'another process', LEASE_MS);
      expect(await other.acquire({ matchID, seat: 'clock' }), 'another process took the clock of the match').toBe(
        false,
      );
    } finally {
      victim.close();
    }
  }, 30_000);

  it('stops its bot when a renewal finds the lease taken: no move from it afterwards', async () => {
    const a = servers.a();
    const { matchID, creds, victim } = await botHoldsTurn(a);
    try {
      // Another process holds the match's clock now (as one that took it once the lease ran out on a process stalled
      // past its length): a's bot kept playing, only logging the loss, and two processes played the same wait.
      await (a.db as PostgresStorage).pool.query(
        `UPDATE "${servers.schema}".bgio_bot_lease SET owner = 'another process' WHERE match_id = $1 AND seat = 'clock'`,
        [matchID],
      );
      // a's next renewal (every third of the lease's length) finds it taken: its bot stops, and its play ends.
      await expect.poll(() => a.clocks.expiring, { timeout: 3 * LEASE_MS, interval: 20 }).toBe(0);
      expect(a.logs.some((l) => l.includes('clock lease lost while its bot plays, stopping it'))).toBe(true);
      // P1 appeals: the rest of P0's turn is a new wait, with a period of its own (3 s), and a's bot, stopped, does
      // not play it (it played it at once: P1's turn within a second).
      const at = victim.state!._stateID;
      victim.move(matchID, '1', creds[1], 'appeal', [], at);
      await victim.waitFor(() => victim.state!._stateID > at, 5000, "P1's appeal");
      const appealed = victim.state!._stateID;
      expect(victim.state!.ctx.currentPlayer).toBe('0');
      await sleep(1500);
      expect(victim.state!._stateID, 'no move after the appeal').toBe(appealed);
      expect(chatTexts(victim).filter((t) => t.startsWith('P0 ran out of time'))).toHaveLength(1);
    } finally {
      victim.close();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('a wait whose start could not be stored (PostgreSQL and Redis)', () => {
  // A 1-minute clock (clockScale 1): no bot plays here, the deadlines are read (`clocks.deadlineOf`).
  const PERIOD = 60_000;
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'clockfail', { clockScale: 1 });

  /**
   * P0's turn, whose only card is an Undercover Inspector, P1 holding an Appeal, each seat's socket on `a`; a while into
   * P0's wait, P0 inspects, and the write of the wait that begins (P1's decision) fails once (`always`: every write of
   * it fails, its tries again too): the stored start stays P0's. The players' sockets are to be closed.
   */
  async function decisionUnstored(a: TestServer, failing: 'once' | 'always' = 'once') {
    const def = findGame('touched-on')!;
    const { matchID, creds } = await inspectorAway(a, '1m');
    const first = (await readMatch(a, matchID)).metadata.clockWait as { key: string; at: number };
    const players = ['0', '1'].map(() => new RawClient(a.url, { namespace: def.id }));
    try {
      for (const seat of [0, 1]) await players[seat].sync(matchID, String(seat), creds[seat]);
      // A while into P0's wait.
      await sleep(1500);
      const db = a.db as PostgresStorage;
      const write = db.setMetadata.bind(db);
      let failed = 0;
      db.setMetadata = (id, metadata) => {
        const wait = (metadata as { clockWait?: { key: string } }).clockWait;
        if (id === matchID && (failed === 0 || failing === 'always') && wait && wait.key !== first.key) {
          failed++;
          return Promise.reject(new Error('the storage does not answer'));
        }
        return write(id, metadata);
      };
      // P0 inspects: P1 decides (a wait of its own).
      const p0 = players[0];
      const [inspect] = def.game.ai!.enumerate(p0.state!.G, p0.state!.ctx, '0') as { move: string; args?: unknown[] }[];
      p0.move(matchID, '0', creds[0], inspect.move, inspect.args ?? [], p0.state!._stateID);
      const p1 = players[1];
      await p1.waitFor(() => (p1.state?.G as TOState | undefined)?.pending?.player === '1', 5000, 'the inspection');
      const inspected = Date.now();
      await expect.poll(() => failed, { timeout: 3000 }).toBeGreaterThanOrEqual(1);
      expect((await readMatch(a, matchID)).metadata.clockWait).toEqual(first);
      expect(a.logs.some((l) => l.includes('turn clock wait not stored'))).toBe(true);
      return { def, matchID, creds, players, first, inspected, failures: () => failed };
    } catch (err) {
      for (const p of players) p.close();
      throw err;
    }
  }

  it("takes a stored start for stale only against a wait whose write failed here, not one it merely saw (two processes' clocks)", async () => {
    const [a, b] = [servers.a(), servers.b()];
    const { matchID } = await inspectorAway(a, '1m');
    const stored = (await readMatch(a, matchID)).metadata.clockWait as { key: string; at: number };
    await sleep(100);
    // The second process saw another wait begin (it made no move of it, so it stored nothing), dated by its own clock,
    // which runs ahead of the one that stored the start (another process's): the stored start is the current wait's.
    const clocks = b.clocks as unknown as {
      waits: Map<string, { key: string; at: number }>;
      watch(matchID: string): Promise<void>;
    };
    clocks.waits.set(matchID, { key: 'another wait', at: stored.at + 5000 });
    await clocks.watch(matchID);
    // Taken for stale, the wait was dated anew from this look: a later deadline than every other process's.
    expect(b.clocks.deadlineOf(matchID)).toBe(stored.at + PERIOD);
    expect((await readMatch(a, matchID)).metadata.clockWait).toEqual(stored);
  }, 30_000);

  it("is stored again a moment later, so that no process reads the earlier wait's start for it", async () => {
    const a = servers.a();
    const { def, matchID, players, first, inspected } = await decisionUnstored(a);
    try {
      const decision = waitKey(players[1].state!.ctx, players[1].state!.G, def.waitingOn);
      expect(decision).not.toBe(first.key);
      // It stayed P0's for good: a process that saw nothing of P1's decision dated the rest of P0's turn from it.
      await expect
        .poll(async () => (await readMatch(a, matchID)).metadata.clockWait?.key, { timeout: 4000 })
        .toBe(decision);
      const stored = (await readMatch(a, matchID)).metadata.clockWait as { key: string; at: number };
      expect(stored.at).toBeGreaterThan(first.at);
      // Dated as the inspection began it (the clock's look follows the move's write, a moment after the sockets
      // hear of it), not as the write was tried again (a second later).
      expect(stored.at).toBeLessThan(inspected + 500);
    } finally {
      for (const p of players) p.close();
    }
  }, 30_000);

  it("does not hand its stale stored start to a later wait with the same key (the turn's player after a decision)", async () => {
    const a = servers.a();
    // Every write of the decision's start fails: tried again 1 s later and stored, it dated the wait back by its own
    // key whatever this process took for stale, and the test went through that path only with the appeal within 1 s.
    const { def, matchID, creds, players, first, failures } = await decisionUnstored(a, 'always');
    const p1 = players[1];
    try {
      // Its write tried again (1 s later), and failed too: the stored start is still P0's first wait's.
      await expect.poll(failures, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
      expect((await readMatch(a, matchID)).metadata.clockWait).toEqual(first);
      // P1 appeals: the rest of P0's turn is a new wait, with the key of P0's first (the turn, P0 waited for).
      const at = p1.state!._stateID;
      const appealed = Date.now();
      p1.move(matchID, '1', creds[1], 'appeal', [], at);
      await p1.waitFor(() => p1.state!._stateID > at, 5000, "P1's appeal");
      expect(waitKey(p1.state!.ctx, p1.state!.G, def.waitingOn)).toBe(first.key);
      // Its period runs from the appeal; it ran from P0's first wait, the stored start of the same key (1.5 s
      // earlier here; a turn's whole period earlier, and the clock played the turn at once).
      await expect
        .poll(() => a.clocks.deadlineOf(matchID) ?? 0, { timeout: 3000 })
        .toBeGreaterThanOrEqual(appealed + PERIOD);
      await expect
        .poll(async () => (await readMatch(a, matchID)).metadata.clockWait?.at ?? 0, { timeout: 3000 })
        .toBeGreaterThanOrEqual(appealed);
    } finally {
      for (const p of players) p.close();
    }
  }, 30_000);
});

describe.skipIf(!PG_URL || !REDIS_URL)('two timeouts of one match counted at the same moment', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'clockcount', { clockScale: 1 });

  /**
   * Counts a timeout of seats 0 and 1 of `matchID` on process `a` at the same moment: the first count's write waits
   * for the second count's own read (not any read of the match, a sweep's or a clock's look: counted so, another read
   * could release the first write before the second count had read, and the test pass without the merge), so both
   * read before either writes.
   */
  async function countBoth(a: TestServer, matchID: string): Promise<void> {
    const db = a.db as PostgresStorage;
    const write = db.setMetadata.bind(db);
    let second: () => void = () => undefined;
    const secondRead = new Promise<void>((resolve) => (second = resolve));
    let writes = 0;
    db.setMetadata = async (id, metadata) => {
      if (id === matchID && (metadata as { clockTimeouts?: unknown }).clockTimeouts && writes++ === 0) {
        await secondRead;
      }
      return write(id, metadata);
    };
    const clocks = a.clocks as unknown as {
      countTimeout(matchID: string, seat: string): Promise<void>;
      fetch(matchID: string): Promise<unknown>;
    };
    const fetch = clocks.fetch.bind(clocks);
    let counting = false;
    const countReads: Array<Promise<unknown>> = [];
    clocks.fetch = (id) => {
      const read = fetch(id);
      if (counting && id === matchID) countReads.push(read);
      return read;
    };
    // countTimeout asks for its read as it is called (before its first await).
    const count = (seat: string) => {
      counting = true;
      try {
        return clocks.countTimeout(matchID, seat);
      } finally {
        counting = false;
      }
    };
    try {
      const counts = [count('0'), count('1')];
      expect(countReads).toHaveLength(2);
      void countReads[1].then(second, second);
      await Promise.all(counts);
    } finally {
      db.setMetadata = write;
      clocks.fetch = fetch;
    }
  }

  it('are both kept: each seat counted on its own read, the write of one merged over the other', async () => {
    // As when the clock's bot holding P1's turn and the one playing the decision it asked of P0 end together (P0's
    // decision ends P1's turn): each count reads the metadata, then writes it.
    const a = servers.a();
    const { matchID } = await clockedMatch(a, servers.b(), 2);
    await countBoth(a, matchID);
    // One count was written over the other (the field merged whole, `clockTimeouts` as the later writer read it).
    expect((await readMatch(a, matchID)).metadata.clockTimeouts).toEqual({ '0': 1, '1': 1 });
  }, 30_000);

  it('two seats reaching their second timeout at the same moment are both away, as the lobby answers', async () => {
    const a = servers.a();
    const { matchID } = await clockedMatch(a, servers.b(), 2);
    const { metadata } = await readMatch(a, matchID);
    (metadata as { clockTimeouts?: Record<string, number> }).clockTimeouts = { '0': 1, '1': 1 };
    await (a.db as PostgresStorage).setMetadata(matchID, metadata);
    await countBoth(a, matchID);
    expect((await readMatch(a, matchID)).metadata.clockTimeouts).toEqual({ '0': 2, '1': 2 });
    // Both away, on either process. A list of seats away, stored apart and merged whole, kept only the later
    // writer's mark: ['1'].
    for (const server of [a, servers.b()]) {
      const answer = await http(server.url, `/games/${GAME}/${matchID}`);
      expect(answer.json.clockAway).toEqual(['0', '1']);
    }
  }, 30_000);
});
