/**
 * `matchChanged` (server/match-changes.ts): the server tells every socket of
 * a match when what its match page shows has changed, so the page reads the
 * match at once instead of on its next poll. Real servers on loopback with raw
 * socket.io clients: on the file storage, and with two processes sharing
 * PostgreSQL and Redis. The notice names the match and nothing else, leaves
 * only after the change is stored, and is not sent for a move (its state
 * comes over the socket) until the game ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMatch, GAME, http, joinMatch, RawClient, sleep, startTestServer, type TestServer } from './harness';
import { twoServers } from './processes';
import { playMatch, seatedMatch } from './play';
import { LocalPubSub } from '../../server/storage';
import { CHANGED_CHANNEL, MatchChanges, type MatchChanged } from '../../server/match-changes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/** The `matchChanged` messages a client received. */
const notices = (c: RawClient) => c.received.filter((m) => m[0] === 'matchChanged');

/**
 * Runs `change`, waits for a new notice on every client, and returns the
 * match as the lobby answers the moment the last one arrived.
 */
async function afterNotice(base: string, matchID: string, clients: RawClient[], what: string, change: () => unknown) {
  const before = clients.map((c) => notices(c).length);
  await change();
  await Promise.all(clients.map((c, i) => c.waitFor(() => notices(c).length > before[i], 5000, what)));
  for (const c of clients) expect(notices(c).at(-1)).toEqual(['matchChanged', matchID]);
  const res = await http(base, `/games/${GAME}/${matchID}`);
  expect(res.status).toBe(200);
  return res.json as { players: { id: number; name?: string; isConnected?: boolean }[]; spectators: number };
}

describe('match changes on one process', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-changes-'));
    server = await startTestServer({ storage: 'file', dataDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells the seated and the watching sockets of each change, after it is stored', async () => {
    const base = server.url;
    const matchID = await createMatch(base, 3, { firstPlayer: 0 });
    const ana = new RawClient(base);
    const watcher = new RawClient(base);
    const other = new RawClient(base);
    try {
      let match = await afterNotice(base, matchID, [ana], 'Ana connected', async () =>
        ana.sync(matchID, '0', await joinMatch(base, matchID, '0', 'Ana')),
      );
      expect(match.players[0]).toMatchObject({ name: 'Ana', isConnected: true });

      match = await afterNotice(base, matchID, [ana], 'a spectator', () => watcher.sync(matchID, null));
      expect(match.spectators).toBe(1);

      let bruno = '';
      match = await afterNotice(base, matchID, [ana, watcher], 'Bruno joined', async () => {
        bruno = await joinMatch(base, matchID, '1', 'Bruno');
      });
      expect(match.players[1].name).toBe('Bruno');

      match = await afterNotice(base, matchID, [ana, watcher], 'Bruno renamed', () =>
        http(base, `/games/${GAME}/${matchID}/update`, {
          method: 'POST',
          json: { playerID: '1', credentials: bruno, newName: 'Bruna' },
        }),
      );
      expect(match.players[1].name).toBe('Bruna');

      match = await afterNotice(base, matchID, [ana, watcher], 'Bruna left', () =>
        http(base, `/games/${GAME}/${matchID}/leave`, { method: 'POST', json: { playerID: '1', credentials: bruno } }),
      );
      expect(match.players[1].name).toBeUndefined();

      match = await afterNotice(base, matchID, [ana], 'the spectator gone', () => watcher.close());
      expect(match.spectators).toBe(0);

      // A refused request changes nothing and tells nobody; nor does another match's change.
      const other_ = await createMatch(base, 2, { firstPlayer: 0 });
      await other.sync(other_, '0', await joinMatch(base, other_, '0', 'Caro'));
      await other.waitFor(() => notices(other).length > 0, 5000, 'Caro connected');
      const before = notices(ana).length;
      const refused = await http(base, `/games/${GAME}/${matchID}/leave`, {
        method: 'POST',
        json: { playerID: '0', credentials: 'wrong' },
      });
      expect(refused.status).toBe(403);
      await joinMatch(base, other_, '1', 'Dani');
      await other.waitFor(() => notices(other).length > 1, 5000, 'the other match');
      await sleep(300);
      expect(notices(ana).length).toBe(before);
      expect(notices(other).every((m) => m[1] === other_)).toBe(true);
    } finally {
      for (const c of [ana, watcher, other]) c.close();
    }
  });

  it('sends nothing for a move, and one notice when the game ends', async () => {
    const m = await seatedMatch(server.url, 'get-on-board', 2);
    try {
      // The seats' connections come first.
      await Promise.all(m.clients.map((c) => c.waitFor(() => notices(c).length > 0, 5000, 'the connections')));
      await sleep(300);
      const before = m.clients.map((c) => notices(c).length);
      let moves = 0;
      await playMatch('get-on-board', m, 5, (s) => {
        if (s.ctx.gameover === undefined) expect(m.clients.map((c) => notices(c).length)).toEqual(before);
        return false;
      }).then((n) => (moves = n));
      // Both departures and at least a plot (random plots may eliminate both players within a few rounds).
      expect(moves).toBeGreaterThanOrEqual(3);
      await Promise.all(m.clients.map((c, i) => c.waitFor(() => notices(c).length > before[i], 5000, 'the end')));
      const ended = await http(server.url, `/games/get-on-board/${m.matchID}`);
      expect(ended.json.gameover).toBeDefined();
    } finally {
      m.clients.forEach((c) => c.close());
    }
  }, 60_000);
});

describe('MatchChanges', () => {
  it('makes one notice of the changes of a match within its delay, and one per match', async () => {
    vi.useFakeTimers();
    try {
      const pubsub = new LocalPubSub<MatchChanged>();
      const heard: string[] = [];
      const changes = new MatchChanges(pubsub, 100);
      changes.onChanged((id) => heard.push(id));
      changes.changed('a');
      changes.changed('a');
      changes.changed('b');
      await vi.advanceTimersByTimeAsync(50);
      changes.changed('a');
      expect(heard).toEqual([]);
      await vi.advanceTimersByTimeAsync(60);
      expect(heard.sort()).toEqual(['a', 'b']);
      changes.changed('a');
      await vi.advanceTimersByTimeAsync(100);
      expect(heard).toEqual(['a', 'b', 'a']);
      // After the write settles, even a failed one; a malformed notice from another process is ignored.
      let settle!: () => void;
      changes.changedAfter('c', new Promise<void>((r) => (settle = r)));
      changes.changedAfter('d', Promise.reject(new Error('disk full')));
      await vi.advanceTimersByTimeAsync(200);
      expect(heard).toEqual(['a', 'b', 'a', 'd']);
      settle();
      await vi.advanceTimersByTimeAsync(200);
      expect(heard).toEqual(['a', 'b', 'a', 'd', 'c']);
      pubsub.publish(CHANGED_CHANNEL, { matchID: 7 } as unknown as MatchChanged);
      pubsub.publish(CHANGED_CHANNEL, null as unknown as MatchChanged);
      changes.changed('e');
      changes.close();
      await vi.advanceTimersByTimeAsync(200);
      expect(heard).toEqual(['a', 'b', 'a', 'd', 'c']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!PG_URL || !REDIS_URL)('match changes: two processes on PostgreSQL and Redis', () => {
  const servers = twoServers(PG_URL!, REDIS_URL!, 'changes');

  it('tells the sockets held by the other process', async () => {
    const [a, b] = [servers.a(), servers.b()];
    const matchID = await createMatch(a.url, 3, { firstPlayer: 0 });
    const onB = new RawClient(b.url);
    const watcherOnA = new RawClient(a.url);
    try {
      await afterNotice(b.url, matchID, [onB], 'Ana connected', async () =>
        onB.sync(matchID, '0', await joinMatch(a.url, matchID, '0', 'Ana')),
      );
      let match = await afterNotice(b.url, matchID, [onB], 'a spectator on a', () => watcherOnA.sync(matchID, null));
      expect(match.spectators).toBe(1);
      match = await afterNotice(b.url, matchID, [onB, watcherOnA], 'Bruno joined on a', () =>
        joinMatch(a.url, matchID, '1', 'Bruno'),
      );
      expect(match.players[1].name).toBe('Bruno');
    } finally {
      onB.close();
      watcherOnA.close();
    }
  });
});
