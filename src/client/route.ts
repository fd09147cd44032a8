/**
 * Hash routing, so the static server needs no fallback routes and a share
 * link works from any page:
 *   #/                 lobby
 *   #/match/<matchID>  an online match (join form, or the board once seated)
 *   #/hotseat          hot-seat setup and game
 */
import { useEffect, useState } from 'react';

/** A parsed location. */
export type Route = { page: 'lobby' } | { page: 'match'; matchID: string } | { page: 'hotseat' };

/** Parse `location.hash`. Unknown paths fall back to the lobby. */
export function parseHash(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head, arg] = path.split('/');
  if (head === 'match' && arg) return { page: 'match', matchID: decodeURIComponent(arg) };
  if (head === 'hotseat') return { page: 'hotseat' };
  return { page: 'lobby' };
}

/** The hash of a route. */
export function hrefOf(route: Route): string {
  if (route.page === 'match') return `#/match/${encodeURIComponent(route.matchID)}`;
  if (route.page === 'hotseat') return '#/hotseat';
  return '#/';
}

/** The absolute link to share for a match. */
export function shareLink(matchID: string): string {
  return `${window.location.origin}${window.location.pathname}${hrefOf({ page: 'match', matchID })}`;
}

/** Go to a route. */
export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

/** The current route, updated on `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
