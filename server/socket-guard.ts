/**
 * Checks on the socket.io side of boardgame.io, per game namespace.
 *
 * Incoming packets (socket.io packet middleware) are dropped unless they are
 * well formed:
 *  - `sync` only for a match that exists, as a spectator or as one of its
 *    seats (boardgame.io would otherwise create the unknown match);
 *  - `update` only with a `MAKE_MOVE` of a known move, a `GAME_EVENT` the
 *    client may fire, or an `UNDO` in a game that allows undo, whose
 *    `payload.playerID` is the sender's seat, which carries that seat's
 *    credentials (checked here, before anything is answered), and whose
 *    arguments are small (`MAX_MOVE_ARGS_JSON`).
 *    boardgame.io's master authenticates the socket's `playerID` argument but
 *    runs the move as `payload.playerID`, and its reducer also accepts
 *    `RESET`/`SYNC`/`UPDATE`/`PATCH`, which replace or patch the whole server
 *    state, and `REDO` (never offered);
 *  - `chat` only with a small text message from a seated player (its
 *    credentials checked), within a per-socket rate; it is stored with the
 *    match (metadata `chat`, the last 200) stamped with the sender's name and
 *    the server's time, and sent again to every socket that syncs, so the
 *    history survives reloads and restarts. A refused message is answered
 *    with `chat-error` (matchID, reason) to its sender alone;
 *  - within the socket's event budget (server/socket-limits.ts);
 *  - for `update`: only for a match that exists, whose every seat has a
 *    player or which has already started (src/games/common/waiting-room.ts),
 *    and only a move that the rules accept. The move is first tried on the stored state, in the
 *    match's queue (so after the moves before it): boardgame.io's Master
 *    would store and broadcast the unchanged state of a refused move, so a
 *    refused move is answered to its sender alone with the current state, and
 *    nothing is written or broadcast. So is a move made on an older state
 *    than the stored one (which the Master would drop without a word).
 *
 * Packets of one socket are passed on in the order they arrived.
 *
 * A socket that synced as a seat is dropped as soon as that seat's
 * credentials change (the player left, someone else took the seat): it would
 * otherwise go on receiving the newcomer's private view.
 *
 * Outgoing `sync` messages carry `initialState`, which boardgame.io sends
 * unfiltered: every hand, the decks and the PRNG seed. It is replaced here by
 * the spectator's view of the starting state, and random-plugin data is
 * removed from every state that leaves.
 *
 * A socket that asks for it in its handshake is sent each `update` with the
 * game's logs cut to the entries it was not sent yet (src/shared/log-suffix.ts).
 */
import type { Game, Server as ServerTypes, State } from 'boardgame.io';
import { CreateGameReducer, getFilterPlayerView, ProcessGameConfig } from 'boardgame.io/internal';
import type { Namespace, Socket } from 'socket.io';
import { DEFAULT_SOCKET_LIMITS, EventBudget, isBacklogged, type SocketLimits } from './socket-limits';
import { fetchMetadata, isSyncStorage, storeMetadata, type AnyStorage } from './storage-hooks';
import { authenticateCredentials } from './close-match';
import { unsafeJson } from './lobby-schema';
import type { Spectators } from './spectators';
import type { SharedSeats } from './seat-presence';
import { waitingForTable } from '../src/games/common/waiting-room';
import { mayTakeBack } from '../src/games/common/take-back';
import { ChatBudget, CHAT_KEPT, chatText, type ChatEntry } from '../src/shared/chat';
import { cutLogs, markLogs, wantsLogSuffix, type LogMark } from '../src/shared/log-suffix';

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SEAT = /^(0|[1-9]\d?)$/;
const MAX_CREDENTIALS = 256;
const MAX_NAME = 64;
/** A chat packet larger than this is dropped unread; the text limit itself (500 characters) is answered with a reason. */
const MAX_CHAT = 8 * 1024;
/**
 * A move's arguments as the site's games take them: at most one, a small
 * object (the longest seen in random games of every game is under 200
 * characters of JSON, 3 levels deep). boardgame.io keeps a move's arguments
 * in the match's log whatever the move reads of them: without these limits
 * a player could pad every move with junk that every later sync carries, or
 * nest it deeper than JSON.stringify can write, which leaves the match
 * unable to be stored or sent.
 */
const MAX_MOVE_ARGS = 1;
const MAX_MOVE_ARGS_JSON = 2048;
const MAX_MOVE_ARGS_DEPTH = 8;

type Packet = unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isMatchID = (v: unknown): v is string => typeof v === 'string' && MATCH_ID.test(v);
const isSeat = (v: unknown): v is string => typeof v === 'string' && SEAT.test(v);
const isCredentials = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_CREDENTIALS;

/**
 * Event names a client may send: only those the game opts into with
 * `events: { name: true }`. boardgame.io enables every event by default and
 * its server never checks the list, so a client could otherwise fire
 * `endGame` with any result, or `endTurn` past the rules that the game's own
 * `endTurn` move checks.
 */
export function clientEventNames(game: Game): Set<string> {
  const config = (game.events ?? {}) as Record<string, unknown>;
  return new Set(Object.keys(config).filter((e) => config[e] === true));
}

/** All move names of the game, top level, phases and stages. */
export function moveNames(game: Game): Set<string> {
  // A processed game (ProcessGameConfig) lists every move, in phases and stages too.
  const listed = (game as { moveNames?: string[] }).moveNames;
  return new Set<string>(listed ?? Object.keys(game.moves ?? {}));
}

/**
 * `state` with fresh copies of the parts of `ctx` that boardgame.io's reducer
 * changes in place (ProcessMove counts `_activePlayersNumMoves[playerID]++`,
 * setActivePlayers writes `activePlayers[playerID]`). A trial run on the
 * stored object itself would count the move twice, once here and once when the
 * Master runs it (the memory storage and the Postgres storage's kept state
 * hand out the stored object).
 */
function scratchCopy(state: State): State {
  const ctx = state.ctx as unknown as Record<string, unknown>;
  const copy = { ...ctx };
  for (const key of ['activePlayers', '_activePlayersNumMoves', '_activePlayersMinMoves', '_activePlayersMaxMoves']) {
    if (isPlainObject(ctx[key])) copy[key] = { ...ctx[key] };
  }
  return { ...state, ctx: copy as unknown as State['ctx'] };
}

/** Removes PRNG state from a state object about to be sent. */
function withoutRandom<T>(state: T): T {
  if (!isPlainObject(state) || !isPlainObject(state.plugins) || !('random' in state.plugins)) return state;
  const { random: _random, ...plugins } = state.plugins;
  return { ...state, plugins };
}

/** Whether a move's `args` (already known to be an array, or absent) are within the limits above. */
function moveArgsFit(args: unknown): boolean {
  if (args === undefined || args === null) return true;
  if (!Array.isArray(args) || args.length > MAX_MOVE_ARGS) return false;
  if (unsafeJson(args, MAX_MOVE_ARGS_DEPTH) !== undefined) return false;
  return JSON.stringify(args).length <= MAX_MOVE_ARGS_JSON;
}

/** Whether `credentials` are those of seat `playerID` in `metadata` (constant time). */
function holdsSeat(metadata: ServerTypes.MatchData, playerID: string, credentials: unknown): boolean {
  const seat = Object.prototype.hasOwnProperty.call(metadata.players, playerID)
    ? metadata.players[Number(playerID)]
    : undefined;
  return authenticateCredentials(credentials, seat);
}

/** Checks one incoming packet from `socket`; true lets it through. */
export type PacketCheck = ((packet: Packet, socket?: Socket) => boolean | Promise<boolean>) & {
  /** To be called as a packet the check accepted is passed on. */
  passed?: (packet: Packet, socket?: Socket) => void;
  /** Sends the stored state to those of `sockets` that proved a view of `matchID` and were sent one older than `stateID`. */
  behind?: (matchID: string, stateID: number, sockets: Iterable<Socket>) => Promise<void>;
};

/** A per-match queue that runs one task at a time (boardgame.io's transport keeps one per match). */
export type MatchQueue = (matchID: string) => { add<T>(task: () => Promise<T>): Promise<T> };

/** What the packet check may use besides the game and the storage. */
export interface PacketCheckContext {
  /** The transport's per-match queue; without it, moves are not tried before the Master runs them. */
  queueFor?: MatchQueue;
  /** Where seat sockets are registered once their sync is accepted. */
  seats?: SeatSockets;
  /** Where sockets that sync without a seat are counted (server/spectators.ts). */
  spectators?: Spectators;
  /** Hears of every move the rules accepted, with its seat (the turn clocks). */
  onMove?: (matchID: string, seat: string) => void;
  /**
   * How many moves this process has published for a match (the pub/sub's
   * count). A move passed on to the Master that publishes nothing was dropped
   * by it (the match moved on in between, through another process): its
   * sender is then sent the stored state.
   */
  published?: (matchID: string) => number;
  /**
   * Tells every process the stateID a sync found stored for a match
   * (PersistFirstPubSub.announceStored), so that each sends it to its own
   * sockets of the match that were sent an older one (`PacketCheck.behind`).
   */
  announceStored?: (matchID: string, stateID: number) => void;
  /**
   * A socket that held seat `playerID` of `matchID` (its last accepted sync) synced again as something else: marks
   * the seat gone if no socket, of this process or another, holds it now; resolves once written.
   */
  released?: (matchID: string, playerID: string) => Promise<void>;
}

/** Builds the packet check for one game. */
export function createPacketCheck(game: Game, db: AnyStorage, context: PacketCheckContext = {}): PacketCheck {
  const moves = moveNames(game);
  const events = clientEventNames(game);
  const undoAllowed = game.disableUndo !== true;
  const processed = ProcessGameConfig(game as never);
  const reducer = CreateGameReducer({ game: processed });
  const filter = getFilterPlayerView(game as never);

  const ignoresStaleState = (state: State, payload: Record<string, unknown>): boolean => {
    if (typeof payload.type !== 'string' || typeof payload.playerID !== 'string') return false;
    const move = processed.flow.getMove(state.ctx, payload.type, payload.playerID) as unknown;
    return isPlainObject(move) && move.ignoreStaleStateID === true;
  };

  const fetchState = async (matchID: string) => {
    const opts = { state: true } as const;
    const result = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
    return result.state;
  };

  /**
   * Tries a well-formed update on the stored state. A refused move (the rules
   * said INVALID_MOVE, or the player may not act) is answered to `socket`
   * alone with the current state, and dropped.
   */
  const tryMove = async (args: unknown[], socket: Socket | undefined): Promise<boolean> => {
    const [action, stateID, matchID, playerID] = args as [
      { type: string; payload: Record<string, unknown> },
      number,
      string,
      string,
    ];
    const metadata = await fetchMetadata(db, matchID);
    if (!metadata || metadata.gameName !== game.name) return false;
    // The Master checks credentials too, but only after this trial, which answers a refused move with the seat's
    // own view: a stranger naming a seat with made-up credentials would be sent that seat's hand.
    if (!holdsSeat(metadata, playerID, action.payload.credentials)) return false;
    if (!context.queueFor) return true;
    return context.queueFor(matchID).add(async () => {
      const state = await fetchState(matchID);
      if (!state || state.ctx.gameover !== undefined) return false;
      const { credentials: _credentials, ...payload } = action.payload;
      // Nobody plays before every seat has a player (the waiting room).
      const seated = !waitingForTable(state._stateID, Object.values(metadata.players));
      // A move made on an older state (another move, perhaps through another
      // process, was stored first) is refused like an illegal one, so its
      // sender learns the stored state; unless the move asks to ignore that.
      const fresh = state._stateID === stateID || ignoresStaleState(state, payload);
      // The Master lets an undo through only from the one player who may act now (and drops it silently otherwise).
      const mayAct = action.type !== 'UNDO' || mayTakeBack(true, state.ctx, playerID);
      if (
        seated &&
        fresh &&
        mayAct &&
        reducer(scratchCopy(state), { ...action, payload } as never)._stateID !== state._stateID
      ) {
        context.onMove?.(matchID, playerID);
        return true;
      }
      sendState(socket, matchID, playerID, state);
      return false;
    });
  };

  /** Sends `socket` seat `playerID`'s view of `state` (a spectator's for null). */
  const sendState = (socket: Socket | undefined, matchID: string, playerID: string | null, state: State) => {
    if (!socket?.connected) return;
    const view = filter(playerID, { type: 'update', args: [matchID, state] } as never) as { args: unknown[] };
    socket.emit('update', ...view.args);
  };

  /**
   * Called as a move is passed on to the Master. Once the Master is done with
   * it (the next task of the match's queue), if it published nothing, it
   * dropped the move: the match moved on since the check above, through
   * another process. Its sender is then sent the stored state.
   */
  const watchMove = (args: unknown[], socket: Socket | undefined) => {
    const [action, , matchID, playerID] = args as [{ payload: { credentials?: unknown } }, number, string, string];
    const { queueFor, published } = context;
    if (!queueFor || !published || !socket) return;
    const before = published(matchID);
    // socket.io hands the packet to boardgame.io's handler on the next tick, which queues the Master's task.
    process.nextTick(() => {
      void queueFor(matchID)
        .add(async () => {
          if (published(matchID) !== before) return;
          // The seat may have changed hands since the move was checked: its view goes only to its credentials.
          const metadata = await fetchMetadata(db, matchID);
          if (!metadata || !holdsSeat(metadata, playerID, action.payload.credentials)) return;
          const state = await fetchState(matchID);
          if (state) sendState(socket, matchID, playerID, state);
        })
        .catch(() => undefined);
    });
  };

  const checkUpdate = (args: unknown[]): boolean => {
    const [action, stateID, matchID, playerID] = args;
    if (args.length !== 4 || !isPlainObject(action) || !isMatchID(matchID) || !isSeat(playerID)) return false;
    if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0) return false;
    const payload = action.payload;
    if (!isPlainObject(payload) || payload.playerID !== playerID || !isCredentials(payload.credentials)) return false;
    if (!moveArgsFit(payload.args)) return false;
    // boardgame.io's undo action names no move.
    if (action.type === 'UNDO') return undoAllowed && (payload.type === undefined || payload.type === null);
    if (typeof payload.type !== 'string') return false;
    if (action.type === 'MAKE_MOVE') return moves.has(payload.type);
    if (action.type === 'GAME_EVENT') return events.has(payload.type);
    return false;
  };

  const checkSync = async (args: unknown[], socket: Socket | undefined): Promise<boolean> => {
    const [matchID, playerID, credentials] = args;
    if (!isMatchID(matchID)) return false;
    if (playerID !== undefined && playerID !== null && !isSeat(playerID)) return false;
    if (credentials !== undefined && credentials !== null && !isCredentials(credentials)) return false;
    // The state too: a match whose state cannot be read (a damaged file) is refused here,
    // before boardgame.io's sync handler, which has no way to report the error.
    const opts = { metadata: true, state: true } as const;
    const { metadata, state } = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
    if (!metadata || !state || metadata.gameName !== game.name) return false;
    // The chat so far, for players and spectators alike.
    for (const entry of (metadata as { chat?: ChatEntry[] }).chat ?? []) socket?.emit('chat', matchID, entry);
    // The seat its last accepted sync proved, if any: boardgame.io forgets it at this sync without marking it gone.
    const before = socket && (socket.data as SocketData).viewer;
    if (socket) delete (socket.data as SocketData).viewer;
    if (playerID === undefined || playerID === null) {
      if (socket) {
        // A seat it held before no longer (boardgame.io now takes it for a spectator): left registered, the seat was
        // kept connected by it, marked connected again at every heartbeat (server/stale-connections.ts `keepHeld`).
        context.seats?.remove(socket);
        context.spectators?.add(matchID, socket);
        (socket.data as SocketData).viewer = { matchID, playerID: null };
        await letGo(before);
      }
      return true;
    }
    if (!Object.prototype.hasOwnProperty.call(metadata.players, playerID)) return false;
    if (socket) context.spectators?.remove(socket);
    if (socket && typeof credentials === 'string' && holdsSeat(metadata, playerID, credentials)) {
      (socket.data as SocketData).viewer = { matchID, playerID };
      // Recorded for the other processes before boardgame.io marks the seat connected (server/stale-connections.ts
      // relies on that order); a short wait at most.
      await context.seats?.add(matchID, socket, playerID, credentials);
      if (before?.matchID !== matchID || before.playerID !== playerID) await letGo(before);
    } else if (socket) {
      // Synced without the seat's credentials: it holds no seat now, whatever it held before (as a spectator, above).
      context.seats?.remove(socket);
      await letGo(before);
    }
    return true;
  };

  /**
   * A socket's earlier seat, which it holds no more (it synced again as a spectator, without the seat's credentials,
   * or as another seat): boardgame.io's sync forgets the socket's record without marking the seat gone (it does so
   * only on a disconnection), so the seat stayed stored connected until a restart on a lone process. Marked gone
   * (`context.released`) unless another socket holds it; waited for before the sync is passed on, so that
   * boardgame.io's own read for the new sync (a seat marked connected) comes after this write.
   */
  const letGo = async (before: SocketData['viewer']) => {
    if (!before || before.playerID === null || !context.released) return;
    await context.released(before.matchID, before.playerID).catch(() => undefined);
  };

  const budgets = new WeakMap<Socket, ChatBudget>();
  /** Check, stamp and store a well-formed chat message; false (with a `chat-error` to the sender) refuses it. */
  const storeChat = async (args: unknown[], socket: Socket | undefined): Promise<boolean> => {
    const [matchID, message, credentials] = args as [string, { id: string; sender: string; payload: unknown }, string];
    const refuse = (reason: string) => {
      socket?.emit('chat-error', matchID, reason);
      return false;
    };
    const checked = chatText(message.payload);
    if ('error' in checked) return refuse(checked.error);
    if (socket) {
      let budget = budgets.get(socket);
      if (!budget) budgets.set(socket, (budget = new ChatBudget()));
      if (!budget.take()) return refuse('Too many messages: wait a few seconds.');
    }
    const store = async () => {
      const metadata = await fetchMetadata(db, matchID);
      if (!metadata || metadata.gameName !== game.name) return refuse('There is no such match.');
      if (!holdsSeat(metadata, message.sender, credentials))
        return refuse('Only a player seated in this match may write.');
      const entry: ChatEntry = {
        id: message.id,
        sender: message.sender,
        payload: { text: checked.text, name: metadata.players[Number(message.sender)].name ?? '', at: Date.now() },
      };
      // boardgame.io broadcasts the message object it is handed: the stamped one.
      message.payload = entry.payload;
      // Added to the object read, not a copy: the storage then writes only this change (a copy would be written
      // whole, over a connection change or a join stored since the read; server/storage/postgres.ts).
      const withChat = metadata as { chat?: ChatEntry[] };
      withChat.chat = [...(withChat.chat ?? []), entry].slice(-CHAT_KEPT);
      await storeMetadata(db, matchID, metadata);
      return true;
    };
    return context.queueFor ? context.queueFor(matchID).add(store) : store();
  };

  const checkChat = (args: unknown[]): boolean => {
    const [matchID, message, credentials] = args;
    if (args.length !== 3 || !isMatchID(matchID) || !isPlainObject(message) || !isCredentials(credentials))
      return false;
    if (!isSeat(message.sender) || typeof message.id !== 'string' || message.id.length > MAX_NAME) return false;
    const size = JSON.stringify(message.payload ?? null)?.length ?? 0;
    return size <= MAX_CHAT;
  };

  const check: PacketCheck = (packet, socket) => {
    if (!Array.isArray(packet) || packet.length === 0) return false;
    const [event, ...args] = packet;
    try {
      switch (event) {
        case 'update':
          return checkUpdate(args) && tryMove(args, socket).catch(() => false);
        case 'sync':
          return checkSync(args, socket).catch(() => false);
        case 'chat':
          return checkChat(args) && storeChat(args, socket).catch(() => false);
        default:
          return false;
      }
    } catch {
      return false;
    }
  };
  /**
   * After a sync, boardgame.io adds the socket to the match's broadcast list
   * only once the stored state has been read and sent, and with Redis the
   * process subscribes to the match only then: a move stored in between is
   * never broadcast to this socket, which then waits on a state that has
   * moved on (a player not told it is their turn stalls the match). So the
   * stored state is read again a moment after the sync, and again later, and
   * sent to the socket if it is newer than the last it was sent, in the view
   * its sync proved (its seat's, or a spectator's).
   */
  const catchUp = (socket: Socket, matchID: string) => {
    CATCH_UP_MS.forEach((delay, i) => {
      setTimeout(() => {
        const data = socket.data as SocketData;
        const viewer = data.viewer;
        if (!socket.connected || viewer?.matchID !== matchID) return;
        void fetchState(matchID)
          .then((state) => {
            if (!state) return;
            const sent = data.sent?.get(matchID);
            if (sent !== undefined && state._stateID > sent && data.viewer === viewer) {
              sendState(socket, matchID, viewer.playerID, state);
            }
            // The other processes' sockets may have missed it too (see `announceStored`).
            if (i === 0) context.announceStored?.(matchID, state._stateID);
          })
          .catch(() => undefined);
      }, delay).unref();
    });
  };

  /**
   * A process that stored a move and died before publishing it leaves every
   * other process's sockets of the match one state behind; the socket that
   * made the move reconnects and syncs elsewhere, and that sync's catch-up
   * announces the stored stateID to every process. Here, this process sends
   * the stored state to its sockets of the match that were sent an older one.
   */
  check.behind = async (matchID, stateID, sockets) => {
    const sentOf = (socket: Socket) => (socket.data as SocketData).sent?.get(matchID);
    const late = [...sockets].filter((socket) => {
      const sent = sentOf(socket);
      const viewer = (socket.data as SocketData).viewer;
      return socket.connected && viewer?.matchID === matchID && sent !== undefined && sent < stateID;
    });
    if (late.length === 0) return;
    const state = await fetchState(matchID);
    if (!state) return;
    for (const socket of late) {
      const viewer = (socket.data as SocketData).viewer;
      const sent = sentOf(socket);
      if (viewer?.matchID === matchID && sent !== undefined && state._stateID > sent) {
        sendState(socket, matchID, viewer.playerID, state);
      }
    }
  };

  check.passed = (packet, socket) => {
    if (packet[0] === 'update') watchMove(packet.slice(1), socket);
    if (packet[0] === 'sync' && socket && typeof packet[1] === 'string') catchUp(socket, packet[1]);
  };
  return check;
}

/**
 * Wraps `socket.emit` so that no `sync` carries the raw starting state, and a
 * socket with too much waiting to go out is disconnected instead of sent more.
 */
/** What the guard keeps on a socket. */
interface SocketData {
  /** The match and view its last sync proved (a seat with its credentials, or a spectator). */
  viewer?: { matchID: string; playerID: string | null };
  /** The newest stateID sent to it, per match. */
  sent?: Map<string, number>;
  /** What it was last sent of the game's logs, per match (sockets that asked for log suffixes). */
  logs?: Map<string, Record<string, LogMark>>;
}

/** When, after a sync, the stored state is read again for a move the socket may have missed, ms. */
const CATCH_UP_MS = [500, 2500];

/** Notes the stateID of a state sent to `socket`. */
function noteSent(socket: Socket, ev: string, args: unknown[]): void {
  const matchID = args[0];
  if (typeof matchID !== 'string') return;
  let stateID: unknown;
  if (ev === 'sync' && isPlainObject(args[1])) stateID = (args[1].state as State | undefined)?._stateID;
  else if (ev === 'update' && isPlainObject(args[1])) stateID = (args[1] as unknown as State)._stateID;
  else if (ev === 'patch') stateID = args[2];
  if (typeof stateID !== 'number') return;
  const data = socket.data as SocketData;
  const sent = (data.sent ??= new Map());
  if (ev === 'sync' || stateID > (sent.get(matchID) ?? -1)) sent.set(matchID, stateID);
}

/**
 * `update` arguments with the game's logs cut to what `socket` lacks, and the
 * cut named in a fourth argument; notes what the socket will then hold.
 */
function withLogSuffixes(socket: Socket, ev: string, args: unknown[], logKeys: readonly string[]): unknown[] {
  const [matchID, state] = args as [unknown, State | undefined];
  if (typeof matchID !== 'string' || !isPlainObject(state)) return args;
  const logs = ((socket.data as SocketData).logs ??= new Map<string, Record<string, LogMark>>());
  const sentBefore = logs.get(matchID);
  logs.set(matchID, markLogs(state.G, logKeys));
  if (ev !== 'update') return args;
  const { G, cuts } = cutLogs(state.G, logKeys, sentBefore);
  if (!cuts) return args;
  return [matchID, { ...state, G }, args[2], cuts];
}

function sanitiseOutgoing(socket: Socket, game: Game, limits: SocketLimits, logKeys: readonly string[]): void {
  const suffixes = logKeys.length > 0 && wantsLogSuffix(socket.handshake.auth);
  const filter = getFilterPlayerView(game as never);
  const publicView = (matchID: string, initial: State | undefined) => {
    if (!initial) return initial;
    const filtered = filter(null, { type: 'update', args: [matchID, initial] } as never) as { args: unknown[] };
    return withoutRandom(filtered.args[1] as State);
  };
  const emit = socket.emit.bind(socket) as (ev: string, ...args: unknown[]) => boolean;
  (socket as { emit: unknown }).emit = (ev: string, ...args: unknown[]): boolean => {
    if (isBacklogged(socket, limits)) {
      socket.disconnect(true);
      return false;
    }
    noteSent(socket, ev, args);
    if (ev === 'sync' && isPlainObject(args[1])) {
      const [matchID, info] = args as [string, Record<string, unknown>];
      args = [
        matchID,
        {
          ...info,
          state: withoutRandom(info.state),
          initialState: publicView(matchID, info.initialState as State | undefined),
        },
      ];
    } else if (ev === 'update' && args.length >= 2) {
      args = [args[0], withoutRandom(args[1]), ...args.slice(2)];
    }
    if (suffixes && ev === 'sync' && isPlainObject(args[1])) {
      withLogSuffixes(socket, ev, [args[0], args[1].state], logKeys);
    } else if (suffixes && ev === 'update') {
      args = withLogSuffixes(socket, ev, args, logKeys);
    }
    return emit(ev, ...args);
  };
}

/** A seat socket's record: its seat, the credentials it proved, when its sync was accepted, and whether it is a clock bot's. */
interface SeatSocket {
  playerID: string;
  credentials: string;
  at: number;
  clockBot: boolean;
}

/**
 * The sockets that synced as a seat, so that they can be dropped when the seat changes hands. With several
 * processes (`shared`), each change of a seat's sockets here is recorded in Redis for the others
 * (server/seat-presence.ts), and `syncedSince` also hears of the seat's sockets on other processes.
 */
export class SeatSockets {
  private readonly byMatch = new Map<string, Map<Socket, SeatSocket>>();

  constructor(private readonly shared?: SharedSeats) {}

  /**
   * Registers `socket` as seat `playerID` of `matchID`, with the credentials it proved. Resolves once the other
   * processes can know of it (at once without them; within server/seat-presence.ts `REDIS_WAIT_MS` with them).
   */
  add(matchID: string, socket: Socket, playerID: string, credentials: string): Promise<void> {
    this.remove(socket);
    let sockets = this.byMatch.get(matchID);
    if (!sockets) this.byMatch.set(matchID, (sockets = new Map<Socket, SeatSocket>()));
    const clockBot = (socket.handshake.auth as { clockBot?: unknown } | undefined)?.clockBot === true;
    sockets.set(socket, { playerID, credentials, at: Date.now(), clockBot });
    (socket.data as { seatOf?: string }).seatOf = matchID;
    return this.share(matchID, playerID);
  }

  /** Tells the other processes (if any) how many sockets of this process hold the seat now. */
  private share(matchID: string, playerID: string): Promise<void> {
    if (!this.shared) return Promise.resolve();
    let count = 0;
    let personAt = 0;
    for (const [socket, seat] of this.byMatch.get(matchID) ?? []) {
      if (seat.playerID !== playerID || !socket.connected) continue;
      count++;
      if (!seat.clockBot) personAt = Math.max(personAt, seat.at);
    }
    return this.shared.set(matchID, playerID, { count, personAt });
  }

  /** The seats that sockets of this process, connected now, hold: per match, its seats. */
  held(): Map<string, Set<string>> {
    const held = new Map<string, Set<string>>();
    for (const [matchID, sockets] of this.byMatch) {
      for (const [socket, seat] of sockets) {
        if (!socket.connected) continue;
        let seats = held.get(matchID);
        if (!seats) held.set(matchID, (seats = new Set<string>()));
        seats.add(seat.playerID);
      }
    }
    return held;
  }

  /**
   * Whether a socket of this process, connected now, holds seat `playerID` of `matchID` (having synced with
   * `credentials`, if given).
   */
  holds(matchID: string, playerID: string, credentials?: string): boolean {
    for (const [socket, seat] of this.byMatch.get(matchID) ?? []) {
      if (seat.playerID !== playerID || !socket.connected) continue;
      if (credentials === undefined || seat.credentials === credentials) return true;
    }
    return false;
  }

  /**
   * Whether a socket connected now, not a clock bot's (server/bots.ts `CLOCK_BOT_AUTH`), synced as seat `playerID` of
   * `matchID` after `since` (ms since the epoch): the seat's player came back, to this process or, with several, to
   * any (as last heard, server/seat-presence.ts), since then. (A socket may say it is a clock bot's: it is then only
   * not taken for its player back.)
   */
  syncedSince(matchID: string, playerID: string, since: number): boolean {
    for (const [socket, seat] of this.byMatch.get(matchID) ?? []) {
      if (seat.playerID === playerID && seat.at > since && !seat.clockBot && socket.connected) return true;
    }
    return !!this.shared?.syncedSince(matchID, playerID, since);
  }

  /**
   * Hears of the seats' sockets of `matchID` on the other processes (for `syncedSince`) until the function returned
   * is called, whether or not this process holds any socket of the match (nothing to do without them).
   */
  watch(matchID: string): () => void {
    return this.shared?.watch(matchID) ?? (() => undefined);
  }

  /** Forgets `socket` (it disconnected, or synced again). */
  remove(socket: Socket): void {
    const matchID = (socket.data as { seatOf?: string }).seatOf;
    if (matchID === undefined) return;
    const sockets = this.byMatch.get(matchID);
    const seat = sockets?.get(socket);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byMatch.delete(matchID);
    if (seat) void this.share(matchID, seat.playerID);
  }

  /** Whether a socket of this process synced as a seat of `matchID`. */
  has(matchID: string): boolean {
    return this.byMatch.has(matchID);
  }

  /**
   * Disconnects the sockets of `matchID` whose seat no longer has the credentials they synced with, at once, each
   * first sent `seatReleased` (the match and the seat it synced as, nothing more) so that its page says why and does
   * not reconnect (src/client/matchNotices.ts). socket.io writes the notice before its disconnect packet, and
   * engine.io closes the connection only once what it holds is written; a socket too backlogged to take the notice
   * is dropped without it (its page learns of the seat from the lobby).
   */
  check(matchID: string, metadata: ServerTypes.MatchData): void {
    const sockets = this.byMatch.get(matchID);
    if (!sockets) return;
    for (const [socket, seat] of sockets) {
      const player = Object.prototype.hasOwnProperty.call(metadata.players, seat.playerID)
        ? metadata.players[Number(seat.playerID)]
        : undefined;
      if (player?.credentials !== seat.credentials) {
        this.remove(socket);
        socket.emit('seatReleased', matchID, seat.playerID);
        socket.disconnect(true);
      }
    }
  }

  /** Number of seat sockets registered (for tests). */
  get size(): number {
    let n = 0;
    for (const sockets of this.byMatch.values()) n += sockets.size;
    return n;
  }
}

/** What `guardNamespace` takes besides the namespace, the game and the storage. */
export interface GuardOptions extends PacketCheckContext {
  /** Per-socket limits; defaults in server/socket-limits.ts. */
  limits?: Partial<SocketLimits>;
  /** The game's log keys (`GameDef.logKeys`), sent as suffixes to sockets that ask. */
  logKeys?: readonly string[];
}

/** Installs the packet check, the limits and the outgoing filter on a game namespace. */
export function guardNamespace(
  nsp: Namespace,
  game: Game,
  db: AnyStorage,
  options: GuardOptions = {},
): { behind: (matchID: string, stateID: number) => Promise<void> } {
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const check = createPacketCheck(game, db, options);
  nsp.use((socket, next) => {
    sanitiseOutgoing(socket, game, limits, options.logKeys ?? []);
    const budget = new EventBudget(limits);
    // Verdicts may take a while (a storage read, the match's queue): pass packets on in arrival order.
    let tail: Promise<unknown> = Promise.resolve();
    socket.use((packet, pass) => {
      const event = (packet as Packet)[0];
      if (!budget.take(event === 'sync' ? limits.syncCost : 1)) {
        if (budget.exhausted) socket.disconnect(true);
        return;
      }
      const verdict = check(packet as Packet, socket);
      tail = tail
        .then(
          () => verdict,
          () => verdict,
        )
        .then(
          (ok) => {
            if (ok) {
              pass();
              check.passed?.(packet as Packet, socket);
            }
          },
          () => undefined,
        );
    });
    socket.on('disconnect', () => {
      options.seats?.remove(socket);
      options.spectators?.remove(socket);
    });
    next();
  });
  // A process holds few enough sockets that looking through them all, once per sync, costs nothing worth indexing.
  return { behind: (matchID, stateID) => check.behind?.(matchID, stateID, nsp.sockets.values()) ?? Promise.resolve() };
}
