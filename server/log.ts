/**
 * One-line server logs: `<ISO time> <level> <message> key=value ...`.
 */
import { format } from 'node:util';

/**
 * `url` with its password (and any user name's secret part) replaced by `***`,
 * for log lines and error messages: `redis://:s3cret@host:6379` becomes
 * `redis://:***@host:6379`. Text that does not parse as a URL is redacted
 * the same way wherever it holds `//user:password@`.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/(\/\/[^/@:\s]*):[^/@\s]*@/g, '$1:***@');
  }
}

/** Log levels used by the server. */
export type LogLevel = 'info' | 'warn' | 'error';

/** A sink for one log line; tests pass their own to collect lines. */
export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text !== undefined && /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text ?? String(value));
}

/** Formats one line without the timestamp. */
export function formatLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): string {
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${formatValue(v)}`);
  return [level, message, ...parts].join(' ');
}

/** The default logger: stdout for info, stderr for warnings and errors. */
export const consoleLogger: Logger = (level, message, fields) => {
  const line = `${new Date().toISOString()} ${formatLine(level, message, fields)}`;
  if (level === 'info') console.log(line);
  else console.error(line);
};

/** A logger that drops everything. */
export const silentLogger: Logger = () => {};

/** How `limitConsoleErrors` bounds stderr. */
export interface ErrorLineLimits {
  /** Longest line kept; the rest is cut and its length noted. */
  maxLength: number;
  /** Lines per second let through; the others are counted and reported once a second. */
  perSecond: number;
}

/**
 * Bounds what `console.error` writes: boardgame.io logs every refused move
 * with its arguments in full, so a client sending 50 KB arguments in a loop
 * could fill the disk with stderr. Each line is cut to `maxLength` and at most
 * `perSecond` lines a second pass; a summary line counts the rest. Returns a
 * function that restores the original `console.error`.
 */
export function limitConsoleErrors(
  limits: ErrorLineLimits = { maxLength: 500, perSecond: 20 },
  write: (line: string) => void = (line) => process.stderr.write(line),
): () => void {
  const original = console.error;
  let windowStart = 0;
  let passed = 0;
  let dropped = 0;
  const flushDropped = () => {
    if (dropped > 0) write(`${new Date().toISOString()} warn error lines suppressed count=${dropped}\n`);
    dropped = 0;
  };
  console.error = (...args: unknown[]) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      flushDropped();
      windowStart = now;
      passed = 0;
    }
    if (passed >= limits.perSecond) {
      dropped++;
      return;
    }
    passed++;
    let text = format(...args);
    if (text.length > limits.maxLength) text = `${text.slice(0, limits.maxLength)}… (${text.length} characters)`;
    write(`${text}\n`);
  };
  return () => {
    flushDropped();
    console.error = original;
  };
}
