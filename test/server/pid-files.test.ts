/**
 * Bundles named after the process that built them (server/pid-files.ts): a
 * process about to build removes those of processes that have ended (a test
 * worker ended with SIGTERM never ran its exit handler), and keeps its own,
 * a running process's, and any other file. Real files, real processes.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDeadPidFiles } from '../../server/pid-files';

/** The pid of a process that has ended. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  return Number(pid);
}

describe('bundles of ended processes', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are removed; its own, a running process’s and other files are kept', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-pidfiles-'));
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const dead = deadPid();
      const names = [
        `bot-worker-${dead}.cjs`,
        `bot-worker-${process.pid}.cjs`,
        `bot-worker-${alive.pid}.cjs`,
        `bot-worker-x${dead}.cjs`,
        `server-${dead}.cjs`,
        'notes.txt',
      ];
      for (const n of names) fs.writeFileSync(path.join(dir, n), '');
      expect(removeDeadPidFiles(dir, 'bot-worker-')).toEqual([`bot-worker-${dead}.cjs`]);
      expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1).sort());
      // A folder not made yet: nothing to do.
      expect(removeDeadPidFiles(path.join(dir, 'none'), 'server-')).toEqual([]);
    } finally {
      alive.kill();
    }
  });
});
