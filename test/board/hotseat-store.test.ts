/**
 * The hot-seat shell's memory of its seats' screens (src/client/hotseatStore.ts): what it keeps of long trails
 * and large states, and that a storage that refuses never costs the game anything.
 *
 * Node has no sessionStorage, so each test installs a Web Storage with the browsers' behaviour that matters
 * here: strings only, and a quota past which setItem throws (about 5 MB an origin in Chromium).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playerView } from '../../src/games/touched-on/view';
import { playRandomly } from '../games/touched-on/simulate';
import { loadSeatMemory, saveSeatMemory, type TrailState } from '../../src/client/hotseatStore';

const SEATS_KEY = 'lt28:hotseat-seats';
const LOG_KEYS = ['log'];

class QuotaStorage {
  private items = new Map<string, string>();
  constructor(private readonly quota = 5_000_000) {}
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const used = [...this.items].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + String(value).length > this.quota)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

let storage: QuotaStorage;
function install(s: QuotaStorage): void {
  storage = s;
  Object.defineProperty(globalThis, 'sessionStorage', { value: s, configurable: true, writable: true });
}
beforeEach(() => install(new QuotaStorage()));
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

/** The views seat `seat` sees through a seeded random 4-player game, one per state, as the shell records them. */
function viewsOfAGame(seat: string, seed: number, count: number): TrailState[] {
  const views: TrailState[] = [];
  playRandomly(
    4,
    'store',
    seed,
    (s) => views.push({ G: playerView(s.G, seat), ctx: s.ctx, _stateID: s._stateID }),
    count - 1,
  );
  expect(views.length).toBe(count);
  return JSON.parse(JSON.stringify(views)) as TrailState[];
}

describe('hot-seat seat memory', () => {
  it('keeps the newest 100 states of a seat, each with its whole log', () => {
    const trail = viewsOfAGame('1', 3, 150);
    saveSeatMemory('m1', { holder: '0', trails: new Map([['1', trail]]) }, LOG_KEYS);
    const loaded = loadSeatMemory('m1');
    expect(loaded.holder).toBe('0');
    expect(loaded.trails.get('1')).toEqual(trail.slice(-100));
  });

  it('within a million characters, halves the longest trail first and keeps the newest states', () => {
    // Seat 1's states are padded so that both trails together cannot fit.
    const pad = 'x'.repeat(12_000);
    const long = viewsOfAGame('1', 5, 90).map((s) => ({ ...s, G: { ...(s.G as object), pad } }));
    const short = viewsOfAGame('2', 5, 10);
    saveSeatMemory(
      'm2',
      {
        holder: '2',
        trails: new Map([
          ['1', long],
          ['2', short],
        ]),
      },
      LOG_KEYS,
    );
    const raw = storage.getItem(SEATS_KEY)!;
    expect(raw.length).toBeLessThanOrEqual(1_000_000);
    const loaded = loadSeatMemory('m2');
    expect(loaded.trails.get('2')).toEqual(short);
    const kept = loaded.trails.get('1')!;
    expect(kept.length).toBeLessThan(90);
    expect(kept.length).toBeGreaterThan(20);
    expect(kept).toEqual(long.slice(-kept.length));
  });

  it('keeps who holds the device but no state when one state alone is past the limit', () => {
    const [state] = viewsOfAGame('0', 7, 1);
    const huge = { ...state, G: { ...(state.G as object), pad: 'x'.repeat(1_000_001) } };
    saveSeatMemory('m3', { holder: '2', trails: new Map([['0', [huge]]]) }, LOG_KEYS);
    expect(storage.getItem(SEATS_KEY)!.length).toBeLessThan(1_000);
    expect(loadSeatMemory('m3')).toEqual({ holder: '2', trails: new Map() });
  });

  it('forgets, without throwing, when the storage refuses the write', () => {
    install(new QuotaStorage(3_000));
    storage.setItem(SEATS_KEY, 'an older memory');
    const trail = viewsOfAGame('0', 9, 5);
    expect(() => saveSeatMemory('m4', { holder: '0', trails: new Map([['0', trail]]) }, LOG_KEYS)).not.toThrow();
    expect(storage.getItem(SEATS_KEY)).toBeNull();
    expect(loadSeatMemory('m4')).toEqual({ holder: null, trails: new Map() });
  });

  it("reads another match's memory, or a damaged one, as nothing", () => {
    const trail = viewsOfAGame('0', 11, 3);
    saveSeatMemory('m5', { holder: '0', trails: new Map([['0', trail]]) }, LOG_KEYS);
    expect(loadSeatMemory('other').trails.size).toBe(0);
    const stored = JSON.parse(storage.getItem(SEATS_KEY)!) as { trails: Record<string, { logFrom?: unknown }[]> };
    stored.trails['0'][1].logFrom = { log: 'not a number' };
    storage.setItem(SEATS_KEY, JSON.stringify(stored));
    expect(loadSeatMemory('m5').trails.size).toBe(0);
    storage.setItem(SEATS_KEY, '{not json');
    expect(loadSeatMemory('m5')).toEqual({ holder: null, trails: new Map() });
  });
});
