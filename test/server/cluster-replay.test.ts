/**
 * Take-backs and the replay of a match played across two server processes on a real PostgreSQL and Redis. The seats'
 * sockets alternate between the processes, so each move is made on a state another process stored (the undo stack
 * packed by server/undo-store.ts, read back from PostgreSQL); seats take back their moves now and then (the games that allow
 * it), once through the other process than the move's. At the end `GET /replay/<matchID>` answers the same on both processes, and the
 * stored log replays through the game's reducer step for step to the stored final state.
 */
import { describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { buildReplay } from '../../src/client/replay';
import type { ReplayData } from '../../server/replay';
import { http, RawClient, readMatch } from './harness';
import { playMatch } from './play';
import { twoServers } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!PG_URL || !REDIS_URL)('take-backs and replays on two processes', () => {
  const servers = twoServers(PG_URL ?? '', REDIS_URL ?? '', 'replay2');

  it.each([
    ['touched-on', 2, { dealer: 1 }],
    ['get-on-board', 3, undefined],
  ])(
    '%s: take-backs across processes, and a replay of the whole match from either',
    async (gameId, players, setupData) => {
      const [a, b] = [servers.a(), servers.b()];
      const def = findGame(gameId)!;
      const created = await http(a.url, `/games/${gameId}/create`, {
        method: 'POST',
        json: { numPlayers: players, setupData },
      });
      expect(created.status).toBe(200);
      const matchID = created.json.matchID as string;
      const creds: string[] = [];
      const clients: RawClient[] = [];
      for (let i = 0; i < players; i++) {
        const url = i % 2 === 0 ? a.url : b.url;
        const joined = await http(url, `/games/${gameId}/${matchID}/join`, {
          method: 'POST',
          json: { playerID: String(i), playerName: `P${i}` },
        });
        expect(joined.status).toBe(200);
        creds.push(joined.json.playerCredentials as string);
      }
      for (let i = 0; i < players; i++) {
        const c = new RawClient(i % 2 === 0 ? a.url : b.url, { namespace: gameId });
        await c.sync(matchID, String(i), creds[i]);
        clients.push(c);
      }
      // The first seat also has a page open on the other process.
      const other = new RawClient(b.url, { namespace: gameId });
      try {
        await other.sync(matchID, '0', creds[0]);
        const m = { matchID, creds, clients };

        // A move through the first process, taken back through the second, until one could be. (Whether one can
        // depends on the deal: a Touched On turn ends by itself after a batch when nothing else is playable.)
        let tookBack = false;
        for (let tries = 0; tries < 1000 && def.canTakeBack && !tookBack; tries++) {
          // Seat 0's view first catches up with the latest state any seat has seen (updates cross processes through
          // Redis): a stale one made every try return at once, without a move, until the tries ran out.
          const latest = Math.max(...clients.map((c) => c.state!._stateID));
          await clients[0].waitFor(() => clients[0].state!._stateID >= latest, 5000, 'seat 0 to catch up');
          const before = clients[0].state!;
          if (before.ctx.gameover) break;
          if (before.ctx.currentPlayer !== '0') {
            await playMatch(gameId, m, 100 + tries, (s) => s._stateID > before._stateID);
            continue;
          }
          await playMatch(gameId, m, 200 + tries, (s) => s._stateID > before._stateID);
          const after = clients[0].state!;
          if (!def.canTakeBack?.(after.G, after.ctx, '0')) continue;
          await other.waitFor(() => other.state?._stateID === after._stateID, 5000, 'the move on the other process');
          other.undo(matchID, '0', creds[0], after._stateID);
          await clients[0].waitFor(() => clients[0].state!._stateID > after._stateID, 5000, 'the take-back');
          expect(clients[0].state!.G).toEqual(before.G);
          expect(other.state!.G).toEqual(before.G);
          tookBack = true;
        }
        expect(tookBack).toBe(!!def.canTakeBack);

        // To the end, each seat taking back now and then through its own process.
        await playMatch(gameId, m, 7, undefined, 0.3);
        const stored = (await readMatch(a, matchID)).state!;
        expect(stored.ctx.gameover).toBeDefined();
        const answers = await Promise.all([a, b].map((s) => http(s.url, `/replay/${matchID}`)));
        for (const r of answers) expect(r.status, r.text).toBe(200);
        expect(answers[1].json).toEqual(answers[0].json);
        const data = answers[0].json as ReplayData;
        expect(data.log.some((s) => s.action.type === 'UNDO')).toBe(!!def.canTakeBack);
        expect(data.finalStateID).toBe(stored._stateID);
        const replay = buildReplay(def.game, data);
        expect(replay.problems).toEqual([]);
        const last = replay.states[replay.states.length - 1];
        expect(last._stateID).toBe(stored._stateID);
        expect(last.G).toEqual(stored.G);
        expect(last.ctx.gameover).toEqual(stored.ctx.gameover);
      } finally {
        other.close();
        clients.forEach((c) => c.close());
      }
    },
    120_000,
  );
});
