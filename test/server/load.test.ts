/**
 * A small load run, part of `npm test`: the real server as a child process,
 * matches created and joined through the lobby API, one socket.io client per
 * seat playing random moves from the bots' list (`botMoves`) on its own view until
 * every match ends; then every acknowledged move is checked against storage.
 * (`npm run loadtest` runs the same code at full size.)
 */
import { describe, expect, it } from 'vitest';
import { runLoadTest, type LoadReport } from '../../scripts/loadtest';

function expectClean(report: LoadReport, matches: number) {
  expect(report.errorSamples).toEqual([]);
  // The server process logged no unhandled rejection or uncaught error.
  expect(report.serverUnhandled).toEqual([]);
  expect(report.errors).toBe(0);
  expect(report.matchesCompleted).toBe(matches);
  expect(report.verification.checked).toBe(true);
  expect(report.verification.matchesChecked).toBe(matches);
  expect(report.verification.problems).toEqual([]);
  expect(report.movesAcknowledged).toBeGreaterThan(matches * 10);
  expect(report.latencyMs.p50).toBeGreaterThan(0);
  // Not the performance target (that is `npm run loadtest`), just no stalls.
  expect(report.latencyMs.p99).toBeLessThan(5000);
  expect(report.serverPeakRssMB).toBeGreaterThan(10);
}

describe('load: small runs through the real server', () => {
  it('3 two-player matches on file storage', async () => {
    const report = await runLoadTest({ matches: 3, players: 2, storage: 'file', timeoutSec: 50, thinkMs: 0, seed: 3 });
    expectClean(report, 3);
  }, 60_000);

  it('2 four-player matches on file storage', async () => {
    const report = await runLoadTest({ matches: 2, players: 4, storage: 'file', timeoutSec: 50, thinkMs: 0, seed: 4 });
    expectClean(report, 2);
  }, 60_000);

  it('refuses to load-test anything but loopback', async () => {
    await expect(
      runLoadTest({
        matches: 1,
        players: 2,
        storage: 'file',
        timeoutSec: 5,
        thinkMs: 0,
        seed: 1,
        url: 'http://10.0.0.1:8000',
      }),
    ).rejects.toThrow(/only 127\.0\.0\.1/);
  });
});
