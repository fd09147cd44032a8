/**
 * What the server tells a match's sockets besides boardgame.io's updates.
 * boardgame.io's client transport ignores events it does not know, so
 * `withMatchNotices` wraps the transport to hear them, and the match page
 * listens here:
 *  - `matchClosed`: the creator closed the match (server/close-match.ts), or
 *    it expired, nobody having started it in time (server/expiry.ts: the
 *    notice's `reason` is `expired`). A page that missed the notice hears it
 *    from the lobby's 404 for the match (`closedByOf`).
 *  - `matchChanged`: what the match page shows changed (a seat, a
 *    connection, a rematch, the spectators: server/match-changes.ts), so the
 *    page reads the match again at once instead of on its next poll.
 *  - `seatReleased`: the seat this socket synced as no longer has the
 *    credentials it synced with (its player left it, on another device say,
 *    or someone took it since), and the server drops the socket right after
 *    (server/socket-guard.ts `SeatSockets.check`). It comes over the seat's
 *    own socket, which proved those credentials, so the page says at once
 *    that the seat was released, without waiting for the lobby's word.
 *
 * socket.io's client reconnects by itself after a lost connection, but not
 * after the server drops its socket ('io server disconnect'): boardgame.io's
 * transport then stayed down for good, its page saying "Reconnecting…". The
 * server drops a socket whose seat was released (above), and one that floods
 * it or does not read what it is sent (server/socket-guard.ts,
 * socket-limits.ts). So, without a release notice first, the wrapper
 * reconnects the socket itself after a short wait that grows while the server
 * keeps dropping it (`REDIAL_MS`), and the page reads the match at once
 * (`onDropped`): the drop may have been a release whose notice could not be
 * sent. On the new connection boardgame.io's transport syncs again, as after
 * any reconnection.
 */

/** Who closed the match: the creator's seat and name; or `reason: 'expired'` (seat and name empty) when it expired. */
export interface ClosedBy {
  seat: string;
  name: string;
  reason?: 'expired';
}

/** A seat as a socket synced it: the seat and the credentials it proved. */
export interface SyncedSeat {
  playerID: string;
  credentials: string;
}

type Listener = (matchID: string, by: ClosedBy) => void;
type ChangeListener = (matchID: string) => void;
type ReleaseListener = (matchID: string, seat: SyncedSeat) => void;

const listeners = new Set<Listener>();
const changeListeners = new Set<ChangeListener>();
const releaseListeners = new Set<ReleaseListener>();
const dropListeners = new Set<ChangeListener>();

/**
 * How long the wrapper waits before reconnecting a socket the server dropped, ms: the first time, then each time
 * more while the server keeps dropping it, the last one for every drop after. A connection that lasts `STEADY_MS`
 * starts the count again. So a page whose new connection the server drops again at once (its sync refused by a
 * limit, say) tries about once every 15 s after its first minute, never in a tight loop.
 */
export const REDIAL_MS = [500, 1000, 2000, 4000, 8000, 15_000];
export const STEADY_MS = 10_000;

/** Calls `listener` for every match closed while it listens; returns the way to stop. */
export function onMatchClosed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` with the match of every `matchChanged` notice while it listens; returns the way to stop. */
export function onMatchChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Calls `listener` for every seat the server says a socket of this page no longer holds, with the credentials that
 * socket synced with (a page compares them with the seat it keeps); returns the way to stop.
 */
export function onSeatReleased(listener: ReleaseListener): () => void {
  releaseListeners.add(listener);
  return () => releaseListeners.delete(listener);
}

/**
 * Calls `listener` with the match of every socket of this page that the server dropped without saying that its seat
 * was released (the wrapper reconnects it); returns the way to stop.
 */
export function onDropped(listener: ChangeListener): () => void {
  dropListeners.add(listener);
  return () => dropListeners.delete(listener);
}

/** `by` as the server sent it (the socket's notice, or a lobby answer's `closedBy`), made safe to show. */
function closedByFrom(by: unknown): ClosedBy {
  const b = (by && typeof by === 'object' ? by : {}) as Partial<ClosedBy>;
  const closed: ClosedBy = { seat: String(b.seat ?? ''), name: typeof b.name === 'string' ? b.name : '' };
  return b.reason === 'expired' ? { ...closed, reason: 'expired' } : closed;
}

function announce(matchID: unknown, by: unknown): void {
  if (typeof matchID !== 'string') return;
  const closedBy = closedByFrom(by);
  for (const l of [...listeners]) l(matchID, closedBy);
}

function announceChange(matchID: unknown): void {
  if (typeof matchID !== 'string') return;
  for (const l of [...changeListeners]) l(matchID);
}

/**
 * Who closed the match, when a failed lobby request (a 404 for the match)
 * says its creator closed it (server/close-match.ts `closedMatchAnswers`):
 * the page that missed the socket's notice learns it on its next poll.
 */
export function closedByOf(err: unknown): ClosedBy | null {
  const details = err && typeof err === 'object' ? (err as { details?: unknown }).details : undefined;
  if (!details || typeof details !== 'object' || !('closedBy' in details)) return null;
  return closedByFrom(details.closedBy);
}

interface SocketLike {
  on(event: string, fn: (...args: unknown[]) => void): unknown;
  connect(): unknown;
}

/** What a boardgame.io transport knows of the seat it syncs (SocketIOTransport's fields). */
interface SeatTransport {
  disconnect?(): void;
  socket?: SocketLike | null;
  matchID?: string;
  playerID?: string | null;
  credentials?: string;
}

/**
 * Wraps a boardgame.io multiplayer transport factory so that its socket's notices reach `onMatchClosed`,
 * `onMatchChanged` and `onSeatReleased`, and a socket the server drops without a release notice is reconnected (see
 * the file comment).
 */
export function withMatchNotices<F extends (opts: never) => { connect(): void }>(factory: F): F {
  return ((opts: never) => {
    const transport = factory(opts);
    const seat = transport as unknown as SeatTransport;
    const connect = transport.connect.bind(transport);
    /** The server said that the seat this transport syncs is no longer its: nothing reconnects it. */
    let releasedHere = false;
    /** Drops since the last connection that lasted `STEADY_MS`. */
    let drops = 0;
    let redial: ReturnType<typeof setTimeout> | undefined;
    let steady: ReturnType<typeof setTimeout> | undefined;
    /** The server said this socket's seat was released: given with the credentials the transport synced with. */
    const released = (matchID: unknown, playerID: unknown) => {
      const { credentials } = seat;
      if (typeof matchID !== 'string' || typeof playerID !== 'string' || !credentials) return;
      if (matchID !== seat.matchID || playerID !== seat.playerID) return;
      releasedHere = true;
      for (const l of [...releaseListeners]) l(matchID, { playerID, credentials });
    };
    transport.connect = () => {
      connect();
      const socket = seat.socket;
      if (!socket) return;
      socket.on('matchClosed', announce);
      socket.on('matchChanged', announceChange);
      socket.on('seatReleased', released);
      socket.on('connect', () => {
        clearTimeout(steady);
        steady = setTimeout(() => (drops = 0), STEADY_MS);
      });
      socket.on('disconnect', (reason: unknown) => {
        clearTimeout(steady);
        // Any other reason, socket.io reconnects by itself; the page itself closing the socket, nothing does.
        if (reason !== 'io server disconnect' || releasedHere) return;
        const wait = REDIAL_MS[Math.min(drops, REDIAL_MS.length - 1)];
        drops++;
        clearTimeout(redial);
        redial = setTimeout(() => {
          // Still this transport's socket: boardgame.io's `disconnect` (the page left the match) lets go of it.
          if (seat.socket === socket && !releasedHere) socket.connect();
        }, wait);
        const { matchID } = seat;
        if (typeof matchID === 'string') for (const l of [...dropListeners]) l(matchID);
      });
    };
    const disconnect = seat.disconnect?.bind(transport);
    if (disconnect) {
      seat.disconnect = () => {
        clearTimeout(redial);
        clearTimeout(steady);
        disconnect();
      };
    }
    return transport;
  }) as F;
}
