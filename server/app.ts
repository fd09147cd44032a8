/**
 * The lobby and game server: boardgame.io's `Server` with the project's
 * storage, secure seeds, input guards, one origin policy, the static client
 * and a health endpoint. `startServer` is what the CLI and the tests call.
 */
import { isStorageUnavailable, type Middleware } from './http-error';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Game, Server as ServerTypes } from 'boardgame.io';
import { Server, SocketIO, type GenericPubSub } from 'boardgame.io/server';
import { jsonParser } from './json-parser';
import type Koa from 'koa';
import type { ServerOptions as IOServerOptions } from 'socket.io';
import { BotSeats, DEFAULT_BOT_LIMITS, type BotLimits } from './bots';
import { DEFAULT_CONNECTION_LIMITS, limitConnections, serverOptions, type ConnectionLimits } from './connections';
import { DEFAULT_CREATION_LIMITS, type CreationLimits } from './creation-limits';
import { createOriginPolicy, httpCors, socketAllowRequest, socketCorsOrigin } from './cors';
import { expireAbandoned } from './expiry';
import { health } from './health';
import { lobbyGuard } from './lobby-guard';
import { hideChat, matchList } from './match-list';
import { replays } from './replay';
import { clearStaleConnections, SeatSweep } from './stale-connections';
import { SharedSeats, type SeatChannels } from './seat-presence';
import { TurnClocks } from './clocks';
import { clockOfferDelay, startClock } from './start-clock';
import { matchStatus } from './match-status';
import { consoleLogger, redactUrl, type Logger } from './log';
import { withSecureSeed } from './seed';
import { guardNamespace, SeatSockets, type MatchQueue } from './socket-guard';
import type { SocketLimits } from './socket-limits';
import { checkClientBuilt, serveClient } from './static';
import { RedisPubSub } from './redis-pubsub';
import { RedisLock } from './redis-lock';
import { within } from './within';
import { Spectators, spectatorCount } from './spectators';
import { createStorage, LocalPubSub, PersistFirstPubSub, PostgresStorage, type StorageKind } from './storage';
import {
  announceExpired,
  authenticateCredentials,
  closedBy,
  closedMatchAnswers,
  closeMatch,
  CLOSED_CHANNEL,
  RecentlyClosed,
  type MatchClosed,
} from './close-match';
import { BotLeases } from './bot-lease';
import { fetchMetadata, hookStorage, storeMetadata, type AnyStorage } from './storage-hooks';
import { MatchChanges, type MatchChanged } from './match-changes';
import { compactUndo } from './undo-store';

/** Everything `startServer` accepts; see `server/options.ts` for the CLI. */
export interface ServerOptions {
  /** TCP port; 0 picks a free one. Default 8000. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Storage kind. Default `file`. */
  storage?: StorageKind;
  /** Folder for the file storage. Default `./data`. */
  dataDir?: string;
  /** fsync each write of the file storage (default true, or FILE_FSYNC's word when that is set). */
  fsync?: boolean;
  /** Postgres connection string for the `postgres` storage. */
  databaseUrl?: string;
  /** Extra browser origins allowed to use the API and sockets. */
  origins?: string[];
  /** Folder with `index.html` and `build/`. Default `./public`. */
  publicDir?: string;
  /** Host names the server answers to, besides IP addresses and `localhost` (`*`: any). */
  hosts?: string[];
  /** Largest lobby request body in bytes. Default 16 KiB. */
  bodyLimit?: number;
  /** Per-client limits on creating matches (server/creation-limits.ts). */
  creation?: Partial<CreationLimits>;
  /** Connection limits and timeouts (server/connections.ts). */
  connections?: Partial<ConnectionLimits>;
  /** Caps on bot seats and their worker threads (server/bots.ts). */
  botLimits?: Partial<BotLimits>;
  /** Per-socket limits (server/socket-limits.ts). */
  socketLimits?: Partial<SocketLimits>;
  /** Remove matches whose seats never all filled after this long without a change, ms (0: never). Default 24 h. */
  expireOpenAfterMs?: number;
  /** Turn clocks run this many times as fast: 60 makes a 1-minute clock last 1 s (for tests). Default 1. */
  clockScale?: number;
  /** Trust `X-Forwarded-For` for the client's address (behind a reverse proxy). Default false. */
  trustProxy?: boolean;
  /**
   * With `trustProxy`: how many reverse proxies of our own stand in front, each appending the address it
   * saw to `X-Forwarded-For`. Only that many entries, from the right, are believed. Default 1.
   */
  proxyHops?: number;
  /** Games to serve. Default: every game of the registry (src/games/registry.ts). */
  games?: Game[];
  /** Where log lines go. */
  logger?: Logger;
  /** Redis URL: updates go through Redis to every server process (server/redis-pubsub.ts). */
  redisUrl?: string;
  /** Accept websocket connections only, no HTTP long-polling (so no sticky sessions). Default: with `redisUrl`. */
  websocketOnly?: boolean;
  /** Names this process in `/health` and the logs (default `pid <pid>`). */
  processName?: string;
  /** With `redisUrl` and PostgreSQL: how long a bot seat's lease lasts unrenewed, ms (default 3000). */
  botLeaseMs?: number;
  /** With `redisUrl`: how often this process renews its count of spectators in Redis, ms (default 10000; server/spectators.ts). */
  spectatorHeartbeatMs?: number;
  /**
   * With `redisUrl`: how often this process renews its record of the seats its sockets hold in Redis, ms (default
   * 10000; server/seat-presence.ts). A process that died stops counting within 3 times that, and the seats it left
   * connected are marked gone within about 7 times that (server/stale-connections.ts).
   */
  seatHeartbeatMs?: number;
}

/** With several processes: the seats the others hold (server/seat-presence.ts), and what follows a seat marked gone. */
interface SeatPresence {
  heldElsewhere(matchID: string, playerID: string): boolean;
  afterGone(matchID: string, playerID: string): void;
}

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8000`. */
  url: string;
  port: number;
  /** The underlying storage, unwrapped (for tests and tools). */
  db: AnyStorage;
  /** The games as served (processed, with the secure seed). */
  games: Game[];
  /** The bot clients playing bot seats. */
  bots: BotSeats;
  /** The turn clocks (for tests: `deadlineOf`). */
  clocks: TurnClocks;
  /** How many per-match move queues the transport holds (one per match with sockets). */
  matchQueues(): number;
  /** With Redis: the seat sweep (server/stale-connections.ts; for tests). */
  seatSweep?: SeatSweep;
  /** Stops accepting connections, waits for writes, closes the storage. */
  close(): Promise<void>;
}

/** What boardgame.io's SocketIO transport publishes (its `pubSub` type parameter). */
type TransportMessage = ConstructorParameters<typeof SocketIO>[0] extends infer O
  ? O extends { pubSub?: GenericPubSub<infer T> }
    ? T
    : never
  : never;

/**
 * boardgame.io's transport, with the HTTP server created up front so that
 * the request handler is composed when the server starts listening, after
 * all middleware is in place. (koa-socket-2 otherwise builds it inside
 * `Server()`, and with koa-compose 4.2 any later `app.use` is ignored.) The
 * `listen` replacement also binds the chosen host, which boardgame.io's
 * `run()` cannot.
 */
class AppTransport extends SocketIO {
  constructor(
    opts: ConstructorParameters<typeof SocketIO>[0],
    private readonly host: string,
    private readonly limits: ConnectionLimits,
    private readonly presence?: SeatPresence,
  ) {
    super(opts);
    // boardgame.io marks a seat disconnected when any one of its sockets goes: a second tab closed, or the turn
    // clock's bot leaving a seat whose player came back meanwhile, made a connected player look gone to the others
    // (their seat chip greyed, their bots let rest). Its disconnect handler reads the socket's record, removes it
    // (here) and then marks the record's seat, without waiting for anything in between: a seat another socket still
    // holds is kept connected by clearing the record's seat first. Another socket of this process, or, with several
    // processes, of another one, as last heard through Redis (server/seat-presence.ts: a copy kept current by every
    // change and renewed every heartbeat, so this stays synchronous and never waits on Redis). A socket of another
    // process heard of a moment too late (it synced just as this one closed) is caught by the look that follows a
    // seat marked gone here (`presence.afterGone`, server/stale-connections.ts).
    const internals = this as unknown as { removeClient(socketID: string): void };
    const remove = internals.removeClient.bind(this);
    internals.removeClient = (socketID) => {
      const client = this.clientInfo.get(socketID);
      if (client && client.playerID != null) {
        const { matchID, playerID } = client;
        if (this.seatHeldElsewhere(socketID, matchID, playerID)) {
          (client as { playerID: string | null }).playerID = null;
        } else if (!client.socket.connected) {
          // A disconnection (not a socket syncing again, nor a closed match's sockets let go): marked gone.
          this.presence?.afterGone(matchID, playerID);
        }
      }
      remove(socketID);
    };
  }

  /**
   * Whether a socket other than `socketID`, still connected, holds seat `playerID` of `matchID`: of this process, or
   * of another as last heard (`presence`).
   */
  private seatHeldElsewhere(socketID: string, matchID: string, playerID: string): boolean {
    for (const id of this.roomInfo.get(matchID) ?? []) {
      const other = id === socketID ? undefined : this.clientInfo.get(id);
      if (other?.playerID === playerID && other.socket.connected) return true;
    }
    return !!this.presence?.heldElsewhere(matchID, playerID);
  }

  override init(app: Parameters<SocketIO['init']>[0], games: Game[], origins?: Parameters<SocketIO['init']>[2]): void {
    let handler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined;
    const server = http.createServer(serverOptions(this.limits), (req, res) => {
      void (handler ??= app.callback())(req, res);
    });
    limitConnections(server, this.limits);
    const koa = app as unknown as Koa & { server?: http.Server };
    koa.server = server;
    koa.listen = ((port: number, callback?: () => void) => {
      handler = app.callback();
      return server.listen(port, this.host, callback);
    }) as Koa['listen'];
    super.init(app, games, origins);
  }

  /** The queue that runs the moves of `matchID` one at a time. */
  matchQueue(matchID: string): ReturnType<MatchQueue> {
    return (this as unknown as { getMatchQueue(id: string): ReturnType<MatchQueue> }).getMatchQueue(matchID);
  }

  /** Number of per-match queues. */
  get queueCount(): number {
    return this.perMatchQueue.size;
  }

  /** Runs `task` in the match's queue when this process has one (sockets of the match), else at once. */
  inMatchQueue<T>(matchID: string, task: () => Promise<T>): Promise<T> {
    const queue = this.perMatchQueue.get(matchID);
    return queue ? queue.add(task) : task();
  }

  /**
   * Tells this process's sockets of a closed match (`matchClosed`, with the
   * creator's seat and name, or the reason `expired`) and forgets them, so
   * that their disconnection does not make boardgame.io look for the match.
   */
  tellClosed(closed: MatchClosed): void {
    const ids = this.roomInfo.get(closed.matchID);
    if (!ids) return;
    for (const id of [...ids]) {
      const socket = this.clientInfo.get(id)?.socket;
      socket?.emit('matchClosed', closed.matchID, closedBy(closed));
      (this as unknown as { removeClient(socketID: string): void }).removeClient(id);
    }
  }

  /** Tells this process's sockets of `matchID` that its match page should read it again (`matchChanged`). */
  tellChanged(matchID: string): void {
    for (const id of this.roomInfo.get(matchID) ?? []) this.clientInfo.get(id)?.socket?.emit('matchChanged', matchID);
  }

  /** Waits until every queued move has been processed. */
  async idle(): Promise<void> {
    await Promise.all([...this.perMatchQueue.values()].map((q) => q.onIdle()));
  }
}

/** Seconds a client is asked to wait (Retry-After) when the storage cannot be reached. */
const STORAGE_RETRY_AFTER_S = 5;

/**
 * Logs unexpected errors; 4xx messages go to the client as plain text. A
 * storage that cannot be reached is a 503 with Retry-After, not a 500.
 */
function errors(log: Logger): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    try {
      await next();
    } catch (err) {
      const e = err as { status?: number; expose?: boolean; message?: string; headers?: Record<string, string> };
      if (typeof e.status !== 'number' && isStorageUnavailable(err)) {
        // PostgreSQL down or unreachable: nothing was done, and the same request may work in a moment.
        log('warn', 'request failed: storage unavailable', { method: ctx.method, path: ctx.path, error: String(err) });
        ctx.status = 503;
        ctx.set('Retry-After', String(STORAGE_RETRY_AFTER_S));
        ctx.type = 'text/plain';
        ctx.body = 'Storage is unavailable; try again shortly';
        return;
      }
      const status = typeof e.status === 'number' && e.status >= 400 && e.status < 600 ? e.status : 500;
      if (status >= 500) log('error', 'request failed', { method: ctx.method, path: ctx.path, error: String(err) });
      ctx.status = status;
      if (status < 500 && e.headers) ctx.set(e.headers);
      ctx.type = 'text/plain';
      // 4xx messages are for the client; a 5xx message only when the error says it may be shown (a damaged match).
      const shown = e.message && (status < 500 ? e.expose !== false : e.expose === true);
      ctx.body = shown ? e.message : 'Internal server error';
    }
  };
}

/** Starts the server; resolves once it listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? consoleLogger;
  const host = options.host ?? '127.0.0.1';
  const kind = options.storage ?? 'file';
  const startedAt = Date.now();

  const games = (options.games ?? (await defaultGames())).map((g) => withSecureSeed(g));
  const raw = await createStorage({
    kind,
    dataDir: path.resolve(options.dataDir ?? 'data'),
    databaseUrl: options.databaseUrl,
    ...(options.fsync === undefined ? {} : { fsync: options.fsync }),
    logger: log,
    reportDamage: (damage) => log('error', 'damaged match: not served until restored', damage),
  });
  let redis: RedisPubSub<TransportMessage> | undefined;
  if (options.redisUrl) {
    redis = new RedisPubSub<TransportMessage>(options.redisUrl, log);
    try {
      await redis.ready();
    } catch (err) {
      await redis.close();
      // The URL as given may hold a password: never in a log line.
      throw Object.assign(
        new Error(`Redis at ${redactUrl(options.redisUrl)}: ${(err as Error).message}`, { cause: err }),
        {
          code: 'EREDISDOWN',
        },
      );
    }
  }
  // This process's name in Redis (its spectators and seats).
  const processID = randomUUID();
  // With several processes, each records in Redis the seats its sockets hold (server/seat-presence.ts).
  const shared = redis
    ? new SharedSeats(redis.commands, redis as unknown as SeatChannels, processID, options.seatHeartbeatMs)
    : undefined;
  const seats = new SeatSockets(shared);
  // Made once the bot seats exist (below); the storage hook and the socket guard reach it through this.
  const clockRef: { current?: TurnClocks } = {};
  const botsRef: { current?: BotSeats } = {};
  const changesRef: { current?: MatchChanges } = {};
  const logKeys = new Map(await Promise.all(games.map(async (g) => [g.name, await logKeysOf(g.name)] as const)));
  const hooked = hookStorage(
    compactUndo(raw, games, (name) => logKeys.get(name) ?? []),
    log,
    (matchID, metadata, afterMove, written) => {
      // A move changes no seat; its write may hold credentials older than a join stored meanwhile.
      if (!afterMove) seats.check(matchID, metadata);
      // The other processes check theirs as soon as the write has landed (below).
      if (!afterMove && redis) changesRef.current?.seatsWrittenAfter(matchID, written, processID);
      // The match page reads the match again (a move's state reaches it over the socket, but not the game's end).
      if (!afterMove || metadata.gameover !== undefined) changesRef.current?.changedAfter(matchID, written);
      clockRef.current?.noteMetadata(matchID, metadata, afterMove, written);
      // A person connected to a match whose bots rest wakes them.
      botsRef.current?.noteMetadata(matchID, metadata, afterMove);
    },
  );
  const policy = createOriginPolicy(options.origins ?? [], [host, ...(options.hosts ?? [])]);

  // Every process hears that a match's page should read it again (server/match-changes.ts).
  const changes = (changesRef.current = new MatchChanges(
    redis ? (redis as unknown as GenericPubSub<MatchChanged>) : new LocalPubSub<MatchChanged>(),
  ));
  const spectators = new Spectators(
    redis ? { redis: redis.commands, process: processID } : undefined,
    options.spectatorHeartbeatMs,
    (matchID) => changes.changed(matchID),
  );
  // Every process hears of a closed match (server/close-match.ts): through Redis when there are several.
  const closedNotices = redis ? (redis as unknown as GenericPubSub<MatchClosed>) : new LocalPubSub<MatchClosed>();
  const pubSub = new PersistFirstPubSub<TransportMessage>(hooked.storage, redis, (matchID) =>
    log('info', 'move refused: another move of the match was stored first', { matchID }),
  );
  const sweepRef: { current?: SeatSweep } = {};
  // As boardgame.io tells a connection: the seats without their credentials, to every socket of the match.
  const tellSeats = (matchID: string, metadata: ServerTypes.MatchData) =>
    pubSub.publish(`MATCH-${matchID}`, {
      type: 'matchData',
      args: [matchID, Object.values(metadata.players).map(({ credentials: _c, ...player }) => player)],
    } as unknown as TransportMessage);
  const transport = new AppTransport(
    {
      socketOpts: {
        // (cast: boardgame.io's types ask for every socket.io option)
        cors: { origin: socketCorsOrigin(policy) },
        allowRequest: socketAllowRequest(policy),
        maxHttpBufferSize: 64 * 1024,
        // The default parser minus its binary scan of every outgoing state (see json-parser.ts).
        parser: jsonParser,
        // Polling needs every request of a session on one process; websockets do not.
        ...((options.websocketOnly ?? !!options.redisUrl) ? { transports: ['websocket'] } : {}),
      } as IOServerOptions,
      // Send a move's update only after the storage has written it.
      pubSub,
    },
    host,
    { ...DEFAULT_CONNECTION_LIMITS, ...options.connections },
    shared && {
      heldElsewhere: (matchID, playerID) => shared.heldElsewhere(matchID, playerID),
      afterGone: (matchID, playerID) => sweepRef.current?.afterGone(matchID, playerID),
    },
  );
  // With several processes: the stored seat connections kept right against every process's sockets.
  if (shared && redis) {
    // The sweep's lock is per set of tables: named as PostgreSQL names them, not as this process's URL spells them
    // (each process on other tables, or of its own storage, sweeps its own).
    const site = raw instanceof PostgresStorage ? await postgresSite(raw, options.databaseUrl, log) : processID;
    const lockFor = (name: string) =>
      new RedisLock(redis.commands, `ns:seat-sweep:${name}`, processID, 3 * shared.heartbeatMs);
    sweepRef.current = new SeatSweep({
      db: hooked.storage,
      shared,
      holdsHere: (matchID, seat, credentials) => seats.holds(matchID, seat, credentials),
      heldHere: () => seats.held(),
      storedGone: raw instanceof PostgresStorage ? (ids) => raw.seatsNotConnected(ids) : undefined,
      inQueue: (matchID, task) => transport.inMatchQueue(matchID, task),
      tell: tellSeats,
      connectedMatches: raw instanceof PostgresStorage ? () => raw.connectedMatches() : undefined,
      // One process of those on the same storage sweeps (each with a storage of its own sweeps its own).
      lock:
        raw instanceof PostgresStorage && site.startsWith('url:')
          ? new RenamedLock(lockFor(site), () => raw.site(), lockFor, log)
          : lockFor(site),
      log,
    });
  }
  const server = Server({
    games,
    db: hooked.storage,
    transport,
    origins: [...policy.origins],
    authenticateCredentials: authenticateCredentials,
  });

  const io = (server.app as unknown as { _io: import('socket.io').Server })._io;
  const queueFor: MatchQueue = (matchID) => transport.matchQueue(matchID);
  const guards: Array<ReturnType<typeof guardNamespace>> = [];
  for (const game of games) {
    const guard = guardNamespace(io.of(game.name as string), game, hooked.storage, {
      logKeys: logKeys.get(game.name) ?? [],
      announceStored: (matchID, stateID) => pubSub.announceStored(matchID, stateID),
      queueFor,
      seats,
      spectators,
      limits: options.socketLimits,
      onMove: (matchID, seat) => void clockRef.current?.noteMove(matchID, seat).catch(() => undefined),
      published: (matchID) => pubSub.publishedCount(matchID),
      // A socket synced again as something else than its seat (server/socket-guard.ts `letGo`): boardgame.io does not
      // mark the seat gone, and no sweep runs without Redis. Marked gone here in the match's queue, on the metadata
      // read there, unless a socket of this process or (as last heard) of another holds it; with Redis, looked at
      // again a moment later as after a disconnection (a socket of another process may have synced meanwhile).
      released: (matchID, seat) =>
        transport.inMatchQueue(matchID, async () => {
          if (seats.holds(matchID, seat) || shared?.heldElsewhere(matchID, seat)) return;
          const metadata = await fetchMetadata(hooked.storage, matchID);
          const player = metadata?.players[Number(seat)];
          if (!metadata || player?.isConnected !== true) return;
          if (seats.holds(matchID, seat) || shared?.heldElsewhere(matchID, seat)) return;
          // Changed on the object read: the storage writes only this change (server/storage/postgres.ts).
          player.isConnected = false;
          await storeMetadata(hooked.storage, matchID, metadata);
          tellSeats(matchID, metadata);
          log('info', 'seat let go by a socket that synced again marked gone', { matchID, seat });
          sweepRef.current?.afterGone(matchID, seat);
        }),
    });
    guards.push(guard);
  }
  // A state announced stored after a sync reaches this process's sockets that missed it.
  pubSub.onStored = (matchID, stateID) => {
    for (const guard of guards) void guard.behind(matchID, stateID).catch(() => undefined);
  };

  const app = server.app as unknown as Koa;
  app.use(errors(log));
  app.use(httpCors(policy));
  const processName = options.processName ?? `pid ${process.pid}`;
  app.use(health(hooked.storage, startedAt, { processName, redis }));
  app.use(hideChat());
  app.use(clockOfferDelay(options.clockScale));
  const recentlyClosed = new RecentlyClosed();
  app.use(closedMatchAnswers(recentlyClosed));
  app.use(spectatorCount(spectators));
  app.proxy = options.trustProxy ?? false;
  // Only the entries our own proxies appended (the rightmost): a client can put anything left of them.
  app.maxIpsCount = app.proxy ? Math.max(1, options.proxyHops ?? 1) : 0;
  app.use(
    lobbyGuard(games, hooked.storage, {
      bodyLimit: options.bodyLimit ?? 16 * 1024,
      creation: { ...DEFAULT_CREATION_LIMITS, ...options.creation },
      clockScale: options.clockScale,
      close: async (gameName, matchID, playerID, credentials) => {
        const closed = await closeMatch(
          {
            db: hooked.storage,
            inQueue: (id, task) => transport.inMatchQueue(id, task),
            notices: closedNotices,
          },
          gameName,
          matchID,
          playerID,
          credentials,
        );
        // Remembered here at once: through Redis, this process hears its own notice a moment later.
        recentlyClosed.remember(closed);
        log('info', 'match closed by its creator', { matchID, seat: playerID });
        return { matchID: closed.matchID, closed: true };
      },
      startClock: async (matchID, playerID, credentials) => {
        const started = await startClock(
          {
            db: hooked.storage,
            inQueue: (id, task) => transport.inMatchQueue(id, task),
            clockScale: options.clockScale,
          },
          matchID,
          playerID,
          credentials,
        );
        log('info', 'turn clock started by a player', { matchID, seat: playerID, turnClockMs: started.turnClockMs });
        return started;
      },
    }),
  );
  app.use(matchList(games, hooked.storage));
  app.use(replays(hooked.storage));
  app.use(matchStatus(hooked.storage));
  const bots = (botsRef.current = new BotSeats(games, hooked.storage, log, {
    ...DEFAULT_BOT_LIMITS,
    ...options.botLimits,
  }));
  let clockLeases: BotLeases | undefined;
  if (options.redisUrl && raw instanceof PostgresStorage) {
    // Several processes: each bot seat, and each match's expired turn, is played by the one holding its lease.
    const leases = new BotLeases(raw.pool, raw.schema, processName, options.botLeaseMs);
    await leases.connect();
    bots.useLeases(leases);
    clockLeases = leases;
  }
  app.use(bots.middleware());
  bots.watchSeats(seats);
  const clocks = (clockRef.current = new TurnClocks(hooked.storage, bots, log));
  if (clockLeases) clocks.useLeases(clockLeases);
  clocks.useQueue((matchID, task) => transport.inMatchQueue(matchID, task));
  const recheckSeats = async (matchID: string) => {
    try {
      const metadata = await fetchMetadata(hooked.storage, matchID);
      if (metadata) seats.check(matchID, metadata);
    } catch (err) {
      log('warn', 'could not check the seats of a changed match', { matchID, error: String(err) });
    }
  };
  changes.onChanged((matchID) => transport.tellChanged(matchID));
  // With several processes, a seat may have changed hands on another: that one dropped its own sockets of the old
  // credentials (`seats.check` in the storage hook above), and this one drops its own as soon as it hears that the
  // seats were written. They went on being sent the seat's view.
  changes.onSeats(processID, (matchID) => {
    if (seats.has(matchID)) void recheckSeats(matchID);
  });
  // A match closed by its creator, or removed by the expiry sweep, on any process.
  closedNotices.subscribe(CLOSED_CHANNEL, (closed) => {
    recentlyClosed.remember(closed);
    hooked.markRemoved(closed.matchID);
    transport.tellClosed(closed);
    clocks.forget(closed.matchID);
    void bots.forget(closed.matchID);
  });
  const publicDir = options.publicDir ?? path.resolve('public');
  checkClientBuilt(publicDir, log);
  app.use(serveClient(publicDir));

  // A lone process, before any socket can connect: seats an earlier run left connected (it died) are not. With
  // several, the sweep marks gone the seats no live process holds (server/stale-connections.ts).
  if (!shared) await clearStaleConnections(raw, log);
  sweepRef.current?.start();

  // run() cannot report a listen error (EADDRINUSE, EACCES): watch for it here.
  const httpServer = (app as unknown as { server: http.Server }).server;
  let onError: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    // Mark the error as the listen's, so a host name that does not resolve is blamed on --host, not the URLs.
    onError = (err) => reject(Object.assign(err, { listenHost: host }));
    httpServer.once('error', onError);
  });
  const { appServer } = await Promise.race([server.run({ port: options.port ?? 8000 }), failed]);
  httpServer.off('error', onError);
  const address = appServer.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8000);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  log('info', 'server listening', {
    url,
    host,
    storage: kind,
    redis: redis ? 'yes' : undefined,
    process: options.processName,
    games: games.map((g) => g.name).join(','),
  });
  await bots.start(url);
  await clocks.start();
  const stopExpiry = expireAbandoned(
    hooked.storage,
    options.expireOpenAfterMs ?? 24 * 60 * 60 * 1000,
    log,
    async (matchID) => {
      // Told to every process as a close is (above); remembered here at once, as for a close.
      const expired = await announceExpired(closedNotices, matchID);
      recentlyClosed.remember(expired);
      hooked.markRemoved(matchID);
    },
  );

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopExpiry();
      changes.close();
      clocks.close();
      // What is left in Redis is taken out side by side, each wait bounded (Redis may hang): the sweep's lock given
      // back and this process's spectator counts at once, its seats' fields after its sockets have gone (below).
      const sweepClosed = sweepRef.current?.close();
      const spectatorsGone = spectators.close();
      await bots.close();
      // A clock's bot stopped above: its expiry ends without writing (the storage closes below).
      await clocks.idle();
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
        appServer.closeIdleConnections?.();
      });
      await transport.idle();
      await hooked.drain();
      // After the sockets' disconnections, which asked it whether another process holds their seats.
      const seatsGone = shared?.close();
      // QUIT goes after every command above (each sent as its close began, on the same connection, answered in
      // order): with Redis up they are answered before it; with Redis hung they all wait at once, about 1 s in all.
      const redisClosed = redis?.close();
      // A sweep under way reads the storage: over before it closes.
      await sweepClosed;
      const closable = raw as { close?: () => unknown; flush?: () => unknown };
      if (typeof closable.flush === 'function') await closable.flush();
      if (typeof closable.close === 'function') await closable.close();
      await Promise.all([spectatorsGone, seatsGone, redisClosed]);
      log('info', 'server stopped', { url });
    })());

  const matchQueues = () => transport.queueCount;
  return { url, port, db: raw, games, bots, clocks, close, matchQueues, seatSweep: sweepRef.current };
}

/**
 * The site of a PostgreSQL storage's tables, for the seat sweep's lock: as the cluster names it (`PostgresStorage.site`:
 * its system identifier, the database and the schema), whatever the URL's spelling. Named from the URL
 * (`host:port/db/schema`, without its credentials, the default port written out) only if the cluster does not say,
 * which is logged: processes whose URLs name the server differently would then sweep each on its own.
 */
async function postgresSite(db: PostgresStorage, databaseUrl: string | undefined, log: Logger): Promise<string> {
  const site = await db.site();
  if (site) return site;
  let named = db.schema;
  try {
    const u = new URL(databaseUrl ?? '');
    named = `${u.hostname.toLowerCase()}:${u.port || '5432'}/${u.pathname.replace(/^\/+|\/+$/g, '')}/${db.schema}`;
  } catch {
    // A URL the storage took but this cannot read: the schema alone.
  }
  log('warn', 'the seat sweep is named from the database URL: PostgreSQL did not name its site', { site: named });
  return `url:${named}`;
}

/**
 * The seat sweep's lock while it is named from the URL (PostgreSQL did not name its site at start-up: not answering
 * yet, say): the site is asked again at each take until it answers, and the lock is then the site's, the URL-named one
 * given back. Kept for the process's life, the URL's name swept apart from the processes that named the site (those
 * started after, or restarted in a rolling upgrade), both sweeping.
 */
class RenamedLock {
  private renamed = false;
  constructor(
    private lock: RedisLock,
    private readonly site: () => Promise<string | undefined>,
    private readonly lockFor: (name: string) => RedisLock,
    private readonly log: Logger,
  ) {}

  /** The key taken now (for tests). */
  get key(): string {
    return this.lock.key;
  }

  async take(): Promise<boolean | undefined> {
    if (!this.renamed) {
      // Bounded as the lock's own wait is: a storage that hangs leaves this take to the URL's name.
      const site = await within(this.site(), 500);
      if (site && !this.renamed) {
        const old = this.lock;
        this.lock = this.lockFor(site);
        this.renamed = true;
        await old.release();
        this.log('info', 'the seat sweep is named by its site now', { site });
      }
    }
    return this.lock.take();
  }

  release(): Promise<void> {
    return this.lock.release();
  }
}

/** The game served when none is given. */
async function defaultGames(): Promise<Game[]> {
  const { GAMES } = await import('../src/games/registry');
  return GAMES.map((g) => g.game);
}

/** The log keys (`GameDef.logKeys`) of the registered game named `name`. */
async function logKeysOf(name: string | undefined): Promise<readonly string[]> {
  const { findGame } = await import('../src/games/registry');
  return (name && findGame(name)?.logKeys) || [];
}
