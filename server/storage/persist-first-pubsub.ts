/**
 * A pub/sub for boardgame.io's SocketIO transport that sends a move's update
 * only after the storage has written it.
 *
 * boardgame.io 0.50.2's Master broadcasts a move (`sendAll`, which publishes
 * here) a few lines *before* it calls `setState`, in the same synchronous block.
 * If the server dies between the two, a client has seen a move that the storage
 * never got. This pub/sub waits, from a microtask after the publish (by which
 * time the Master has called `setState`), for that write (`whenWritten`) and
 * passes the message on, in order, per channel.
 *
 * When the storage refused the write because another process stored the
 * match's next state first (a `StateConflict`, server/storage/postgres.ts),
 * the move is not sent; the match's sockets get the stored state instead, so
 * the client whose move lost shows the winner's move. Any other failed write:
 * not sent, and clients stay at the last state that is on record.
 *
 * Messages go to `inner` (another process's sockets too, with Redis) or, by
 * default, to this process's subscribers only. A move's states go without
 * their undo history (`_undo`, `_redo`): boardgame.io's transport never sends
 * it to a client, and it can be as large as the rest of the state.
 *
 * Use it as `new SocketIO({ pubSub: new PersistFirstPubSub(db) })`.
 */
import type { GenericPubSub } from 'boardgame.io/server';
import type { State, StorageAPI } from 'boardgame.io';
import { isStateConflict } from './conflict';

/** A storage that can tell when the writes it has started for a match are done. */
export interface WriteTracking {
  whenWritten(matchID: string): Promise<void>;
}

type Storage = (StorageAPI.Async | StorageAPI.Sync) & Partial<WriteTracking>;

const CHANNEL_PREFIX = 'MATCH-';
/** The type of `announceStored`'s message, which no client is sent. */
const STORED = 'stored';

/** In-process subscribers by channel (boardgame.io's InMemoryPubSub, which it does not export). */
export class LocalPubSub<T> implements GenericPubSub<T> {
  private readonly callbacks = new Map<string, Array<(payload: T) => void>>();

  publish(channelId: string, payload: T): void {
    for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    const list = this.callbacks.get(channelId) ?? [];
    list.push(callback);
    this.callbacks.set(channelId, list);
  }

  unsubscribeAll(channelId: string): void {
    this.callbacks.delete(channelId);
  }
}

/** A state without its undo history (never sent to clients). */
function slim(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('_undo' in state)) return state;
  return { ...state, _undo: [], _redo: [] };
}

/** An `update` or `patch` message whose states have no undo history. */
function withoutUndo<T>(payload: T): T {
  const { type, args } = payload as { type: string; args: unknown[] };
  if (type === 'update') return { ...payload, args: [args[0], slim(args[1]), ...args.slice(2)] };
  return { ...payload, args: [args[0], args[1], slim(args[2]), slim(args[3]), ...args.slice(4)] };
}

/** Publishes after the storage write (see the file comment). */
export class PersistFirstPubSub<T> implements GenericPubSub<T> {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly counts = new Map<string, number>();
  private readonly inner: GenericPubSub<T>;
  /** Hears the stateIDs announced stored (`announceStored`) for the matches this process holds sockets of. */
  onStored?: (matchID: string, stateID: number) => void;

  /**
   * @param inner where messages go (default: this process's subscribers)
   * @param onConflict hears of each move refused because another was stored first
   */
  constructor(
    private readonly storage: Storage,
    inner?: GenericPubSub<T>,
    private readonly onConflict?: (matchID: string) => void,
  ) {
    this.inner = inner ?? new LocalPubSub<T>();
  }

  /**
   * How many moves (`update` or `patch` messages) this process published for
   * `matchID` while it had sockets of it; `matchData` messages do not count.
   */
  publishedCount(matchID: string): number {
    return this.counts.get(CHANNEL_PREFIX + matchID) ?? 0;
  }

  publish(channelId: string, payload: T): void {
    const matchID = channelId.startsWith(CHANNEL_PREFIX) ? channelId.slice(CHANNEL_PREFIX.length) : channelId;
    const type = (payload as { type?: unknown } | null)?.type;
    const isMove = type === 'update' || type === 'patch';
    if (isMove) this.counts.set(channelId, (this.counts.get(channelId) ?? 0) + 1);
    // Asked a microtask from now (setState has been called), whatever the messages before this one wait for.
    const written = Promise.resolve()
      .then(() => this.storage.whenWritten?.(matchID))
      .then(
        () => ({ ok: true as const }),
        (err: unknown) => ({ ok: false as const, err }),
      );
    const prev = this.tails.get(channelId) ?? Promise.resolve();
    const next = prev
      .then(() => written)
      .then(async (result): Promise<void> => {
        // A refused move does not hold back a message about something else (`matchData`).
        if (result.ok || (!isMove && isStateConflict(result.err))) {
          await (this.inner.publish(channelId, isMove ? withoutUndo(payload) : payload) as unknown);
          return;
        }
        if (!isStateConflict(result.err)) {
          console.error(`storage write failed, update not sent: ${(result.err as Error)?.message}`);
          return;
        }
        this.onConflict?.(matchID);
        const resync = await this.storedUpdate(matchID);
        if (resync) await (this.inner.publish(channelId, resync) as unknown);
      })
      .catch((err: Error) => console.error(`update not sent: ${err.message}`));
    this.tails.set(channelId, next);
    void next.then(() => {
      if (this.tails.get(channelId) === next) this.tails.delete(channelId);
    });
  }

  /** The stored state of `matchID` as an `update` message (no log entries: they went with the move). */
  private async storedUpdate(matchID: string): Promise<T | undefined> {
    const { state } = (await this.storage.fetch(matchID, { state: true })) as { state?: State };
    if (!state) return undefined;
    return { type: 'update', args: [matchID, { ...state, deltalog: [] }] } as T;
  }

  /**
   * Tells every process subscribed to the match (this one included) that
   * state `stateID` is stored: each then hears it through `onStored`, not
   * through boardgame.io's broadcast. Used after a sync, for a move whose
   * process stored it and died before publishing it.
   */
  announceStored(matchID: string, stateID: number): void {
    const notice = { type: STORED, args: [matchID, stateID] } as T;
    void (this.inner.publish(CHANNEL_PREFIX + matchID, notice) as unknown);
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    void this.inner.subscribe(channelId, (payload: T) => {
      const { type, args } = (payload ?? {}) as { type?: unknown; args?: unknown[] };
      if (type !== STORED) return callback(payload);
      const [matchID, stateID] = args ?? [];
      if (typeof matchID === 'string' && typeof stateID === 'number') this.onStored?.(matchID, stateID);
    });
  }

  unsubscribeAll(channelId: string): void {
    this.counts.delete(channelId);
    void this.inner.unsubscribeAll(channelId);
  }
}
