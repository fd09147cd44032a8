/**
 * The copy of the state a move or turn hook changes (see
 * src/games/common/copy-on-call.ts), made lazily where it is big.
 *
 * `fork(G)` copies the root and the turn record. The lists the rules change
 * in place (piles, DINGs, finishers…), the players' and the Lines' states
 * (and their records), the carriages and the log stay shared with `G` until
 * a rule asks for its own copy with `ownList`, `ownPlayer`, `ownLine` or
 * `ownCarriage`, or adds to the log with `pushLog`, which every rule that
 * changes one of them does. What the
 * rules never change in place stays shared: the log's entries, the DINGs and
 * Peak Hours (a rule replaces or adds whole entries), the pending decision,
 * the Tram Tracker reveal, the last turn and a finished game's result
 * (replaced whole). Outside production every state is frozen whole
 * (copy-on-call.ts), so a rule that wrote to a shared part would throw in the
 * tests.
 */
import type { Carriage, LineId, LineState, LogEntry, PlayerID, PlayerState, TOState } from './types';

/**
 * The latest fork and the state it was made from. Rules run synchronously on
 * one fork at a time, so this is the fork being changed; what it still shares
 * with its base is what is the same object in both.
 */
let forked: TOState | null = null;
let forkedFrom: TOState | null = null;

/**
 * A copy of `G` for a move or hook to change (players and Lines through
 * `ownPlayer` and `ownLine`). The fields are listed in the order of the state
 * setupState builds, so that the copy serialises exactly as `G` does.
 */
export function fork(G: TOState): TOState {
  const copy: TOState = {
    numPlayers: G.numPlayers,
    lineOrder: G.lineOrder,
    lines: G.lines,
    players: G.players,
    journey: G.journey,
    dealer: G.dealer,
    startPlayer: G.startPlayer,
    drawPile: G.drawPile,
    drawCount: G.drawCount,
    reshuffled: G.reshuffled,
    discard: G.discard,
    usedPowers: G.usedPowers,
    expPile: G.expPile,
    expPileCount: G.expPileCount,
    currentLine: G.currentLine,
    nextCarriageId: G.nextCarriageId,
    sinceAdd: G.sinceAdd,
    lastTurn: G.lastTurn,
    peakHours: G.peakHours,
    dings: G.dings,
    dingSeq: G.dingSeq,
    finishers: G.finishers,
    turn: { ...G.turn },
    passes: G.passes,
    expTakings: G.expTakings,
    pending: G.pending,
    trackerReveal: G.trackerReveal,
    gameOver: G.gameOver,
    log: G.log,
  };
  forked = copy;
  forkedFrom = G;
  return copy;
}

/**
 * Makes `copy`, a fork of `base` that goes on being changed over many moves
 * (a bot's playout, bots.ts), the fork being changed again: what the rules
 * took for their own stays theirs, what they did not is still copied first.
 */
export function resumeFork(copy: TOState, base: TOState): void {
  forked = copy;
  forkedFrom = base;
}

/** The state's lists that the rules change in place (the others are replaced whole). */
type ListKey = 'drawPile' | 'discard' | 'usedPowers' | 'expPile' | 'sinceAdd' | 'peakHours' | 'dings' | 'finishers';

/** One of the state's lists that the rules may change in place: in the fork being changed, its own copy the first time. */
export function ownList<K extends ListKey>(G: TOState, key: K): TOState[K] {
  if (G === forked && G[key] === forkedFrom![key]) G[key] = G[key].slice() as TOState[K];
  return G[key];
}

/**
 * A player's state that the rules may change: in the fork being changed, its
 * own copy the first time; in any other state (a new game being set up, a
 * test's), the player's state itself.
 */
export function ownPlayer(G: TOState, p: PlayerID): PlayerState {
  const pl = G.players[p];
  if (G !== forked || pl !== forkedFrom!.players[p]) return pl;
  if (G.players === forkedFrom!.players) G.players = { ...G.players };
  // Listed in the order setupState builds them, as in `fork`.
  const copy: PlayerState = {
    hand: pl.hand && pl.hand.slice(),
    handSize: pl.handSize,
    exp: pl.exp && pl.exp.slice(),
    expCount: pl.expCount,
    lastExpAt: pl.lastExpAt,
    out: pl.out,
    ding: pl.ding,
  };
  G.players[p] = copy;
  return copy;
}

/**
 * A Line's state that the rules may change, with its list of carriages (as
 * `ownPlayer`); a carriage's cards are changed only through `ownCarriage`.
 */
export function ownLine(G: TOState, id: LineId): LineState {
  const l = G.lines[id];
  if (G !== forked || l !== forkedFrom!.lines[id]) return l;
  if (G.lines === forkedFrom!.lines) G.lines = { ...G.lines };
  const carriages = l.carriages.slice();
  const copy: LineState = { id: l.id, carriages, exp: l.exp, hasExp: l.hasExp, freeTramZone: l.freeTramZone };
  G.lines[id] = copy;
  return copy;
}

/** A carriage of a Line (by id) whose cards the rules may change: in the fork being changed, its own copy the first time. */
export function ownCarriage(G: TOState, line: LineId, id: number): Carriage | undefined {
  const L = ownLine(G, line);
  const i = L.carriages.findIndex((c) => c.id === id);
  if (i < 0) return undefined;
  const c = L.carriages[i];
  const base = G === forked ? forkedFrom!.lines[line] : undefined;
  if (!base || !base.carriages.includes(c)) return c;
  const copy: Carriage = { id: c.id, cards: c.cards.slice() };
  L.carriages[i] = copy;
  return copy;
}

/** Add an entry to the log (in the fork being changed, to its own copy of the log the first time). */
export function pushLog(G: TOState, entry: LogEntry): void {
  if (G === forked && G.log === forkedFrom!.log) G.log = G.log.slice();
  G.log.push(entry);
}
