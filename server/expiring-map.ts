/**
 * A map that forgets each entry `ttlMs` after it was set, and its oldest
 * entries beyond `max`: a process's short memory of matches (removed,
 * closed) that must not grow without bound.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Sets `key` (as the newest entry, from now). */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.clock(), value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(oldest);
    }
  }

  /** The value of `key`, if it was set within the last `ttlMs`. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.clock() - e.at <= this.ttlMs) return e.value;
    this.entries.delete(key);
    return undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
