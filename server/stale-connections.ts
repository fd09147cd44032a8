/**
 * Seats stored connected (metadata `players[seat].isConnected`) that no
 * socket holds. boardgame.io marks a seat connected on sync and gone on
 * disconnect; a process that died without a word (killed, out of memory, the
 * machine lost) left its players' seats connected for good, which hid them
 * from the bots' rest (server/bots.ts) and from the offer of a turn clock
 * when a player is gone (server/start-clock.ts).
 *
 * A lone process (`clearStaleConnections`) marks every seat of every
 * unfinished match gone as it starts, before it listens: no socket is
 * connected to it yet, and no other process holds any.
 *
 * With several processes (Redis), others may hold those sockets, so a process
 * cannot do that; each knows which seats the live processes hold from their
 * records in Redis (server/seat-presence.ts), and `SeatSweep` puts the stored
 * connections right against them:
 *  - Every `2 × heartbeatMs` one process, the holder of a lock in Redis
 *    (server/redis-lock.ts, for the processes on one storage: the others'
 *    sweeps, each its PostgreSQL query, only did the same again), lists the
 *    unfinished matches with a seat stored connected and, per match, reads
 *    the stored metadata first, then who holds its seats. The holder keeps
 *    the lock while it lives (a lock taken anew for each period would pass
 *    from process to process, and each would see a seat twice only across
 *    its own sweeps, periods apart); when it dies, the lock lapses
 *    `3 × heartbeatMs` after its last renewal and the next process to sweep
 *    takes it. A holder whose listing fails (its storage does not answer
 *    right), or has not answered within 2 heartbeats (it hangs), gives the
 *    lock back at once, and another process, whose storage may answer,
 *    sweeps from its next period; a process asks for the lock no more while
 *    a listing it gave up on has not answered. When Redis does not answer
 *    the lock, no process sweeps (no query, no read): who holds the seats is
 *    read in Redis too, so nothing could be decided. A socket's seat is
 *    recorded in Redis before boardgame.io marks it connected
 *    (server/socket-guard.ts waits for the record, a moment at most), so a
 *    seat read connected whose socket still lives is seen held, on whatever
 *    process, even one that started a moment ago. A seat that
 *    no live process holds, seen so in two sweeps at least a heartbeat
 *    apart, is marked gone: the second look lets a process whose record
 *    could not be written at its sync (Redis away a moment) write it again
 *    at its next heartbeat; and a dead process's records stop counting 3
 *    heartbeats after its last. So a dead process's seats are marked gone
 *    within about 7 heartbeats (70 s with the default 10 s), the one sweeping
 *    included (its lock lapses as its records do). When Redis does not
 *    answer, nothing is marked.
 *  - A seat that a live process holds and is stored gone is marked connected:
 *    looked at a moment after each disconnection that boardgame.io marks
 *    gone here (another process's socket of the seat may have synced just as
 *    this one closed, its connection stored before this one's disconnection),
 *    and a moment after each seat the sweep marks gone (a socket may have
 *    synced between the sweep's look and its write).
 *  - Every heartbeat each process also looks in the storage at the seats its
 *    own sockets hold (one query on PostgreSQL), and marks connected again
 *    those stored gone. The look after a disconnection can run before
 *    boardgame.io's write of it lands (its read-then-write is not in the
 *    match's queue, and may be slow): a socket of the seat that synced here
 *    meanwhile then holds a seat stored gone, which no sweep looks at (it
 *    reads the seats stored connected), until that socket syncs again. Once
 *    such a mark has landed, its seats that no socket here holds any more
 *    (the last closed after the mark's check: boardgame.io's disconnection,
 *    read before the mark, wrote nothing over it) are marked gone unless
 *    another live process holds them.
 * Each mark is written in the match's queue, on the metadata read there (the
 * storage merges only that seat's change over what is stored), and told to
 * every page of the match as boardgame.io tells a connection (`matchData`).
 */
import type { Server } from 'boardgame.io';
import type { Logger } from './log';
import type { SharedSeats } from './seat-presence';
import { fetchMetadata, listMatchIDs, storeMetadata, type AnyStorage } from './storage-hooks';
import { withinOrFail } from './within';

/** Marks every seat of every unfinished match not connected; resolves with the matches changed. */
export async function clearStaleConnections(db: AnyStorage, log: Logger): Promise<number> {
  let changed = 0;
  for (const matchID of await listUnfinished(db)) {
    try {
      const metadata = await fetchMetadata(db, matchID);
      const players = Object.values(metadata?.players ?? {});
      if (!metadata || !players.some((p) => p.isConnected)) continue;
      // Changed on the object read: the storage writes only this change (server/storage/postgres.ts).
      for (const p of players) if (p.isConnected) p.isConnected = false;
      await storeMetadata(db, matchID, metadata);
      changed++;
    } catch (err) {
      // A damaged match is reported by the storage and not served; the others are still put right.
      log('warn', 'stale connections not cleared', { matchID, error: String(err) });
    }
  }
  if (changed > 0) log('info', 'seats left connected by an earlier run marked gone', { matches: changed });
  return changed;
}

/** What `SeatSweep` works with. */
export interface SeatSweepContext {
  db: AnyStorage;
  /** The seats the other processes hold (server/seat-presence.ts). */
  shared: SharedSeats;
  /** Whether a socket of this process, connected now, holds the seat (having synced with `credentials`, if given). */
  holdsHere(matchID: string, seat: string, credentials?: string): boolean;
  /** Runs `task` in the match's move queue, as the moves and the chat are. */
  inQueue<T>(matchID: string, task: () => Promise<T>): Promise<T>;
  /** Tells every page of the match, on every process, its seats' connections (boardgame.io's `matchData`). */
  tell(matchID: string, metadata: Server.MatchData): void;
  /** The seats that sockets of this process, connected now, hold: per match, its seats. */
  heldHere(): Map<string, Set<string>>;
  /**
   * Of `matchIDs`, the unfinished matches with seats stored not connected, and those seats (default: each match's
   * metadata read).
   */
  storedGone?(matchIDs: string[]): Promise<Map<string, string[]>>;
  /** The unfinished matches with a seat stored connected (default: every unfinished match). */
  connectedMatches?(): Promise<string[]>;
  /**
   * The lock that lets one process of those on the storage sweep (server/redis-lock.ts): `take` resolves true when
   * this one holds it, undefined when Redis did not answer (then none sweeps). None: this process sweeps.
   */
  lock?: { take(): Promise<boolean | undefined>; release(): Promise<void> };
  log: Logger;
}

/** The longest wait before a seat marked gone is looked at again, ms (shorter with a shorter heartbeat). */
const SETTLE_MS = 1000;

/** Keeps the stored seat connections right against the live processes' sockets (see the file comment). */
export class SeatSweep {
  private timer: NodeJS.Timeout | undefined;
  private heldTimer: NodeJS.Timeout | undefined;
  private readonly looks = new Set<NodeJS.Timeout>();
  /** Seats ("matchID:seat") stored connected that no live process held at the last sweep, and since when. */
  private unheld = new Map<string, number>();
  private sweeping: Promise<number> | undefined;
  /** A listing given up on (no answer within `2 × heartbeatMs`) that has not answered yet: till it does, no sweep here. */
  private unanswered: Promise<void> | undefined;
  private keeping: Promise<number> | undefined;
  private closed = false;

  constructor(private readonly ctx: SeatSweepContext) {}

  private get heartbeatMs(): number {
    return this.ctx.shared.heartbeatMs;
  }

  /** Sweeps every `2 × heartbeatMs` from now on, and looks at this process's own seats every `heartbeatMs`. */
  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => void this.sweep(), 2 * this.heartbeatMs);
    this.timer.unref();
    this.heldTimer = setInterval(() => void this.keepHeld(), this.heartbeatMs);
    this.heldTimer.unref();
  }

  /**
   * Marks connected the seats that sockets of this process hold and that are stored gone (see the file comment);
   * resolves with how many it marked. One look at a time.
   */
  keepHeld(): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    this.keeping ??= this.keepHeldOnce().finally(() => (this.keeping = undefined));
    return this.keeping;
  }

  private async keepHeldOnce(): Promise<number> {
    const held = this.ctx.heldHere();
    if (held.size === 0) return 0;
    let marked = 0;
    try {
      const ids = [...held.keys()];
      // Bounded as the sweep's listing is: a look that hangs kept every later look from starting (one at a time) and
      // the process's close waiting for it.
      const look = this.ctx.storedGone ? this.ctx.storedGone(ids) : this.storedGone(ids);
      const gone = await withinOrFail(look, 2 * this.heartbeatMs);
      for (const [matchID, seats] of gone) {
        const mine = seats.filter((seat) => held.get(matchID)?.has(seat));
        if (mine.length === 0 || this.closed) continue;
        try {
          // Still held here when written (a socket may have closed since the look), and by the seat's player (one who
          // left the seat on another process leaves a socket here that this process was not told of).
          const still = (seat: string, player: Server.PlayerMetadata) =>
            this.ctx.holdsHere(matchID, seat, player.credentials);
          marked += (await this.markHeld(matchID, mine, still)).length;
        } catch (err) {
          this.ctx.log('warn', 'seat connections not checked', { matchID, error: String(err) });
        }
      }
    } catch (err) {
      this.ctx.log('warn', 'seat connections not checked', { error: String(err) });
    }
    return marked;
  }

  /**
   * Marks `seats` connected (those for which `still` holds in the match's queue, as `mark` asks it), then, once the
   * write has landed, marks gone again those whose last socket here closed meanwhile and that no live process holds.
   * Resolves with the seats marked connected.
   */
  private async markHeld(
    matchID: string,
    seats: string[],
    still: (seat: string, player: Server.PlayerMetadata) => boolean,
  ): Promise<string[]> {
    const changed = await this.mark(matchID, seats, true, still);
    // The seat's last socket here may have closed between that check and the write landing: boardgame.io's
    // disconnection, read before this write and writing `false` over the `false` it read, changes nothing then, and
    // the seat stayed connected with no socket until the sweep saw it so twice. Looked at again now that the write has
    // landed (a socket still connected now is disconnected later, and boardgame.io's read then sees this write): a
    // seat no live process holds is marked gone.
    const left = changed.filter((seat) => !this.ctx.holdsHere(matchID, seat));
    if (left.length > 0 && !this.closed) await this.release(matchID, left);
    return changed;
  }

  /** Marks gone those of `seats` that no live process holds now (Redis answering: else nothing is decided). */
  private async release(matchID: string, seats: string[]): Promise<void> {
    const elsewhere = await this.ctx.shared.heldNow(matchID);
    if (!elsewhere) return;
    const free = seats.filter((seat) => !elsewhere.has(seat));
    if (free.length === 0) return;
    const changed = await this.mark(matchID, free, false, (seat) => !this.ctx.holdsHere(matchID, seat));
    if (changed.length > 0) {
      this.ctx.log('info', 'seats whose last socket closed as they were marked connected, marked gone', {
        matchID,
        seats: changed.join(','),
      });
    }
  }

  /** Of `matchIDs`, the unfinished ones with seats stored not connected, read one by one. */
  private async storedGone(matchIDs: string[]): Promise<Map<string, string[]>> {
    const gone = new Map<string, string[]>();
    for (const matchID of matchIDs) {
      const metadata = await fetchMetadata(this.ctx.db, matchID);
      if (!metadata || metadata.gameover !== undefined) continue;
      const seats = Object.keys(metadata.players).filter((seat) => !metadata.players[Number(seat)]?.isConnected);
      if (seats.length > 0) gone.set(matchID, seats);
    }
    return gone;
  }

  /** A socket of seat `seat` of `matchID` closed here, and boardgame.io marks the seat gone: looked at again soon. */
  afterGone(matchID: string, seat: string): void {
    this.later(matchID, [seat]);
  }

  private later(matchID: string, seats: string[]): void {
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.looks.delete(timer);
        void this.confirm(matchID, seats).catch((err: unknown) =>
          this.ctx.log('warn', 'seat connections not checked', { matchID, error: String(err) }),
        );
      },
      Math.min(SETTLE_MS, this.heartbeatMs),
    );
    timer.unref();
    this.looks.add(timer);
  }

  /** Marks connected those of `seats` stored gone that a live process holds. */
  private async confirm(matchID: string, seats: string[]): Promise<void> {
    if (this.closed) return;
    const metadata = await fetchMetadata(this.ctx.db, matchID);
    if (!metadata || metadata.gameover !== undefined) return;
    const gone = seats.filter((seat) => {
      const player = metadata.players[Number(seat)];
      return player && player.isConnected !== true;
    });
    if (gone.length === 0) return;
    const here = (seat: string) => this.ctx.holdsHere(matchID, seat);
    const elsewhere = gone.every(here) ? undefined : await this.ctx.shared.heldNow(matchID);
    const held = gone.filter((seat) => here(seat) || elsewhere?.has(seat));
    // Still held when written (here now, or by another process as just read), and looked at again once the write has
    // landed, as the heartbeat's marks are (`markHeld`): the seat's last socket here may close in between.
    const still = (seat: string) => here(seat) || !!elsewhere?.has(seat);
    if (held.length > 0) await this.markHeld(matchID, held, still);
  }

  /**
   * Marks gone the seats stored connected that no live process holds, seen so at two sweeps a heartbeat apart (see
   * the file comment); resolves with how many it marked. One sweep at a time.
   */
  sweep(): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    let marked = 0;
    try {
      // This process's last listing, given up on, still has not answered (its storage hangs): it asks for no lock, so
      // that another process (whose storage may answer) takes it and keeps it; taken here again, it would be given
      // back a heartbeat later, period after period, and no process would sweep twice in a row.
      if (this.unanswered) {
        this.unheld = new Map();
        return marked;
      }
      // One process sweeps per period: the lock's holder. When Redis does not answer the lock, none does: who holds
      // the seats is read there too, so nothing could be decided, and the query and the reads would be for nothing.
      if (this.ctx.lock && (await this.ctx.lock.take()) !== true) {
        // Forgotten, so that a seat seen unheld when this process sweeps again is seen so twice by it.
        this.unheld = new Map();
        return marked;
      }
      // Closed meanwhile: the lock is given back already.
      if (this.closed) return marked;
      let ids: string[];
      const listing = this.ctx.connectedMatches ? this.ctx.connectedMatches() : listUnfinished(this.ctx.db);
      try {
        // Bounded: a listing that hangs (a connection that carries nothing) kept this sweep under way, the lock with
        // it until it lapsed, and the process's close waited for it for good.
        // Two heartbeats: one slow query on a loaded machine gave the lock away (a heartbeat is 250 ms in the tests),
        // and another process swept in the same period; still under the 3 heartbeats after which the lock lapses.
        ids = await withinOrFail(listing, 2 * this.heartbeatMs);
      } catch (err) {
        // This process's storage failed or hangs: the lock goes back, so that another process (whose storage may
        // answer) sweeps from its next period; kept, it was renewed at each failed sweep, and no process swept.
        const unanswered = listing.then(
          () => undefined,
          () => undefined,
        );
        this.unanswered = unanswered;
        void unanswered.then(() => {
          if (this.unanswered === unanswered) this.unanswered = undefined;
        });
        this.ctx.log('warn', 'seat connections not checked, the sweep given back', { error: String(err) });
        this.unheld = new Map();
        await this.ctx.lock?.release();
        return marked;
      }
      const unheld = new Map<string, number>();
      for (const matchID of ids) {
        if (this.closed) return marked;
        try {
          // The stored connections first, then who holds the seats (see the file comment).
          const metadata = await fetchMetadata(this.ctx.db, matchID);
          if (!metadata || metadata.gameover !== undefined) continue;
          const connected = Object.keys(metadata.players).filter((seat) => metadata.players[Number(seat)]?.isConnected);
          if (connected.length === 0) continue;
          const elsewhere = await this.ctx.shared.heldNow(matchID);
          // Redis does not answer: nothing is decided.
          if (!elsewhere) continue;
          const now = Date.now();
          const stale: string[] = [];
          for (const seat of connected) {
            if (elsewhere.has(seat) || this.ctx.holdsHere(matchID, seat)) continue;
            const key = `${matchID}:${seat}`;
            const since = this.unheld.get(key) ?? now;
            if (now - since >= this.heartbeatMs) stale.push(seat);
            else unheld.set(key, since);
          }
          if (stale.length > 0 && !this.closed) {
            await this.mark(matchID, stale, false);
            marked += stale.length;
          }
        } catch (err) {
          this.ctx.log('warn', 'seat connections not checked', { matchID, error: String(err) });
        }
      }
      this.unheld = unheld;
    } catch (err) {
      this.ctx.log('warn', 'seat connections not checked', { error: String(err) });
    }
    return marked;
  }

  /**
   * Writes `connected` for `seats` of `matchID` in its queue (those for which `still`, asked there with the seat's
   * metadata as read, holds), tells its pages; a seat marked gone is looked at again. Resolves with the seats it
   * changed.
   */
  private async mark(
    matchID: string,
    seats: string[],
    connected: boolean,
    still: (seat: string, player: Server.PlayerMetadata) => boolean = () => true,
  ): Promise<string[]> {
    const changed = await this.ctx.inQueue(matchID, async () => {
      const metadata = await fetchMetadata(this.ctx.db, matchID);
      if (!metadata || metadata.gameover !== undefined || this.closed) return [];
      const changed = seats.filter((seat) => {
        const player = metadata.players[Number(seat)];
        if (!player || (player.isConnected === true) === connected || !still(seat, player)) return false;
        // Changed on the object read: the storage writes only this change (server/storage/postgres.ts).
        player.isConnected = connected;
        return true;
      });
      if (changed.length === 0) return changed;
      const db = this.ctx.db;
      await storeMetadata(db, matchID, metadata);
      this.ctx.tell(matchID, metadata);
      return changed;
    });
    if (changed.length > 0) {
      const what = connected
        ? 'seats a live process holds marked connected again'
        : 'seats no live process holds marked gone';
      this.ctx.log('info', what, { matchID, seats: changed.join(',') });
      if (!connected) this.later(matchID, changed);
    }
    return changed;
  }

  /**
   * Stops sweeping and looking, and gives the lock back at once (another process takes the sweep at its next period);
   * resolves once a sweep under way has stopped and the lock's release is answered (or its wait is over). The release
   * goes to Redis after a sweep under way has asked for the lock (one connection, in order), so it is not taken
   * again by that ask; waited for beside that sweep, not after it.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.heldTimer);
    for (const timer of this.looks) clearTimeout(timer);
    this.looks.clear();
    await Promise.all([this.sweeping, this.keeping, this.ctx.lock?.release()]);
  }
}

/** Every unfinished match (a storage without a quicker way to list those with a seat connected). */
function listUnfinished(db: AnyStorage): Promise<string[]> {
  return listMatchIDs(db, { where: { isGameover: false } });
}
