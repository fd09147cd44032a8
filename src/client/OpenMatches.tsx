/** The lobby's list of open matches (refreshed every few seconds) and the player's own seats. */
import { useCallback, useEffect, useState } from 'react';
import {
  allSeats,
  describeError,
  forgetSeat,
  lobby,
  openSeats,
  saveName,
  saveSeat,
  type Match,
  type StoredSeat,
} from './lobbyApi';
import { hrefOf, navigate } from './route';
import { clientGame, seatStyle, useGame } from './games';
import { NAME_FIRST, useNameFirstCleared } from './SetupFields';

const REFRESH_MS = 4000;

function ago(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** Open matches with a Join button. */
export function OpenMatches(props: { name: string; onNeedName: () => void }) {
  const game = useGame();
  const gameId = game.def.id;
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [error, setError] = useState('');
  useNameFirstCleared(props.name, setError);
  const [joining, setJoining] = useState('');

  const refresh = useCallback(async () => {
    try {
      const { matches } = await lobby.listMatches(gameId, { isGameover: false });
      setMatches(matches.filter((m) => openSeats(m).length > 0).sort((a, b) => b.createdAt - a.createdAt));
      setError('');
    } catch (err) {
      setError(describeError(err, 'list'));
    }
  }, [gameId]);

  useEffect(() => {
    void refresh();
    const t = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(t);
  }, [refresh]);

  const join = async (m: Match) => {
    const name = props.name.trim();
    if (!name) {
      setError(NAME_FIRST);
      props.onNeedName();
      return;
    }
    const mine = allSeats().find((s) => s.matchID === m.matchID);
    if (mine) return navigate({ page: 'match', game: gameId, matchID: m.matchID });
    const seat = openSeats(m)[0];
    if (seat === undefined) return setError('That match just filled up.');
    setJoining(m.matchID);
    try {
      const joined = await lobby.joinMatch(gameId, m.matchID, { playerID: String(seat), playerName: name });
      saveName(name);
      saveSeat({
        gameId,
        matchID: m.matchID,
        playerID: joined.playerID,
        credentials: joined.playerCredentials,
        playerName: name,
        joinedAt: Date.now(),
      });
      navigate({ page: 'match', game: gameId, matchID: m.matchID });
    } catch (err) {
      setError(describeError(err, 'join'));
      void refresh();
    } finally {
      setJoining('');
    }
  };

  return (
    <section className="card" aria-labelledby="open-title" data-testid="open-matches">
      <div className="card-head">
        <h2 id="open-title">Open matches</h2>
        <button type="button" className="ghost" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {error && (
        <p className="error" role="alert" data-testid="open-error">
          {error}
        </p>
      )}
      {matches === null && !error && <p className="muted">Loading…</p>}
      {matches?.length === 0 && <p className="muted">No open matches right now. Create one and share the link.</p>}
      <ul className="match-list">
        {matches?.map((m) => (
          <li key={m.matchID} className="match-row" data-testid={`open-${m.matchID}`}>
            <div className="match-seats" aria-label="Seats">
              {m.players.map((p) => (
                <span
                  key={p.id}
                  className={`seat-chip${p.name ? '' : ' empty'}`}
                  style={seatStyle(game, p.id)}
                  title={p.name ?? 'Open seat'}
                >
                  {p.name ?? 'open'}
                </span>
              ))}
            </div>
            <div className="match-meta">
              {m.players.length} players · {game.describeSetup(m.setupData)} · created {ago(m.createdAt)}
            </div>
            <button
              type="button"
              className="primary small"
              disabled={joining === m.matchID}
              onClick={() => void join(m)}
              data-testid={`join-${m.matchID}`}
            >
              {joining === m.matchID ? 'Joining…' : 'Join'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Matches this browser holds a seat in, in every game. */
export function MyMatches() {
  const [seats, setSeats] = useState<StoredSeat[]>(() => allSeats());
  if (seats.length === 0) return null;
  return (
    <section className="card" aria-labelledby="mine-title" data-testid="my-matches">
      <h2 id="mine-title">Your matches</h2>
      <ul className="match-list">
        {seats.map((s) => (
          <li key={s.matchID} className="match-row">
            <span className="seat-dot" style={seatStyle(clientGame(s.gameId ?? ''), s.playerID)} aria-hidden />
            <div className="match-meta">
              {clientGame(s.gameId ?? '').def.title}: {s.playerName} in seat {Number(s.playerID) + 1} · joined{' '}
              {ago(s.joinedAt)}
            </div>
            <a
              className="button primary small"
              href={hrefOf({ page: 'match', game: clientGame(s.gameId ?? '').def.id, matchID: s.matchID })}
              data-testid={`resume-${s.matchID}`}
            >
              Resume
            </a>
            <button
              type="button"
              className="ghost small"
              title="Forget this seat in this browser (the seat itself stays taken)"
              onClick={() => {
                forgetSeat(s.matchID);
                setSeats(allSeats());
              }}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
