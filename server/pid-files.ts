/**
 * Files named after the process that made them (`<prefix><pid>.cjs`: a bundle built from source for a test process),
 * which that process removes as it exits. Vitest ends a test worker with SIGTERM, which skips `exit` handlers, so
 * each test run left its bundles behind (467 KB each, in node_modules/.cache). A process about to build one removes
 * those of processes no longer running.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Whether a process of that pid runs (one of another user's counts: EPERM). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `dir`'s files `<prefix><pid><suffix>` whose process has ended; returns their names. */
export function removeDeadPidFiles(dir: string, prefix: string, suffix = '.cjs'): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
    const digits = name.slice(prefix.length, name.length - suffix.length);
    if (!/^\d+$/.test(digits)) continue;
    const pid = Number(digits);
    if (pid === process.pid || running(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
