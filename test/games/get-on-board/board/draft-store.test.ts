/**
 * The plot in the making kept for a reload (board/draftStore.ts), on a real
 * round-1 state of Rome, with a sessionStorage of the test's own: a stored
 * plot comes back while it fits the state (same match, seat and round, the
 * seat's plot to make, every marker offered), and is dropped otherwise; an
 * empty plot, or another round's, leaves nothing stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftKey, forgetDrafts, loadDraft, saveDraft } from '../../../../src/games/get-on-board/board/draftStore';
import { EMPTY_DRAFT, pick, viewDraft, type Draft } from '../../../../src/games/get-on-board/board/plotBuilder';
import type { GobState, PlayerID } from '../../../../src/games/get-on-board/types';
import { startedState } from '../helpers';

/** sessionStorage as a browser tab has it, in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const MATCH = 'm1';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { sessionStorage?: Storage }).sessionStorage = storage;
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
});

/** Round 1 of a 2-player game on Rome, and the seat whose plot it is. */
function round1(): { G: GobState; seat: PlayerID } {
  const G = startedState('rome', 2);
  expect(G.round).toBe(1);
  return { G, seat: G.toPlay! };
}

/** The first `n` markers the map offers, one after another. */
function markers(G: GobState, seat: PlayerID, n: number): Draft {
  let d = EMPTY_DRAFT;
  for (let i = 0; i < n; i++) {
    const v = viewDraft(G, seat, d);
    d = pick(d, v, v.targets[0].to);
  }
  return d;
}

describe('a plot in the making across a reload', () => {
  it('comes back as it was: its markers, in order', () => {
    const { G, seat } = round1();
    const d = markers(G, seat, 2);
    saveDraft(MATCH, seat, G.round, d);
    expect(JSON.parse(storage.getItem(draftKey(MATCH, seat, 1))!)).toEqual({ path: d.path, extra: null });
    expect(loadDraft(MATCH, seat, G)).toEqual({ path: d.path, extra: null, addingExtra: false });
  });

  it('is kept per match, seat and round: another match, seat or round finds nothing', () => {
    const { G, seat } = round1();
    saveDraft(MATCH, seat, G.round, markers(G, seat, 1));
    expect(loadDraft('m2', seat, G)).toBeNull();
    const other = G.order.find((p) => p !== seat)!;
    expect(loadDraft(MATCH, other, { ...G, toPlay: other })).toBeNull();
    expect(loadDraft(MATCH, seat, { ...G, round: 2 })).toBeNull();
    // The round-1 plot is still there for round 1.
    expect(loadDraft(MATCH, seat, G)?.path).toHaveLength(1);
  });

  it('is dropped once it does not fit: a marker the map no longer offers, or not the seat’s plot to make', () => {
    const { G, seat } = round1();
    const d = markers(G, seat, 1);
    // A second marker where the line stands already (never a next marker), and one off the map.
    for (const wrong of [G.players[seat].line[0], '99,99']) {
      storage.setItem(draftKey(MATCH, seat, 1), JSON.stringify({ path: [...d.path, wrong], extra: null }));
      expect(loadDraft(MATCH, seat, G)).toBeNull();
      expect(storage.getItem(draftKey(MATCH, seat, 1))).toBeNull();
    }
    // An extra marker before the shape is complete.
    storage.setItem(draftKey(MATCH, seat, 1), JSON.stringify({ path: d.path, extra: d.path[0] }));
    expect(loadDraft(MATCH, seat, G)).toBeNull();
    expect(storage.getItem(draftKey(MATCH, seat, 1))).toBeNull();
    // Not the seat's plot to make (another seat's turn, or the game over).
    const other = G.order.find((p) => p !== seat)!;
    for (const changed of [
      { ...G, toPlay: other },
      { ...G, result: {} as GobState['result'] },
    ]) {
      saveDraft(MATCH, seat, 1, d);
      expect(loadDraft(MATCH, seat, changed)).toBeNull();
      expect(storage.getItem(draftKey(MATCH, seat, 1))).toBeNull();
    }
    // Not a plot at all.
    for (const junk of ['{', '{"path":"4,4"}', '{"path":[],"extra":null}', '{"path":[1],"extra":null}']) {
      storage.setItem(draftKey(MATCH, seat, 1), junk);
      expect(loadDraft(MATCH, seat, G)).toBeNull();
    }
  });

  it('leaves nothing stored when empty, drops the other rounds’ plots, and is forgotten with the seat’s plot made', () => {
    const { G, seat } = round1();
    saveDraft(MATCH, seat, 1, markers(G, seat, 1));
    saveDraft(MATCH, '9', 1, markers(G, seat, 1));
    saveDraft(MATCH, seat, 1, EMPTY_DRAFT);
    expect(storage.getItem(draftKey(MATCH, seat, 1))).toBeNull();
    saveDraft(MATCH, seat, 1, markers(G, seat, 1));
    saveDraft(MATCH, seat, 2, markers(G, seat, 1));
    expect(storage.getItem(draftKey(MATCH, seat, 1))).toBeNull();
    expect(storage.getItem(draftKey(MATCH, seat, 2))).not.toBeNull();
    forgetDrafts(MATCH, seat);
    expect(storage.getItem(draftKey(MATCH, seat, 2))).toBeNull();
    // Another seat's plot (another hot-seat player's) is left alone.
    expect(storage.getItem(draftKey(MATCH, '9', 1))).not.toBeNull();
  });
});
