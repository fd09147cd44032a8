/**
 * Limits on the HTTP server's connections, against slow and idle floods:
 * timeouts for a request's headers and whole body, and a cap on the TCP
 * connections (HTTP and socket.io alike) that one remote address may hold
 * open at once; a connection past the cap is closed at once.
 */
import type http from 'node:http';
import type net from 'node:net';

/** Connection limits of the HTTP server. */
export interface ConnectionLimits {
  /** Open connections one remote address may hold; 0 for no cap. */
  perAddress: number;
  /** Time for a request's headers to arrive, ms. */
  headersTimeoutMs: number;
  /** Time for a whole request (headers and body) to arrive, ms. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, ms. */
  keepAliveTimeoutMs: number;
}

/** Defaults: room for a household behind one address, with bots and tabs. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

/** The `http.createServer` options for `limits`. */
export function serverOptions(limits: ConnectionLimits): http.ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node enforces the two timeouts above on this interval (default 30 s).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

/**
 * Caps connections per address on `server` (made with `serverOptions`);
 * returns the live count per address.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits): ReadonlyMap<string, number> {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const open = new Map<string, number>();
  if (limits.perAddress <= 0) return open;
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return open;
}
