/**
 * `npm start`: parse the options, start the server, stop cleanly on
 * SIGINT/SIGTERM (stop accepting, finish queued moves, flush the storage).
 *
 * With `--workers N` (N > 1) this process is the cluster's primary: it starts
 * N worker processes (node:cluster) that all serve the one port, restarts any
 * that dies, and passes SIGINT/SIGTERM on to them.
 */
import cluster from 'node:cluster';
import { startServer } from './app';
import { consoleLogger, limitConsoleErrors } from './log';
import { HELP, parseCli, type Cli } from './options';
import { describeStartupError } from './startup-error';

type Options = Extract<Cli, { help: false }>['options'];

/** Runs one server in this process until SIGINT/SIGTERM. */
async function serve(options: Options, processName?: string): Promise<void> {
  // boardgame.io logs refused moves with their arguments in full: cut and rate-limit those lines.
  limitConsoleErrors();
  // A bug in a move must not take every match down with it.
  process.on('unhandledRejection', (err) => consoleLogger('error', 'unhandled rejection', { error: String(err) }));

  const server = await startServer({ ...options, logger: consoleLogger, processName });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger('info', 'shutting down', { signal, process: processName });
    const force = setTimeout(() => {
      consoleLogger('error', 'shutdown timed out, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        consoleLogger('error', 'shutdown failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Workers in a row that may die before they ever listened before the primary gives up. */
const STARTUP_FAILURES_ALLOWED = 3;

/**
 * The cluster's primary: starts `workers` servers and keeps them running. A
 * worker that served and died is started again; but when
 * `STARTUP_FAILURES_ALLOWED` workers in a row die before they ever listened
 * and none is serving (the database or Redis is unreachable, the port is
 * taken), restarting cannot help: the primary stops the others and exits
 * with code 1. While others serve, a worker that fails to start is retried,
 * half a second later and twice as long each time after (at most 30 s).
 */
function supervise(workers: number): void {
  let stopping = false;
  let failedStarts = 0;
  const names = new Map<number, string>();
  const listened = new Set<number>();
  const fork = (name: string) => {
    if (stopping) return;
    const worker = cluster.fork({ NEXT_STOP_WORKER: name });
    names.set(worker.id, name);
  };
  for (let i = 1; i <= workers; i++) fork(`worker ${i}`);
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    failedStarts = 0;
  });
  cluster.on('exit', (worker, code, signal) => {
    const name = names.get(worker.id) ?? `worker ${worker.id}`;
    names.delete(worker.id);
    const served = listened.delete(worker.id);
    if (stopping) {
      if (names.size === 0) process.exit(0);
      return;
    }
    if (!served) failedStarts++;
    // Give up only when nothing serves: a worker that keeps failing to start beside others that serve (a database
    // blip) is retried, more slowly each time, rather than taking the serving ones down with it.
    if (!served && failedStarts >= STARTUP_FAILURES_ALLOWED && listened.size === 0) {
      stopping = true;
      consoleLogger(
        'error',
        `${failedStarts} workers in a row exited before they started listening; giving up (see their errors above)`,
        { worker: name, code, signal },
      );
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
      process.exit(1);
    }
    consoleLogger('error', served ? 'worker died, starting another' : 'worker failed to start, starting another', {
      worker: name,
      pid: worker.process.pid,
      code,
      signal,
    });
    // Its sockets reconnect to the other workers meanwhile; wait a moment so a crash loop stays slow.
    // (Not unref'd: while every worker is dead, this timer is what keeps the primary alive.)
    setTimeout(() => fork(name), served ? 500 : Math.min(30_000, 500 * 2 ** Math.min(failedStarts, 6)));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    consoleLogger('info', 'shutting down the workers', { signal });
    if (names.size === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  let cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (err) {
    // The error and where to look, not the whole usage: in a service's log the usage would scroll the error away.
    // (node's parseArgs adds advice about positionals and "--" that does not apply here.)
    const said = (err as Error).message.split('\n')[0].replace(/\. To specify .*$/, '.');
    console.error(`${said}\nrun with --help for the options (npm start -- --help)`);
    process.exit(2);
  }
  if (cli.help) {
    process.stdout.write(HELP);
    return;
  }
  if (cluster.isPrimary && cli.workers > 1) {
    supervise(cli.workers);
    return;
  }
  const name = cluster.isWorker ? `${process.env.NEXT_STOP_WORKER ?? 'worker'} (pid ${process.pid})` : undefined;
  // Workers share the port through the primary: websocket only, so no request needs the same worker as the last.
  await serve(cluster.isWorker ? { ...cli.options, websocketOnly: true } : cli.options, name);
}

main().catch((err: unknown) => {
  // An operator's error (a taken port, a database down) is one sentence; a bug keeps its stack.
  const { message, stack } = describeStartupError(err);
  consoleLogger('error', message, stack ? { stack } : undefined);
  process.exit(1);
});
