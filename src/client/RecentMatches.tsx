/** The lobby's "Recent matches": finished matches of this game, newest first, each with a link to its replay. */
import { useEffect, useState } from 'react';
import { describeError, lobby, type Match } from './lobbyApi';
import { hrefOf } from './route';
import { useGame } from './games';
import { ago } from './OpenMatches';

const SHOWN = 10;
/** How often the list is read again while the lobby is open: a match that ends meanwhile joins it. */
const REFRESH_MS = 10_000;

export function RecentMatches() {
  const game = useGame();
  const gameId = game.def.id;
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      lobby
        .listMatches(gameId, { isGameover: true })
        .then(({ matches }) => {
          if (!live) return;
          setMatches(matches.slice(0, SHOWN));
          setError('');
        })
        .catch((err: unknown) => live && setError(describeError(err, 'list')));
    void load();
    // It was read once, when the lobby opened: a match that ended while it stayed open never showed.
    const t = setInterval(() => {
      // Not while the tab is hidden: it is read again as soon as it shows (below).
      if (!document.hidden) void load();
    }, REFRESH_MS);
    const onShow = () => {
      if (!document.hidden) void load();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => {
      live = false;
      clearInterval(t);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [gameId]);
  if (!error && (!matches || matches.length === 0)) return null;
  return (
    <section className="card" aria-labelledby="recent-title" data-testid="recent-matches">
      <h2 id="recent-title">Recent matches</h2>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <ul className="match-list">
        {matches?.map((m) => (
          <li key={m.matchID} className="match-row" data-testid={`recent-${m.matchID}`}>
            <div className="match-meta">
              {m.players.map((p) => p.name ?? `Seat ${p.id + 1}`).join(', ')} · ended {ago(m.updatedAt)}
            </div>
            <a className="button small" href={hrefOf({ page: 'replay', game: gameId, matchID: m.matchID })}>
              Replay
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
