/**
 * Test helpers for Touched On: hand-built positions, real boardgame.io
 * clients (one per seat, through Local()), and the invariants.
 */
import { InitializeGame } from 'boardgame.io/internal';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { TouchedOn } from '../../../src/games/touched-on';
import { EXP_CARDS, EXP_TOTAL, allCards, expValue, type LineId } from '../../../src/games/touched-on/data';
import type { CardId, ExpId, PlayerID, TOState } from '../../../src/games/touched-on/types';
import { expLeft } from '../../../src/games/touched-on/flow';
import { freshTurn } from '../../../src/games/touched-on/setup';

/** The full starting state of a seeded game (dealer fixed so seat 0 starts unless told). */
export function startState(numPlayers: number, seed = 'test', dealer = numPlayers - 1): TOState {
  const state = InitializeGame({ game: { ...TouchedOn, seed }, numPlayers, setupData: { dealer } });
  return structuredClone(state.G);
}

/**
 * An empty table: every hand, Line and pile card back into the draw pile,
 * every Exp under its Line removed into the pile; the turn is seat `current`'s first.
 */
export function emptyTable(numPlayers: number, current: PlayerID = '0'): TOState {
  const G = startState(numPlayers);
  emptyHands(G);
  G.drawPile.sort();
  G.drawCount = G.drawPile.length;
  G.startPlayer = current;
  // A turn record not yet begun: the game's first turn begins it (onBegin).
  G.turn = freshTurn(0, current);
  G.log = [];
  return G;
}

/** Every hand's cards back onto the draw pile (its count left to the caller). */
export function emptyHands(G: TOState): void {
  for (const p of Object.values(G.players)) {
    G.drawPile.push(...p.hand!);
    p.hand = [];
    p.handSize = 0;
  }
}

/** Take a specific card out of wherever it sits in the draw pile / discard / used Powers. */
function takeCard(G: TOState, card: CardId): void {
  for (const pile of [G.drawPile, G.discard, G.usedPowers]) {
    const i = pile.indexOf(card);
    if (i >= 0) {
      pile.splice(i, 1);
      G.drawCount = G.drawPile.length;
      return;
    }
  }
  throw new Error(`card ${card} is not available`);
}

/** First available card matching a short name: `E96` (an Evader of 96), `A96`, `U`, or a Power type like `appeal`. */
export function pick(G: TOState, short: string): CardId {
  const pool = [...G.drawPile, ...G.discard, ...G.usedPowers];
  let found: CardId | undefined;
  if (/^E\d+$/.test(short)) found = pool.find((c) => c.startsWith(`${short}-`));
  else if (/^A\d+$/.test(short)) found = pool.find((c) => c === short);
  else if (short === 'U') found = pool.find((c) => c.startsWith('U-'));
  else found = pool.find((c) => c.startsWith(`P-${short}-`));
  if (!found) throw new Error(`no ${short} left`);
  return found;
}

/** Give a player these cards (short names, see `pick`), taking them from the piles. */
export function give(G: TOState, p: PlayerID, shorts: string[]): CardId[] {
  const got: CardId[] = [];
  for (const s of shorts) {
    const c = pick(G, s);
    takeCard(G, c);
    G.players[p].hand!.push(c);
    got.push(c);
  }
  G.players[p].handSize = G.players[p].hand!.length;
  return got;
}

/** Put a carriage on a Line: `cards` are [player, short] pairs, taken from the piles. Returns the carriage id. */
export function carriage(G: TOState, line: LineId, cards: [PlayerID, string][]): number {
  const id = G.nextCarriageId++;
  const placed = cards.map(([player, s]) => {
    const c = pick(G, s);
    takeCard(G, c);
    return { card: c, player };
  });
  G.lines[line].carriages.push({ id, cards: placed });
  return id;
}

/** Put exactly this Exp card under a Line (or none): taken from the pile or another Line, the old one to the pile. */
export function setLineExp(G: TOState, line: LineId, exp: ExpId | null): void {
  const l = G.lines[line];
  if (l.exp) G.expPile.push(l.exp);
  l.exp = null;
  l.hasExp = false;
  if (exp) {
    const i = G.expPile.indexOf(exp);
    if (i >= 0) G.expPile.splice(i, 1);
    else {
      const other = G.lineOrder.find((o) => G.lines[o].exp === exp);
      if (!other) throw new Error(`${exp} is not available`);
      G.lines[other].exp = G.expPile.shift()!;
    }
    l.exp = exp;
    l.hasExp = true;
  }
  G.expPileCount = G.expPile.length;
}

/** The game, starting from a prepared state. */
export function gameFrom(G: TOState, seed = 'scenario'): Game<TOState> {
  return { ...TouchedOn, seed, setup: () => structuredClone(G) } as Game<TOState>;
}

/** One real client per seat, all connected through one Local() master. */
export function seats(game: Game<TOState>, numPlayers: number) {
  const multiplayer = Local();
  return Array.from({ length: numPlayers }, (_, i) => {
    const c = Client({ game, numPlayers, playerID: String(i), multiplayer });
    c.start();
    return c;
  });
}

export type SeatClient = ReturnType<typeof seats>[number];

/** Let the Local master process queued actions. */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/** Make a move as a seat and wait for the master; returns whether the state changed. */
export async function act(client: SeatClient, move: string, ...args: unknown[]): Promise<boolean> {
  const before = client.getState()!._stateID;
  (client.moves as any)[move](...args);
  await flush();
  await flush();
  return client.getState()!._stateID !== before;
}

/** Every place a card can be, and what is in it. */
export function cardPlaces(G: TOState): Record<string, CardId[]> {
  const places: Record<string, CardId[]> = {
    drawPile: G.drawPile,
    discard: G.discard,
    usedPowers: G.usedPowers,
    peakHours: G.peakHours.map((p) => p.card),
  };
  for (const p in G.players) places[`hand:${p}`] = G.players[p].hand ?? [];
  for (const l of G.lineOrder) {
    places[`line:${l}`] = G.lines[l].carriages.flatMap((c) => c.cards.map((pc) => pc.card));
    places[`ftz:${l}`] = G.lines[l].freeTramZone ? [G.lines[l].freeTramZone] : [];
  }
  return places;
}

/** Every broken invariant of a full state (empty when all hold). */
export function invariantErrors(G: TOState): string[] {
  const errors: string[] = [];
  const seen = new Map<CardId, string>();
  for (const [place, cards] of Object.entries(cardPlaces(G)))
    for (const c of cards) {
      if (seen.has(c)) errors.push(`${c} both in ${seen.get(c)} and ${place}`);
      seen.set(c, place);
    }
  const all = allCards(G.numPlayers);
  for (const c of all) if (!seen.has(c)) errors.push(`${c} is nowhere`);
  if (seen.size !== all.length) errors.push(`${seen.size} cards instead of ${all.length}`);
  for (const p in G.players) {
    const pl = G.players[p];
    if (pl.handSize !== pl.hand!.length) errors.push(`handSize of ${p}`);
    if (pl.expCount !== pl.exp!.length) errors.push(`expCount of ${p}`);
  }
  if (G.drawCount !== G.drawPile.length) errors.push('drawCount');
  if (G.expPileCount !== G.expPile.length) errors.push('expPileCount');
  const exp: ExpId[] = [...G.expPile];
  for (const l of G.lineOrder) {
    if (G.lines[l].hasExp !== !!G.lines[l].exp) errors.push(`hasExp of ${l}`);
    if (G.lines[l].exp) exp.push(G.lines[l].exp);
  }
  for (const p in G.players) exp.push(...G.players[p].exp!);
  if (exp.length !== EXP_CARDS.length || new Set(exp).size !== EXP_CARDS.length)
    errors.push(`Exp cards: ${exp.length}`);
  const value = exp.reduce((a, e) => a + expValue(e), 0);
  if (value !== EXP_TOTAL) errors.push(`Exp total ${value}`);
  if (!G.gameOver && expLeft(G) === 0) errors.push('no Exp left but the game goes on');
  return errors;
}

/** Every leak of hidden information in `view`, the state as `viewer` sees it (full state `G`). */
export function leakErrors(G: TOState, view: TOState, viewer: PlayerID): string[] {
  const errors: string[] = [];
  const { log: _log, ...rest } = view;
  // Every string in the view (a card shows as one): a JSON string's quotes cannot be the end of another's.
  const strings = new Set<string>();
  for (const m of JSON.stringify(rest).matchAll(/"((?:[^"\\]|\\.)*)"/g)) strings.add(m[1]);
  for (const p in G.players) {
    if (p === viewer) continue;
    if (view.players[p].hand !== null) errors.push(`${viewer} sees ${p}'s hand`);
    if (!G.gameOver && view.players[p].exp !== null) errors.push(`${viewer} sees ${p}'s Exp`);
    if (view.players[p].handSize !== G.players[p].handSize) errors.push(`hand size of ${p}`);
    const revealed = G.trackerReveal?.chooser === viewer && G.trackerReveal.target === p;
    for (const c of G.players[p].hand!) if (!revealed && strings.has(c)) errors.push(`${c} of ${p} leaks`);
  }
  if (view.drawPile.length !== 0) errors.push('draw pile visible');
  for (const c of G.drawPile) if (strings.has(c)) errors.push(`draw pile card ${c} leaks`);
  if (view.expPile.length !== 0) errors.push('Exp pile visible');
  for (const l of G.lineOrder) if (view.lines[l].exp !== null) errors.push(`Exp under ${l} visible`);
  if (view.trackerReveal && view.trackerReveal.chooser !== viewer) errors.push('Tram Tracker reveal leaks');
  if (/"X\d-\d"/.test(JSON.stringify(view.log))) errors.push('the log names an Exp card');
  return errors;
}

/** Move a card (short name) to the top of the draw pile. */
export function toTop(G: TOState, short: string): CardId {
  const c = pick(G, short);
  takeCard(G, c);
  G.drawPile.unshift(c);
  G.drawCount = G.drawPile.length;
  return c;
}

/** Make `line` the current line, with `carriageId` its current carriage, and record who took the previous turn. */
export function setPlay(G: TOState, line: LineId, previous: PlayerID, addedTo: number | null): void {
  G.currentLine = line;
  G.lastTurn = { player: previous, addedTo };
}

/** The state a seat sees. */
export const view = (c: SeatClient): TOState => c.getState()!.G;
