/**
 * The page of one online match: join form for visitors, or the board for the
 * seat this browser holds, with the share link, the seats and Leave.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Client } from 'boardgame.io/react';
import { SocketIO } from 'boardgame.io/multiplayer';
import {
  creatorSeatOf,
  describeError,
  forgetSeat,
  httpStatus,
  isWatching,
  loadName,
  loadSeat,
  lobby,
  openSeats,
  saveName,
  saveSeat,
  setWatching,
  type Match,
  type StartedClock,
  type StoredSeat,
} from './lobbyApi';
import { navigate, type Handover } from './route';
import { useHandover } from './Handover';
import { seatColour, useGame, type ClientGame } from './games';
import { OnlineBoard } from './OnlineBoard';
import { MatchBar } from './MatchBar';
import { FormFooter, isNameProblem, nameProblem, useNameFirstCleared } from './SetupFields';
import { Rematch, RematchToWatch } from './Rematch';
import { ClockStartedNotice, clockOfferOf, withStartedClock } from './ClockOffer';
import { LeftSeats, forgetLeft, leftOpenSeats, ownLeftSeat, runningWithLeaver } from './LeftSeats';
import {
  closedByOf,
  onMatchChanged,
  onDropped,
  onMatchClosed,
  onSeatReleased,
  withMatchNotices,
  type ClosedBy,
} from './matchNotices';
import { MatchClosedCard, NoSuchMatch } from './MatchGone';
import { LOG_SUFFIX_AUTH, withWholeLogs } from './wholeLogs';
import { clockAwayOf } from '../shared/clock-away';

/**
 * One boardgame.io React client per game, for every online match of it, over
 * socket.io to this origin. WebSocket first (it skips the long-polling
 * handshake, about 300 ms off the first board on localhost), long-polling if
 * that fails.
 */
const onlineClients = new Map<string, ReturnType<typeof makeOnlineClient>>();

function makeOnlineClient(game: ClientGame) {
  return Client({
    game: game.def.game,
    board: OnlineBoard,
    // The server tells the match's sockets when its creator closes it or its page should read it again (matchNotices.ts).
    // Each update's log comes as the entries this page lacks (wholeLogs.ts).
    multiplayer: withMatchNotices(
      withWholeLogs(
        SocketIO({
          server: window.location.origin,
          socketOpts: { transports: ['websocket', 'polling'], tryAllTransports: true, auth: { ...LOG_SUFFIX_AUTH } },
        }),
      ),
    ),
    debug: false,
    loading: () => (
      <div className="board-loading" data-testid="board-loading">
        Connecting to the match…
      </div>
    ),
  });
}

/** The online client of a game, made once. */
function onlineClient(game: ClientGame) {
  let c = onlineClients.get(game.def.id);
  if (!c) onlineClients.set(game.def.id, (c = makeOnlineClient(game)));
  return c;
}

/**
 * How often the page reads its match from the lobby: often while it has no
 * socket of the match (the join form), seldom while one tells it of every
 * change (`matchChanged`); the slow poll only covers a notice lost while the
 * socket reconnected.
 */
const POLL_MS = 3000;
const POLL_LIVE_MS = 20_000;

/** A seat as one string, its credentials with it (a seat left and joined again is another). */
function seatKey(seat: { playerID: string; credentials: string }): string {
  return `${seat.playerID}\u0000${seat.credentials}`;
}

/** The turn clock a match's metadata holds (server/clocks.ts), for the board's wrapper. */
function clockOf(match: Match | null): {
  turnClockMs?: number;
  clockAway?: string[];
  clockWait?: { key: string; at: number };
} {
  const m = match as unknown as {
    turnClockMs?: number;
    clockTimeouts?: unknown;
    clockWait?: { key?: unknown; at?: unknown };
  } | null;
  if (!m?.turnClockMs) return {};
  const w = m.clockWait;
  const clockWait = typeof w?.key === 'string' && typeof w.at === 'number' ? { key: w.key, at: w.at } : undefined;
  // Derived from the counts (a list stored by an older server was merged whole, and could be wrong).
  return { turnClockMs: m.turnClockMs, clockAway: clockAwayOf(m), clockWait };
}

/** The match page; `handover`, from a link made on another device (Handover.tsx), gives this browser a seat. */
export function OnlineMatch(props: { matchID: string; handover?: Handover }) {
  const { matchID } = props;
  const game = useGame();
  const gameId = game.def.id;
  const OnlineClient = onlineClient(game);
  const [seat, setSeat] = useState<StoredSeat | null>(() => loadSeat(matchID));
  const [read, setMatch] = useState<Match | null>(null);
  /** The turn clock this page started, as the server's answer gave it: shown at once, before the match is read again. */
  const [startedClock, setStartedClock] = useState<StartedClock | null>(null);
  const match = useMemo(() => withStartedClock(read, startedClock), [read, startedClock]);
  /** When the request for `match` was sent: older data says nothing about a seat joined since. */
  const [fetchedAt, setFetchedAt] = useState(0);
  const [error, setError] = useState('');
  const [gone, setGone] = useState(false);
  // Watching without a seat; remembered by this tab, so a reload goes on watching.
  const [spectate, setSpectateState] = useState(() => isWatching(matchID));
  const setSpectate = useCallback(
    (on: boolean) => {
      setWatching(matchID, on);
      setSpectateState(on);
    },
    [matchID],
  );
  // The board's waiting room is open (it offers the bots for the open seats, so the match bar does not).
  const [tableWaiting, setTableWaiting] = useState(false);
  // This browser's own connection is down: what the lobby last said of who is connected may be out of date.
  const [offline, setOffline] = useState(false);
  // What a spectator does not see at the board's state (the game's `spectatorUnseen`); undefined until it has one.
  const [unseen, setUnseen] = useState<string | null | undefined>(undefined);
  const [notice, setNotice] = useState(() => sessionStorage.getItem(`lt28:notice:${matchID}`) ?? '');
  /** The creator closed the match, or it expired (the server said so over the socket). */
  const [closed, setClosed] = useState<ClosedBy | null>(null);
  /**
   * The seat and credentials whose socket the server dropped, saying the seat no longer has them (`seatReleased`):
   * this page's seat, if they are its own, was released, whatever the lobby last said.
   */
  const [releasedKey, setReleasedKey] = useState<string | null>(null);
  /** This page's own Leave is under way: the seat's socket is told of it too, as the page goes to the lobby. */
  const leavingHere = useRef(false);
  /** The match was seen here: a 404 now means it was closed or removed, not a bad link. */
  const seen = useRef(false);

  const load = useCallback(async () => {
    try {
      const sent = Date.now();
      const m = await lobby.getMatch(gameId, matchID);
      seen.current = true;
      setMatch(m);
      setFetchedAt(sent);
      setError('');
    } catch (err) {
      // 404: no such match (of this game); 400: a match id the server would never give.
      const status = httpStatus(err);
      // Closed by its creator (or expired) while this page missed the socket's notice (or had no socket: the join form).
      const by = status === 404 ? closedByOf(err) : null;
      if (by) {
        forgetSeat(matchID);
        setClosed(by);
        return;
      }
      if (status === 404 || status === 400) setGone(true);
      setError(
        status === 400
          ? 'This link does not name a match.'
          : status === 404 && seen.current
            ? 'This match no longer exists: its creator closed it, or it was removed.'
            : describeError(err, 'load'),
      );
    }
  }, [matchID, gameId]);

  // One read at a time: a refresh asked for during a read makes one more read after it, so the last answer shown is the newest.
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const refresh = useCallback((): Promise<void> => {
    if (reading.current) {
      again.current = true;
      return reading.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        await load();
      } while (again.current);
    })().finally(() => {
      reading.current = null;
    });
    reading.current = run;
    return run;
  }, [load]);
  const wasOffline = useRef(false);
  const onOffline = useCallback(
    (down: boolean) => {
      setOffline(down);
      // Back online: the seats' connections may have changed meanwhile, and no notice of it could arrive.
      if (!down && wasOffline.current) void refresh();
      wasOffline.current = down;
    },
    [refresh],
  );

  // A socket of the match (a seat, or watching) hears of every change; the join form has none.
  const live = !!seat || spectate;
  useEffect(() => {
    setSeat(loadSeat(matchID));
    setStartedClock(null);
    seen.current = false;
  }, [matchID]);
  useEffect(() => {
    if (closed) return;
    void refresh();
    const t = setInterval(() => void refresh(), live ? POLL_LIVE_MS : POLL_MS);
    return () => clearInterval(t);
  }, [matchID, refresh, closed, live]);
  useEffect(
    () =>
      onMatchChanged((id) => {
        if (id === matchID) void refresh();
      }),
    [matchID, refresh],
  );
  // The server dropped this page's socket without a word (matchNotices.ts reconnects it): read the match at once, as
  // the drop may have been a release whose notice could not be sent.
  useEffect(
    () =>
      onDropped((id) => {
        if (id === matchID) void refresh();
      }),
    [matchID, refresh],
  );

  // The seat's own socket was told that its credentials no longer hold the seat: said at once (the seats bar reads
  // the match again), where the page learned it at its next read of the match, up to POLL_LIVE_MS later.
  useEffect(
    () =>
      onSeatReleased((id, s) => {
        if (id !== matchID || leavingHere.current) return;
        setReleasedKey(seatKey(s));
        void refresh();
      }),
    [matchID, refresh],
  );

  // Closed by its creator, or expired: this browser forgets its seat there ("Your matches" drops it).
  useEffect(
    () =>
      onMatchClosed((id, by) => {
        if (id !== matchID) return;
        forgetSeat(matchID);
        setClosed(by);
      }),
    [matchID],
  );
  const closedHere = useCallback(() => {
    forgetSeat(matchID);
    navigate({ page: 'lobby', game: gameId });
  }, [matchID, gameId]);

  const onSeatsChanged = useCallback(() => void refresh(), [refresh]);
  const handover = useHandover(gameId, matchID, props.handover, (s) => {
    forgetLeft(matchID);
    setSpectate(false);
    setSeat(s);
    void refresh();
  });

  if (closed) return <MatchClosedCard by={closed} mine={seat?.playerID === closed.seat} />;
  if (gone) return <NoSuchMatch matchID={matchID} error={error} />;

  // The server said so over the seat's socket, or no longer lists this browser's name in its seat: the seat was
  // released. The page then runs no client of the seat (its socket is gone, and the seat is no longer this browser's
  // to reconnect), and says so in its place.
  const released =
    (!!seat && releasedKey === seatKey(seat)) ||
    !!(
      seat &&
      match &&
      fetchedAt > seat.joinedAt &&
      match.players.find((p) => String(p.id) === seat.playerID)?.name !== seat.playerName
    );

  return (
    <div className="match-page" data-testid="match-page">
      <MatchBar
        matchID={matchID}
        match={match}
        seat={seat}
        watching={!seat && spectate}
        unseen={unseen}
        onTakeSeat={() => {
          setSpectate(false);
          focusSoon('[data-testid="join-name"]');
        }}
        onLeft={() => setSeat(null)}
        onLeaving={(leaving) => (leavingHere.current = leaving)}
        onError={setError}
        onChanged={() => void refresh()}
        waitingRoom={!!seat && tableWaiting}
        offline={offline}
        released={released}
      />
      {notice && (
        <p className="notice" role="status" data-testid="match-notice">
          {notice}{' '}
          <button
            className="ghost small"
            onClick={() => {
              sessionStorage.removeItem(`lt28:notice:${matchID}`);
              setNotice('');
            }}
          >
            Dismiss
          </button>
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="match-error">
          {error}
        </p>
      )}
      {released && (
        <p className="error" role="alert" data-testid="seat-released">
          Seat {Number(seat.playerID) + 1} is no longer held by {seat.playerName}. It may have been released from
          another browser.{' '}
          <button
            className="ghost small"
            onClick={() => {
              forgetSeat(matchID);
              setSeat(null);
            }}
            data-testid="seat-forget"
          >
            Forget it
          </button>
        </p>
      )}
      {handover.error && (
        <p className="error" role="alert" data-testid="handover-error">
          {handover.error}{' '}
          <button className="ghost small" onClick={handover.dismiss}>
            Dismiss
          </button>
        </p>
      )}
      <LeftSeats matchID={matchID} match={match} seat={seat} onChanged={onSeatsChanged} />
      <ClockStartedNotice matchID={matchID} match={match} seat={seat} />
      {handover.checking ? (
        <section className="card narrow" role="status" data-testid="handover-checking">
          <h2>Opening your seat…</h2>
          <p className="muted">Checking the link with the server.</p>
        </section>
      ) : seat ? (
        released ? null : (
          <OnlineClient
            matchID={matchID}
            playerID={seat.playerID}
            credentials={seat.credentials}
            lobbyPlayers={match?.players}
            leftOpen={leftOpenSeats(match)}
            onSeatsChanged={onSeatsChanged}
            onTableWaiting={setTableWaiting}
            onOffline={onOffline}
            creatorSeat={creatorSeatOf(match)}
            onClosed={closedHere}
            clockOffer={clockOfferOf(match)}
            onClockStarted={setStartedClock}
            onClockAnswered={onSeatsChanged}
            endActions={
              match?.gameover !== undefined ? (
                <Rematch matchID={matchID} match={match} seat={seat} onChanged={onSeatsChanged} />
              ) : undefined
            }
            {...clockOf(match)}
          />
        )
      ) : spectate ? (
        <OnlineClient
          matchID={matchID}
          lobbyPlayers={match?.players}
          leftOpen={leftOpenSeats(match)}
          onOffline={onOffline}
          onSpectatorUnseen={setUnseen}
          endActions={
            match?.gameover !== undefined && match.nextMatchID ? (
              <RematchToWatch match={match} testId="rematch-watch" watch />
            ) : undefined
          }
          {...clockOf(match)}
        />
      ) : (
        <JoinPanel
          matchID={matchID}
          match={match}
          onJoined={(s) => {
            forgetLeft(matchID);
            setSeat(s);
            void refresh();
            focusSoon('main');
          }}
          onWatch={() => {
            setSpectate(true);
            focusSoon('main');
          }}
        />
      )}
    </div>
  );
}

/**
 * Once the page has drawn what the step led to, focus goes to `selector` (else the page's main region), as it goes to
 * the main region when the page changes (App.tsx): Join, "Watch without joining" and "Take a seat" stay on the match's
 * page and took away the control that had focus, which fell to the page's body.
 */
function focusSoon(selector: string): void {
  setTimeout(() => {
    const to = document.querySelector<HTMLElement>(selector);
    // The main region without a scroll: the page brings the board into view by itself (shortScreen.ts).
    if (to && to.tagName !== 'MAIN') to.focus();
    else document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  });
}

/** For a visitor: pick a name and an open seat, or watch. */
function JoinPanel(props: {
  matchID: string;
  match: Match | null;
  onJoined: (s: StoredSeat) => void;
  onWatch: () => void;
}) {
  const { matchID, match } = props;
  const game = useGame();
  const gameId = game.def.id;
  const [name, setName] = useState(loadName);
  const [choice, setChoice] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useNameFirstCleared(name, setError);
  // A refused name: its field is marked invalid, named by the reason, and takes the focus.
  const nameRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const nameRefused = isNameProblem(error);
  const open = match ? openSeats(match) : [];
  // The seat this browser left, while it is open, comes first (LeftSeats.tsx tells its leaver so).
  const own = ownLeftSeat(matchID, match);
  const fallback = own ?? open[0];
  const seatID = choice && open.includes(Number(choice)) ? choice : fallback !== undefined ? String(fallback) : '';

  const join = async () => {
    const n = name.trim();
    // Refused here as the server would (server/lobby-guard.ts), in the player's words: a bot's name or another's here.
    const problem = nameProblem(
      n,
      match?.players.map((p) => p.name),
    );
    if (problem) {
      setError(problem);
      return nameRef.current?.focus();
    }
    if (!seatID) return setError('There is no open seat left in this match.');
    setBusy(true);
    setError('');
    try {
      const joined = await lobby.joinMatch(gameId, matchID, { playerID: seatID, playerName: n });
      const s: StoredSeat = {
        gameId,
        matchID,
        playerID: joined.playerID,
        credentials: joined.playerCredentials,
        playerName: n,
        joinedAt: Date.now(),
      };
      saveName(n);
      saveSeat(s);
      props.onJoined(s);
    } catch (err) {
      setError(describeError(err, 'join'));
    } finally {
      setBusy(false);
    }
  };

  // Nothing to click until the match is read: the panel then takes its final shape, and a click aimed at
  // "Watch without joining" cannot land on the "Watch the replay" of a finished match's panel instead.
  if (!match) {
    return (
      <section className="card narrow" data-testid="join-panel">
        <h2>Join this match</h2>
        <p className="muted">Loading the match…</p>
      </section>
    );
  }

  if (match.gameover !== undefined) {
    // A stale invitation: nobody joins a finished match, but its replay and its final position are there to see.
    return (
      <section className="card narrow" data-testid="join-panel">
        <h2>This match is over</h2>
        <p className="muted" data-testid="join-over">
          It has ended: watch its replay, or see where it finished.
        </p>
        <button
          type="button"
          className="primary"
          onClick={() => navigate({ page: 'replay', game: gameId, matchID })}
          data-testid="join-replay"
        >
          Watch the replay
        </button>{' '}
        <button type="button" className="ghost" onClick={props.onWatch} data-testid="watch">
          See the final position
        </button>
        {match.nextMatchID && (
          <p data-testid="join-rematch-line">
            <RematchToWatch match={match} testId="join-rematch" />
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="card narrow" data-testid="join-panel">
      <h2>{own !== null ? 'Take your seat back' : open.length === 0 ? 'This match is full' : 'Join this match'}</h2>
      {runningWithLeaver(match) && open.length > 0 && (
        <p className="muted" data-testid="join-under-way">
          The game is under way: whoever takes an open seat plays it from where the game stands.
        </p>
      )}
      {open.length === 0 ? (
        <p className="muted">Every seat is taken. You can still watch.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
        >
          <label className="field">
            <span className="label">Your name</span>
            <input
              ref={nameRef}
              data-testid="join-name"
              aria-invalid={nameRefused ? true : undefined}
              aria-describedby={nameRefused ? errorId : undefined}
              value={name}
              maxLength={24}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Ana"
            />
          </label>
          <label className="field">
            <span className="label">Seat</span>
            <select data-testid="join-seat" value={seatID} onChange={(e) => setChoice(e.target.value)}>
              {open.map((id) => (
                <option key={id} value={id}>
                  Seat {id + 1} ({seatColour(game, id).name})
                </option>
              ))}
            </select>
          </label>
          <FormFooter error={error} busy={busy} text="Join" busyText="Joining…" testid="join" errorId={errorId} />
        </form>
      )}
      <button type="button" className="ghost" onClick={props.onWatch} data-testid="watch">
        Watch without joining
      </button>
    </section>
  );
}
