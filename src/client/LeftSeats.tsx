/**
 * A player left a running match (server/lobby-guard.ts `leftSeats`): the
 * others are told who, and a seated player can hand the seat to a bot at
 * once; otherwise the seat waits for the leaver, or whoever they share the
 * link with.
 */
import { useState } from 'react';
import { describeError, seatBot, type Match, type StoredSeat } from './lobbyApi';
import { BOT_LEVELS, type BotLevel } from './seats';

interface LeftSeat {
  id: number;
  name: string;
  at: number;
}

type LeftSeatsMatch = { gameover?: unknown; players: { id: number; name?: string }[]; leftSeats?: LeftSeat[] };

/**
 * The seats of a running match that a player left and nobody has taken since,
 * each with its latest leaver. The notice below offers these seats to a bot;
 * the match bar offers a bot only for the other open seats.
 */
export function leftOpenSeats(m: Match | null): Map<number, LeftSeat> {
  const open = new Map<number, LeftSeat>();
  const match = m as unknown as LeftSeatsMatch | null;
  if (!match || match.gameover !== undefined) return open;
  for (const l of match.leftSeats ?? []) if (!match.players.find((p) => p.id === l.id)?.name) open.set(l.id, l);
  return open;
}

export function LeftSeats(props: {
  matchID: string;
  match: Match | null;
  seat: StoredSeat | null;
  onChanged: () => void;
}) {
  const [level, setLevel] = useState<BotLevel>('normal');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const open = leftOpenSeats(props.match);
  if (open.size === 0) return null;
  const hand = async (id: number) => {
    if (!props.seat) return;
    setBusy(true);
    setError('');
    try {
      await seatBot(props.matchID, id, level, props.seat);
      props.onChanged();
    } catch (err) {
      setError(describeError(err, 'bot'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="notice left-seats" role="status" data-testid="left-seats">
      {[...open.values()].map((l) => (
        <p key={l.id} data-testid={`left-${l.id}`}>
          <b>{l.name}</b> left the match. Seat {l.id + 1} waits for them, or for whoever they send the link to
          {props.seat ? ', or you can hand it to a bot: ' : '.'}
          {props.seat && (
            <>
              <select value={level} onChange={(e) => setLevel(e.target.value as BotLevel)} aria-label="Bot level">
                {BOT_LEVELS.map((b) => (
                  <option key={b} value={b}>
                    {b[0].toUpperCase() + b.slice(1)}
                  </option>
                ))}
              </select>{' '}
              <button
                type="button"
                className="primary small"
                disabled={busy}
                onClick={() => void hand(l.id)}
                data-testid={`hand-to-bot-${l.id}`}
              >
                Hand seat {l.id + 1} to a bot
              </button>
            </>
          )}
        </p>
      ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
