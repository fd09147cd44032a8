/**
 * Checks on the socket.io side of boardgame.io, per game namespace.
 *
 * Incoming packets (socket.io packet middleware) are dropped unless they are
 * well formed:
 *  - `sync` only for a match that exists, as a spectator or as one of its
 *    seats (boardgame.io would otherwise create the unknown match);
 *  - `update` only with a `MAKE_MOVE` of a known move or a `GAME_EVENT` the
 *    client may fire, whose `payload.playerID` is the sender's seat and which
 *    carries credentials. boardgame.io's master authenticates the socket's
 *    `playerID` argument but runs the move as `payload.playerID`, and its
 *    reducer also accepts `RESET`/`SYNC`/`UPDATE`/`PATCH`, which replace or
 *    patch the whole server state, and `UNDO`/`REDO`;
 *  - `chat` only with a small message from a seat.
 *
 * Outgoing `sync` messages carry `initialState`, which boardgame.io sends
 * unfiltered: every hand, the decks and the PRNG seed. It is replaced here by
 * the spectator's view of the starting state, and random-plugin data is
 * removed from every state that leaves.
 */
import type { Game, State } from 'boardgame.io';
import { getFilterPlayerView } from 'boardgame.io/internal';
import type { Namespace, Socket } from 'socket.io';
import { isSyncStorage, type AnyStorage } from './storage-hooks';

const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SEAT = /^(0|[1-9]\d?)$/;
const MAX_CREDENTIALS = 256;
const MAX_NAME = 64;
const MAX_CHAT = 1024;

type Packet = unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
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
  return new Set<string>((game as any).moveNames ?? Object.keys(game.moves ?? {}));
}

/** Removes PRNG state from a state object about to be sent. */
function withoutRandom<T>(state: T): T {
  if (!isPlainObject(state) || !isPlainObject(state.plugins) || !('random' in state.plugins)) return state;
  const { random: _random, ...plugins } = state.plugins;
  return { ...state, plugins };
}

/** Checks one incoming packet; true lets it through. */
export type PacketCheck = (packet: Packet) => boolean | Promise<boolean>;

/** Builds the packet check for one game. */
export function createPacketCheck(game: Game, db: AnyStorage): PacketCheck {
  const moves = moveNames(game);
  const events = clientEventNames(game);

  const fetchMetadata = async (matchID: string) => {
    const opts = { metadata: true } as const;
    const result = isSyncStorage(db) ? db.fetch(matchID, opts) : await db.fetch(matchID, opts);
    return result.metadata;
  };

  const checkUpdate = (args: unknown[]): boolean => {
    const [action, stateID, matchID, playerID] = args;
    if (args.length !== 4 || !isPlainObject(action) || !isMatchID(matchID) || !isSeat(playerID)) return false;
    if (typeof stateID !== 'number' || !Number.isSafeInteger(stateID) || stateID < 0) return false;
    const payload = action.payload;
    if (!isPlainObject(payload) || payload.playerID !== playerID || !isCredentials(payload.credentials)) return false;
    if (typeof payload.type !== 'string') return false;
    if (payload.args !== undefined && payload.args !== null && !Array.isArray(payload.args)) return false;
    if (action.type === 'MAKE_MOVE') return moves.has(payload.type);
    if (action.type === 'GAME_EVENT') return events.has(payload.type);
    return false;
  };

  const checkSync = async (args: unknown[]): Promise<boolean> => {
    const [matchID, playerID, credentials] = args;
    if (!isMatchID(matchID)) return false;
    if (playerID !== undefined && playerID !== null && !isSeat(playerID)) return false;
    if (credentials !== undefined && credentials !== null && !isCredentials(credentials)) return false;
    const metadata = await fetchMetadata(matchID);
    if (!metadata || metadata.gameName !== game.name) return false;
    return (
      playerID === undefined || playerID === null || Object.prototype.hasOwnProperty.call(metadata.players, playerID)
    );
  };

  const checkChat = (args: unknown[]): boolean => {
    const [matchID, message, credentials] = args;
    if (args.length !== 3 || !isMatchID(matchID) || !isPlainObject(message) || !isCredentials(credentials))
      return false;
    if (!isSeat(message.sender) || typeof message.id !== 'string' || message.id.length > MAX_NAME) return false;
    const size = JSON.stringify(message.payload ?? null)?.length ?? 0;
    return size <= MAX_CHAT;
  };

  return (packet) => {
    if (!Array.isArray(packet) || packet.length === 0) return false;
    const [event, ...args] = packet;
    try {
      switch (event) {
        case 'update':
          return checkUpdate(args);
        case 'sync':
          return checkSync(args).catch(() => false);
        case 'chat':
          return checkChat(args);
        default:
          return false;
      }
    } catch {
      return false;
    }
  };
}

/** Wraps `socket.emit` so that no `sync` carries the raw starting state. */
function sanitiseOutgoing(socket: Socket, game: Game): void {
  const filter = getFilterPlayerView(game as any);
  const publicView = (matchID: string, initial: State | undefined) => {
    if (!initial) return initial;
    const filtered = filter(null, { type: 'update', args: [matchID, initial] } as any) as any;
    return withoutRandom(filtered.args[1] as State);
  };
  const emit = socket.emit.bind(socket) as (ev: string, ...args: unknown[]) => boolean;
  (socket as { emit: unknown }).emit = (ev: string, ...args: unknown[]): boolean => {
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
    return emit(ev, ...args);
  };
}

/** Installs the packet check and the outgoing filter on a game namespace. */
export function guardNamespace(nsp: Namespace, game: Game, db: AnyStorage): void {
  const check = createPacketCheck(game, db);
  nsp.use((socket, next) => {
    sanitiseOutgoing(socket, game);
    socket.use((packet, pass) => {
      const verdict = check(packet as Packet);
      if (verdict === true) return pass();
      if (verdict === false) return;
      verdict.then(
        (ok) => ok && pass(),
        () => undefined,
      );
    });
    next();
  });
}
