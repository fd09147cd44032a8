/**
 * A short cluster load run, part of `npm test`: two server workers on one
 * port (node:cluster), PostgreSQL and Redis; 4-player matches played to the
 * end by socket clients spread over both workers; one worker killed with
 * SIGKILL partway. Its players reconnect to the other worker by themselves;
 * every acknowledged move is in the stored log, none twice.
 * (`npm run loadtest -- --workers 4 ... --kill-worker-at 0.5` at full size.)
 */
import { describe, expect, it } from 'vitest';
import { runLoadTest } from '../../scripts/loadtest';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!PG_URL || !REDIS_URL)('load: a cluster with a worker killed', () => {
  it('6 four-player matches on 2 workers, one killed at 40% of the moves: none lost, none twice', async () => {
    const report = await runLoadTest({
      matches: 6,
      players: 4,
      storage: 'postgres',
      databaseUrl: PG_URL,
      workers: 2,
      redisUrl: REDIS_URL,
      killWorkerAt: 0.4,
      timeoutSec: 80,
      thinkMs: 0,
      seed: 7,
    });
    console.log(
      `cluster load: ${report.movesAcknowledged} moves, ${report.movesPerSec}/s, p99 ${report.latencyMs.p99} ms, ` +
        `${report.reconnects} reconnects, lost ${report.verification.lost}, duplicated ${report.verification.duplicated}`,
    );
    expect(report.errorSamples).toEqual([]);
    expect(report.serverUnhandled).toEqual([]);
    expect(report.kill?.workerPid).toEqual(expect.any(Number));
    // The killed worker's players came back through the other worker.
    expect(report.reconnects).toBeGreaterThan(0);
    expect(report.matchesCompleted).toBe(6);
    expect(report.verification.checked).toBe(true);
    expect(report.verification.matchesChecked).toBe(6);
    expect(report.verification.lost).toBe(0);
    expect(report.verification.duplicated).toBe(0);
    expect(report.verification.problems).toEqual([]);
  }, 100_000);
});
