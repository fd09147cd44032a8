/**
 * A match without a turn clock whose game waits on a player who is gone: once
 * this page has seen the game wait on such a seat (a person, not a bot, not
 * this page's own, whose connection is down: src/shared/gone-seats.ts) for a
 * minute without a break (`clockOfferMs` in the lobby's answer, shorter on a
 * server whose clocks run faster), a seated player is offered to start the
 * 1-minute turn clock (server/start-clock.ts). It does not ask again: the
 * notice says what the clock does, a clock is mild (the player, back, plays
 * as before), and the table is stuck until someone acts.
 *
 * Then everyone on the match's page, spectators too, is told who started it
 * and why (`ClockStartedNotice`), until they dismiss it. The page that started
 * it shows the running clock and the notice as soon as the server accepts,
 * from the server's answer (`withStartedClock`), without waiting to read the
 * match again.
 */
import { useEffect, useRef, useState } from 'react';
import type { Ctx } from 'boardgame.io';
import { describeError, startTurnClock, type Match, type StartedClock, type StoredSeat } from './lobbyApi';
import { useGame } from './games';
import { readSession, writeSession } from './sessionValue';
import { waitingOn, type WaitRule } from '../games/common/waiting-room';
import { goneSeats, type SeatPresence } from '../shared/gone-seats';
import { useStickyTop } from './stickyTop';

/** What the match page knows for the offer: how long to wait, and each seat's presence, from the lobby's answer. */
export interface ClockOfferInfo {
  afterMs: number;
  seats: ReadonlyMap<string, SeatPresence>;
}

type OfferMatch = {
  turnClockMs?: number;
  clockOfferMs?: unknown;
  botSeats?: Record<string, unknown>;
  players: { id: number; name?: string; isConnected?: boolean }[];
};

/** The offer's data from the lobby's answer, while the match has no clock and is not over (else nothing). */
export function clockOfferOf(match: Match | null): ClockOfferInfo | undefined {
  const m = match as unknown as OfferMatch | null;
  if (!m || m.turnClockMs || typeof m.clockOfferMs !== 'number' || m.clockOfferMs <= 0) return undefined;
  const bots = m.botSeats ?? {};
  const seats = new Map<string, SeatPresence>(
    m.players.map((p) => [
      String(p.id),
      { name: p.name, isConnected: p.isConnected, bot: Object.prototype.hasOwnProperty.call(bots, String(p.id)) },
    ]),
  );
  return { afterMs: m.clockOfferMs, seats };
}

/**
 * The match as the page shows it once this page has started its clock: the fields the server's answer says it wrote,
 * over a match read before they were (a read sent before the start, or none since), which then offers no clock.
 */
export function withStartedClock(match: Match | null, started: StartedClock | null): Match | null {
  if (!match || !started || (match as unknown as OfferMatch).turnClockMs) return match;
  const { clockOfferMs: _offer, ...rest } = match as Match & { clockOfferMs?: unknown };
  return { ...rest, ...started };
}

/**
 * The seats of `gone` this page has seen gone for `afterMs` without a break (a seat that comes back, or that the game
 * stops waiting on, starts again from nothing).
 */
function useGoneFor(gone: readonly string[], afterMs: number): string[] {
  const since = useRef(new Map<string, number>());
  const [ripe, setRipe] = useState<string[]>([]);
  const key = gone.join(',');
  useEffect(() => {
    const seats = key ? key.split(',') : [];
    const map = since.current;
    const now = Date.now();
    for (const s of [...map.keys()]) if (!seats.includes(s)) map.delete(s);
    for (const s of seats) if (!map.has(s)) map.set(s, now);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const t = Date.now();
      setRipe(seats.filter((s) => t - map.get(s)! >= afterMs));
      const left = seats.map((s) => map.get(s)! + afterMs - t).filter((ms) => ms > 0);
      if (left.length > 0) timer = setTimeout(look, Math.min(...left));
    };
    look();
    return () => clearTimeout(timer);
  }, [key, afterMs]);
  return ripe.filter((s) => gone.includes(s));
}

/** "Bruno", "Bruno and Carla", "Bruno, Carla and Dora". */
function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The offer, for a seated player; shown only once a seat has been gone long enough. */
export function ClockOffer(props: {
  matchID: string;
  offer: ClockOfferInfo;
  seat: Pick<StoredSeat, 'playerID' | 'credentials'>;
  ctx: Ctx;
  G: unknown;
  rule?: WaitRule;
  names: Record<string, string>;
  /** The clock was started: what the server wrote, for the page to show at once. */
  onStarted?: (started: StartedClock) => void;
  /** The clock was started, or refused (the match may have changed): the page reads the match again. */
  onChanged?: () => void;
}) {
  const game = useGame();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);
  const [error, setError] = useState('');
  const { offer, seat } = props;
  const gone = goneSeats(waitingOn(props.ctx, props.G, props.rule), seat.playerID, (id) => offer.seats.get(id));
  const ripe = useGoneFor(gone, offer.afterMs);
  const sticky = useStickyTop();
  // An error stays until the offer goes (the seat came back, the clock started elsewhere): it explains a refusal.
  useEffect(() => {
    if (ripe.length === 0) setError('');
  }, [ripe.length]);
  if (ripe.length === 0 || started) return null;
  const who = listNames(ripe.map((id) => props.names[id] ?? `Seat ${Number(id) + 1}`));
  const start = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await startTurnClock(game.def.id, props.matchID, seat);
      // Done: the offer goes at once (a second press would only be refused), and the page shows the clock.
      setStarted(true);
      if (answer) props.onStarted?.(answer);
    } catch (err) {
      setError(describeError(err, 'clock'));
    } finally {
      setBusy(false);
    }
    props.onChanged?.();
  };
  return (
    <section
      className="notice clock-offer"
      ref={sticky}
      role="status"
      aria-label="A player seems to be gone"
      data-testid="clock-offer"
    >
      <p>
        <b>{who}</b> {ripe.length === 1 ? 'seems' : 'seem'} to be gone. Start a 1-minute turn clock for everyone: the
        easy bot plays a turn whose minute runs out.{' '}
        <button
          type="button"
          className="primary small"
          disabled={busy}
          onClick={() => void start()}
          data-testid="start-clock"
        >
          {busy ? 'Starting…' : 'Start a turn clock'}
        </button>
      </p>
      {error && (
        <p className="error" role="alert" data-testid="start-clock-error">
          {error}
        </p>
      )}
    </section>
  );
}

type StartedMatch = {
  gameover?: unknown;
  clockStarted?: { seat?: unknown; name?: unknown; at?: unknown; gone?: unknown };
  players: { id: number; name?: string }[];
};

const DISMISSED_PREFIX = 'lt28:clock-started:';

/** Who started the match's clock, for everyone on its page (players and spectators), until dismissed in this tab. */
export function ClockStartedNotice(props: { matchID: string; match: Match | null; seat: StoredSeat | null }) {
  const m = props.match as unknown as StartedMatch | null;
  const started = m?.clockStarted;
  const key = DISMISSED_PREFIX + props.matchID;
  const [dismissed, setDismissed] = useState(() => readSession(key));
  if (!m || m.gameover !== undefined || !started || typeof started.at !== 'number') return null;
  if (dismissed === String(started.at)) return null;
  const by =
    props.seat?.playerID === started.seat ? 'You' : typeof started.name === 'string' ? started.name : 'A player';
  const gone = Array.isArray(started.gone) ? started.gone.map(String) : [];
  const names = gone.map((id) => m.players.find((p) => String(p.id) === id)?.name ?? `Seat ${Number(id) + 1}`);
  return (
    <p className="notice" role="status" data-testid="clock-started">
      {by} started a 1-minute turn clock{names.length > 0 ? `, as ${listNames(names)} seemed to be gone` : ''}: the easy
      bot plays a turn whose minute runs out.{' '}
      <button
        type="button"
        className="ghost small"
        data-testid="clock-started-dismiss"
        onClick={() => {
          writeSession(key, String(started.at));
          setDismissed(String(started.at));
        }}
      >
        Dismiss
      </button>
    </p>
  );
}
