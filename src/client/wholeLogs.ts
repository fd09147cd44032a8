/**
 * The page asks the server for game logs as suffixes (src/shared/log-suffix.ts):
 * late in a game the log is most of the state, and sent whole on every move
 * it is most of what the server encodes and the page decodes.
 * `withWholeLogs` wraps a boardgame.io multiplayer transport factory so that
 * its socket puts each update's log back together before boardgame.io's
 * client sees it; `LOG_SUFFIX_AUTH` goes in the socket options' `auth`.
 */
import { restoreLogsOn } from '../shared/log-suffix';

export { LOG_SUFFIX_AUTH } from '../shared/log-suffix';

interface SyncingTransport {
  connect(): void;
  requestSync?(): void;
  socket?: Parameters<typeof restoreLogsOn>[0];
}

/** Wraps a transport factory so that its socket's cut logs are put back (see the file comment). */
export function withWholeLogs<F extends (opts: never) => { connect(): void }>(factory: F): F {
  return ((opts: never) => {
    const transport = factory(opts) as SyncingTransport;
    const connect = transport.connect.bind(transport);
    transport.connect = () => {
      connect();
      if (transport.socket) restoreLogsOn(transport.socket, () => transport.requestSync?.());
    };
    return transport;
  }) as F;
}
