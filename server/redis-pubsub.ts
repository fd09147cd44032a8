/**
 * boardgame.io's `GenericPubSub` over Redis (ioredis), so that every update of
 * a match reaches every socket of that match, whatever process holds it.
 *
 * Why not `@boardgame.io/redis-pubsub`: its one release (0.0.1, 2021) is
 * written for the callback API of the `redis` v3 client, which today's
 * clients (redis v4+, ioredis) no longer have.
 *
 * - One connection publishes, one subscribes (a subscribed Redis connection
 *   can do nothing else). Channels are prefixed (`prefix`, default `ns:`).
 * - A message goes to this process's own subscribers at once, without a
 *   round trip through Redis, and to Redis for the others; each process skips
 *   its own messages coming back. So a process that loses Redis still serves
 *   the sockets it holds; other processes' sockets miss its updates until
 *   Redis is back (their next move is then refused as stale, and answered with
 *   the stored state).
 * - While Redis is down, publishes are dropped, not queued (a queued update
 *   would arrive late and in bulk); subscriptions are renewed on reconnect,
 *   those asked while it was down too (ioredis renews only those Redis
 *   confirmed: one asked during an outage fails after a retry or two, and
 *   the match's updates from other processes never reached this one's
 *   sockets while any of them stayed).
 * - A Redis that hangs (stopped, or a network that keeps the connection open
 *   and carries nothing) is not seen as down: ioredis would wait for its
 *   answers for good, so every command fails after `COMMAND_TIMEOUT_MS`
 *   (ioredis's `commandTimeout`), and `close` drops the connections when
 *   QUIT is not answered within `QUIT_WAIT_MS`. A command that timed out
 *   still holds its place in ioredis's queue: Redis's answers, if it wakes,
 *   stay matched to their commands (and updates published meanwhile reach
 *   the other processes late; a client ignores an update older than its
 *   state).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { GenericPubSub } from 'boardgame.io/server';
import type { Logger } from './log';
import { within } from './within';

/** How long a Redis command may go unanswered before it fails ("Command timed out"), ms. */
export const COMMAND_TIMEOUT_MS = 1000;
/** How long `close` waits for Redis to answer QUIT before it drops the connections, ms. */
export const QUIT_WAIT_MS = 1000;

interface Envelope<T> {
  from: string;
  payload: T;
}

/** Redis pub/sub for boardgame.io's SocketIO transport (see the file comment). */
export class RedisPubSub<T> implements GenericPubSub<T> {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly callbacks = new Map<string, Array<(payload: T) => void>>();
  /** Per channel subscribed to, its subscription (settled once Redis has answered). */
  private readonly subscriptions = new Map<string, Promise<void>>();
  /** Channels subscribed to whose subscription failed (Redis away): asked again once the connection is back. */
  private readonly failed = new Set<string>();
  private readonly id = randomUUID();
  private lastError = 0;

  constructor(
    url: string,
    private readonly log: Logger,
    private readonly prefix = 'ns:',
  ) {
    const common = {
      maxRetriesPerRequest: 1,
      retryStrategy: (n: number) => Math.min(n * 200, 2000),
      commandTimeout: COMMAND_TIMEOUT_MS,
    };
    this.pub = new Redis(url, { ...common, enableOfflineQueue: false });
    this.sub = new Redis(url, common);
    for (const [name, conn] of [
      ['publish', this.pub],
      ['subscribe', this.sub],
    ] as const) {
      conn.on('error', (err: Error) => this.warn(`redis ${name} connection: ${err.message}`));
    }
    this.sub.on('message', (channel: string, message: string) => this.receive(channel, message));
    this.sub.on('ready', () => {
      for (const channelId of [...this.failed]) this.listen(channelId);
    });
  }

  /** Logs at most one Redis error line every 5 s. */
  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastError < 5000) return;
    this.lastError = now;
    this.log('warn', message);
  }

  private receive(channel: string, message: string): void {
    if (!channel.startsWith(this.prefix)) return;
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(message) as Envelope<T>;
    } catch {
      return;
    }
    if (envelope.from === this.id) return;
    this.deliver(channel.slice(this.prefix.length), envelope.payload);
  }

  private deliver(channelId: string, payload: T): void {
    for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
  }

  publish(channelId: string, payload: T): void {
    this.deliver(channelId, payload);
    const message = JSON.stringify({ from: this.id, payload } satisfies Envelope<T>);
    this.pub
      .publish(this.prefix + channelId, message)
      .catch((err: Error) => this.warn(`redis publish: ${err.message}`));
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    const list = this.callbacks.get(channelId);
    if (list) {
      list.push(callback);
      return;
    }
    this.callbacks.set(channelId, [callback]);
    this.listen(channelId);
  }

  /** Asks Redis for the channel's messages; a failure is asked again at the next reconnection. */
  private listen(channelId: string): void {
    this.failed.delete(channelId);
    this.subscriptions.set(
      channelId,
      this.sub.subscribe(this.prefix + channelId).then(
        () => undefined,
        (err: Error) => {
          this.warn(`redis subscribe: ${err.message}`);
          if (this.callbacks.has(channelId)) this.failed.add(channelId);
        },
      ),
    );
  }

  /**
   * Resolves once Redis has confirmed the channel's subscription, or failed to (the failure is logged): a reader
   * that must not miss a message published after some read (server/seat-presence.ts) makes that read then.
   */
  subscribed(channelId: string): Promise<void> {
    return this.subscriptions.get(channelId) ?? Promise.resolve();
  }

  unsubscribeAll(channelId: string): void {
    this.subscriptions.delete(channelId);
    this.failed.delete(channelId);
    if (!this.callbacks.delete(channelId)) return;
    this.sub.unsubscribe(this.prefix + channelId).catch(() => undefined);
  }

  /** The connection that publishes, for plain commands (it has no offline queue: a command fails at once while Redis is down). */
  get commands(): Redis {
    return this.pub;
  }

  /** Throws unless Redis answers (for `/health`). */
  async ping(): Promise<void> {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') {
      throw new Error(`not connected (${this.pub.status})`);
    }
    await this.pub.ping();
  }

  /** Waits until both connections are up (at start); throws after `timeoutMs`. */
  async ready(timeoutMs = 5000): Promise<void> {
    const up = (conn: Redis) =>
      conn.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no answer from Redis in ${timeoutMs} ms`)), timeoutMs);
            conn.once('ready', () => {
              clearTimeout(timer);
              resolve();
            });
          });
    await Promise.all([up(this.pub), up(this.sub)]);
  }

  /** Says QUIT on both connections; drops them if Redis has not answered within `QUIT_WAIT_MS` (it hangs). */
  async close(): Promise<void> {
    await within(Promise.allSettled([this.pub.quit(), this.sub.quit()]), QUIT_WAIT_MS);
    for (const conn of [this.pub, this.sub]) if (conn.status !== 'end') conn.disconnect();
  }
}
