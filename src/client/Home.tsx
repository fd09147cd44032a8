/** The first page: every game of the site, and the matches this browser holds a seat in. */
import { CLIENT_GAMES } from './games';
import { MyMatches } from './OpenMatches';
import { hrefOf } from './route';
import { SITE_NAME } from './site';

/** The games page. */
export function Home() {
  return (
    <div className="home" data-testid="games">
      <section className="card intro">
        <h1>{SITE_NAME}</h1>
        <p className="muted">Play with friends online, against bots, or hot-seat at one screen.</p>
      </section>
      <MyMatches />
      <ul className="game-cards">
        {CLIENT_GAMES.map((g) => (
          <li key={g.def.id} className="card game-card" data-testid={`game-${g.def.id}`}>
            <span className="game-picture" aria-hidden>
              <g.Picture />
            </span>
            <div className="game-info">
              <h2>{g.def.title}</h2>
              <p className="muted small">
                {g.def.minPlayers}–{g.def.maxPlayers} players · {g.def.credit}
              </p>
              <p>{g.def.pitch}</p>
              <div className="row">
                <a
                  className="button primary"
                  href={hrefOf({ page: 'lobby', game: g.def.id })}
                  data-testid={`play-${g.def.id}`}
                >
                  Play online<span className="visually-hidden"> ({g.def.title})</span>
                </a>
                <a
                  className="button"
                  href={hrefOf({ page: 'hotseat', game: g.def.id })}
                  data-testid={`hotseat-${g.def.id}`}
                >
                  Hot-seat<span className="visually-hidden"> ({g.def.title})</span>
                </a>
                <a
                  className="link"
                  href={hrefOf({ page: 'lobby', game: g.def.id, rules: true })}
                  data-testid={`rules-${g.def.id}`}
                >
                  How to play<span className="visually-hidden"> ({g.def.title})</span>
                </a>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
