/**
 * Tells a match's sockets that what its match page shows has changed
 * (`matchChanged`, with the match ID and nothing else), so that the page asks
 * the lobby for the match at once instead of on its next poll: a seat taken,
 * released or renamed, a player connected or gone, a rematch offered, a turn
 * clock's away list, the game's end, the number of spectators.
 *
 * The notice says only that something changed; the page reads the match
 * through the lobby API as before, so it learns nothing it could not read
 * there. Every process hears the notice (through Redis when there are
 * several) and tells its own sockets of the match. Changes within `delayMs`
 * of the first make one notice, and the notice leaves after the write that
 * caused it has settled, so the page's read sees it.
 */
import type { GenericPubSub } from 'boardgame.io/server';

/** What every process hears when a match's page should read it again. */
export interface MatchChanged {
  matchID: string;
  /** The process that wrote the seats (`seatsWrittenAfter` only). */
  from?: string;
}

/** The channel of `MatchChanged` notices (beside boardgame.io's `MATCH-<id>` channels). */
export const CHANGED_CHANNEL = 'match-changed';

/**
 * The channel on which the process that wrote a match's seats tells the others at once, with no delay (a seat may
 * have changed hands: each drops its sockets of the old credentials, server/app.ts).
 */
export const SEATS_CHANNEL = 'match-seats';

export class MatchChanges {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly notices: GenericPubSub<MatchChanged>,
    private readonly delayMs = 100,
  ) {}

  /** `matchID` changed: its sockets are told within `delayMs` (once for every change in that time). */
  changed(matchID: string): void {
    if (this.closed || this.pending.has(matchID)) return;
    const timer = setTimeout(() => {
      this.pending.delete(matchID);
      this.notices.publish(CHANGED_CHANNEL, { matchID });
    }, this.delayMs);
    timer.unref();
    this.pending.set(matchID, timer);
  }

  /** `matchID` changes once `written` settles (whether or not the write succeeded: the page then reads what is stored). */
  changedAfter(matchID: string, written: unknown): void {
    void Promise.resolve(written).then(
      () => this.changed(matchID),
      () => this.changed(matchID),
    );
  }

  /**
   * `matchID`'s seats were written by process `from`: every other process hears of it as soon as `written` settles
   * (`onSeats`).
   */
  seatsWrittenAfter(matchID: string, written: unknown, from: string): void {
    const tell = () => {
      if (!this.closed) this.notices.publish(SEATS_CHANNEL, { matchID, from });
    };
    void Promise.resolve(written).then(tell, tell);
  }

  /** Calls `tell` with the match of every `seatsWrittenAfter` of a process other than `self`. */
  onSeats(self: string, tell: (matchID: string) => void): void {
    this.notices.subscribe(SEATS_CHANNEL, (notice) => {
      const { matchID, from } = (notice ?? {}) as Partial<MatchChanged>;
      if (typeof matchID === 'string' && from !== self) tell(matchID);
    });
  }

  /** Calls `tell` with the match of every notice, from any process. */
  onChanged(tell: (matchID: string) => void): void {
    this.notices.subscribe(CHANGED_CHANNEL, (notice) => {
      const matchID = (notice as Partial<MatchChanged> | null)?.matchID;
      if (typeof matchID === 'string') tell(matchID);
    });
  }

  /** Drops the notices not yet sent. */
  close(): void {
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
