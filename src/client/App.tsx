/** The application shell: header and the page for the current route. */
import { Home } from './Home';
import { Lobby } from './Lobby';
import { OnlineMatch } from './OnlineMatch';
import { HotSeat } from './HotSeat';
import { ReplayPage } from './ReplayPage';
import { hrefOf, useRoute } from './route';
import { clientGame, GameContext } from './games';
import { SITE_NAME, SITE_TAGLINE } from './site';

/** The whole client. */
export function App() {
  const route = useRoute();
  const game = route.page === 'home' ? null : clientGame(route.game);
  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href={hrefOf({ page: 'home' })} data-testid="home">
          <span className="brand-badge" aria-hidden>
            {game ? game.badge : '⇄'}
          </span>
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
      <main>
        {game ? (
          <GameContext.Provider value={game}>
            {route.page === 'match' ? (
              <OnlineMatch key={`${route.game}/${route.matchID}`} matchID={route.matchID} />
            ) : route.page === 'replay' ? (
              <ReplayPage key={`${route.game}/${route.matchID}`} matchID={route.matchID} />
            ) : route.page === 'hotseat' ? (
              <HotSeat key={route.game} />
            ) : (
              <Lobby key={game.def.id} />
            )}
          </GameContext.Provider>
        ) : (
          <Home />
        )}
      </main>
    </div>
  );
}
