/**
 * The load test's server bundle (`buildServer` in scripts/loadtest.ts), built
 * for real with esbuild, again and again in one process as the `io` test
 * files (which share one process) and a `--compare` run build it: the file
 * it leaves is removed when the process exits, by one `exit` listener
 * whatever the number of builds (a listener per build made Node warn of a
 * leak at the 11th). A build removes the bundles of processes that have
 * ended without removing theirs (a test worker ended with SIGTERM).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/loadtest';

describe('the load test server bundle', () => {
  it('adds one exit listener to remove its file, however many times it is built', async () => {
    const before = process.listenerCount('exit');
    const files = [];
    for (let i = 0; i < 3; i++) files.push(await buildServer());
    expect(new Set(files).size).toBe(1);
    expect(fs.statSync(files[0]).size).toBeGreaterThan(100_000);
    // At most one more than before: the first build of this process adds it (an earlier file may have).
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
    const after = process.listenerCount('exit');
    await buildServer();
    expect(process.listenerCount('exit')).toBe(after);
  }, 60_000);

  it("removes an ended process's bundle as it builds its own", async () => {
    const own = await buildServer();
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout);
    const left = path.join(path.dirname(own), `server-${dead}.cjs`);
    fs.writeFileSync(left, '// left by a test worker ended with SIGTERM');
    expect(await buildServer()).toBe(own);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(own)).toBe(true);
  }, 60_000);
});
