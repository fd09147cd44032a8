/**
 * The turn clock of an online match (server/clocks.ts), shown to everyone:
 * the time left for the seats the game waits for, counted as the server
 * counts it, from when the game began to wait for them (per turn: actions
 * within the turn and take-backs do not restart it), and the seats marked
 * away. That start is the match's `clockWait` (its lobby answer, read again
 * when the server says the match changed), so a page opened or reloaded in
 * the middle of a wait shows the time really left; until the page has read
 * the current wait's start, it counts from when it saw the wait begin, and
 * it never counts from later than that. (The start is the server's clock: a
 * page whose clock runs ahead of the server's shows that much less time.)
 */
import { useEffect, useState } from 'react';
import type { Ctx } from 'boardgame.io';
import { waitKey, waitingOn, type WaitRule } from '../games/common/waiting-room';

/** The clock choices offered when creating a match (server/clocks.ts CLOCK_PERIODS). */
export type ClockChoice = 'none' | '1m' | '5m' | '1d';
export const CLOCK_TEXT: Record<ClockChoice, string> = { none: 'None', '1m': '1 min', '5m': '5 min', '1d': '1 day' };

/** "4:05", "1:02:00" or "23 h". */
function left(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400 / 4) return `${Math.ceil(s / 3600)} h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function TurnClock(props: {
  periodMs: number;
  ctx: Ctx;
  G: unknown;
  /** The game's own rule for whom it waits, if it has one (GameDef.waitingOn). */
  rule?: WaitRule;
  names: Record<string, string>;
  /** The seat this page holds, named "you" (none for a spectator). */
  me?: string | null;
  away: readonly string[];
  /** When the server says the current wait began (metadata `clockWait`), if the page has read it. */
  waitStart?: { key: string; at: number };
}) {
  const { periodMs, ctx, G, rule } = props;
  const wait = waitKey(ctx, G, rule);
  const [since, setSince] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = Date.now();
    setSince(t);
    setNow(t);
  }, [wait]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const seats = waitingOn(ctx, G, rule);
  const name = (id: string) => (id === props.me ? 'you' : (props.names[id] ?? `Seat ${Number(id) + 1}`));
  const start = props.waitStart?.key === wait ? Math.min(props.waitStart.at, since) : since;
  // Never more than the period: as a wait begins, `since` is newer than the last tick's `now` (it read 5:01).
  const remaining = Math.min(periodMs, start + periodMs - now);
  return (
    <span className="turn-clock" role="timer" aria-live="off" data-testid="turn-clock">
      Clock: {seats.length > 0 ? `${left(remaining)} for ${seats.map(name).join(', ')}` : 'clock stopped'}
      {props.away.length > 0 && (
        <span className="muted" data-testid="clock-away">
          {' '}
          · away: {props.away.map(name).join(', ')}
        </span>
      )}
    </span>
  );
}
