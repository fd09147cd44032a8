/**
 * Why the server could not start, said in one sentence for the operator:
 * a taken port, an address not on this machine, a database that does not
 * answer or does not exist, a data folder that is a file. Such errors carry
 * a `code` (Node's `EADDRINUSE`, PostgreSQL's `3D000`, ...) this file knows;
 * any other error may be a bug, and keeps its stack.
 */
import { redactUrl } from './log';

/** What a startup error looks like: Node's system errors, pg's errors, ours. */
interface CodedError extends Error {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
  /** Set by startServer on an error of its listen: the --host it tried to bind. */
  listenHost?: string;
}

/** The hint added to a PostgreSQL error, by its SQLSTATE code. */
const POSTGRES_HINTS: Record<string, string> = {
  '3D000': 'create the database, or check the name in --database-url (DATABASE_URL)',
  '28P01': 'check the user and password in --database-url (DATABASE_URL)',
  '28000': 'check the user in --database-url (DATABASE_URL) and pg_hba.conf',
  '3F000': 'check the schema in --database-url (DATABASE_URL)',
  '42501': 'the database user may not create the tables: grant it the rights, or use another user',
};

/** A system error while connecting, as Node names it. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET']);

/**
 * One line for a startup failure: the sentence, and the stack only for an
 * unexpected error (one without a `code` this file describes).
 */
export function describeStartupError(err: unknown): { message: string; stack?: string } {
  if (!(err instanceof Error)) return { message: `server failed to start: ${String(err)}` };
  const e = err as CodedError;
  const code = e.code;
  if (!code) return { message: `server failed to start: ${redactUrl(e.message)}`, stack: e.stack };
  const said = redactUrl(e.message);
  let hint: string | undefined;
  if (e.listenHost !== undefined && e.syscall === 'getaddrinfo') {
    // listen() looks the host up first: a name that does not resolve, or no address at all (999.1.1.1).
    return {
      message: `server failed to start: --host ${e.listenHost} is not an address of this machine nor a name that resolves (${said}): check --host (HOST); 127.0.0.1 serves this machine, 0.0.0.0 every interface`,
    };
  }
  // A worker of a cluster listens through the primary, whose error names the syscall `bind`.
  if (e.syscall === 'listen' || e.syscall === 'bind') {
    const where = e.address && e.port !== undefined ? `${e.address}:${e.port}` : `port ${e.port ?? '?'}`;
    if (code === 'EADDRINUSE')
      return {
        message: `server failed to start: port ${e.port} is in use (${where}): stop what uses it, or choose another --port`,
      };
    if (code === 'EADDRNOTAVAIL')
      return {
        message: `server failed to start: address ${e.address} is not one of this machine's (${where}): check --host`,
      };
    if (code === 'EACCES')
      return {
        message: `server failed to start: not allowed to listen on ${where}: ports below 1024 need privileges; choose another --port`,
      };
    hint = 'check --host and --port';
  } else if (POSTGRES_HINTS[code]) hint = POSTGRES_HINTS[code];
  else if (UNREACHABLE.has(code))
    hint = 'check that it runs and that the URL (--database-url, --redis-url) points at it';
  else if (code === 'EREDISDOWN') hint = 'check that Redis runs and that --redis-url (REDIS_URL) points at it';
  else if (e.path && ['ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS', 'ENOENT', 'ENOSPC'].includes(code)) {
    hint = 'check --data-dir (DATA_DIR): it must be a folder the server may write';
  }
  // An error of a kind described above is the operator's to fix; any other (Node's ERR_…, an SQL error of our own
  // making) may be a bug, and keeps its stack.
  return hint
    ? { message: `server failed to start: ${said}; ${hint}` }
    : { message: `server failed to start: ${said}`, stack: e.stack };
}
