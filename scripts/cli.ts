/**
 * The one argument parser of the scripts (bots, bench, load test), on
 * `node:util`'s `parseArgs`: unknown flags, missing values and bad numbers
 * are a one-line `UsageError` naming the flag; `--help`/`-h` asks for the
 * usage text. `runCli` prints either and exits 2 (0 for help); any other
 * failure prints its stack and exits 1.
 */
import { parseArgs } from 'node:util';

/** A mistake in the command line: printed on one line, exit code 2. */
export class UsageError extends Error {}

/** A failure the script explains in one sentence (a server that refused the load): printed without a stack, exit 1. */
export class RunError extends Error {}

/** The flags a script takes: each a string (with a value) or a boolean (a switch). */
export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Parsed flags by name, or 'help'. */
export type Flags = Record<string, string | boolean | undefined>;

/** Parses `argv` against `spec` (plus `--help`/`-h`); throws `UsageError` on anything it does not know. */
export function parseFlags(argv: string[], spec: FlagSpec): Flags | 'help' {
  let values: Flags;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { ...spec, help: { type: 'boolean', short: 'h' } },
    }) as { values: Flags });
  } catch (err) {
    // node's messages name the flag; drop its advice about positionals and "--".
    const text = (err as Error).message.split('\n')[0].replace(/\. To specify .*$/, '');
    throw new UsageError(`${text}. See --help.`);
  }
  return values.help ? 'help' : values;
}

/** A whole number from `min` to `max`, or undefined when the flag was not given. */
export function integer(flags: Flags, name: string, min: number, max: number): number | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${String(text)}".`);
  }
  return Number(text);
}

/** A number in (`min`, `max`) or [`min`, `max`] as `inclusive` says, or undefined when not given. */
export function decimal(flags: Flags, name: string, min: number, max: number, inclusive = true): number | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  const n = typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  const inside = inclusive ? n >= min && n <= max : n > min && n < max;
  if (!inside) {
    const range = inclusive ? `from ${min} to ${max}` : `between ${min} and ${max} (exclusive)`;
    throw new UsageError(`--${name} must be a number ${range}, not "${String(text)}".`);
  }
  return n;
}

/** One of `choices`, or undefined when not given. */
export function oneOf<T extends string>(flags: Flags, name: string, choices: readonly T[]): T | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !(choices as readonly string[]).includes(text)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${String(text)}".`);
  }
  return text as T;
}

/** A string flag's value, or undefined. */
export function text(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
}

/** Runs a script's `main`; a `UsageError` prints its line (and where to look) and exits 2, any other error exits 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}`);
      process.exit(2);
    }
    if (err instanceof RunError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  });
}
