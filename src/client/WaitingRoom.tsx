/**
 * The waiting room of an online match (src/games/common/waiting-room.ts):
 * until every seat has a player nobody plays, and the page says who is
 * seated, who is still awaited, and lets a seated player fill the empty
 * seats with bots in one click.
 */
import { useState } from 'react';
import { describeError, seatBot } from './lobbyApi';
import { seatStyle, useGame } from './games';
import { BOT_LEVELS, type BotLevel } from './seats';

export interface WaitingSeat {
  id: number;
  name?: string;
}

export function WaitingRoom(props: {
  matchID: string;
  players: readonly WaitingSeat[];
  /** The viewer's seat and credentials, when they hold one (a spectator just waits). */
  seat: { playerID: string; credentials: string } | null;
  onChanged?: () => void;
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
    try {
      for (const p of open) await seatBot(props.matchID, p.id, level, props.seat);
      props.onChanged?.();
    } catch (err) {
      setError(describeError(err, 'bot'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card waiting-room" data-testid="waiting-room" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for players</h2>
      <p>
        The game starts when every seat is taken: {open.length} {open.length === 1 ? 'seat is' : 'seats are'} still
        open. Share the link above, or fill the open seats with bots.
      </p>
      <ul className="waiting-seats">
        {props.players.map((p) => (
          <li
            key={p.id}
            className={`seat-chip${p.name ? '' : ' empty'}`}
            style={seatStyle(game, p.id)}
            data-testid={`waiting-seat-${p.id}`}
          >
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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
