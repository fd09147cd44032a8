/**
 * One origin policy for the lobby API, the static client and socket.io.
 *
 * A request is allowed when it carries no Origin header (not a browser), when
 * its Origin is the server's own (same origin as the Host header), or when the
 * Origin is in the configured list. `*` in the list allows any origin.
 */
import type { IncomingMessage } from 'node:http';
import { fail, type Middleware } from './http-error';

/** Decides which browser origins, and which Host names, may use the server. */
export interface OriginPolicy {
  /** True if a request naming this `Host` header may be served (see `createOriginPolicy`). */
  isHostAllowed(host: string | undefined): boolean;
  /** The configured extra origins, normalised. */
  readonly origins: readonly string[];
  /** True if a request with this Origin and Host header may proceed. */
  isAllowed(origin: string | undefined, host: string | undefined): boolean;
  /** True if the origin is in the configured list (needs CORS headers). */
  isListed(origin: string): boolean;
}

/** Lower-cases an origin and drops a trailing slash. */
export function normaliseOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** The name part of a `Host` header, lower-case, without the port. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/**
 * Builds the policy from the `--origins` and `--hosts` lists.
 *
 * Host names: a page on a domain the attacker controls can rebind that
 * domain to this server's address (DNS rebinding); its requests then carry
 * `Host: attacker.example` and, to the browser, are same-origin. So a Host
 * is served only when it is an IP address (no rebinding can forge one), one
 * of the loopback names, or in the `hosts` list (`*` allows any).
 */
export function createOriginPolicy(origins: readonly string[], hosts: readonly string[] = []): OriginPolicy {
  const list = origins.map(normaliseOrigin).filter((o) => o.length > 0);
  const any = list.includes('*');
  const isListed = (origin: string) => any || list.includes(normaliseOrigin(origin));
  const names = new Set(['localhost', ...hosts.map((h) => hostName(h)).filter((h) => h.length > 0)]);
  const anyHost = names.has('*');
  const isHostAllowed = (host: string | undefined) => {
    if (host === undefined || anyHost) return true;
    const name = hostName(host);
    return names.has(name) || IPV4.test(name) || IPV6.test(name);
  };
  return {
    origins: list,
    isListed,
    isHostAllowed,
    isAllowed(origin, host) {
      if (!isHostAllowed(host)) return false;
      if (origin === undefined) return true;
      const o = normaliseOrigin(origin);
      if (host && (o === `http://${host.toLowerCase()}` || o === `https://${host.toLowerCase()}`)) {
        return true;
      }
      return isListed(o);
    },
  };
}

/** socket.io `allowRequest`: refuses handshakes from foreign origins or unknown Host names. */
export function socketAllowRequest(policy: OriginPolicy) {
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const ok = policy.isAllowed(req.headers.origin, req.headers.host);
    callback(ok ? null : 'origin not allowed', ok);
  };
}

/** socket.io `cors.origin`: CORS headers only for listed origins. */
export function socketCorsOrigin(policy: OriginPolicy) {
  return (origin: string | undefined, callback: (err: Error | null, allow?: boolean) => void) => {
    callback(null, origin !== undefined && policy.isListed(origin));
  };
}

/**
 * Koa CORS middleware for the HTTP side. A Host name the policy does not
 * know is answered 421 on every path. Foreign origins get a 403 on
 * anything but a plain GET of the static client, so a page elsewhere
 * cannot drive the lobby API from a visitor's browser.
 */
export function httpCors(policy: OriginPolicy): Middleware {
  return async (ctx, next) => {
    if (!policy.isHostAllowed(ctx.get('Host') || undefined)) {
      fail(421, 'This server does not answer to that host name (see --hosts)');
    }
    const origin = ctx.get('Origin') || undefined;
    ctx.vary('Origin');
    if (origin === undefined) return next();
    const allowed = policy.isAllowed(origin, ctx.host);
    if (!allowed) {
      if (ctx.method === 'GET' && !ctx.path.startsWith('/games')) return next();
      fail(403, `Origin ${origin} is not allowed`);
    }
    if (policy.isListed(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
    }
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    return next();
  };
}
