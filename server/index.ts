/**
 * `npm start`: parse the options, start the server, stop cleanly on
 * SIGINT/SIGTERM (stop accepting, finish queued moves, flush the storage).
 */
import { startServer } from './app';
import { consoleLogger, limitConsoleErrors } from './log';
import { HELP, parseCli } from './options';

async function main(): Promise<void> {
  let cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (cli.help) {
    process.stdout.write(HELP);
    return;
  }

  // boardgame.io logs refused moves with their arguments in full: cut and rate-limit those lines.
  limitConsoleErrors();
  // A bug in a move must not take every match down with it.
  process.on('unhandledRejection', (err) => consoleLogger('error', 'unhandled rejection', { error: String(err) }));

  const server = await startServer({ ...cli.options, logger: consoleLogger });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger('info', 'shutting down', { signal });
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

main().catch((err: unknown) => {
  consoleLogger('error', 'server failed to start', { error: String((err as Error)?.stack ?? err) });
  process.exit(1);
});
