/**
 * The board inside an online client: names from the match data, a notice
 * while the socket is down, the tab title flags when the game waits for
 * this player (on their turn or for a decision outside it), and once the
 * game is over one bar, above any end screen, with the page's end actions
 * (the rematch, for a seated player), the replay and the way back to the
 * game's lobby.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { spectatorUnseen, useGame, type GameBoardProps } from './games';
import { SITE_NAME } from './site';
import { Deferred } from './Deferred';
import { hrefOf } from './route';
import { WaitingRoom, type WaitingSeat } from './WaitingRoom';
import { waitingForTable } from '../games/common/waiting-room';
import { notificationState, useYourMoveAlerts } from './alerts';
import { Chat } from './Chat';
import { chatReadKey, type StartedClock } from './lobbyApi';
import { TurnClock } from './TurnClock';
import { ClockOffer, type ClockOfferInfo } from './ClockOffer';
import { TakeBack, TakeBackNotice } from './TakeBack';
import { namesOf } from './seats';
import { useBoardFirstInView } from './shortScreen';
import { useEndBarRoom } from './endBar';

/** What the match page passes on to the board's wrapper. */
export type OnlineBoardProps = GameBoardProps & {
  /** The seats as the lobby API lists them (polled), which knows of a join before its socket connects. */
  lobbyPlayers?: readonly WaitingSeat[];
  credentials?: string;
  /** Bots were seated from the waiting room. */
  onSeatsChanged?: () => void;
  /** The waiting room opened or closed (the match bar leaves seating bots to it while it is open). */
  onTableWaiting?: (waiting: boolean) => void;
  /** This browser's connection to the match went down or came back (the match bar stops vouching for the others'). */
  onOffline?: (offline: boolean) => void;
  /** What a spectator does not see at this state (the game's `spectatorUnseen`), for the match bar's line. */
  onSpectatorUnseen?: (words: string | null) => void;
  /** The match's turn clock, when it has one (server/clocks.ts), and the seats marked away. */
  turnClockMs?: number;
  clockAway?: readonly string[];
  /** When the current wait began, as the server stored it (`clockWait`). */
  clockWait?: { key: string; at: number };
  /** A match without a clock: when to offer starting one as the game waits on a player who is gone (ClockOffer.tsx). */
  clockOffer?: ClockOfferInfo;
  /** The offer's clock was started: what the server wrote, which the page shows at once. */
  onClockStarted?: (started: StartedClock) => void;
  /** The offer's request was answered (the clock started, or refused): the page reads the match again. */
  onClockAnswered?: () => void;
  /** The creator's seat (server/close-match.ts), and what to do once the creator closed the match from here. */
  creatorSeat?: string;
  onClosed?: () => void;
  /** Shown in the game-over bar, before the replay and lobby links (the match page's rematch). */
  endActions?: ReactNode;
  /** The seats players left in the running match and nobody took since, with the leaver's name (LeftSeats.tsx). */
  leftOpen?: ReadonlyMap<number, { name: string }>;
};

/**
 * boardgame.io's seats, a seat a player left (and nobody took since) named after its leaver: a page opened after the
 * leave is sent the seat with no name, and the board would call them "Player 2" in its log and on its seats, when
 * the notice above says "Bruno left". (A page open at the leave keeps the name boardgame.io sent before.) Whether
 * the seat is held is told apart by `leftSeats`.
 */
function withLeaverNames(props: OnlineBoardProps): OnlineBoardProps['matchData'] {
  const left = props.leftOpen;
  if (!left || left.size === 0 || !props.matchData) return props.matchData;
  return props.matchData.map((p) => {
    const leaver = left.get(p.id);
    return !p.name && leaver ? { ...p, name: leaver.name } : p;
  });
}

/**
 * Every seat with its player's name. The lobby's list, when the page has read it, is the authority: the page
 * re-reads it whenever the server says the match changed (a join, a leave), whereas the socket's names go
 * stale when a player leaves, which would show a table that is no longer full as a game under way. Before
 * the first read, the socket's names.
 */
function seatsOf(props: OnlineBoardProps): WaitingSeat[] {
  if (props.lobbyPlayers) return props.lobbyPlayers.map((p) => ({ id: p.id, name: p.name || undefined }));
  return (props.matchData ?? []).map((p) => ({ id: p.id, name: p.name || undefined }));
}

/**
 * The names of the players who left a full table before the first move (the match then waits for its table
 * again): the page remembers the table as it was while full, and keeps those names until the table is full again.
 */
function useLeftBeforeStart(stateID: number, seats: WaitingSeat[], waiting: boolean): string[] {
  const full = useRef<Map<number, string> | null>(null);
  const [left, setLeft] = useState<string[]>([]);
  const key = seats.map((s) => `${s.id}:${s.name ?? ''}`).join('\u0000');
  useEffect(() => {
    if (stateID !== 0) return;
    if (!waiting) {
      full.current = new Map(seats.map((s) => [s.id, s.name ?? '']));
      setLeft([]);
    } else if (full.current) {
      const was = full.current;
      const gone = seats.filter((s) => !s.name && was.get(s.id)).map((s) => was.get(s.id)!);
      if (gone.length > 0) setLeft(gone);
    }
    // `seats` is read through its key.
  }, [stateID, waiting, key]);
  return waiting ? left : [];
}

/** Wraps the board for a networked client. */
export function OnlineBoard(props: OnlineBoardProps) {
  const game = useGame();
  const { Board, def } = game;
  const TITLE = `${def.title} · ${SITE_NAME}`;
  const matchData = withLeaverNames(props);
  const leftSeats = [...(props.leftOpen?.keys() ?? [])].map(String);
  const names = namesOf({ matchData, lobbyPlayers: props.lobbyPlayers });
  const pid = props.playerID;
  const seats = seatsOf(props);
  const waiting = !props.ctx.gameover && waitingForTable(props._stateID, seats);
  const leftBeforeStart = useLeftBeforeStart(props._stateID, seats, waiting);
  const mine =
    pid != null &&
    !waiting &&
    !props.ctx.gameover &&
    (game.waitsFor ? game.waitsFor(props.G, props.ctx, pid) : game.acting(props.G, props.ctx) === pid);
  // A seat taken or freed over the socket: the page's lobby data (the match bar) catches up at once.
  const seatNames = (props.matchData ?? []).map((p) => p.name ?? '').join('\u0000');
  const { onSeatsChanged } = props;
  useEffect(() => {
    onSeatsChanged?.();
  }, [seatNames, onSeatsChanged]);
  // While the table fills, or the connection is down, the board shows but takes no input (and is hidden from
  // screen readers): no move is sent that could not arrive, and none waits to arrive later.
  const offline = !props.isConnected;
  const boardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    boardRef.current?.toggleAttribute('inert', waiting || offline);
  }, [waiting, offline]);
  const { onTableWaiting, onOffline, onSpectatorUnseen } = props;
  useEffect(() => {
    onTableWaiting?.(waiting);
  }, [waiting, onTableWaiting]);
  const unseen = spectatorUnseen(game, props.G);
  useEffect(() => {
    onSpectatorUnseen?.(unseen);
  }, [unseen, onSpectatorUnseen]);
  useEffect(() => {
    onOffline?.(offline);
  }, [offline, onOffline]);
  // A board that goes away (its seat left or released) leaves no "offline" nor waiting room behind it on the page.
  useEffect(() => () => onOffline?.(false), [onOffline]);
  useEffect(() => () => onTableWaiting?.(false), [onTableWaiting]);
  useBoardFirstInView(boardRef, !waiting);
  const alerts = useYourMoveAlerts(mine, TITLE);
  const endBar = useEndBarRoom<HTMLDivElement>(props.ctx.gameover !== undefined);
  return (
    <div
      className={props.ctx.gameover !== undefined ? 'online-board is-over' : 'online-board'}
      data-testid="online-board"
    >
      {offline && (
        <p className="notice warn" role="status" data-testid="reconnecting">
          Connection lost. Reconnecting… The board is read-only until the connection is back; nothing is sent meanwhile.
        </p>
      )}
      {props.clockOffer &&
      !props.turnClockMs &&
      pid != null &&
      props.credentials &&
      !waiting &&
      !offline &&
      !props.ctx.gameover ? (
        <ClockOffer
          matchID={props.matchID}
          offer={props.clockOffer}
          seat={{ playerID: pid, credentials: props.credentials }}
          ctx={props.ctx}
          G={props.G as unknown}
          rule={def.waitingOn}
          names={names}
          onStarted={props.onClockStarted}
          onChanged={props.onClockAnswered}
        />
      ) : null}
      <div className="board-top">
        {props.turnClockMs && !waiting && !props.ctx.gameover ? (
          <TurnClock
            periodMs={props.turnClockMs}
            ctx={props.ctx}
            G={props.G as unknown}
            rule={def.waitingOn}
            names={names}
            me={pid}
            away={props.clockAway ?? []}
            waitStart={props.clockWait}
          />
        ) : null}
        {!waiting && !offline && (
          <TakeBack
            G={props.G as unknown}
            ctx={props.ctx}
            playerID={pid}
            stateID={props._stateID}
            undo={props.undo}
            board={boardRef}
          />
        )}
        {pid != null && !props.ctx.gameover && <AlertSwitches {...alerts} />}
        {/* Closed, on this row at its end on a wide screen (styles.css); open, or on a narrower one, a row of its own. */}
        <Chat
          messages={props.chatMessages ?? []}
          send={pid != null ? (payload) => props.sendChatMessage(payload) : null}
          names={names}
          self={pid ?? null}
          readKey={chatReadKey(props.matchID)}
        />
      </div>
      <TakeBackNotice log={props.log ?? []} stateID={props._stateID} names={names} playerID={pid} />
      {waiting && (
        <WaitingRoom
          matchID={props.matchID}
          players={seats}
          left={leftBeforeStart}
          seat={pid != null && props.credentials ? { playerID: pid, credentials: props.credentials } : null}
          creator={pid != null && pid === props.creatorSeat}
          onChanged={props.onSeatsChanged}
          onClosed={props.onClosed}
        />
      )}
      <div ref={boardRef} className={waiting || offline ? 'board-waiting' : undefined} data-testid="board-wrap">
        <Deferred what="the board">
          <Board {...props} matchData={matchData} playerNames={names} tableWaiting={waiting} leftSeats={leftSeats} />
        </Deferred>
      </div>
      {props.ctx.gameover !== undefined && (
        <div ref={endBar} className="game-over-bar" role="status" data-testid="game-over-bar">
          {/* The bar is one row at every width (styles.css): up to 1,024 px these words are read, not shown, and up
              to 700 px the links say "Replay" and "Lobby", named in full. */}
          <span className="end-note">The game is over.</span>
          {props.endActions}
          <a
            className="button ghost"
            href={hrefOf({ page: 'replay', game: def.id, matchID: props.matchID })}
            aria-label="Watch the replay"
            data-testid="watch-replay"
          >
            <span className="end-long">Watch the replay</span>
            <span className="end-short">Replay</span>
          </a>
          <a
            className={`button ${props.endActions ? 'ghost' : 'primary'}`}
            href={hrefOf({ page: 'lobby', game: def.id })}
            aria-label="Back to the lobby"
            data-testid="to-lobby"
          >
            <span className="end-long">Back to the lobby</span>
            <span className="end-short">Lobby</span>
          </a>
        </div>
      )}
    </div>
  );
}

/** The player's switches for the your-move chime and notifications. */
function AlertSwitches(props: ReturnType<typeof useYourMoveAlerts>) {
  const { settings } = props;
  const state = notificationState();
  return (
    // Two toggle buttons, each with one name ("Sound", "Notify me when it is my move") and its state in `aria-pressed`;
    // the word saying the state is shown, not named. As names, "Sound off" made "Sound off, not pressed", and
    // "Notify me…" (an action) turned into "Notifications on" (a state) once pressed.
    <div className="alert-switches" data-testid="alert-switches">
      <button
        type="button"
        className="ghost small"
        aria-pressed={settings.sound}
        onClick={props.toggleSound}
        data-testid="sound-toggle"
      >
        {/* One flex item: its words spaced as text (the button's 6 px gap is not a space). */}
        <span>
          Sound <span aria-hidden="true">{settings.sound ? 'on' : 'off'}</span>
        </span>
      </button>
      {state !== 'unsupported' &&
        (settings.notify ? (
          <button
            type="button"
            className="ghost small"
            onClick={props.stopNotify}
            aria-pressed
            data-testid="notify-toggle"
          >
            <span>
              Notify me<span className="wide-only"> when it is my move</span>
              <span aria-hidden="true">: on</span>
            </span>
          </button>
        ) : state === 'denied' ? (
          <span className="muted small" data-testid="notify-blocked">
            Notifications are blocked in this browser
          </span>
        ) : (
          <button
            type="button"
            className="ghost small"
            onClick={() => void props.askNotify()}
            aria-pressed={false}
            data-testid="notify-toggle"
          >
            Notify me<span className="wide-only"> when it is my move</span>
          </button>
        ))}
    </div>
  );
}
