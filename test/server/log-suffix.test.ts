/**
 * Game logs sent as suffixes (src/shared/log-suffix.ts, server/socket-guard.ts),
 * through a real server and raw sockets, for every game: a socket that asks
 * is sent each update's log as the entries it lacks, puts it back together,
 * and ends up with exactly the states a socket sent whole states has, move by
 * move, take-backs included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { GAMES } from '../../src/games/registry';
import { cutLogs, LOG_SUFFIX_AUTH, markLogs, restoreLogs, restoreLogsOn } from '../../src/shared/log-suffix';
import { readMatch, RawClient, startTestServer, type TestServer } from './harness';
import { playMatch, seatedMatch } from './play';

/** Every state a client was sent, as JSON by stateID (after any log was put back together). */
function statesSeen(c: RawClient): Map<number, string> {
  const seen = new Map<number, string>();
  c.socket.onAny((event: string, ...args: unknown[]) => {
    const state =
      event === 'sync' ? (args[1] as { state?: State }).state : event === 'update' ? (args[1] as State) : undefined;
    if (state) seen.set(state._stateID, JSON.stringify(state.G));
  });
  return seen;
}

/** What arrived on the wire for each update, before any log was put back together. */
function wire(c: RawClient): { bytes: number; logFrom?: Record<string, number>; logLengths: Record<string, number> }[] {
  const updates: { bytes: number; logFrom?: Record<string, number>; logLengths: Record<string, number> }[] = [];
  c.socket.prependAny((event: string, ...args: unknown[]) => {
    if (event !== 'update') return;
    const G = (args[1] as State).G as Record<string, unknown>;
    const logLengths: Record<string, number> = {};
    for (const [k, v] of Object.entries(G)) if (Array.isArray(v)) logLengths[k] = v.length;
    const cuts = args[3] as { logFrom?: Record<string, number> } | undefined;
    updates.push({ bytes: JSON.stringify(args).length, logFrom: cuts?.logFrom, logLengths });
  });
  return updates;
}

describe('game logs sent as the entries a socket lacks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  for (const def of GAMES) {
    it(`${def.title}: a socket that asks gets the same states as one sent whole states, in fewer bytes`, async () => {
      const key = def.logKeys![0];
      const m = await seatedMatch(server.url, def.id, def.minPlayers, undefined, LOG_SUFFIX_AUTH);
      const wholeSeat = new RawClient(server.url, { namespace: def.id });
      const cutWatcher = new RawClient(server.url, { namespace: def.id, auth: LOG_SUFFIX_AUTH });
      const wholeWatcher = new RawClient(server.url, { namespace: def.id });
      const onWire = { cut: wire(cutWatcher), whole: wire(wholeWatcher) };
      const seen = {
        seat: statesSeen(m.clients[0]),
        wholeSeat: statesSeen(wholeSeat),
        cut: statesSeen(cutWatcher),
        whole: statesSeen(wholeWatcher),
      };
      try {
        await wholeSeat.sync(m.matchID, '0', m.creds[0]);
        await cutWatcher.sync(m.matchID, null);
        await wholeWatcher.sync(m.matchID, null);

        const moves = await playMatch(def.id, m, 11, (s) => s._stateID >= 150, 0.3);
        expect(moves).toBeGreaterThan(5);

        const stored = (await readMatch(server, m.matchID)).state!;
        const all = [...m.clients, wholeSeat, cutWatcher, wholeWatcher];
        for (const c of all) await c.waitFor(() => c.state?._stateID === stored._stateID, 5000, 'the last state');

        // Move by move, the suffixed sockets saw what the whole ones saw.
        expect(seen.cut.size).toBeGreaterThan(5);
        expect(seen.cut).toEqual(seen.whole);
        // (the seat's own socket synced before it was watched)
        expect(seen.seat.size).toBeGreaterThanOrEqual(seen.wholeSeat.size - 1);
        expect(seen.seat).toEqual(new Map([...seen.wholeSeat].filter(([id]) => seen.seat.has(id))));
        expect(cutWatcher.state!.G).toEqual(wholeWatcher.state!.G);
        expect((cutWatcher.state!.G as Record<string, unknown>)[key]).toEqual(
          (stored.G as Record<string, unknown>)[key],
        );
        for (const c of all) expect(c.unrestored).toBe(0);

        // On the wire: after the sync, updates carried only new entries (a take-back may send the log whole).
        const cut = onWire.cut.filter((u) => u.logFrom?.[key] !== undefined);
        expect(cut.length).toBeGreaterThan(onWire.cut.length * 0.8);
        for (const u of cut) expect(u.logLengths[key]).toBeLessThan(u.logFrom![key] + 30);
        const fullLog = ((stored.G as Record<string, unknown>)[key] as unknown[]).length;
        expect(onWire.whole.at(-1)!.logLengths[key]).toBe(fullLog);
        const sum = (us: { bytes: number }[]) => us.reduce((n, u) => n + u.bytes, 0);
        expect(sum(onWire.cut)).toBeLessThan(sum(onWire.whole));
      } finally {
        for (const c of [...m.clients, wholeSeat, cutWatcher, wholeWatcher]) c.close();
      }
    }, 60_000);
  }

  it('a socket that does not ask is sent whole logs, as boardgame.io sends them', async () => {
    const def = GAMES[0];
    const key = def.logKeys![0];
    const m = await seatedMatch(server.url, def.id, 2);
    const onWire = wire(m.clients[1]);
    try {
      await playMatch(def.id, m, 3, (s) => s._stateID >= 30);
      expect(onWire.length).toBeGreaterThan(5);
      for (const u of onWire) expect(u.logFrom).toBeUndefined();
      const stored = (await readMatch(server, m.matchID)).state!;
      await m.clients[1].waitFor(() => m.clients[1].state?._stateID === stored._stateID);
      expect((m.clients[1].state!.G as Record<string, unknown>)[key]).toEqual(
        (stored.G as Record<string, unknown>)[key],
      );
    } finally {
      m.clients.forEach((c) => c.close());
    }
  });
});

describe('cutting and putting back a log', () => {
  const keys = ['log'];
  const entry = (n: number) => ({ n, text: `entry ${n}` });
  const G = (n: number, extra: Record<string, unknown> = {}) => ({
    round: n,
    log: Array.from({ length: n }, (_, i) => entry(i)),
    ...extra,
  });

  it('sends only the new entries when the log starts with what was sent, and puts them back', () => {
    const sent = markLogs(G(5), keys);
    const next = G(8);
    const { G: cut, cuts } = cutLogs(next, keys, sent);
    expect(cuts).toEqual({ logFrom: { log: 5 } });
    expect((cut as { log: unknown[] }).log).toEqual([entry(5), entry(6), entry(7)]);
    expect(next.log).toHaveLength(8); // the state itself is not changed
    const received = JSON.parse(JSON.stringify(cut));
    expect(restoreLogs(G(5), received, cuts!)).toBe(true);
    expect(received).toEqual(next);
  });

  it('sends the whole log after a take-back shortened it, or when the last entry sent was replaced', () => {
    expect(cutLogs(G(4), keys, markLogs(G(5), keys)).cuts).toBeUndefined();
    const edited = G(6);
    edited.log[4] = { n: 4, text: 'kept: red' };
    expect(cutLogs(edited, keys, markLogs(G(5), keys)).cuts).toBeUndefined();
    expect(cutLogs(G(6), keys, undefined).cuts).toBeUndefined();
  });

  it('marks an update it cannot put back as stale and asks for one sync', () => {
    let listener: ((event: string, ...args: unknown[]) => void) | undefined;
    const asked: string[] = [];
    restoreLogsOn({ prependAny: (l) => (listener = l) }, (matchID) => asked.push(matchID));
    const update = (state: { G: unknown; _stateID: number }, from: number) =>
      listener!('update', 'm1', state, [], { logFrom: { log: from } });
    const first = { G: { log: [entry(5)] }, _stateID: 7 };
    update(first, 5); // nothing to put it back on: no sync yet
    const second = { G: { log: [entry(6)] }, _stateID: 8 };
    update(second, 6);
    expect(first._stateID).toBe(-1);
    expect(second._stateID).toBe(-1);
    expect(asked).toEqual(['m1']);
    listener!('sync', 'm1', { state: { G: G(6), _stateID: 8 } });
    const third = { G: { log: [entry(6)] }, _stateID: 9 };
    update(third, 6);
    expect(third).toEqual({ G: { log: G(7).log }, _stateID: 9 });
  });
});
