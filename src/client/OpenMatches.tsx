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
import { ConfirmBox } from './Confirm';
import { SeatDot } from './SeatDot';
import { nameProblem } from './SetupFields';

const REFRESH_MS = 4000;

/** "3 min ago". */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round((Date.now() - ms) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** Open matches with a Join button. */
export function OpenMatches(props: {
  name: string;
  /** Takes the player to the name field, saying why under it: `problem`, else why the name is missing or refused. */
  onNeedName: (problem?: string) => void;
}) {
  const game = useGame();
  const gameId = game.def.id;
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [error, setError] = useState('');
  const [joining, setJoining] = useState('');

  const refresh = useCallback(async () => {
    try {
      const { matches } = await lobby.listMatches(gameId, { isGameover: false });
      // A running match whose player left is not a new match: its seat is for the leaver or whoever they invite.
      const running = (m: Match) => ((m as unknown as { leftSeats?: unknown[] }).leftSeats?.length ?? 0) > 0;
      setMatches(
        matches.filter((m) => openSeats(m).length > 0 && !running(m)).sort((a, b) => b.createdAt - a.createdAt),
      );
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
    if (nameProblem(name)) {
      // The lobby says why under the name field (none typed, or a bot's), where it takes the player.
      props.onNeedName();
      return;
    }
    const mine = allSeats().find((s) => s.matchID === m.matchID);
    if (mine) return navigate({ page: 'match', game: gameId, matchID: m.matchID });
    // Another player of this match has the name: said there too (the server would refuse it, with fewer words).
    const taken = nameProblem(
      name,
      m.players.map((p) => p.name),
    );
    if (taken) return props.onNeedName(taken);
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
                  <SeatDot game={game} seat={p.id} size={12} />
                  <span className="chip-name">{p.name ?? 'open'}</span>
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

/** Where a match stands (server/match-status.ts). */
interface MatchStatus {
  matchID: string;
  players: { id: number; name?: string }[];
  gameover: boolean;
  waitingForPlayers: boolean;
  waitingOn: string[];
  updatedAt: number;
}

/** The status of each of these matches (unknown ones left out). */
async function fetchStatuses(ids: string[]): Promise<Map<string, MatchStatus>> {
  if (ids.length === 0) return new Map();
  const res = await fetch(`/matches/status?ids=${ids.slice(0, 50).map(encodeURIComponent).join(',')}`);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const { matches } = (await res.json()) as { matches: MatchStatus[] };
  return new Map(matches.map((m) => [m.matchID, m]));
}

/** A match's state for its seat, in a few words, and whether it waits on this player. */
function standing(seat: StoredSeat, status: MatchStatus | undefined): { text: string; mine: boolean } {
  if (!status) return { text: 'not found on this server', mine: false };
  if (status.gameover) return { text: 'over', mine: false };
  if (status.waitingForPlayers) return { text: 'waiting for players', mine: false };
  if (status.waitingOn.includes(seat.playerID)) return { text: 'your move', mine: true };
  const names = status.waitingOn.map((id) => status.players[Number(id)]?.name ?? `seat ${Number(id) + 1}`);
  return { text: `waiting for ${names.join(', ')}`, mine: false };
}

/**
 * The question "Forget" asks of a match that is not over: its credentials are only in this browser, so once
 * forgotten the seat can no longer be played from here, and it stays taken. Esc or "Keep it" backs out.
 */
function ConfirmForget(props: { playerName: string; onKeep: () => void; onForget: () => void }) {
  return (
    <ConfirmBox
      title={`Forget ${props.playerName}’s seat?`}
      text="This browser will no longer be able to play it, and the seat stays taken."
      keepLabel="Keep it"
      yesLabel="Forget the seat"
      onKeep={props.onKeep}
      onYes={props.onForget}
      testid="forget-confirm"
      keepTestid="forget-keep"
      yesTestid="forget-yes"
      className="confirm-forget"
    />
  );
}

/** Matches this browser holds a seat in, in every game: those waiting on this player first. */
export function MyMatches() {
  const [seats, setSeats] = useState<StoredSeat[]>(() => allSeats());
  const [statuses, setStatuses] = useState<Map<string, MatchStatus> | null>(null);
  // The last look failed: the rows keep what the server last said, and a line says it cannot be reached.
  const [unreachable, setUnreachable] = useState(false);
  const ids = seats.map((s) => s.matchID).join(',');
  useEffect(() => {
    let live = true;
    const load = () =>
      fetchStatuses(ids ? ids.split(',') : [])
        .then((m) => {
          if (!live) return;
          setStatuses(m);
          setUnreachable(false);
        })
        .catch(() => live && setUnreachable(true));
    void load();
    const t = setInterval(() => void load(), REFRESH_MS * 2);
    return () => {
      live = false;
      clearInterval(t);
    };
  }, [ids]);
  const [asking, setAsking] = useState<string | null>(null);
  const forget = (matchID: string) => {
    forgetSeat(matchID);
    setAsking(null);
    setSeats(allSeats());
  };
  if (seats.length === 0) return null;
  const rows = seats
    .map((s) => ({ s, st: statuses?.get(s.matchID), now: statuses ? standing(s, statuses.get(s.matchID)) : null }))
    .sort((a, b) => Number(b.now?.mine ?? false) - Number(a.now?.mine ?? false));
  return (
    <section className="card" aria-labelledby="mine-title" data-testid="my-matches">
      <h2 id="mine-title">Your matches</h2>
      {unreachable && (
        <p className="muted" role="status" data-testid="mine-unreachable">
          {statuses
            ? 'The server cannot be reached just now: this is where your matches last stood. Trying again…'
            : 'The server cannot be reached just now. Trying again…'}
        </p>
      )}
      <ul className="match-list">
        {rows.map(({ s, st, now }) => {
          const g = clientGame(s.gameId ?? '');
          const others = st?.players.filter((p) => String(p.id) !== s.playerID && p.name).map((p) => p.name) ?? [];
          return (
            <li key={s.matchID} className={`match-row${now?.mine ? ' mine' : ''}`} data-testid={`mine-${s.matchID}`}>
              <SeatDot game={g} seat={s.playerID} />
              <div className="match-meta">
                {/* A dot, not a colon: "Get on Board: Paris & Rome: Ana" read as two labels. */}
                <b>{g.def.title}</b> · {s.playerName}
                {others.length > 0 ? ` with ${others.join(', ')}` : ''} ·{' '}
                {now ? (
                  <span className={now.mine ? 'badge-mine' : undefined} data-testid={`mine-status-${s.matchID}`}>
                    {now.text}
                  </span>
                ) : (
                  `joined ${ago(s.joinedAt)}`
                )}
                {st && !now?.mine ? ` · ${ago(st.updatedAt)}` : ''}
              </div>
              <a
                className="button primary small"
                href={hrefOf({ page: 'match', game: g.def.id, matchID: s.matchID })}
                data-testid={`resume-${s.matchID}`}
              >
                {now?.mine ? 'Play' : st?.gameover ? 'See the end' : 'Resume'}
              </a>
              <button
                type="button"
                className="ghost small"
                title="Forget this seat in this browser (the seat itself stays taken)"
                aria-haspopup={st?.gameover ? undefined : 'dialog'}
                onClick={() => (st?.gameover ? forget(s.matchID) : setAsking(s.matchID))}
                data-testid={`forget-${s.matchID}`}
              >
                Forget
              </button>
              {asking === s.matchID && (
                <ConfirmForget
                  playerName={s.playerName}
                  onKeep={() => {
                    setAsking(null);
                    // Back to the button that asked, once the question has gone.
                    setTimeout(() =>
                      document.querySelector<HTMLElement>(`[data-testid="forget-${s.matchID}"]`)?.focus(),
                    );
                  }}
                  onForget={() => forget(s.matchID)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
