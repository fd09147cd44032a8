/**
 * Turn clocks, optional per match and the same for every game. A match
 * created with a clock (`turnClock`: '1m', '5m' or '1d') stores its period
 * in its metadata (`turnClockMs`, already multiplied by the server's
 * `clockScale`, so every page can show the same deadline). The period is
 * per turn: it runs from the moment the game began to wait for the seats it
 * waits for now (the turn and those seats; a decision owed out of turn is a
 * wait of its own), so actions within a turn, and taking them back, do not
 * restart it. That moment is the state's last change (metadata `updatedAt`,
 * which boardgame.io sets on every move) when this process first sees the
 * wait, and is kept in memory: after a restart a wait in progress gets a
 * full period again. When the period runs out, the `easy` bot plays that seat's turn through a client holding the
 * seat's credentials (server/bots.ts `playFor`), and says so in the match's
 * chat. A seat that times out twice in a row is marked away (metadata
 * `clockAway`) until it plays by itself.
 *
 * Deadlines live in the stored metadata only, so clocks survive a restart:
 * `start()` schedules every unfinished match with a clock. Every metadata
 * write (a move, a join) reschedules its match.
 *
 * With several processes (PostgreSQL and Redis) a clock runs out in every
 * process that watches the match; only the one that takes the match's clock
 * lease (a row of `bgio_bot_lease` for the seat `clock`, server/bot-lease.ts)
 * plays the turn, says so and counts the timeout. The others look again one
 * period later, as after a turn the bot could not play.
 */
import type { Server } from 'boardgame.io';
import type { BotLeases } from './bot-lease';
import type { BotSeats } from './bots';
import type { Logger } from './log';
import { isSyncStorage, type AnyStorage } from './storage-hooks';
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
  /** Seats marked away (two timeouts in a row), until they play by themselves. */
  clockAway?: string[];
}

type Meta = Server.MatchData & ClockMetadata;

/** Longest timer Node keeps (about 24.8 days); longer deadlines are looked at again then. */
const MAX_TIMER = 2 ** 31 - 1;

export class TurnClocks {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Seats the clock bot is playing for now, as "matchID:seat". */
  private readonly playing = new Set<string>();
  /** Matches known to have a clock (their metadata said so when last looked at). */
  private readonly clocked = new Set<string>();
  /** The last expiry of each match, so that a turn the bot could not play is tried again one period later. */
  private readonly expired = new Map<string, { stateID: number; at: number }>();
  /** When this process first saw each match's current wait (`waitKey`): the period runs from there. */
  private readonly waits = new Map<string, { key: string; at: number }>();
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

  private async setMetadata(matchID: string, metadata: Meta): Promise<void> {
    if (isSyncStorage(this.db)) this.db.setMetadata(matchID, metadata);
    else await this.db.setMetadata(matchID, metadata);
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
    const ids = await (isSyncStorage(this.db)
      ? this.db.listMatches({ where: { isGameover: false } })
      : this.db.listMatches({ where: { isGameover: false } }));
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

  /** A match's metadata was written: (re)schedule its clock. */
  noteMetadata(matchID: string, metadata: Server.MatchData): void {
    if (this.closed || !(metadata as Meta).turnClockMs) return;
    void this.watch(matchID).catch((err: unknown) =>
      this.log('error', 'clock scheduling failed', { matchID, error: String(err) }),
    );
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
    if (!meta?.turnClockMs || (!meta.clockTimeouts?.[seat] && !meta.clockAway?.includes(seat))) return;
    // Changed on the object read, not a copy: the storage then writes only these changes (a copy would be written
    // whole, over a connection change or a join stored since the read; server/storage/postgres.ts).
    meta.clockTimeouts = { ...meta.clockTimeouts, [seat]: 0 };
    meta.clockAway = (meta.clockAway ?? []).filter((s) => s !== seat);
    await this.setMetadata(matchID, meta);
  }

  /** Look at a match and set its timer for the current deadline. */
  async watch(matchID: string): Promise<void> {
    if (this.closed) return;
    const { metadata, state } = await this.fetch(matchID);
    const meta = metadata as Meta | undefined;
    clearTimeout(this.timers.get(matchID));
    this.timers.delete(matchID);
    if (meta?.turnClockMs) this.clocked.add(matchID);
    if (!meta?.turnClockMs || !state || state.ctx.gameover !== undefined) {
      // Over: the clock lease this process may hold goes back (a removed match's leases all go, server/bots.ts).
      if (this.leases && this.clocked.has(matchID) && state?.ctx.gameover !== undefined) {
        this.leases
          .release({ matchID, seat: 'clock' })
          .catch((err: unknown) => this.log('warn', 'clock lease not given back', { matchID, error: String(err) }));
      }
      this.clocked.delete(matchID);
      this.waits.delete(matchID);
      return;
    }
    if (waitingForTable(state._stateID, Object.values(meta.players))) return;
    const stateID = state._stateID;
    const last = this.expired.get(matchID);
    const wait = waitKey(state.ctx, state.G, findGame(meta.gameName)?.waitingOn);
    const began = this.waits.get(matchID);
    const start = began?.key === wait ? began.at : meta.updatedAt;
    if (began?.key !== wait) this.waits.set(matchID, { key: wait, at: start });
    const since = last?.stateID === stateID ? Math.max(last.at, start) : start;
    const deadline = since + meta.turnClockMs;
    const delay = Math.min(MAX_TIMER, Math.max(0, deadline - Date.now()));
    const timer = setTimeout(
      () =>
        void this.expire(matchID, stateID, deadline).catch((err: unknown) =>
          this.log('error', 'turn clock failed', { matchID, error: String(err) }),
        ),
      delay,
    );
    timer.unref();
    this.timers.set(matchID, timer);
  }

  /** The deadline passed: if nothing moved since, the bot plays for every seat the game waits for. */
  private async expire(matchID: string, stateID: number, deadline: number): Promise<void> {
    this.timers.delete(matchID);
    if (this.closed) return;
    if (Date.now() < deadline) return this.watch(matchID);
    const { metadata, state } = await this.fetch(matchID);
    const meta = metadata as Meta | undefined;
    if (!meta || !state || state._stateID !== stateID || state.ctx.gameover !== undefined) return;
    this.expired.set(matchID, { stateID, at: Date.now() });
    // Another process plays it: look again one period later.
    if (!(await this.claim(matchID))) return this.watch(matchID);
    for (const seat of waitingOn(state.ctx, state.G, findGame(meta.gameName)?.waitingOn)) {
      const key = `${matchID}:${seat}`;
      if (this.playing.has(key)) continue;
      const name = meta.players[Number(seat)]?.name ?? `Seat ${Number(seat) + 1}`;
      this.playing.add(key);
      let played: { waited: boolean; moves: number };
      try {
        played = await this.bots.playFor(
          meta.gameName,
          matchID,
          seat,
          'easy',
          `${name} ran out of time: the easy bot plays this turn.`,
        );
      } finally {
        this.playing.delete(key);
      }
      // The turn was played meanwhile (by its player, or by this clock from an earlier look at the same state), or
      // the bot could not connect (looked at again one period later): no timeout to count, as none was announced.
      if (!played.waited) continue;
      this.log('info', 'turn clock ran out', { matchID, seat, moves: played.moves });
      const fresh = (await this.fetch(matchID)).metadata as Meta | undefined;
      if (!fresh) continue;
      const count = (fresh.clockTimeouts?.[seat] ?? 0) + 1;
      const away = count >= 2 ? [...new Set([...(fresh.clockAway ?? []), seat])] : (fresh.clockAway ?? []);
      // On the object read, as in noteMove.
      fresh.clockTimeouts = { ...fresh.clockTimeouts, [seat]: count };
      fresh.clockAway = away;
      await this.setMetadata(matchID, fresh);
    }
    await this.watch(matchID);
  }

  /** The match was removed: forget its clock. */
  forget(matchID: string): void {
    clearTimeout(this.timers.get(matchID));
    this.timers.delete(matchID);
    this.clocked.delete(matchID);
    this.expired.delete(matchID);
    this.waits.delete(matchID);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
