/**
 * Hash routing, so the static server needs no fallback routes and a share
 * link works from any page:
 *   #/                          the games
 *   #/g/<game>                  a game's lobby: new match, open matches
 *   #/g/<game>/rules            the same lobby, its "How to play" opened and in view
 *   #/g/<game>/match/<matchID>  an online match (join form, or the board once seated)
 *   #/g/<game>/match/<matchID>/as/<seat>/<key>
 *                               the same, handed over from another device: this browser takes the seat whose
 *                               key the link holds (OnlineMatch checks it with the server, keeps it, and the
 *                               address drops the key)
 *   #/g/<game>/hotseat          hot-seat setup and game
 *   #/g/<game>/replay/<matchID> the replay of a finished match
 * Links from before the site hosted several games (`#/match/<id>`,
 * `#/hotseat`) open Lisbon's. A link to a game the site does not have, or
 * one that does not decode, opens a "not found" page.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_GAME, findGame } from '../games/registry';

/** A parsed location. */
export type Route =
  | { page: 'home' }
  | { page: 'lobby'; game: string; rules?: boolean }
  | { page: 'match'; game: string; matchID: string; handover?: Handover }
  | { page: 'hotseat'; game: string }
  | { page: 'replay'; game: string; matchID: string }
  | { page: 'notFound'; what: 'match' | 'game' };

/** A seat handed over from another device by its link: the seat's number (from 0) and its key (credentials). */
export interface Handover {
  playerID: string;
  credentials: string;
}

/** A link's part, decoded; null when it is not valid percent-encoding. */
function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Parse `location.hash`. Unknown paths fall back to the home page; unknown games and undecodable links are not found. */
export function parseHash(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const parts = path.split('/');
  if (parts[0] === 'match' && parts[1]) {
    const matchID = decode(parts[1]);
    return matchID ? { page: 'match', game: DEFAULT_GAME.id, matchID } : { page: 'notFound', what: 'match' };
  }
  if (parts[0] === 'hotseat') return { page: 'hotseat', game: DEFAULT_GAME.id };
  if (parts[0] === 'g' && parts[1]) {
    const what = parts[2] === 'match' ? 'match' : 'game';
    const name = decode(parts[1]);
    const game = name === null ? undefined : findGame(name)?.id;
    if (!game) return { page: 'notFound', what };
    if (parts[2] === 'match' && parts[3]) {
      const matchID = decode(parts[3]);
      if (!matchID) return { page: 'notFound', what };
      if (parts[4] !== 'as') return { page: 'match', game, matchID };
      // A handover link cut short or mangled opens the match as a plain link would: its join form, or the seat held.
      const playerID = decode(parts[5] ?? '');
      const credentials = decode(parts[6] ?? '');
      return playerID && /^\d{1,2}$/.test(playerID) && credentials
        ? { page: 'match', game, matchID, handover: { playerID, credentials } }
        : { page: 'match', game, matchID };
    }
    if (parts[2] === 'hotseat') return { page: 'hotseat', game };
    if (parts[2] === 'rules') return { page: 'lobby', game, rules: true };
    if (parts[2] === 'replay' && parts[3]) {
      const matchID = decode(parts[3]);
      return matchID ? { page: 'replay', game, matchID } : { page: 'notFound', what: 'match' };
    }
    return { page: 'lobby', game };
  }
  return { page: 'home' };
}

/** The hash of a route. */
export function hrefOf(route: Route): string {
  if (route.page === 'home' || route.page === 'notFound') return '#/';
  const g = `#/g/${encodeURIComponent(route.game)}`;
  if (route.page === 'match') {
    const match = `${g}/match/${encodeURIComponent(route.matchID)}`;
    const h = route.handover;
    return h ? `${match}/as/${encodeURIComponent(h.playerID)}/${encodeURIComponent(h.credentials)}` : match;
  }
  if (route.page === 'hotseat') return `${g}/hotseat`;
  if (route.page === 'replay') return `${g}/replay/${encodeURIComponent(route.matchID)}`;
  return route.rules ? `${g}/rules` : g;
}

/** The absolute link to share for a match. */
export function shareLink(game: string, matchID: string): string {
  return `${window.location.origin}${window.location.pathname}${hrefOf({ page: 'match', game, matchID })}`;
}

/**
 * The link that hands `seat` over to another device: opened there, it plays the seat too. It holds the seat's key
 * after the `#`, which browsers never send to a server (nor in a Referer).
 */
export function handoverLink(game: string, matchID: string, seat: Handover): string {
  const route: Route = {
    page: 'match',
    game,
    matchID,
    handover: { playerID: seat.playerID, credentials: seat.credentials },
  };
  return `${window.location.origin}${window.location.pathname}${hrefOf(route)}`;
}

/**
 * Whether a host name (`location.hostname`) names the computer it is typed on alone (localhost, 127.x.x.x, ::1): a
 * link to it opened on another device reaches that device, not this server.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    /^(0{0,4}:){1,7}0{0,3}1$/.test(host) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(host)
  );
}

/** The page a route shows: a handover link's page is its match's (App.tsx does not treat dropping the key as a new page). */
export function pageOf(route: Route): string {
  return hrefOf(route.page === 'match' ? { ...route, handover: undefined } : route);
}

/**
 * Show `route` in the address bar in place of the current entry (no new entry for Back), and tell `useRoute`.
 * For a handover link, whose key should stay in no history.
 */
export function replaceRoute(route: Route): void {
  const before = window.location.href;
  window.history.replaceState(window.history.state, '', hrefOf(route));
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: before, newURL: window.location.href }));
}

/** Go to a route. */
export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

/**
 * The current route, updated on `hashchange`. A new page opens at its top: a hash link keeps the scroll of the page
 * it leaves, which put a visitor coming from a long page (a match, a lobby on a phone) halfway down the next one.
 * (This runs before the new page renders, so a page that scrolls somewhere itself, the rules of `#/g/<game>/rules`,
 * still does.)
 */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    // The page, not the address: a handover link's page keeps its scroll when its key leaves the address.
    let shown = pageOf(parseHash(window.location.hash));
    const onChange = () => {
      const next = parseHash(window.location.hash);
      if (pageOf(next) !== shown) window.scrollTo(0, 0);
      shown = pageOf(next);
      setRoute(next);
    };
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
