/**
 * `npm run loadtest -- --url ...` against a server it did not start, run for
 * real through its npm script:
 *  - with the server's limits lifted, it checks every acknowledged move
 *    through the server's public `GET /replay/<matchID>` and says so in the
 *    report and its last line (it printed `"checked": false` and a bare
 *    `LOADTEST OK` before);
 *  - against the default per-client limits, the 31st creation's 429 is one
 *    line naming the limit and the options that lift it, exit 1 (a stack
 *    before);
 *  - a URL off loopback is one line, exit 2 (a stack before).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../server/harness';

/** Runs the npm script without blocking this process (the server under test runs in it). */
function loadtest(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'loadtest', '--', ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (status) => resolve({ status, stdout, stderr: stderr.replace(/^npm warn.*\n/gm, '') }));
  });
}

describe('npm run loadtest -- --url', () => {
  it('checks every acknowledged move through GET /replay and says so', async () => {
    const server = await startTestServer();
    try {
      const r = await loadtest(['--url', server.url, '--matches', '3', '--players', '2', '--quiet']);
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe('LOADTEST OK: every acknowledged move is in the stored log (read through GET /replay)');
      const report = JSON.parse(lines.slice(0, -1).join('\n'));
      expect(report.verification).toMatchObject({ checked: true, via: 'replay', matchesChecked: 3, lost: 0 });
    } finally {
      await server.close();
    }
  }, 90_000);

  it('stops at a server with the default per-client limits with one line naming them and the options to lift', async () => {
    const server = await startTestServer({ creation: { perMinute: 30, openPerClient: 20 } });
    try {
      const r = await loadtest(['--url', server.url, '--matches', '31', '--players', '2', '--quiet']);
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^the server at ${server.url} refused lobby /create with HTTP 429 \\(Too many matches created`),
      );
      expect(lines[0]).toContain('start that server with --create-rate 0 --open-matches 0 --max-conns-per-ip 0');
      expect(r.stdout).not.toContain('LOADTEST OK');
    } finally {
      await server.close();
    }
  }, 90_000);

  it.each([
    ['http://example.com', '--url: refusing to load-test example.com: only 127.0.0.1, localhost or ::1.'],
    ['nonsense', '--url: "nonsense" is not a URL.'],
  ])(
    'refuses %s in one line, exit 2',
    async (url, said) => {
      const r = await loadtest(['--url', url, '--matches', '1']);
      expect(r.status).toBe(2);
      expect(r.stderr.trim()).toBe(said);
    },
    60_000,
  );
});
