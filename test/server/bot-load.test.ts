/**
 * Bot seats under load: six `hard` bots thinking at once, on the worker
 * threads, while a bystander match of two people plays. The bystander's
 * round trips are printed (the target: p95 under 50 ms with the cap
 * reached; on the main event loop they went from 5 ms to 1,390 ms); the test
 * asserts only that the server did not freeze, since this machine is shared.
 * Past the caps, bot requests are refused with 429.
 */
import type { State } from 'boardgame.io';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LisbonTram28 } from '../../src/game';
import {
  actors,
  createMatch,
  fullMatch,
  http,
  joinMatch,
  RawClient,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ botLimits: { perServer: 6, perClient: 6, threads: 1 } });
});
afterAll(() => server?.close());

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

it('six hard bots think off the event loop; a bystander match keeps its pace; the caps answer 429', async () => {
  for (let m = 0; m < 2; m++) {
    const matchID = await createMatch(server.url, 4, { firstPlayer: 1 });
    const creds = await joinMatch(server.url, matchID, '0', `Host${m}`);
    for (const seat of [1, 2, 3]) {
      const res = await http(server.url, `/bots/${matchID}`, {
        method: 'POST',
        json: { seat, level: 'hard', playerID: '0', credentials: creds },
      });
      expect(res.status).toBe(200);
    }
  }
  expect(server.bots.running).toBe(6);
  const spare = await createMatch(server.url, 2);
  const spareCreds = await joinMatch(server.url, spare, '0', 'Spare');
  const refused = await http(server.url, `/bots/${spare}`, {
    method: 'POST',
    json: { seat: 1, level: 'easy', playerID: '0', credentials: spareCreds },
  });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('60');

  // Bystander matches, one after another, for 6 s while the bots think.
  const trips: number[] = [];
  const end = Date.now() + 6000;
  while (Date.now() < end) {
    const { matchID, creds } = await fullMatch(server.url, 2);
    const players = creds.map(() => new RawClient(server.url));
    for (let i = 0; i < 2; i++) await players[i].sync(matchID, String(i), creds[i]);
    let stateID = players[0].state!._stateID;
    while (Date.now() < end) {
      const pid = actors(players[0].state!.ctx)[0];
      if (pid === undefined) break;
      const own = players[Number(pid)].state as State;
      const options = LisbonTram28.ai!.enumerate(own.G, own.ctx, pid) as Array<{ move: string; args?: unknown[] }>;
      const choice = options[trips.length % options.length];
      const t0 = performance.now();
      players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args ?? [], stateID);
      await Promise.all(
        players.map((p) => p.waitFor(() => p.state!._stateID > stateID, 10_000, 'the bystander update')),
      );
      trips.push(performance.now() - t0);
      stateID = players[0].state!._stateID;
    }
    players.forEach((p) => p.close());
  }
  expect(server.bots.running).toBe(6);
  const sorted = [...trips].sort((a, b) => a - b);
  console.log(
    `bot load figures: ${JSON.stringify({ moves: trips.length, p50ms: Math.round(percentile(sorted, 0.5)), p95ms: Math.round(percentile(sorted, 0.95)) })}`,
  );
  expect(trips.length).toBeGreaterThan(20);
  expect(percentile(sorted, 0.95)).toBeLessThan(1000);
}, 60_000);
