/** The application shell: header and the page for the current route. */
import { Home } from './Home';
import { Lobby } from './Lobby';
import { HotSeat } from './HotSeat';
import { Deferred, lazyNamed } from './Deferred';
import { useEffect, useRef, useState } from 'react';
import { hrefOf, pageOf, useRoute, type Route } from './route';
import { clientGame, GameContext, type ClientGame } from './games';
import { SITE_NAME, SITE_TAGLINE } from './site';

/** The match page, with the boardgame.io client and socket.io, is loaded when first opened. */
const OnlineMatch = lazyNamed(() => import('./OnlineMatch'), 'OnlineMatch');
/** The replay page, with the game's reducer, likewise. */
const ReplayPage = lazyNamed(() => import('./ReplayPage'), 'ReplayPage');

/** A link to a game the site does not have, or one that does not decode. */
function NotFound(props: { what: 'match' | 'game' }) {
  return (
    <div className="card narrow" data-testid="not-found">
      <h2>{props.what === 'match' ? 'No such match' : 'No such game'}</h2>
      <p className="muted">
        This link does not lead to any {props.what} on this site: it may be mistyped or cut short. Ask for the link
        again, or start from the games.
      </p>
      <a className="button primary" href={hrefOf({ page: 'home' })} data-testid="back-to-games">
        Back to the games
      </a>
    </div>
  );
}

/** The page's name, for the window's title and for a screen reader when the page changes. */
export function pageTitle(route: Route, game: ClientGame | null): string {
  const title = game?.def.title;
  switch (route.page) {
    case 'home':
      return `${SITE_NAME} · transit board games`;
    case 'notFound':
      return `Not found · ${SITE_NAME}`;
    case 'lobby':
      return `${route.rules ? 'How to play' : 'Lobby'} · ${title} · ${SITE_NAME}`;
    case 'hotseat':
      return `Hot-seat · ${title} · ${SITE_NAME}`;
    case 'replay':
      return `Replay · ${title} · ${SITE_NAME}`;
    case 'match':
      // The match's board keeps it from there, "(Your move)" in front when the game waits for this player.
      return `${title} · ${SITE_NAME}`;
  }
}

/**
 * A new page, reached by a link of the site: the window's title names it, a screen reader hears its name, and focus
 * starts at the top of the page's content (it was left on the page's body, wherever the link had been). Nothing
 * moves on the first page loaded.
 */
function usePageChange(route: Route, game: ClientGame | null) {
  const title = pageTitle(route, game);
  // The page itself, not its title: a match and its rematch, or two replays, share a title.
  const page = pageOf(route);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const [said, setSaid] = useState('');
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setSaid(title.replace(` · ${SITE_NAME}`, ''));
    main.current?.focus({ preventScroll: true });
    // Only when the page changes (its title goes with it).
  }, [page]);
  return { main, said };
}

/** The whole client. */
export function App() {
  const route = useRoute();
  const game = route.page === 'home' || route.page === 'notFound' ? null : clientGame(route.game);
  const { main, said } = usePageChange(route, game);
  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href={hrefOf({ page: 'home' })} data-testid="home">
          {game ? (
            <span className="brand-picture" aria-hidden>
              <game.Picture />
            </span>
          ) : (
            <span className="brand-badge" aria-hidden>
              ⇄
            </span>
          )}
          <span>
            <span className="brand-name">{game ? game.def.title : SITE_NAME}</span>
            <span className="brand-sub">{game ? `${SITE_NAME} · ${game.def.credit}` : SITE_TAGLINE}</span>
          </span>
        </a>
        <nav>
          <a href={hrefOf({ page: 'home' })} className={route.page === 'home' ? 'current' : ''} data-testid="nav-games">
            Games
          </a>
          {game && (
            <>
              <a
                href={hrefOf({ page: 'lobby', game: game.def.id })}
                className={route.page === 'lobby' ? 'current' : ''}
                data-testid="nav-lobby"
              >
                Lobby
              </a>
              <a
                href={hrefOf({ page: 'hotseat', game: game.def.id })}
                className={route.page === 'hotseat' ? 'current' : ''}
                data-testid="nav-hotseat"
              >
                Hot-seat
              </a>
            </>
          )}
        </nav>
      </header>
      <p className="visually-hidden" aria-live="polite" data-testid="page-said">
        {said}
      </p>
      <main ref={main} tabIndex={-1}>
        {game ? (
          <GameContext.Provider value={game}>
            {route.page === 'match' ? (
              <Deferred what="the match">
                <OnlineMatch key={`${route.game}/${route.matchID}`} matchID={route.matchID} handover={route.handover} />
              </Deferred>
            ) : route.page === 'replay' ? (
              <Deferred what="the replay">
                <ReplayPage key={`${route.game}/${route.matchID}`} matchID={route.matchID} />
              </Deferred>
            ) : route.page === 'hotseat' ? (
              <HotSeat key={route.game} />
            ) : (
              <Lobby key={game.def.id} showRules={route.page === 'lobby' && route.rules === true} />
            )}
          </GameContext.Provider>
        ) : route.page === 'notFound' ? (
          <NotFound what={route.what} />
        ) : (
          <Home />
        )}
      </main>
    </div>
  );
}
