/** The application shell: header and the page for the current route. */
import { Lobby } from './Lobby';
import { OnlineMatch } from './OnlineMatch';
import { HotSeat } from './HotSeat';
import { hrefOf, useRoute } from './route';

/** The whole client. */
export function App() {
  const route = useRoute();
  return (
    <div className="app">
      <header className="app-header">
        <a className="brand" href={hrefOf({ page: 'lobby' })} data-testid="home">
          <span className="brand-badge" aria-hidden>
            28
          </span>
          <span>
            <span className="brand-name">Lisbon Tram 28</span>
            <span className="brand-sub">28 Trams of Lisbon, online</span>
          </span>
        </a>
        <nav>
          <a href={hrefOf({ page: 'lobby' })} className={route.page === 'lobby' ? 'current' : ''}>
            Lobby
          </a>
          <a href={hrefOf({ page: 'hotseat' })} className={route.page === 'hotseat' ? 'current' : ''}>
            Hot-seat
          </a>
        </nav>
      </header>
      <main>
        {route.page === 'match' ? (
          <OnlineMatch key={route.matchID} matchID={route.matchID} />
        ) : route.page === 'hotseat' ? (
          <HotSeat />
        ) : (
          <Lobby />
        )}
      </main>
    </div>
  );
}
