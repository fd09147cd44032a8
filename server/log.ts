/**
 * One-line server logs: `<ISO time> <level> <message> key=value ...`.
 */

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
