/**
 * Turn clocks, optional per match and the same for every game. A match
 * created with a clock (`turnClock`: '1m', '5m' or '1d') stores its period
 * in its metadata (`turnClockMs`, already multiplied by the server's
 * `clockScale`, so every page can show the same deadline). The period is
 * per wait: it runs from the moment the game began to wait for the seats it
 * waits for now (`waitKey`: the turn and those seats). A decision owed out of
 * turn is a wait of its own, and so is the turn's player's wait once that
 * decision is made; actions within a wait, and taking them back, do not
 * restart it (a take-back never changes the wait in these games: only the
 * one player who may act takes back their own last action of the turn).
 *
 * When the current wait began is stored with the match (metadata
 * `clockWait`: its key and the time), written on the metadata object read so
 * that only that field is merged over what is stored:
 * - by the process that made the move that began it (boardgame.io's write
 *   after a move tells it, `noteMetadata(..., afterMove)`), once the move is
 *   stored; the clock bot's and bot seats' moves included;
 * - for the first wait, by the first process to see every seat taken before
 *   the first move (a join that fills the table leaves `updatedAt` as it
 *   was); a table that empties again before the first move drops it;
 * - and the game's last move removes it.
 * A wait's key may come back within a turn (the turn's player again, after a
 * decision owed out of turn); when the start of the wait in between could not
 * be stored (its write failed), the stored start is the earlier wait's, with
 * the same key: a process that has seen another wait begin since that stored
 * start takes it for stale, not for the start of the wait back, which it dates
 * anew (it inherited it, and the clock could run out at once); and the
 * process whose write failed writes it again a moment later (`storeLater`),
 * for the processes that saw nothing of it.
 * So a restart does not give a wait in progress a new period, and another
 * process dates a wait as its mover did: with PostgreSQL it could not trust
 * `updatedAt`, whose bump after a move is written up to a second late (a
 * second process reading in that second dated the wait from the bump before,
 * maybe a turn earlier, and could play the turn at once). A wait with no
 * stored start (a match stored before starts were kept, or read by another
 * process in the moment before the mover stored it) is dated in memory from
 * when this process first saw it: by `updatedAt` in a lone process (always
 * current there), by its own clock when there are several. Its expiry reads
 * the stored start again first. Clients see `clockWait` in the lobby's
 * answers, and the match page counts down from it (src/client/TurnClock.tsx).
 *
 * When the period runs out, the `easy` bot plays that seat's turn through a
 * client holding the seat's credentials (server/bots.ts `playFor`), and says
 * so in the match's chat. It plays the whole turn: when one of its moves asks
 * another seat for a decision, it waits for that (the other seat has a period
 * of its own for it) and then plays on, with no new period or timeout; unless
 * the seat's player connects again meanwhile (to any process), when it leaves
 * the rest of the turn to them. A seat that times out twice in a row is shown
 * away until it plays by itself: derived from the counts (src/shared/clock-away.ts),
 * answered as `clockAway` by the lobby; a list stored apart was merged whole.
 *
 * Deadlines follow from the stored metadata, so clocks survive a restart:
 * `start()` schedules every unfinished match with a clock. Every metadata
 * write (a move, a join) reschedules its match, and a timer that finds the
 * match moved on (through another process) looks at its new wait.
 *
 * With several processes (PostgreSQL and Redis) a clock runs out in every
 * process that watches the match; only the one that takes the match's clock
 * lease (a row of `bgio_bot_lease` for the seat `clock`, server/bot-lease.ts)
 * plays the turn, says so and counts the timeout. The others look again one
 * period later, as after a turn the bot could not play. The lease is renewed
 * while the bot plays, every third of its length: the bot may hold the turn
 * for minutes while another seat decides, and the lease (3 s) ran out
 * meanwhile, so another process could take the match's clock and play the
 * same wait again. A renewal that finds the lease taken all the same (this
 * process stalled past its length, say) stops the bot at once, and nothing
 * more of that play is written (no timeout counted): the lease's new holder
 * plays the clock.
 */
import type { Server, State } from 'boardgame.io';
import type { BotLeases } from './bot-lease';
import type { BotSeats, ClockPlay } from './bots';
import type { Logger } from './log';
import { isSyncStorage, listMatchIDs, storeMetadata, type AnyStorage } from './storage-hooks';
import type { WriteTracking } from './storage/persist-first-pubsub';
import { waitKey, waitingForTable, waitingOn } from '../src/games/common/waiting-room';
import { findGame } from '../src/games/registry';

/** The clock choices at creation, and their periods. */
export const CLOCK_PERIODS = { '1m': 60_000, '5m': 300_000, '1d': 86_400_000 } as const;
export type ClockChoice = keyof typeof CLOCK_PERIODS | 'none';

/** What the clocks keep in a match's metadata. */
export interface ClockMetadata {
  turnClockMs?: number;
  /** Timeouts in a row per seat. */
  clockTimeouts?: Record<string, number>;
  /**
   * Seats marked away, as stored before: no longer written, nor read (they are those with two timeouts in a row,
   * src/shared/clock-away.ts); the lobby answers the derived list under this name.
   */
  clockAway?: string[];
  /** The current wait (`waitKey`) and when it began (ms since the epoch, the server's clock). */
  clockWait?: ClockWait;
}

/** A wait of the game and when it began. */
export interface ClockWait {
  key: string;
  at: number;
}

type Meta = Server.MatchData & ClockMetadata;

/** A wait as this process saw it begin; `unstored`: it dated it, and its write failed (not stored since). */
interface SeenWait extends ClockWait {
  unstored?: boolean;
}

/** Past another seat's period for a decision within the turn, how long the clock bot holds the turn's seat more. */
const HOLD_SLACK_MS = 30_000;
/** The longest the clock bot holds a turn's seat for a decision asked of another (then the rest waits a period). */
const HOLD_MAX_MS = 10 * 60_000;

/** A wait's start whose write failed is written again this long after (twice as long each time), this many times. */
const STORE_RETRY_MS = 1000;
const STORE_TRIES = 5;

/** Longest timer Node keeps (about 24.8 days); longer deadlines are looked at again then. */
const MAX_TIMER = 2 ** 31 - 1;

/** A match's clock lease, renewed while its bot plays (`TurnClocks.keepLease`). */
interface KeptLease {
  matchID: string;
  /** A renewal found the lease taken by another process: the bot was stopped, and its play writes nothing more. */
  lost: boolean;
  /** Stops renewing it (the play is over, the match forgotten or over, the server closing), quietly. */
  stop(): void;
}

export class TurnClocks {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The expiries under way (a bot playing a turn, its count being written). */
  private readonly running = new Set<Promise<void>>();
  /** Seats the clock bot is playing for now, as "matchID:seat". */
  private readonly playing = new Set<string>();
  /** Matches known to have a clock (their metadata said so when last looked at). */
  private readonly clocked = new Set<string>();
  /** The last expiry of each match, so that a turn the bot could not play is tried again one period later. */
  private readonly expired = new Map<string, { stateID: number; at: number }>();
  /** A wait with no stored start: when this process first saw it (`waitKey`), the period runs from there. */
  private readonly waits = new Map<string, SeenWait>();
  /** Per match, a start this process is storing now (`clockWait`), until its write is done. */
  private readonly storing = new Map<string, ClockWait>();
  /** Per match, the deadline of its timer (for tests and tools: `deadlineOf`). */
  private readonly deadlines = new Map<string, number>();
  /** Per match, the number of the latest look's read: an older look does not set the timer over a newer one's. */
  private readonly looks = new Map<string, number>();
  /** Timers that store again a wait's start whose write failed (`storeLater`). */
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Those tries under way (their read and write), waited for by `idle`. */
  private readonly retrying = new Set<Promise<void>>();
  /** Runs a task in the match's move queue of this process (the transport's), as the moves' own writes are. */
  private inQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T> = (_matchID, task) => task();
  /** The clock leases renewed now, while their bots play. */
  private readonly kept = new Set<KeptLease>();
  private lookCount = 0;
  private closed = false;
  private leases: BotLeases | undefined;

  constructor(
    private readonly db: AnyStorage,
    private readonly bots: BotSeats,
    private readonly log: Logger,
  ) {}

  private async fetch(matchID: string) {
    const opts = { metadata: true, state: true } as const;
    return isSyncStorage(this.db) ? this.db.fetch(matchID, opts) : await this.db.fetch(matchID, opts);
  }

  /** Runs the tries again of a wait's start (`storeLater`) in the match's move queue. */
  useQueue(inQueue: <T>(matchID: string, task: () => Promise<T>) => Promise<T>): void {
    this.inQueue = inQueue;
  }

  /** Several processes: a match's expired turn is played by the process holding its clock lease only. */
  useLeases(leases: BotLeases): void {
    this.leases = leases;
  }

  /** Whether this process plays the expired turn: always alone, else if it takes (or holds) the clock lease. */
  private async claim(matchID: string): Promise<boolean> {
    if (!this.leases) return true;
    try {
      return await this.leases.acquire({ matchID, seat: 'clock' });
    } catch (err) {
      this.log('warn', 'clock lease not taken', { matchID, error: String(err) });
      return false;
    }
  }

  /** Schedule every unfinished match with a clock (at start-up). */
  async start(): Promise<void> {
    const ids = await listMatchIDs(this.db, { where: { isGameover: false } });
    for (const matchID of ids) {
      try {
        // The metadata first (the file storage holds it in memory): only a match with a clock is read whole.
        const opts = { metadata: true } as const;
        const { metadata } = isSyncStorage(this.db) ? this.db.fetch(matchID, opts) : await this.db.fetch(matchID, opts);
        if ((metadata as Meta | undefined)?.turnClockMs) await this.watch(matchID);
      } catch (err) {
        // A damaged match is reported by the storage and not served; the others' clocks still run.
        this.log('error', 'clock not resumed', { matchID, error: String(err) });
      }
    }
  }

  /**
   * A match's metadata was written in this process: (re)schedule its clock once the write (`written`, a promise
   * from an asynchronous storage) is done, so that the look reads it (with PostgreSQL a look begun with the write
   * could read the row before it, and find no clock yet: a clock started during a match was never scheduled).
   * `afterMove`: boardgame.io's write after a move made here, so this process dates the wait the move began, if it
   * began one.
   */
  noteMetadata(matchID: string, metadata: Server.MatchData, afterMove = false, written?: unknown): void {
    if (this.closed || !(metadata as Meta).turnClockMs) return;
    void Promise.resolve(written)
      .catch(() => undefined)
      .then(() => this.watch(matchID, afterMove))
      .catch((err: unknown) => this.log('error', 'clock scheduling failed', { matchID, error: String(err) }));
  }

  /** A seat made a move: if a person made it (not the clock bot), they are back. */
  async noteMove(matchID: string, seat: string): Promise<void> {
    // Called for every move, from inside the match's queue: matches without a clock cost nothing, and the
    // read waits until the move's own work is done.
    if (!this.clocked.has(matchID) || this.playing.has(`${matchID}:${seat}`)) return;
    await new Promise((resolve) => setImmediate(resolve));
    const opts = { metadata: true } as const;
    const { metadata } = isSyncStorage(this.db) ? this.db.fetch(matchID, opts) : await this.db.fetch(matchID, opts);
    const meta = metadata as Meta | undefined;
    if (!meta?.turnClockMs || !meta.clockTimeouts?.[seat]) return;
    // Changed on the object read, not a copy: the storage then writes only these changes (a copy would be written
    // whole, over a connection change or a join stored since the read), the counts seat by seat
    // (server/storage/postgres.ts). The seat is away no more: that is derived from its count.
    meta.clockTimeouts = { ...meta.clockTimeouts, [seat]: 0 };
    if (!this.closed) await storeMetadata(this.db, matchID, meta);
  }

  /** When the timer of `matchID` is set to run out (ms since the epoch), if it has one. Read-only, for tests. */
  deadlineOf(matchID: string): number | undefined {
    return this.deadlines.get(matchID);
  }

  private clearTimer(matchID: string): void {
    clearTimeout(this.timers.get(matchID));
    this.timers.delete(matchID);
    this.deadlines.delete(matchID);
  }

  /**
   * Look at a match and set its timer for the current deadline. `moved`: a move was just made through this
   * process (its state is read once written), so a new wait began now and its start is stored.
   */
  async watch(matchID: string, moved = false): Promise<void> {
    if (this.closed) return;
    let mover = moved;
    if (moved) {
      // The move's state first (PostgreSQL: its write may still be on its way). A move another process stored
      // first (a refused write) began nothing here.
      const tracked = this.db as Partial<WriteTracking>;
      await tracked.whenWritten?.(matchID).catch(() => {
        mover = false;
      });
    }
    const look = ++this.lookCount;
    this.looks.set(matchID, look);
    const { metadata, state } = await this.fetch(matchID);
    const meta = metadata as Meta | undefined;
    // A later look read the match since: it sets the timer (a timer set from this older read could outlive it).
    const latest = () => this.looks.get(matchID) === look;
    if (meta?.turnClockMs) this.clocked.add(matchID);
    if (!meta?.turnClockMs || !state || state.ctx.gameover !== undefined) {
      // The game's last move removes its wait (the lobby's answer for a finished match has none).
      if (mover && meta?.clockWait && state?.ctx.gameover !== undefined) {
        delete meta.clockWait;
        await this.storeWait(matchID, meta);
      }
      // A later look read the match since (and may have found the clock this one did not): it decides.
      if (!latest()) return;
      this.clearTimer(matchID);
      // Over: the clock lease this process may hold goes back (a removed match's leases all go, server/bots.ts), and
      // is no longer renewed (a renewal would find it gone).
      if (this.leases && this.clocked.has(matchID) && state?.ctx.gameover !== undefined) {
        this.stopKeeping(matchID);
        this.leases
          .release({ matchID, seat: 'clock' })
          .catch((err: unknown) => this.log('warn', 'clock lease not given back', { matchID, error: String(err) }));
      }
      this.clocked.delete(matchID);
      this.waits.delete(matchID);
      this.looks.delete(matchID);
      return;
    }
    if (waitingForTable(state._stateID, Object.values(meta.players))) {
      // Back in the waiting room (a player left before the first move): the first wait begins when it fills again.
      if (meta.clockWait) {
        delete meta.clockWait;
        await this.storeWait(matchID, meta);
      }
      this.waits.delete(matchID);
      if (latest()) this.clearTimer(matchID);
      return;
    }
    const stateID = state._stateID;
    const wait = waitKey(state.ctx, state.G, findGame(meta.gameName)?.waitingOn);
    const start = await this.startOf(matchID, meta, wait, { moved: mover, tableFull: stateID === 0 });
    if (!latest() || this.closed) return;
    const last = this.expired.get(matchID);
    const since = last?.stateID === stateID ? Math.max(last.at, start) : start;
    const deadline = since + meta.turnClockMs;
    this.clearTimer(matchID);
    const delay = Math.min(MAX_TIMER, Math.max(0, deadline - Date.now()));
    const timer = setTimeout(() => {
      const run: Promise<void> = this.expire(matchID, stateID, deadline)
        .catch((err: unknown) => this.log('error', 'turn clock failed', { matchID, error: String(err) }))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    timer.unref();
    this.timers.set(matchID, timer);
    this.deadlines.set(matchID, deadline);
  }

  /**
   * When the current wait (`wait`) began: its stored start; else, if this process `begins` it (it made the
   * move that began it, or sees the full table before the first move), now, stored; else when this process
   * first saw it (see the file comment).
   */
  private async startOf(
    matchID: string,
    meta: Meta,
    wait: string,
    how: { moved: boolean; tableFull: boolean },
  ): Promise<number> {
    const seen = this.waits.get(matchID);
    // The stored start is an earlier wait's when this process has seen another wait begin since: that wait's start was
    // not stored (its write failed, or its mover's is still on its way). A later wait with the stored key (the turn's
    // player again, after a decision owed out of turn) is not that earlier one, and must not inherit its start: the
    // clock ran out at once. (A move within a wait leaves the wait seen here that same wait.)
    // Only a wait whose write failed here (`unstored`): its start and the stored one are then this process's clock
    // against the one that stored (another process's, perhaps), which are compared only for that case, where the
    // stored start cannot be the later wait's (its write would have been seen here as the match's; retried, it is).
    const stale =
      !!meta.clockWait && !!seen?.unstored && seen.key !== meta.clockWait.key && seen.at >= meta.clockWait.at;
    if (meta.clockWait?.key === wait && !stale) {
      this.waits.delete(matchID);
      return meta.clockWait.at;
    }
    // Dated here a moment ago, its write still on its way (a move made at once in the new wait reads without it).
    const storing = this.storing.get(matchID);
    if (storing?.key === wait) return storing.at;
    // Seen here already; but a move made here begins a new wait even with the key of one seen earlier (the turn's
    // player again, after a decision owed out of turn).
    if (seen?.key === wait && !how.moved) return seen.at;
    if (how.moved || how.tableFull) {
      const began: SeenWait = { key: wait, at: Date.now() };
      this.waits.set(matchID, began);
      this.storing.set(matchID, began);
      // Changed on the object read, as in noteMove: only this field is written over what is stored.
      meta.clockWait = { key: began.key, at: began.at };
      try {
        // Not stored: written again a moment later, so that the other processes do not read the earlier wait's start.
        if (!(await this.storeWait(matchID, meta))) {
          began.unstored = true;
          this.storeLater(matchID, began, 1);
        }
      } finally {
        if (this.storing.get(matchID) === began) this.storing.delete(matchID);
      }
      return began.at;
    }
    // A lone process reads its own latest `updatedAt`; with several, another's may not be written yet.
    const at = this.leases ? Date.now() : meta.updatedAt;
    this.waits.set(matchID, { key: wait, at });
    return at;
  }

  /**
   * Writes a change of `clockWait` (on the object read); a failure is logged, the clock runs on from memory. Resolves
   * false if it was not written.
   */
  private async storeWait(matchID: string, meta: Meta): Promise<boolean> {
    if (this.closed) return false;
    try {
      await storeMetadata(this.db, matchID, meta);
      return true;
    } catch (err) {
      this.log('warn', 'turn clock wait not stored', { matchID, error: String(err) });
      return false;
    }
  }

  /**
   * Stores `began`, a wait's start this process dated and could not store, `STORE_RETRY_MS` from now (then twice as
   * long each time, `STORE_TRIES` tries at most): while it is still the wait this process knows, the match still waits
   * so, and the stored start is another wait's. Until then the stored start is an earlier wait's, which a process that
   * saw nothing of this one could take for a later wait's with the same key.
   */
  private storeLater(matchID: string, began: SeenWait, attempt: number): void {
    if (this.closed || attempt > STORE_TRIES) return;
    const timer = setTimeout(
      () => {
        this.retries.delete(timer);
        // In the match's queue of this process, after the moves under way here (so not on a read taken before one of
        // them lands). Not conditional on the storage: a newer start written between this read and this write, by a
        // look of this process (it replaces `began` first, checked just before the write) or by another process, can
        // still be written over; the tries are few and only follow a failed write (docs/operations.md).
        const run: Promise<void> = this.inQueue(matchID, async () => {
          if (this.closed || this.waits.get(matchID) !== began) return;
          const { metadata, state } = await this.fetch(matchID);
          const meta = metadata as Meta | undefined;
          if (!meta?.turnClockMs || !state || state.ctx.gameover !== undefined) return;
          if (waitKey(state.ctx, state.G, findGame(meta.gameName)?.waitingOn) !== began.key) return;
          if (meta.clockWait?.key === began.key || this.waits.get(matchID) !== began) return;
          meta.clockWait = { key: began.key, at: began.at };
          if (await this.storeWait(matchID, meta)) began.unstored = false;
          else this.storeLater(matchID, began, attempt + 1);
        })
          .catch((err: unknown) => {
            this.log('warn', 'turn clock wait not stored', { matchID, error: String(err) });
            this.storeLater(matchID, began, attempt + 1);
          })
          .finally(() => this.retrying.delete(run));
        this.retrying.add(run);
      },
      STORE_RETRY_MS * 2 ** (attempt - 1),
    );
    timer.unref();
    this.retries.add(timer);
  }

  /** The deadline passed: if nothing moved since, the bot plays for every seat the game waits for. */
  private async expire(matchID: string, stateID: number, deadline: number): Promise<void> {
    this.timers.delete(matchID);
    this.deadlines.delete(matchID);
    if (this.closed) return;
    if (Date.now() < deadline) return this.watch(matchID);
    const { metadata, state } = await this.fetch(matchID);
    const meta = metadata as Meta | undefined;
    if (!meta || !state || state.ctx.gameover !== undefined) return;
    // The match moved on (perhaps through another process): its new wait has a deadline of its own.
    if (state._stateID !== stateID) return this.watch(matchID);
    // A start stored since this timer was set (by the process that made the move) may give the wait more time.
    const stored = meta.clockWait;
    const wait = waitKey(state.ctx, state.G, findGame(meta.gameName)?.waitingOn);
    if (stored?.key === wait && stored.at + (meta.turnClockMs ?? 0) > Date.now()) return this.watch(matchID);
    this.expired.set(matchID, { stateID, at: Date.now() });
    // Another process plays it: look again one period later.
    if (!(await this.claim(matchID))) return this.watch(matchID);
    const lease = this.keepLease(matchID);
    try {
      await this.play(matchID, meta, state, lease);
    } finally {
      lease.stop();
    }
    if (!this.closed) await this.watch(matchID);
  }

  /**
   * Renews the match's clock lease every third of its length, one renewal at a time, until its `stop` (nothing to do
   * without leases). A renewal that finds the lease taken by another process stops the match's clock bots here
   * (server/bots.ts `stopClockPlays`), as a bot seat's lease lost stops its bot; not once the renewing was stopped (the
   * play over, the match forgotten, the server closing and its leases given back: the lease is gone, not taken).
   */
  private keepLease(matchID: string): KeptLease {
    const leases = this.leases;
    const kept: KeptLease = { matchID, lost: false, stop: () => undefined };
    if (!leases) return kept;
    let stopped = false;
    // A renewal still on its way (a slow storage) is not joined by another: they would answer out of order.
    let renewing = false;
    const renew = async () => {
      const held = await leases.renew([{ matchID, seat: 'clock' }]);
      if (stopped || this.closed || held.has(`${matchID}:clock`)) return;
      // Every play of the match here (a later wait's expiry may have begun one beside this): their bots stop below.
      for (const other of [...this.kept]) {
        if (other.matchID !== matchID) continue;
        other.lost = true;
        other.stop();
      }
      this.log('warn', 'clock lease lost while its bot plays, stopping it', { matchID });
      this.bots.stopClockPlays(matchID);
    };
    const timer = setInterval(
      () => {
        if (renewing || stopped) return;
        renewing = true;
        void renew()
          .catch((err: unknown) => {
            if (!stopped && !this.closed) this.log('warn', 'clock lease not renewed', { matchID, error: String(err) });
          })
          .finally(() => (renewing = false));
      },
      Math.max(100, Math.floor(leases.ttlMs / 3)),
    );
    timer.unref();
    kept.stop = () => {
      stopped = true;
      clearInterval(timer);
      this.kept.delete(kept);
    };
    this.kept.add(kept);
    return kept;
  }

  /** Stops renewing the clock lease of `matchID` (its plays write nothing more once their bot stops). */
  private stopKeeping(matchID: string): void {
    for (const kept of [...this.kept]) if (kept.matchID === matchID) kept.stop();
  }

  /**
   * The bot plays the turn of every seat the game waits for (see the file comment), and counts their timeouts; not
   * once `lease` is lost (another process plays the clock).
   */
  private async play(matchID: string, meta: Meta, state: State, lease: KeptLease): Promise<void> {
    for (const seat of waitingOn(state.ctx, state.G, findGame(meta.gameName)?.waitingOn)) {
      const key = `${matchID}:${seat}`;
      if (this.playing.has(key)) continue;
      const name = meta.players[Number(seat)]?.name ?? `Seat ${Number(seat) + 1}`;
      this.playing.add(key);
      let played: ClockPlay;
      let counted = false;
      try {
        played = await this.bots.playFor(meta.gameName, matchID, seat, 'easy', {
          say: `${name} ran out of time: the easy bot plays this turn.`,
          // Counted before the player is told the rest is theirs, and their moves counted from then on: their own
          // moves in that rest then count them back (noteMove), not a count written after them.
          onBack: async () => {
            this.playing.delete(key);
            counted = true;
            if (!lease.lost) await this.countTimeout(matchID, seat);
          },
          sayBack: `${name} is back: the rest of this turn is theirs.`,
          // The rest of the turn, after a decision its moves ask of another seat, who has a period for it (a bot
          // holds a seat no longer than HOLD_MAX_MS: a day's clock would keep it connected a day).
          holdMs: Math.min((meta.turnClockMs ?? 0) + HOLD_SLACK_MS, HOLD_MAX_MS),
        });
      } finally {
        this.playing.delete(key);
      }
      // Stopped meanwhile (the server is closing, its bots stopped; or the lease was lost, and its new holder plays the
      // clock): nothing more is written.
      if (this.closed || lease.lost) return;
      // The turn was played meanwhile (by its player, or by this clock from an earlier look at the same state), or
      // the bot could not connect (looked at again one period later): no timeout counted, as none was announced.
      if (!played.waited) continue;
      this.log('info', 'turn clock ran out', { matchID, seat, moves: played.moves, back: played.back });
      // Counted once the bot has left the seat (noteMove does not count its moves), unless counted as it left.
      if (!counted) await this.countTimeout(matchID, seat);
    }
  }

  /** Writes one more timeout in a row of a seat (away at two: clockAwayOf) on the metadata read now; errors are logged. */
  private async countTimeout(matchID: string, seat: string): Promise<void> {
    try {
      const fresh = this.closed ? undefined : ((await this.fetch(matchID)).metadata as Meta | undefined);
      if (!fresh || this.closed) return;
      const count = (fresh.clockTimeouts?.[seat] ?? 0) + 1;
      // On the object read, as in noteMove: the storage merges the counts seat by seat (server/storage/postgres.ts),
      // so another seat's counted at the same moment (a decision's clock and the turn's, ending together) is kept.
      fresh.clockTimeouts = { ...fresh.clockTimeouts, [seat]: count };
      await storeMetadata(this.db, matchID, fresh);
    } catch (err) {
      this.log('error', 'turn clock count not stored', { matchID, seat, error: String(err) });
    }
  }

  /** The match was removed: forget its clock. */
  forget(matchID: string): void {
    this.clearTimer(matchID);
    // Its leases are removed (server/bots.ts `forget`): no renewal, which would find the lease gone.
    this.stopKeeping(matchID);
    this.looks.delete(matchID);
    this.clocked.delete(matchID);
    this.expired.delete(matchID);
    this.waits.delete(matchID);
  }

  /** Stops the timers; expiries under way write nothing more once their bot is stopped (`idle`). */
  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
    this.deadlines.clear();
    // The bots give their leases back as they stop (server/bots.ts `close`): no renewal, which would find them gone.
    for (const kept of [...this.kept]) kept.stop();
  }

  /** Expiries under way now (a bot playing a turn, its count being written). Read-only, for tests. */
  get expiring(): number {
    return this.running.size;
  }

  /** Resolves once the expiries under way at `close` are over (their bots stopped first: server/bots.ts `close`). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.retrying.size > 0) {
      await Promise.allSettled([...this.running, ...this.retrying]);
    }
  }
}
