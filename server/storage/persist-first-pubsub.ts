/**
 * A pub/sub for boardgame.io's SocketIO transport that sends a move's update
 * only after the storage has written it.
 *
 * boardgame.io 0.50.2's Master broadcasts a move (`sendAll`, which publishes
 * here) a few lines *before* it calls `setState`, in the same synchronous block.
 * If the server dies between the two, a client has seen a move that the storage
 * never got. This pub/sub delays each publish by a microtask, by which time the
 * Master has called `setState`; then it waits for that write (`whenWritten`)
 * and passes the message on, in order, per channel.
 *
 * Use it as `new SocketIO({ pubSub: new PersistFirstPubSub(db) })`.
 */
import type { GenericPubSub } from 'boardgame.io/server';
import type { StorageAPI } from 'boardgame.io';

/** A storage that can tell when the writes it has started for a match are done. */
export interface WriteTracking {
  whenWritten(matchID: string): Promise<void>;
}

type Storage = (StorageAPI.Async | StorageAPI.Sync) & Partial<WriteTracking>;

const CHANNEL_PREFIX = 'MATCH-';

/** In-process pub/sub that publishes after the storage write (see the file comment). */
export class PersistFirstPubSub<T> implements GenericPubSub<T> {
  private readonly callbacks = new Map<string, Array<(payload: T) => void>>();
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly storage: Storage) {}

  publish(channelId: string, payload: T): void {
    const matchID = channelId.startsWith(CHANNEL_PREFIX) ? channelId.slice(CHANNEL_PREFIX.length) : channelId;
    const prev = this.tails.get(channelId) ?? Promise.resolve();
    // `then` runs after the current synchronous block, so setState has been called.
    const next = prev
      .then(() => this.storage.whenWritten?.(matchID))
      .then(
        () => {
          for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
        },
        // Not stored, so not sent: clients stay at the last state that is on record.
        (err: Error) => console.error(`storage write failed, update not sent: ${err.message}`),
      );
    this.tails.set(channelId, next);
    void next.then(() => {
      if (this.tails.get(channelId) === next) this.tails.delete(channelId);
    });
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
