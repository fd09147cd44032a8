/**
 * Limits on one socket.io connection:
 *  - a token bucket for incoming events (`sync` costs more: each answer carries
 *    the whole state and log); a packet over the limit is dropped, and a socket
 *    that keeps flooding is disconnected;
 *  - a bound on what waits to be sent to it: a client that stops reading makes
 *    the server queue every update for it, so past the bound it is disconnected
 *    instead (it resyncs when it reconnects).
 */
import type { Socket } from 'socket.io';

/** Per-socket limits. */
export interface SocketLimits {
  /** Incoming events refilled per second. */
  eventsPerSecond: number;
  /** Largest burst of incoming events. */
  burst: number;
  /** What one `sync` costs, in events. */
  syncCost: number;
  /** Dropped packets after which the socket is disconnected. */
  maxDropped: number;
  /** Packets queued for a socket that is not reading, before it is disconnected. */
  maxQueuedPackets: number;
  /** Bytes buffered in the socket's TCP connection, before it is disconnected. */
  maxBufferedBytes: number;
}

/** Defaults: far above what a player's client or a bot sends. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  eventsPerSecond: 50,
  burst: 100,
  syncCost: 5,
  maxDropped: 200,
  maxQueuedPackets: 64,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** A token bucket for one socket's incoming events. */
export class EventBudget {
  private tokens: number;
  private last = Date.now();
  /** Packets refused so far. */
  dropped = 0;

  constructor(private readonly limits: SocketLimits) {
    this.tokens = limits.burst;
  }

  /** True if an event costing `cost` may pass now (and takes it from the budget). */
  take(cost: number): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) / 1000) * this.limits.eventsPerSecond);
    this.last = now;
    if (this.tokens >= cost) {
      this.tokens -= cost;
      return true;
    }
    this.dropped++;
    return false;
  }

  /** True once the socket has flooded past the point of good faith. */
  get exhausted(): boolean {
    return this.dropped >= this.limits.maxDropped;
  }
}

interface EngineInternals {
  writeBuffer?: unknown[];
  transport?: { socket?: { _socket?: { writableLength?: number }; bufferedAmount?: number } };
}

/** True when more is waiting to go out to `socket` than `limits` allow (the client is not reading). */
export function isBacklogged(socket: Socket, limits: SocketLimits): boolean {
  const conn = socket.conn as unknown as EngineInternals;
  if ((conn.writeBuffer?.length ?? 0) > limits.maxQueuedPackets) return true;
  const ws = conn.transport?.socket;
  const buffered = (ws?._socket?.writableLength ?? 0) + (ws?.bufferedAmount ?? 0);
  return buffered > limits.maxBufferedBytes;
}
