/**
 * The lobby's "Recent matches": finished matches of this game, newest first,
 * each with who played, who won and a link to its replay.
 */
import { useEffect, useState } from 'react';
import { winnersOf } from '../games/common/outcome';
import { describeError, lobby, type Match } from './lobbyApi';
import { hrefOf } from './route';
import { useGame } from './games';
import { ago } from './OpenMatches';

const SHOWN = 10;

/** "Ana won", "Ana and Bruno shared the win", "No winner", or nothing when the stored result names no one. */
export function outcomeText(m: Match): string | null {
  const winners = winnersOf(m.gameover);
  if (!winners) return null;
  const name = (id: string) => m.players.find((p) => String(p.id) === id)?.name ?? `Seat ${Number(id) + 1}`;
  const names = winners.map(name);
  if (names.length === 0) return 'No winner';
  if (names.length === 1) return `${names[0]} won`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} shared the win`;
}
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
        {matches?.map((m) => {
          const outcome = outcomeText(m);
          return (
            <li key={m.matchID} className="match-row" data-testid={`recent-${m.matchID}`}>
              <div className="match-meta">
                {m.players.map((p) => p.name ?? `Seat ${p.id + 1}`).join(', ')}
                {outcome && (
                  <>
                    {' · '}
                    <b data-testid="recent-outcome">{outcome}</b>
                  </>
                )}{' '}
                · ended {ago(m.updatedAt)}
              </div>
              <a className="button small" href={hrefOf({ page: 'replay', game: gameId, matchID: m.matchID })}>
                Replay
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
