/**
 * A copy of the state for a move to change (src/games/common/copy-on-call.ts):
 * the bench showed boardgame.io's Immer drafts costing about ten times the
 * rules themselves. The copy is lazy, as in Touched On's fork.ts: `fork(G)`
 * copies the root only; a sheet (and each of its lists), the deck, the
 * revealed tickets and the log stay shared with `G` until a rule asks for its
 * own copy (`ownSheet`, `ownSheetList`, `ownRows`, `ownList`, `pushLog`), which every rule that changes one of them does, and
 * the rules replace the departure choices and the Common Objectives whole
 * instead of changing them in place. What the rules never change is shared:
 * the log's entries (only appended), the departure offers, the seat order
 * and a finished game's result. Outside production every state is frozen
 * whole, so a rule writing to a shared part throws in the tests.
 */
import type { GobState, PlayerID, Sheet } from './types';

/**
 * The latest fork and the state it was made from. Rules run synchronously on
 * one fork at a time, so this is the fork being changed; what it still shares
 * with its base is what is the same object in both.
 */
let forked: GobState | null = null;
let forkedFrom: GobState | null = null;

/** A copy of the state that a move may change (sheets and lists through `ownSheet`, `ownList`, `pushLog`). */
export function fork(G: GobState): GobState {
  // The fields in the order setupState builds them, so that the copy serialises exactly as `G` does.
  const copy: GobState = {
    mapId: G.mapId,
    numPlayers: G.numPlayers,
    speedy: G.speedy,
    round: G.round,
    ticket: G.ticket,
    revealed: G.revealed,
    deck: G.deck,
    inspector: G.inspector,
    toPlay: G.toPlay,
    order: G.order,
    players: G.players,
    objectives: G.objectives,
    offers: G.offers,
    choices: G.choices,
    log: G.log,
    result: G.result,
  };
  forked = copy;
  forkedFrom = G;
  return copy;
}

/**
 * A player's sheet whose fields the rules may change: in the fork being
 * changed, its own copy the first time (its lists and rows still shared, see
 * `ownSheetList` and `ownRows`); in any other state (a new game, a bot's or a
 * test's copy), the sheet itself.
 */
export function ownSheet(G: GobState, p: PlayerID): Sheet {
  const s = G.players[p];
  if (G !== forked || s !== forkedFrom!.players[p]) return s;
  if (G.players === forkedFrom!.players) G.players = { ...G.players };
  const copy: Sheet = { ...s };
  G.players[p] = copy;
  return copy;
}

/** A list of a player's sheet that the rules may change in place (as `ownSheet`: its own copy in the fork the first time). */
export function ownSheetList<K extends 'line' | 'tickets' | 'objectives' | 'sites'>(
  G: GobState,
  p: PlayerID,
  list: K,
): Sheet[K] {
  const sheet = ownSheet(G, p);
  if (G === forked && sheet[list] === forkedFrom!.players[p]?.[list]) sheet[list] = sheet[list].slice() as Sheet[K];
  return sheet[list];
}

/** A player's Tourist or Flirt rows that the rules may change in place (as `ownSheetList`, each row copied too). */
export function ownRows(G: GobState, p: PlayerID, rows: 'tourists' | 'flirts'): void {
  const sheet = ownSheet(G, p);
  if (G !== forked || sheet[rows] !== forkedFrom!.players[p]?.[rows]) return;
  if (rows === 'tourists') sheet.tourists = sheet.tourists.map((r) => ({ ...r }));
  else sheet.flirts = sheet.flirts.map((r) => ({ ...r }));
}

/** The deck or the revealed tickets, which the rules may change (in the fork being changed, its own copy the first time). */
export function ownList(G: GobState, list: 'deck' | 'revealed'): number[] {
  if (G === forked && G[list] === forkedFrom![list]) G[list] = G[list].slice();
  return G[list];
}

/** Add an entry to the log (in the fork being changed, to its own copy of the log the first time). */
export function pushLog(G: GobState, entry: GobState['log'][number]): void {
  if (G === forked && G.log === forkedFrom!.log) G.log = G.log.slice();
  G.log.push(entry);
}
