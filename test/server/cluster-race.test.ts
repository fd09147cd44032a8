/**
 * One writer per move: two real server processes on one PostgreSQL database.
 * Round after round, one seat sends two different legal moves for the same
 * state at the same moment, one through each process. Exactly one is stored;
 * the other is refused, and every socket that hears of the new state hears
 * the stored one (the losing socket resyncs to it). At the end the stored log,
 * replayed through the game's reducer from the stored starting state, gives
 * the stored state.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, getFilterPlayerView, ProcessGameConfig } from 'boardgame.io/internal';
import { PostgresStorage } from '../../server/storage';
import { LisbonTram28 } from '../../src/games/lisbon';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { fullMatch, makePublicDir, RawClient } from './harness';
import { buildServer, removeBuild, startProcess, withSchema, type ServerProcess } from './processes';
import { waitingOn } from '../../src/games/common/waiting-room';

const PG_URL = process.env.TEST_DATABASE_URL;
const schema = `race_${process.pid}_${Date.now().toString(36)}`;
const ROUNDS = 60;

type Move = { move: string; args?: unknown[] };

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL database', () => {
  // Made once the suite runs: a suite skipped or filtered out runs its body, not its hooks.
  let publicDir = '';
  let procs: ServerProcess[] = [];
  let db: PostgresStorage;
  let serverFile: string | undefined;

  beforeAll(async () => {
    publicDir = makePublicDir();
    serverFile = await buildServer();
    const url = withSchema(PG_URL!, schema);
    db = new PostgresStorage({ connectionString: url, max: 2 });
    await db.connect(); // the tables, before two processes race to create them
    const args = ['--storage', 'postgres', '--database-url', url, '--port', '0', '--public-dir', publicDir];
    procs = await Promise.all([startProcess(serverFile, args), startProcess(serverFile, args)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db?.close();
    if (publicDir) fs.rmSync(publicDir, { recursive: true, force: true });
    if (serverFile) removeBuild(serverFile);
  });

  const filter = getFilterPlayerView(LisbonTram28 as never);
  const reducer = CreateGameReducer({ game: ProcessGameConfig(LisbonTram28 as never) });
  /** What seat `playerID` should see of `state`. */
  const viewOf = (matchID: string, state: State, playerID: string) => {
    const v = (
      filter(playerID, { type: 'update', args: [matchID, state] } as never) as unknown as { args: [string, State] }
    ).args[1];
    return { G: v.G, ctx: v.ctx, _stateID: v._stateID };
  };

  /** Replays the stored log from the stored starting state and compares with the stored state. */
  const expectLogReplays = async (matchID: string) => {
    const r = await db.fetch(matchID, { state: true, initialState: true, log: true });
    let state = r.initialState;
    // The players' moves; the events in the log came from those moves (this game takes no client events).
    for (const entry of r.log) if (entry.action.type === 'MAKE_MOVE') state = reducer(state, entry.action);
    expect(state._stateID).toBe(r.state._stateID);
    expect(state.G).toEqual(r.state.G);
    expect(state.ctx).toEqual(r.state.ctx);
  };

  it(`stores exactly one of two moves raced through both processes, ${ROUNDS} times; the log replays`, async () => {
    const [a, b] = procs;
    const wins = { a: 0, b: 0 };
    let raced = 0;
    let matches = 0;
    while (raced < ROUNDS) {
      const { matchID, creds } = await fullMatch(a.url, 2);
      matches++;
      const onA = [new RawClient(a.url), new RawClient(a.url)];
      const onB = [new RawClient(b.url), new RawClient(b.url)];
      const all = [...onA, ...onB];
      const seatOf = (c: RawClient) => String(all.indexOf(c) % 2);
      try {
        while (raced < ROUNDS) {
          for (const c of all) await c.sync(matchID, seatOf(c), creds[Number(seatOf(c))]);
          const sid = onA[0].state!._stateID;
          const pid = waitingOn(onA[0].state!.ctx)[0];
          if (pid === undefined) break;
          const own = onA[Number(pid)].state!;
          const options = botMoves(own.G as never, own.ctx, pid) as Move[];
          const distinct = [...new Map(options.map((o) => [JSON.stringify(o), o])).values()];
          if (distinct.length < 2) {
            // Nothing to race here: play the only move and go on.
            const only = distinct[0];
            onA[Number(pid)].move(matchID, pid, creds[Number(pid)], only.move, only.args ?? [], sid);
            await onA[Number(pid)].waitFor(() => onA[Number(pid)].state!._stateID > sid, 10_000, 'single move');
            continue;
          }
          const [m1, m2] = [distinct[0], distinct[distinct.length - 1]];
          const before = all.map((c) => c.received.length);
          onA[Number(pid)].move(matchID, pid, creds[Number(pid)], m1.move, m1.args ?? [], sid);
          onB[Number(pid)].move(matchID, pid, creds[Number(pid)], m2.move, m2.args ?? [], sid);
          // Both senders hear of the new state: the winner's move, or the stored state after a refusal.
          for (const c of [onA[Number(pid)], onB[Number(pid)]]) {
            await c
              .waitFor(() => c.state!._stateID > sid, 10_000, `round ${raced}: the new state`)
              .catch((err) => {
                const logs = procs.map(
                  (p, i) => `process ${'AB'[i]}:\n${p.output().split('\n').slice(-15).join('\n')}`,
                );
                const who = c === onA[Number(pid)] ? 'A' : 'B';
                throw new Error(
                  `${(err as Error).message} (sender on ${who}, moves ${JSON.stringify([m1, m2])})\n${logs.join('\n')}`,
                );
              });
          }
          const stored = (await db.fetch(matchID, { state: true, log: true })) as { state: State; log: any[] };
          expect(stored.state._stateID, `round ${raced}`).toBe(sid + 1);
          const moves = stored.log.filter((e) => e._stateID === sid && e.action.type === 'MAKE_MOVE');
          expect(moves, `round ${raced}: one move stored for state ${sid}`).toHaveLength(1);
          const won = JSON.stringify({ move: moves[0].action.payload.type, args: moves[0].action.payload.args });
          const byA = won === JSON.stringify({ move: m1.move, args: m1.args ?? [] });
          const byB = won === JSON.stringify({ move: m2.move, args: m2.args ?? [] });
          expect(byA || byB, `round ${raced}: the stored move is one of those sent`).toBe(true);
          wins[byA ? 'a' : 'b']++;
          // No socket was ever shown a state at sid + 1 other than the stored one.
          all.forEach((c, i) => {
            for (const [event, , payload] of c.received.slice(before[i])) {
              const state = (event === 'update' ? payload : undefined) as State | undefined;
              if (state?._stateID !== sid + 1) continue;
              expect({ G: state.G, ctx: state.ctx, _stateID: state._stateID }, `round ${raced}`).toEqual(
                viewOf(matchID, stored.state, seatOf(c)),
              );
            }
          });
          raced++;
        }
      } finally {
        all.forEach((c) => c.close());
      }
      await expectLogReplays(matchID);
    }
    const refusals = procs.map((p) => (p.output().match(/move refused: another move/g) ?? []).length);
    console.log(
      `raced ${raced} rounds in ${matches} match(es): stored through A ${wins.a}, through B ${wins.b}; ` +
        `refused at the write (the rest refused as stale before it): ${refusals.join(' + ')}`,
    );
    expect(wins.a + wins.b).toBe(ROUNDS);
  }, 120_000);
});
