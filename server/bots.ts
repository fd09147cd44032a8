/**
 * Bot seats in online matches. A seated player asks for a bot in an open
 * seat (`POST /bots/:matchID`); the server seats it with fresh credentials
 * and starts a bot client: a headless boardgame.io client connected to this
 * same server over loopback, which plays through the normal socket path, so
 * the bot's moves are checked, stored and broadcast like anyone's. Bots decide
 * from their own player's view only (src/bots). On restart, the server
 * resumes the bots of every unfinished match.
 *
 * With several server processes (`useLeases`), a process plays a bot seat only
 * while it holds the seat's lease (server/bot-lease.ts), and takes over the
 * seats of a process that died.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Game, Server as ServerTypes, StorageAPI } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { BOT_LEVELS, actingPlayerOf, type Level } from '../src/bots';
import { BotPool } from './bot-pool';
import type { BotLeases } from './bot-lease';
import { findGame, type GameDef } from '../src/games/registry';
import { fail, type Middleware } from './http-error';
import { parseJsonObject } from './lobby-guard';
import type { Logger } from './log';
import { isSyncStorage, listMatchIDs, storeMetadata, type AnyStorage } from './storage-hooks';
import { waitingForTable, waitingOn } from '../src/games/common/waiting-room';

/**
 * Match metadata with its bot seats. `botSeats` is a top-level field that no
 * lobby route writes (`join` and `update` write a seat's `name` and `data`,
 * which any client controls), so only the server can mark a seat as a bot.
 * The seat's `data.bot` is kept for display only and never trusted.
 */
type WithBots = ServerTypes.MatchData & { botSeats?: Record<string, Level> };

const ROUTE = /^\/bots\/([A-Za-z0-9_-]{1,64})\/?$/;
/** Shortest pause before a bot moves, so people can follow. */
const THINK_MS = 400;
/** Refused bot moves in a row before the bot gives up on a position (and ends the turn if it can). */
const MAX_REFUSED = 3;

type BotClient = ReturnType<typeof Client>;

async function fetchMatch(db: AnyStorage, matchID: string, opts: StorageAPI.FetchOpts) {
  return isSyncStorage(db) ? db.fetch(matchID, opts) : db.fetch(matchID, opts);
}

/** The level of the bot the server seated at `seat`, if it did. */
function botLevel(metadata: WithBots, seat: string): Level | undefined {
  const seats = metadata.botSeats;
  if (!seats || !Object.prototype.hasOwnProperty.call(seats, seat)) return undefined;
  const level = seats[seat];
  return (BOT_LEVELS as readonly string[]).includes(level) ? level : undefined;
}

/**
 * Whether a person (a seat the server did not give a bot) is connected to the
 * unfinished match.
 */
function attended(metadata: WithBots | undefined): boolean {
  if (!metadata || metadata.gameover !== undefined) return false;
  return Object.values(metadata.players).some((p) => p.isConnected && !botLevel(metadata, String(p.id)));
}

/** How long a new match's bot seats count under the caps, whoever is connected (its creator connects only after seating them). */
const NEW_MATCH_MS = 60_000;

/**
 * Whether the match's bot seats count under the caps: while it is new, or a
 * person is connected to it. A match everyone has closed or left keeps its
 * bots, idle, until someone comes back, but they no longer stop its players
 * from starting another.
 */
function counted(metadata: WithBots | undefined, now = Date.now()): boolean {
  if (!metadata || metadata.gameover !== undefined) return false;
  return now - metadata.createdAt < NEW_MATCH_MS || attended(metadata);
}

/** Whether the match's bots should rest: nobody to play with, and no change for `restAfterMs`. */
function resting(metadata: WithBots, restAfterMs: number, now = Date.now()): boolean {
  return restAfterMs > 0 && !attended(metadata) && now - metadata.updatedAt >= restAfterMs;
}

function sameSecret(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || a.length === 0) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** How many bot seats may play at once. */
export interface BotLimits {
  /** Bot seats playing at once on this server, in matches a person is connected to or made in the last minute; 0 for no cap. */
  perServer: number;
  /** Bot seats one client address asked for that are still playing, in matches a person is connected to or made in the last minute; 0 for no cap. */
  perClient: number;
  /** Worker threads that think for them; default: one fewer than the cores, at least one. */
  threads?: number;
  /**
   * A match nobody (but bots) is connected to and that has not changed for
   * this long lets its bots rest: their clients stop, and start again when a
   * person connects to it. 0: never. Default 10 minutes.
   */
  restAfterMs?: number;
}

/** Defaults: a small server's worth. */
export const DEFAULT_BOT_LIMITS: BotLimits = { perServer: 16, perClient: 4, restAfterMs: 10 * 60_000 };

/** How soon a match whose bots could not be woken (an error) may try again to take its bot seats. */
const WAKE_RETRY_MS = 10_000;
/** `wakeTried` of a match whose visit has tried to wake its bots without an error. */
const WAKE_DONE = -1;

/** Resolves true once `pred` holds after some update of `client`, false after `ms` or once `signal` aborts. */
function until(
  client: { subscribe(fn: () => void): () => void },
  pred: () => boolean,
  ms: number,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const subscription: { stop?: () => void } = {};
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      subscription.stop?.();
      resolve(ok);
    };
    const onAbort = () => finish(false);
    const timer = setTimeout(onAbort, ms);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // boardgame.io calls a new subscriber at once: the predicate may already hold.
    subscription.stop = client.subscribe(() => {
      if (pred()) finish(true);
    });
    if (settled) subscription.stop();
  });
}

/** What a clock bot's play of a turn came to (`BotSeats.playFor`). */
export interface ClockPlay {
  /** Whether the game still waited for the seat when the bot connected (the bot played, and said so). */
  waited: boolean;
  /** Moves the bot made. */
  moves: number;
  /** The seat's player came back while the bot held the turn, and the bot left the rest to them. */
  back?: boolean;
}

/**
 * Where the server's seat sockets can be asked whether a seat's player connected lately, to any process
 * (server/socket-guard.ts `SeatSockets`).
 */
export interface SeatWatch {
  syncedSince(matchID: string, playerID: string, since: number): boolean;
  /**
   * Makes `syncedSince` hear of the match's seat sockets on every process until the function returned is called,
   * whether or not this process holds a socket of the match: the clock bot's own socket may be on another.
   */
  watch?(matchID: string): () => void;
}

/** What the clock's bot says in its socket handshake, so that its own connections are not taken for its player's. */
export const CLOCK_BOT_AUTH = { clockBot: true } as const;

/** Runs the bot clients of a server; they think on worker threads (server/bot-pool.ts). */
export class BotSeats {
  private readonly clients = new Map<string, BotClient>();
  /** The bot seats each client address asked for, while they play. */
  private readonly byClient = new Map<string, Set<string>>();
  private readonly pool: BotPool;
  private url = '';
  private closed = false;
  /** The clock bots playing now (`playFor`), by match: stopped at close, or when their match is removed. */
  private readonly clockPlays = new Map<string, Set<AbortController>>();
  private leases: BotLeases | undefined;
  private seatWatch: SeatWatch | undefined;
  private leaseTimer: ReturnType<typeof setInterval> | undefined;
  private restTimer: ReturnType<typeof setInterval> | undefined;
  /**
   * Per match a person is connected to, whether this visit has tried to wake
   * its bots (`WAKE_DONE`), or when a try that failed was made.
   */
  private readonly wakeTried = new Map<string, number>();

  /** The served games that have bots (in the registry), by name. */
  private readonly defs: Map<string, GameDef>;

  constructor(
    games: readonly Game[],
    private readonly db: AnyStorage,
    private readonly log: Logger,
    private readonly limits: BotLimits = DEFAULT_BOT_LIMITS,
  ) {
    this.pool = new BotPool(limits.threads);
    this.defs = new Map();
    for (const g of games) {
      const def = g.name ? findGame(g.name) : undefined;
      if (def) this.defs.set(def.id, def);
    }
  }

  /** Lets the clock's bot see a seat's player connect again during the turn it plays for them (`playFor`). */
  watchSeats(watch: SeatWatch): void {
    this.seatWatch = watch;
  }

  /** Plays a bot seat only while holding its lease; call before `start`. */
  useLeases(leases: BotLeases): void {
    this.leases = leases;
  }

  /** Starts the bot of a seat: at once without leases, else if this process gets the seat's lease. */
  private async claim(
    def: GameDef,
    matchID: string,
    seat: string,
    credentials: string,
    level: Level,
    numPlayers: number,
  ): Promise<void> {
    if (this.leases) {
      if (this.closed || this.clients.has(`${matchID}:${seat}`)) return;
      if (!(await this.leases.acquire({ matchID, seat }))) return;
      this.log('info', 'bot seat taken', { matchID, seat, owner: this.leases.owner });
    }
    this.run(def, matchID, seat, credentials, level, numPlayers);
  }

  /** Renews this process's leases, stops the bots whose lease it lost, and takes free bot seats. */
  private async tendLeases(leases: BotLeases): Promise<void> {
    const keys = [...this.clients.keys()].map((key) => {
      const i = key.lastIndexOf(':');
      return { key, matchID: key.slice(0, i), seat: key.slice(i + 1) };
    });
    const held = await leases.renew(keys);
    for (const { key } of keys) {
      if (!held.has(key) && this.clients.has(key)) {
        this.log('warn', 'bot seat lease lost, stopping its bot', { key });
        this.stopClient(key, false);
      }
    }
    for (const orphan of await leases.orphans(this.restAfterMs)) {
      const metadata = JSON.parse(orphan.metadata) as WithBots;
      const def = this.defs.get(metadata.gameName);
      if (def) await this.resume(def, orphan.matchID, metadata);
    }
  }

  /** Starts the bots of one match's bot seats (those not running here). */
  private async resume(def: GameDef, matchID: string, metadata: WithBots): Promise<void> {
    if (metadata.gameover !== undefined || resting(metadata, this.restAfterMs)) return;
    for (const p of Object.values(metadata.players)) {
      const level = botLevel(metadata, String(p.id));
      if (level && typeof p.credentials === 'string') {
        await this.claim(def, matchID, String(p.id), p.credentials, level, Object.keys(metadata.players).length);
      }
    }
  }

  private get restAfterMs(): number {
    return this.limits.restAfterMs ?? DEFAULT_BOT_LIMITS.restAfterMs!;
  }

  /**
   * Lets the bots of each match rest whose players have all gone (nobody but
   * bots connected) and that has not changed for `restAfterMs`: their
   * clients stop here and give their leases back (no process resumes a
   * resting match), so abandoned matches hold no sockets, states or leases.
   */
  private async rest(): Promise<void> {
    const byMatch = new Map<string, string[]>();
    for (const key of this.clients.keys()) {
      const matchID = key.slice(0, key.lastIndexOf(':'));
      byMatch.set(matchID, [...(byMatch.get(matchID) ?? []), key]);
    }
    for (const [matchID, keys] of byMatch) {
      if (this.closed) return;
      const { metadata } = await fetchMatch(this.db, matchID, { metadata: true });
      if (!metadata || !resting(metadata, this.restAfterMs)) continue;
      for (const key of keys) this.stopClient(key);
      this.log('info', 'bot seats resting', { matchID, seats: keys.length });
    }
  }

  /**
   * Hears every metadata write (server/storage-hooks.ts), one on every move:
   * a person connected to a match whose bot seats do not all play here wakes
   * them (a resting match), once per visit. Not on each move: the seats may
   * be played by another process, and each try is a lease query. A try that
   * failed is made again after a pause; bots a crashed process played are
   * taken over by the lease sweep (`tendLeases`), visit or not.
   */
  noteMetadata(matchID: string, metadata: ServerTypes.MatchData, afterMove = false): void {
    const m = metadata as WithBots;
    if (this.closed || !this.url || !m.botSeats) return;
    if (!attended(m)) {
      // The visit is over (or the game): the next person to connect tries again. Not on the word of a move's
      // write, whose connections are as the Master read them before the move (server/storage-hooks.ts).
      if (!afterMove) this.wakeTried.delete(matchID);
      return;
    }
    const def = this.defs.get(m.gameName);
    if (!def) return;
    const seats = Object.keys(m.botSeats).filter((seat) => botLevel(m, seat));
    if (seats.every((seat) => this.clients.has(`${matchID}:${seat}`))) return;
    const tried = this.wakeTried.get(matchID);
    if (tried === WAKE_DONE || (tried !== undefined && Date.now() - tried < WAKE_RETRY_MS)) return;
    this.wakeTried.set(matchID, WAKE_DONE);
    if (this.wakeTried.size > 10_000) this.wakeTried.delete(this.wakeTried.keys().next().value!);
    this.log('info', 'bot seats waking', { matchID });
    this.resume(def, matchID, m).catch((err: Error) => {
      this.wakeTried.set(matchID, Date.now());
      this.log('warn', 'bot seats not woken', { matchID, error: err.message });
    });
  }

  /** Start bot clients against the server at `url`, resuming every unfinished match with bot seats (but resting ones). */
  async start(url: string): Promise<void> {
    this.url = url;
    if (this.restAfterMs > 0) {
      let sweeping = false;
      this.restTimer = setInterval(
        () => {
          if (sweeping || this.closed) return;
          sweeping = true;
          this.rest()
            .catch((err: Error) => this.log('warn', 'bot rest sweep failed', { error: err.message }))
            .finally(() => (sweeping = false));
        },
        Math.max(50, Math.min(60_000, Math.floor(this.restAfterMs / 4))),
      );
      this.restTimer.unref();
    }
    const leases = this.leases;
    if (leases) {
      let tending = false;
      this.leaseTimer = setInterval(
        () => {
          if (tending || this.closed) return;
          tending = true;
          this.tendLeases(leases)
            .catch((err: Error) => this.log('warn', 'bot seat leases not renewed', { error: err.message }))
            .finally(() => (tending = false));
        },
        Math.max(100, Math.floor(leases.ttlMs / 3)),
      );
      this.leaseTimer.unref();
    }
    for (const def of this.defs.values()) {
      const ids = await listMatchIDs(this.db, { gameName: def.id });
      for (const matchID of ids) {
        const { metadata } = await fetchMatch(this.db, matchID, { metadata: true });
        if (metadata) await this.resume(def, matchID, metadata);
      }
    }
  }

  /** Stop every bot client (and give their leases back); a clock bot's waits end at once. */
  async close(): Promise<void> {
    this.closed = true;
    for (const plays of this.clockPlays.values()) for (const c of plays) c.abort();
    clearInterval(this.leaseTimer);
    clearInterval(this.restTimer);
    for (const key of [...this.clients.keys()]) this.stopClient(key, false);
    await this.leases
      ?.releaseAll()
      .catch((err: Error) => this.log('warn', 'bot seat leases not given back', { error: err.message }));
    await this.pool.close();
  }

  /**
   * The match was removed (its creator closed it): stops its bot clients here
   * and frees their places under the caps; with leases, removes every lease
   * of the match, so a process that did not hear of it stops its bots when it
   * next fails to renew them.
   */
  async forget(matchID: string): Promise<void> {
    for (const c of this.clockPlays.get(matchID) ?? []) c.abort();
    for (const key of [...this.clients.keys()]) {
      if (key.slice(0, key.lastIndexOf(':')) === matchID) this.stopClient(key, false);
    }
    await this.leases
      ?.releaseMatch(matchID)
      .catch((err: Error) => this.log('warn', 'bot seat leases not removed', { matchID, error: err.message }));
  }

  /**
   * Stops the clock bots playing for `matchID` here (`playFor`: they make no move more and leave the seat): the
   * match's clock lease was lost, and its new holder plays the clock (server/clocks.ts).
   */
  stopClockPlays(matchID: string): void {
    for (const c of this.clockPlays.get(matchID) ?? []) c.abort();
  }

  /** Number of bot clients running. */
  get running(): number {
    return this.clients.size;
  }

  /** The `POST /bots/:matchID` route: body `{ seat, level, playerID, credentials }`. */
  middleware(): Middleware {
    return async (ctx, next) => {
      const m = ROUTE.exec(ctx.path);
      if (!m) return next();
      if (ctx.method !== 'POST') fail(405, 'Use POST');
      const body = await parseJsonObject(ctx, 4096);
      const seat = typeof body.seat === 'number' ? String(body.seat) : body.seat;
      if (typeof seat !== 'string' || !/^\d{1,2}$/.test(seat)) fail(400, 'seat must be a seat number');
      const level = body.level ?? 'normal';
      if (typeof level !== 'string' || !(BOT_LEVELS as readonly string[]).includes(level))
        fail(400, `level must be one of ${BOT_LEVELS.join(', ')}`);
      await this.seat(m[1], seat, level as Level, body.playerID, body.credentials, ctx.ip);
      ctx.status = 200;
      ctx.body = { matchID: m[1], seat, level };
    };
  }

  /** How many of the bot seats `keys` (`matchID:seat`) count under the caps (`counted`). */
  private async attendedSeats(keys: Iterable<string>): Promise<number> {
    const byMatch = new Map<string, number>();
    for (const key of keys) {
      const matchID = key.slice(0, key.lastIndexOf(':'));
      byMatch.set(matchID, (byMatch.get(matchID) ?? 0) + 1);
    }
    let n = 0;
    for (const [matchID, seats] of byMatch) {
      const { metadata } = await fetchMatch(this.db, matchID, { metadata: true });
      if (counted(metadata)) n += seats;
    }
    return n;
  }

  /** Seat a bot; the request must come from a player seated in the match, within the caps. */
  async seat(
    matchID: string,
    seat: string,
    level: Level,
    playerID: unknown,
    credentials: unknown,
    client = '',
  ): Promise<void> {
    // The stored matches are read only when a cap could be reached.
    const { perServer, perClient } = this.limits;
    if (perServer > 0 && this.clients.size >= perServer) {
      const playing = await this.attendedSeats(this.clients.keys());
      if (playing >= perServer)
        fail(
          429,
          `This server already runs ${playing} bot${playing === 1 ? '' : 's'}; try again when a bot match has ended`,
          {
            'Retry-After': '60',
          },
        );
    }
    const mine = this.byClient.get(client);
    if (perClient > 0 && mine && mine.size >= perClient) {
      const playing = await this.attendedSeats(mine);
      if (playing >= perClient)
        fail(
          429,
          `You already have ${playing} bot${playing === 1 ? '' : 's'} playing; a bot seat frees up when its match ends, or when nobody is connected to that match any more (a match's bots count for its first minute anyway)`,
          { 'Retry-After': '60' },
        );
    }
    const { metadata } = await fetchMatch(this.db, matchID, { metadata: true });
    const def = metadata ? this.defs.get(metadata.gameName) : undefined;
    if (!metadata) fail(404, 'No such match');
    if (!def) fail(404, 'This game has no bots');
    if (metadata.gameover !== undefined) fail(409, 'The match is over');
    const requester =
      typeof playerID === 'string' || typeof playerID === 'number' ? metadata.players[Number(playerID)] : undefined;
    if (!requester?.name || !sameSecret(credentials, requester.credentials))
      fail(403, 'Only a player seated in this match may add a bot (send your playerID and credentials)');
    const target = metadata.players[Number(seat)];
    if (!target) fail(400, 'No such seat in this match');
    if (target.name) fail(409, 'That seat is taken');
    const botCredentials = randomBytes(16).toString('hex');
    metadata.players[Number(seat)] = {
      ...target,
      name: `Bot ${Number(seat) + 1} (${level})`,
      credentials: botCredentials,
      data: { bot: level },
    };
    (metadata as WithBots).botSeats = { ...(metadata as WithBots).botSeats, [seat]: level };
    metadata.updatedAt = Date.now();
    const key = `${matchID}:${seat}`;
    const leases = this.leases;
    // With several processes, the seat's lease is taken before the seat is written: another process's sweep takes
    // over every bot seat with no live lease, and would take this one between the write and the lease.
    if (leases && !(await leases.acquire({ matchID, seat }))) fail(409, 'That seat is taken');
    try {
      await storeMetadata(this.db, matchID, metadata);
    } catch (err) {
      if (leases) await leases.release({ matchID, seat }).catch(() => undefined);
      throw err;
    }
    this.log('info', 'bot seated', { matchID, seat, level });
    if (leases) this.log('info', 'bot seat taken', { matchID, seat, owner: leases.owner });
    this.run(def, matchID, seat, botCredentials, level, Object.keys(metadata.players).length);
    if (this.clients.has(key)) {
      if (!this.byClient.has(client)) this.byClient.set(client, new Set());
      this.byClient.get(client)!.add(key);
    }
  }

  /**
   * Plays the moves of `seat` (a person's seat whose time ran out) with the
   * `level` bot, through a headless client holding the seat's credentials, so
   * they go through the same checks as anyone's; stops once the game no
   * longer waits for that seat. A move of the bot's may ask another seat for
   * a decision within the turn (Lisbon's pushed tram at a fork, Touched On's
   * Appeal): the bot then holds the seat, up to `holdMs`, and plays the rest
   * of the turn once the game waits for it again, so that one turn is one
   * timeout (before, the rest waited a whole period more and was counted
   * again, and two timeouts mark a seat away).
   *
   * The seat's player may come back while the bot holds their seat: the bot
   * then leaves the rest of the turn to them (who get a period of their own
   * for it, as the decision begins a new wait), after `onBack`, saying
   * `sayBack`. Back means a connection of the seat's made after the bot
   * began, but the bot's own (`CLOCK_BOT_AUTH`): to this process, or with
   * several to any, as heard through Redis (`watchSeats`,
   * server/seat-presence.ts). Not while the bot plays: it plays on, so that neither a
   * player connected all along nor one who reconnects keeps a turn whose time
   * ran out by acting in it (each expiry would then be counted again).
   *
   * Resolves with whether the game still waited for the seat when the bot
   * connected (`waited`; then, and only then, `say` is sent to the match's
   * chat first, from that seat), the moves played, and whether it left the
   * rest of the turn to its player, back (`back`).
   */
  async playFor(
    gameName: string,
    matchID: string,
    seat: string,
    level: Level,
    opts: { say?: string; sayBack?: string; onBack?: () => Promise<void>; holdMs?: number } = {},
  ): Promise<ClockPlay> {
    const def = this.defs.get(gameName);
    const result: ClockPlay = { waited: false, moves: 0, back: false };
    if (!def || this.closed || !this.url) return result;
    const began = Date.now();
    // The seat's sockets on the other processes too, from now until the bot is done: its own socket may reach
    // another process (under --workers it connects through the shared port), and then this one may hold none.
    const unwatch = this.seatWatch?.watch?.(matchID);
    // Stopped at close, or when the match is removed (`forget`): its waits end at once.
    const stopped = new AbortController();
    const plays = this.clockPlays.get(matchID) ?? new Set<AbortController>();
    this.clockPlays.set(matchID, plays.add(stopped));
    const done = () => {
      unwatch?.();
      plays.delete(stopped);
      if (plays.size === 0 && this.clockPlays.get(matchID) === plays) this.clockPlays.delete(matchID);
    };
    const { metadata } = await fetchMatch(this.db, matchID, { metadata: true }).catch((err: unknown) => {
      done();
      throw err;
    });
    const credentials = metadata?.players[Number(seat)]?.credentials;
    if (!metadata || typeof credentials !== 'string' || stopped.signal.aborted) {
      done();
      return result;
    }
    const client = Client({
      game: def.game,
      numPlayers: Object.keys(metadata.players).length,
      matchID,
      playerID: seat,
      credentials,
      // Websocket only, as for bot seats: a server with several processes takes no long-polling (the clock bot
      // could not connect there, and expired turns were never played).
      multiplayer: SocketIO({ server: this.url, socketOpts: { transports: ['websocket'], auth: CLOCK_BOT_AUTH } }),
      debug: false,
    });
    const waitsForSeat = () => {
      const state = client.getState();
      return !!state && !state.ctx.gameover && waitingOn(state.ctx, state.G, def.waitingOn).includes(seat);
    };
    const back = () => !!this.seatWatch?.syncedSince(matchID, seat, began);
    client.start();
    try {
      if (!client.getState() && !(await until(client, () => !!client.getState(), 5000, stopped.signal))) {
        if (!stopped.signal.aborted) this.log('error', 'clock bot could not connect', { matchID, seat });
        return result;
      }
      // The turn is still the seat's as the bot connects (not played meanwhile): it is the bot's to play.
      result.waited = waitsForSeat() && !stopped.signal.aborted;
      if (opts.say && result.waited) client.sendChatMessage({ text: opts.say });
      // Held only for a turn of the seat's own, where it alone acts (not for a decision owed out of turn, a wait of
      // its own after which the seat's player may be back; nor in a turn where every seat acts, as Get on Board's),
      // and only while that turn's stages ask other seats: each decision asked has up to `holdMs`.
      const start = client.getState()!.ctx;
      const alone = !start.activePlayers || Object.keys(start.activePlayers).join() === seat;
      const hold = start.currentPlayer === seat && alone ? (opts.holdMs ?? 0) : 0;
      const asked = () => {
        const ctx = client.getState()?.ctx;
        const others = ctx?.activePlayers && Object.keys(ctx.activePlayers).filter((p) => p !== seat);
        return ctx && !ctx.gameover && ctx.turn === start.turn && others?.length ? others.join() : null;
      };
      const stop = () => this.closed || stopped.signal.aborted;
      for (let guard = 0; result.waited && guard < 200 && !stop(); guard++) {
        // Other seats decide within the turn: the rest of it is still the bot's, once the game waits for it again
        // (unless the seat's player comes back meanwhile; a connection tells the bot through boardgame.io's
        // `matchData`, sent to every socket of the match).
        let held = false;
        for (let ask = asked(); hold > 0 && !waitsForSeat() && ask !== null; ask = asked()) {
          const same = ask;
          held = true;
          if (back()) break;
          if (!(await until(client, () => waitsForSeat() || asked() !== same || back(), hold, stopped.signal))) break;
        }
        // Back, with the rest of the turn still to play (now, or once the decision asked is made): theirs.
        if (held && back() && !stop() && (waitsForSeat() || asked() !== null)) {
          result.back = true;
          break;
        }
        if (!waitsForSeat() || stop()) break;
        const state = client.getState()!;
        const choice = await this.pool.choose(def.id, state, seat, level, `${matchID}:${seat}:${state._stateID}:clock`);
        // Stopped while it thought: no move.
        if (!choice || stop()) break;
        const before = state._stateID;
        // The state moved on while the bot thought (a decision came in, or the seat's player is back): think again.
        if (client.getState()!._stateID !== before) continue;
        (client.moves as Record<string, (...a: unknown[]) => void>)[choice.move]?.(...choice.args);
        // Wait for the server's answer: a new state, or (refused) nothing new within 5 s (a busy server may take more
        // than a second, and the rest of the turn would then wait a whole period more).
        const answered = await until(
          client,
          () => (client.getState()?._stateID ?? before) > before,
          5000,
          stopped.signal,
        );
        if (!answered) break;
        result.moves++;
      }
      if (result.back) await opts.onBack?.();
      if (result.back && opts.sayBack) {
        // Sent, and heard back, before the bot leaves: the server checks and stores a message before passing it on,
        // and drops it if its sender has gone by then. (The chat's history, sent at sync, may hold the same words.)
        const text = opts.sayBack;
        const from = client.chatMessages.length;
        const said = () =>
          client.chatMessages
            .slice(from)
            .some((m) => m.sender === seat && (m.payload as { text?: unknown } | undefined)?.text === text);
        client.sendChatMessage({ text });
        await until(client, said, 5000, stopped.signal);
      }
    } catch (err) {
      // Not when the server is closing: its bots' thinking is cut short.
      if (!this.closed) this.log('error', 'clock bot failed', { matchID, seat, error: String(err) });
    } finally {
      done();
      client.stop();
    }
    return result;
  }

  /** Stops one bot client, once, and frees its place under the caps (and its lease, unless told not to). */
  private stopClient(key: string, release = true): void {
    const client = this.clients.get(key);
    if (!client) return;
    this.clients.delete(key);
    client.stop();
    if (release && this.leases) {
      const i = key.lastIndexOf(':');
      void this.leases.release({ matchID: key.slice(0, i), seat: key.slice(i + 1) }).catch(() => undefined);
    }
    for (const [address, keys] of this.byClient) {
      keys.delete(key);
      if (keys.size === 0) this.byClient.delete(address);
    }
  }

  private run(
    def: GameDef,
    matchID: string,
    seat: string,
    credentials: string,
    level: Level,
    numPlayers: number,
  ): void {
    const key = `${matchID}:${seat}`;
    if (this.closed || this.clients.has(key)) return;
    const client = Client({
      game: def.game,
      numPlayers,
      matchID,
      playerID: seat,
      credentials,
      // Websocket only: a server with several processes takes no long-polling.
      multiplayer: SocketIO({ server: this.url, socketOpts: { transports: ['websocket'] } }),
      debug: false,
    });
    this.clients.set(key, client);
    let busy = false;
    let refused = 0;
    let lastStateID = -1;
    const act = async () => {
      const state = client.getState();
      if (busy || !state || this.closed) return;
      if (state.ctx.gameover) {
        this.stopClient(key);
        return;
      }
      // Its turn, or a phase where several act at once and it is among them (its departure, say).
      if (actingPlayerOf(def, state) !== seat && !waitingOn(state.ctx, state.G, def.waitingOn).includes(seat)) return;
      // The table is not full yet: nobody may play; look again shortly.
      if (waitingForTable(state._stateID, client.matchData)) {
        if (this.clients.get(key) === client) setTimeout(() => void act(), 1000).unref?.();
        return;
      }
      if (state._stateID === lastStateID) refused++;
      else refused = 0;
      lastStateID = state._stateID;
      busy = true;
      try {
        const started = Date.now();
        // A move refused again and again: fall back to the first of the bots' moves, so the match goes on.
        const choice =
          refused >= MAX_REFUSED
            ? (def.bots.moves(state.G, state.ctx, seat)[0] ?? null)
            : await this.pool.choose(def.id, state, seat, level, `${matchID}:${seat}:${state._stateID}`);
        const wait = THINK_MS - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const fresh = client.getState();
        if (choice && fresh && fresh._stateID === state._stateID && !this.closed) {
          (client.moves as Record<string, (...a: unknown[]) => void>)[choice.move]?.(...choice.args);
        }
      } catch (err) {
        this.log('error', 'bot failed to move', { matchID, seat, error: String(err) });
      } finally {
        busy = false;
      }
      // If the move was refused, nothing changes and no update arrives: look again shortly.
      if (this.clients.get(key) === client) setTimeout(() => void act(), 1000).unref?.();
    };
    client.subscribe(() => void act());
    client.start();
  }
}
