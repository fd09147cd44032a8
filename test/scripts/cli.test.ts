/**
 * The scripts' shared command line (scripts/cli.ts), run for real through
 * their npm scripts: `--help` prints the usage and exits 0; an unknown flag,
 * a missing value and a bad number each print one clear line and exit 2; a
 * failure that is no mistake in the command line exits 1.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function npm(script: string, args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^npm warn.*\n/gm, '') };
}

describe.each([
  ['loadtest', '--matches', '--seed'],
  ['bench', '--seconds', '--warmup'],
])('npm run %s', (script, numeric, other) => {
  it('prints its usage for --help and -h', () => {
    for (const flag of ['--help', '-h']) {
      const r = npm(script, [flag]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`npm run ${script}`);
      expect(r.stdout).toContain(numeric);
    }
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'\. See --help\./],
    [[numeric, 'abc'], new RegExp(`${numeric} must be a whole number from .* not "abc"`)],
    [[`${other}=-3`], new RegExp(`${other} must be a whole number from`)],
    [[other, '-3'], new RegExp(`Option '${other}' argument is ambiguous`)],
    [[numeric], new RegExp(`Option '${numeric} <value>' argument missing`)],
  ])('refuses %j with one clear line and exit code 2', (args, message) => {
    const r = npm(script, args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});

it('a run that fails (here: its --json file cannot be written) exits 1, not as a bad command line', () => {
  const r = npm('bots', ['--bots', 'random,random', '--games', '1', '--json', '/nonexistent-dir/results.json']);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/ENOENT.*nonexistent-dir/);
});
