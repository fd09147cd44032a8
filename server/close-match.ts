/**
 * The creator of a match may close it while it waits for its table
 * (src/games/common/waiting-room.ts): `POST /games/<game>/<matchID>/close`
 * with `{ playerID, credentials }`.
 *
 * Who the creator is. boardgame.io's lobby creates a match and lets anyone
 * join any seat; nothing links the two requests. So `create` (and
 * `playAgain`, for the rematch it makes) answers with a one-time
 * `creatorKey` as well, and keeps only its SHA-256 in the metadata
 * (`creatorKeyHash`). The join that sends the key back is the creator's: the
 * metadata then records its seat (`creatorSeat`, public, so the page can offer
 * the button) and the SHA-256 of the credentials that seat got (`creatorProof`),
 * and the key is spent. A stranger who takes a seat first, or the seat after
 * the creator left it, has other credentials, so they cannot close the match;
 * nor can a client that merely claims to be the creator. Both fields live in
 * the metadata, so they survive restarts on every storage and are seen by
 * every server process. `creatorKeyHash` and `creatorProof` never leave the
 * server (`PRIVATE_FIELDS`).
 *
 * Closing is checked as boardgame.io checks a seat (the seat's credentials,
 * in constant time) plus the creator proof, inside the match's move queue;
 * then the match is wiped from the storage (state, metadata, log), and every
 * server process (through Redis when there are several) tells the sockets of
 * the match it holds (`matchClosed`), stops its bots there and forgets its
 * clock.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'boardgame.io';
import type { GenericPubSub } from 'boardgame.io/server';
import { ExpiringMap } from './expiring-map';
import { fail, type Middleware } from './http-error';
import { fetchMetadata, isSyncStorage, storeMetadata, wipeMatch, type AnyStorage } from './storage-hooks';
import { waitingForTable } from '../src/games/common/waiting-room';

/** Metadata fields that no lobby answer shows (the chat goes to the match's sockets only). */
export const PRIVATE_FIELDS = ['chat', 'creatorKeyHash', 'creatorProof'] as const;

/** What this module keeps in a match's metadata. */
export interface CreatorMetadata {
  /** SHA-256 (hex) of the unspent creator key. */
  creatorKeyHash?: string;
  /** The creator's seat. */
  creatorSeat?: string;
  /** SHA-256 (hex) of the credentials the creator's seat got. */
  creatorProof?: string;
}

type Meta = Server.MatchData & CreatorMetadata;

/**
 * What every process hears when a match is closed, and what the match's sockets are sent (`matchClosed`): by its
 * creator, or by the expiry sweep (server/expiry.ts), which sends the same notice with the reason `expired`.
 */
export interface MatchClosed {
  matchID: string;
  /** The creator's seat and name (both empty for an expired match). */
  seat: string;
  name: string;
  /** Set when the expiry sweep removed the match; absent when its creator closed it. */
  reason?: 'expired';
}

/** What the match's sockets and the lobby's 404 say of a closed match (`closedBy`): seat, name and reason if any. */
export function closedBy(closed: MatchClosed): { seat: string; name: string; reason?: 'expired' } {
  return { seat: closed.seat, name: closed.name, ...(closed.reason ? { reason: closed.reason } : {}) };
}

/** Tells every process that the expiry sweep removed `matchID`; resolves with the notice sent. */
export async function announceExpired(notices: GenericPubSub<MatchClosed>, matchID: string): Promise<MatchClosed> {
  const expired: MatchClosed = { matchID, seat: '', name: '', reason: 'expired' };
  await (notices.publish(CLOSED_CHANNEL, expired) as unknown);
  return expired;
}

/** The channel of `MatchClosed` notices (beside boardgame.io's `MATCH-<id>` channels). */
export const CLOSED_CHANNEL = 'match-closed';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison of `text`'s SHA-256 with a stored hex digest. */
function hashMatches(text: string, hex: unknown): boolean {
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(sha256(text), Buffer.from(hex, 'hex'));
}

/** The same check as boardgame.io's `authenticateCredentials`, in constant time; every seat needs credentials. */
export function authenticateCredentials(credentials: unknown, player: Server.PlayerMetadata | undefined): boolean {
  if (typeof credentials !== 'string' || credentials.length === 0 || !player) return false;
  if (!Object.prototype.hasOwnProperty.call(player, 'credentials')) return false;
  const expected = player.credentials;
  if (typeof expected !== 'string' || expected.length === 0) return false;
  const a = Buffer.from(credentials);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The seat of `metadata` named `playerID`, if it has one. */
function seatOf(metadata: Meta, playerID: string): Server.PlayerMetadata | undefined {
  return Object.prototype.hasOwnProperty.call(metadata.players, playerID)
    ? metadata.players[Number(playerID)]
    : undefined;
}

/** Gives the match just created its creator key; resolves with the key (for the creator only). */
export async function issueCreatorKey(db: AnyStorage, matchID: string): Promise<string | undefined> {
  const metadata = await fetchMetadata<Meta>(db, matchID);
  if (!metadata) return undefined;
  const key = randomBytes(24).toString('base64url');
  // Changed on the object read, not a copy (here and below): the storage then writes only the change, merged over
  // any write stored since the read (a copy would be written whole; server/storage/postgres.ts).
  metadata.creatorKeyHash = sha256(key).toString('hex');
  await storeMetadata(db, matchID, metadata);
  return key;
}

/** Refuses (403) a join that sends a creator key the match does not hold (unspent). */
export async function checkCreatorKey(db: AnyStorage, matchID: string, key: string): Promise<void> {
  const metadata = await fetchMetadata<Meta>(db, matchID);
  if (!metadata) fail(404, `Match ${matchID} not found`);
  if (!hashMatches(key, metadata.creatorKeyHash))
    fail(403, 'creatorKey is not the key of this match, or it was already used');
}

/** After the creator's join: records the seat and its credentials' proof, and spends the key. */
export async function recordCreator(
  db: AnyStorage,
  matchID: string,
  key: string,
  playerID: string,
  credentials: string,
): Promise<void> {
  const metadata = await fetchMetadata<Meta>(db, matchID);
  // Two joins with the same key at once: the first to get here is the creator.
  if (!metadata || !hashMatches(key, metadata.creatorKeyHash)) return;
  delete metadata.creatorKeyHash;
  metadata.creatorSeat = playerID;
  metadata.creatorProof = sha256(credentials).toString('hex');
  await storeMetadata(db, matchID, metadata);
}

/** Forgets the creator, in `metadata` itself, when `playerID` held the creator's seat (they left it); whether it did. */
export function dropCreator(metadata: Server.MatchData, playerID: string): boolean {
  const m = metadata as Meta;
  if (m.creatorSeat !== playerID) return false;
  delete m.creatorSeat;
  delete m.creatorProof;
  return true;
}

/** `metadata` as a lobby answer may show it. */
export function publicMetadata<T extends object>(metadata: T): T {
  if (!PRIVATE_FIELDS.some((k) => k in metadata)) return metadata;
  const out = { ...metadata } as Record<string, unknown>;
  for (const k of PRIVATE_FIELDS) delete out[k];
  return out as T;
}

/** How long, and for how many matches, a process remembers who closed a match. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;
const REMEMBER_MAX = 10_000;

/**
 * The matches closed (or expired) lately, as this process heard of them (every
 * process hears every close). A page that missed its socket's `matchClosed` (the
 * socket was reconnecting, or the page showed the join form, which has no
 * socket) still learns who closed the match when it asks for it.
 */
export class RecentlyClosed extends ExpiringMap<MatchClosed> {
  constructor(ttlMs = REMEMBER_MS, max = REMEMBER_MAX, clock?: () => number) {
    super(ttlMs, max, clock);
  }

  remember(closed: MatchClosed): void {
    this.set(closed.matchID, closed);
  }
}

/**
 * boardgame.io's 404 for a match closed lately (`GET /games/<name>/<matchID>`)
 * says who closed it: `{ error, closedBy: { seat, name } }`, or that it
 * expired (`closedBy: { seat: '', name: '', reason: 'expired' }`). Any other answer
 * passes unchanged.
 */
export function closedMatchAnswers(recent: RecentlyClosed): Middleware {
  return async (ctx, next) => {
    // boardgame.io's router matches any case (`/GAMES/...`).
    const m = ctx.method === 'GET' ? /^\/games\/[^/]+\/([^/]+)\/?$/i.exec(ctx.path) : null;
    if (!m) return next();
    let notFound: Error | null = null;
    try {
      await next();
    } catch (err) {
      if (!(err instanceof Error) || (err as { status?: unknown }).status !== 404) throw err;
      notFound = err;
    }
    if (!notFound && ctx.status !== 404) return;
    const closed = recent.get(m[1]);
    if (!closed) {
      if (notFound) throw notFound;
      return;
    }
    ctx.status = 404;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      error:
        closed.reason === 'expired'
          ? `Match ${closed.matchID} expired: it waited too long for its players and was removed`
          : `${closed.name || 'Its creator'} closed match ${closed.matchID} before it started`,
      closedBy: closedBy(closed),
    };
  };
}

/** What closing needs from the server around it. */
export interface CloseContext {
  db: AnyStorage;
  /** Runs `task` in the match's move queue (after the moves and chat messages before it). */
  inQueue<T>(matchID: string, task: () => Promise<T>): Promise<T>;
  /** Where `MatchClosed` notices go: every process hears them (server/app.ts `onMatchClosed`). */
  notices: GenericPubSub<MatchClosed>;
}

/**
 * Closes `matchID` for `playerID` (see the file comment). Answers 404 for no
 * such match, 403 unless `playerID` is the creator's seat with its
 * credentials, 409 once the match has started; changes nothing then.
 */
export async function closeMatch(
  cx: CloseContext,
  gameName: string,
  matchID: string,
  playerID: string,
  credentials: string,
): Promise<MatchClosed> {
  return cx.inQueue(matchID, async () => {
    const opts = { metadata: true, state: true } as const;
    const { metadata, state } = isSyncStorage(cx.db) ? cx.db.fetch(matchID, opts) : await cx.db.fetch(matchID, opts);
    const meta = metadata as Meta | undefined;
    if (!meta || meta.gameName !== gameName || !state) fail(404, `Match ${matchID} not found`);
    const seat = seatOf(meta, playerID);
    if (!authenticateCredentials(credentials, seat))
      fail(403, `These are not the credentials of seat ${playerID} in this match`);
    if (meta.creatorSeat !== playerID || !hashMatches(credentials, meta.creatorProof))
      fail(403, 'Only the player who created this match may close it');
    if (meta.gameover !== undefined || !waitingForTable(state._stateID, Object.values(meta.players)))
      fail(409, 'This match has started: it can no longer be closed');
    await wipeMatch(cx.db, matchID);
    const closed: MatchClosed = { matchID, seat: playerID, name: seat?.name ?? '' };
    await (cx.notices.publish(CLOSED_CHANNEL, closed) as unknown);
    return closed;
  });
}
