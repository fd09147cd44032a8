/**
 * Installed dependency floors: every copy of socket.io, engine.io and ws in
 * node_modules must be past its public remote-crash CVE (koa-socket-2@2
 * brings socket.io 3.1.2 / engine.io 4.1.2 / ws 7.4.6 unless overridden), and
 * @koa/cors (boardgame.io asks for ^3) past its high advisory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FLOORS: Record<string, [number, number, number]> = {
  'socket.io': [4, 6, 2], // CVE-2024-38355
  '@koa/cors': [5, 0, 0], // GHSA-qxrj-hx23-xp82 (high): reflects any Origin
  'engine.io': [6, 2, 1], // CVE-2022-41940
  ws: [8, 17, 1], // CVE-2024-37890
};

function parse(version: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) throw new Error(`unparsable version ${version}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function atLeast(v: [number, number, number], floor: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (v[i] !== floor[i]) return v[i] > floor[i];
  return true;
}

/** Every installed copy of `names`, found by walking node_modules. */
function installedCopies(root: string, names: string[]): Array<{ name: string; dir: string; version: string }> {
  const found: Array<{ name: string; dir: string; version: string }> = [];
  const visit = (nodeModules: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(nodeModules, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      const dirs = e.name.startsWith('@')
        ? fs.readdirSync(path.join(nodeModules, e.name)).map((n) => path.join(nodeModules, e.name, n))
        : [path.join(nodeModules, e.name)];
      for (const dir of dirs) {
        const name = path.relative(nodeModules, dir).split(path.sep).join('/');
        if (names.includes(name)) {
          const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
          found.push({ name, dir, version: pkg.version });
        }
        visit(path.join(dir, 'node_modules'));
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  return found;
}

describe('socket.io stack versions', () => {
  const copies = installedCopies(process.cwd(), Object.keys(FLOORS));

  it('finds the copies it checks', () => {
    for (const name of Object.keys(FLOORS))
      expect(
        copies.some((c) => c.name === name),
        name,
      ).toBe(true);
  });

  it.each(Object.keys(FLOORS))('every installed %s is at or above the floor', (name) => {
    const below = copies
      .filter((c) => c.name === name && !atLeast(parse(c.version), FLOORS[name]))
      .map((c) => `${c.dir}@${c.version}`);
    expect(below).toEqual([]);
  });

  it('the floor check itself rejects the old versions', () => {
    expect(atLeast(parse('3.1.2'), FLOORS['socket.io'])).toBe(false);
    expect(atLeast(parse('4.1.2'), FLOORS['engine.io'])).toBe(false);
    expect(atLeast(parse('7.4.6'), FLOORS.ws)).toBe(false);
    expect(atLeast(parse('8.17.1'), FLOORS.ws)).toBe(true);
  });

  it('koa-socket-2 loads the top-level socket.io', async () => {
    const { createRequire } = await import('node:module');
    const req = createRequire(path.join(process.cwd(), 'node_modules/koa-socket-2/index.js'));
    const resolved = req.resolve('socket.io/package.json');
    expect(JSON.parse(fs.readFileSync(resolved, 'utf8')).version).toMatch(/^4\./);
  });
});
