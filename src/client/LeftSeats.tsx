/**
 * A player left a running match (server/lobby-guard.ts `leftSeats`): the
 * others are told who, and a seated player can hand the seat to a bot at
 * once; otherwise the seat waits for the leaver, or whoever they share the
 * link with.
 */
import { useState } from 'react';
import { describeError, seatBot, type Match, type StoredSeat } from './lobbyApi';
import { BOT_LEVELS, type BotLevel } from './seats';
import { useStickyTop } from './stickyTop';

interface LeftSeat {
  id: number;
  name: string;
  at: number;
}

type LeftSeatsMatch = { gameover?: unknown; players: { id: number; name?: string }[]; leftSeats?: LeftSeat[] };

/**
 * A match that has started and is not over, as far as the lobby's answer
 * tells: some player left it after its first move (the open-matches list
 * keeps these from strangers too). Its open seats are not a table waiting to
 * fill.
 */
export function runningWithLeaver(m: Match | null): boolean {
  const match = m as unknown as LeftSeatsMatch | null;
  return !!match && match.gameover === undefined && (match.leftSeats?.length ?? 0) > 0;
}

/** Where this browser remembers the seat it left in a match, until it takes a seat there again. */
const LEFT_PREFIX = 'lt28:left:';

/** The seat this browser left in `matchID` ("Leave match"), if it remembers one. */
export function seatLeftHere(matchID: string): { id: number; name: string } | null {
  try {
    const raw = localStorage.getItem(LEFT_PREFIX + matchID);
    const v = raw ? (JSON.parse(raw) as { id?: unknown; name?: unknown }) : null;
    return v && typeof v.id === 'number' && typeof v.name === 'string' ? { id: v.id, name: v.name } : null;
  } catch {
    return null;
  }
}

/** Remembers that this browser left `seat` (so its page, opened again, speaks of it as the visitor's own). */
export function rememberLeft(seat: StoredSeat): void {
  localStorage.setItem(
    LEFT_PREFIX + seat.matchID,
    JSON.stringify({ id: Number(seat.playerID), name: seat.playerName }),
  );
}

/** This browser holds a seat of `matchID` again: the seat it left is no longer its own to speak of. */
export function forgetLeft(matchID: string): void {
  localStorage.removeItem(LEFT_PREFIX + matchID);
}

/**
 * The open seat of a running match that this browser's player left (the one
 * the server records under the same name), for a visitor: its notice speaks
 * to them, not of them.
 */
export function ownLeftSeat(matchID: string, m: Match | null): number | null {
  const mine = seatLeftHere(matchID);
  if (!mine) return null;
  const l = leftOpenSeats(m).get(mine.id);
  return l && l.name === mine.name ? l.id : null;
}

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
  // A visitor who left one of these seats is spoken to, not of (the others still read "Ana left the match").
  const own = props.seat ? null : ownLeftSeat(props.matchID, props.match);
  const sticky = useStickyTop();
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
    <section className="notice left-seats" role="status" data-testid="left-seats" ref={sticky}>
      {[...open.values()].map((l) =>
        l.id === own ? (
          <p key={l.id} data-testid={`left-own-${l.id}`}>
            You left this match, which is under way. Seat {l.id + 1} is still open: take it back below, or send this
            page's link to whoever should take it.
          </p>
        ) : (
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
        ),
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
