/**
 * The waiting room of an online match (src/games/common/waiting-room.ts):
 * until every seat has a player nobody plays, and the page says who is
 * seated, who is still awaited, and lets a seated player fill the empty
 * seats with bots in one click. The match's creator may close it
 * (server/close-match.ts), after a confirmation.
 */
import { useRef, useState } from 'react';
import { closeMatch, describeError, seatBot } from './lobbyApi';
import { seatStyle, useGame } from './games';
import { BOT_LEVELS, type BotLevel } from './seats';
import { ConfirmBox } from './Confirm';
import { SeatDot } from './SeatDot';
import { listOf } from './names';

export interface WaitingSeat {
  id: number;
  name?: string;
}

export function WaitingRoom(props: {
  matchID: string;
  players: readonly WaitingSeat[];
  /** Players who left the full table before the first move, so that it waits again. */
  left?: readonly string[];
  /** The viewer's seat and credentials, when they hold one (a spectator just waits). */
  seat: { playerID: string; credentials: string } | null;
  /** The viewer's seat is the creator's: they may close the match. */
  creator?: boolean;
  onChanged?: () => void;
  /** The match was closed from here. */
  onClosed?: () => void;
}) {
  const game = useGame();
  const [level, setLevel] = useState<BotLevel>('normal');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const open = props.players.filter((p) => !p.name);
  const fill = async () => {
    if (!props.seat) return;
    setBusy(true);
    setError('');
    let seated = 0;
    try {
      for (const p of open) {
        await seatBot(props.matchID, p.id, level, props.seat);
        seated++;
      }
    } catch (err) {
      // Refused part of the way (a cap reached): the bots seated before stay, and the words say how many.
      const part = seated > 0 ? `${seated} of the ${open.length} bots ${seated === 1 ? 'was' : 'were'} seated. ` : '';
      setError(part + describeError(err, 'bot'));
    } finally {
      setBusy(false);
      if (seated > 0) props.onChanged?.();
    }
  };
  return (
    <section className="card waiting-room" data-testid="waiting-room" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for players</h2>
      {props.left && props.left.length > 0 && (
        <p className="notice warn" role="status" data-testid="left-before-start">
          {listOf(props.left)} left before the first move, so the game waits for{' '}
          {props.left.length === 1 ? 'a player' : 'players'} again.
        </p>
      )}
      <p data-testid="waiting-text">
        The game starts when every seat is taken: {open.length} {open.length === 1 ? 'seat is' : 'seats are'} still
        open.{' '}
        {props.seat
          ? `Share the link above, or fill ${open.length === 1 ? 'the open seat with a bot' : 'the open seats with bots'}.`
          : // A spectator has no link above (the bar says "You are watching") and no bots to seat.
            'You will see it from here.'}
      </p>
      <ul className="waiting-seats">
        {props.players.map((p) => (
          <li
            key={p.id}
            className={`seat-chip${p.name ? '' : ' empty'}`}
            style={seatStyle(game, p.id)}
            title={`Seat ${p.id + 1}: ${p.name ?? 'open'}`}
            data-testid={`waiting-seat-${p.id}`}
          >
            <SeatDot game={game} seat={p.id} size={12} />
            <span className="chip-name">
              Seat {p.id + 1}: {p.name ?? 'open'}
            </span>
            {props.seat && String(p.id) === props.seat.playerID && (
              <>
                {' '}
                <span className="chip-note">(you)</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {props.seat && open.length > 0 && (
        <div className="row">
          <label className="field inline">
            <span className="label">Bot level</span>
            <select
              value={level}
              onChange={(e) => setLevel(e.target.value as BotLevel)}
              data-testid="waiting-bot-level"
            >
              {BOT_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l[0].toUpperCase() + l.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="primary" disabled={busy} onClick={() => void fill()} data-testid="fill-bots">
            {busy
              ? 'Seating bots…'
              : open.length === 1
                ? 'Fill the open seat with a bot'
                : `Fill the ${open.length} open seats with bots`}
          </button>
        </div>
      )}
      {props.seat && props.creator && (
        <CloseMatch matchID={props.matchID} seat={props.seat} onClosed={props.onClosed} onError={setError} />
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The creator's "Close match" button, and the confirmation it asks first (Esc or "Keep it open" cancels). */
function CloseMatch(props: {
  matchID: string;
  seat: { playerID: string; credentials: string };
  onClosed?: () => void;
  onError: (message: string) => void;
}) {
  const game = useGame();
  const [asking, setAsking] = useState(false);
  const [closing, setClosing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setAsking(false);
    // Back where the keyboard was (after the dialog has gone).
    setTimeout(() => opener.current?.focus(), 0);
  };
  const close = async () => {
    setClosing(true);
    props.onError('');
    try {
      await closeMatch(game.def.id, props.matchID, props.seat);
      props.onClosed?.();
    } catch (err) {
      props.onError(describeError(err, 'close'));
      setClosing(false);
      cancel();
    }
  };
  if (!asking) {
    return (
      <div className="row close-match">
        <button
          ref={opener}
          type="button"
          className="ghost danger"
          aria-haspopup="dialog"
          onClick={() => setAsking(true)}
          data-testid="close-match"
        >
          Close match
        </button>
      </div>
    );
  }
  return (
    <ConfirmBox
      title="Close this match?"
      text="The seated players will be sent back to the lobby."
      keepLabel="Keep it open"
      yesLabel={closing ? 'Closing…' : 'Close the match'}
      busy={closing}
      onKeep={cancel}
      onYes={() => void close()}
      testid="close-confirm"
      keepTestid="close-keep"
      yesTestid="close-confirm-yes"
    />
  );
}
