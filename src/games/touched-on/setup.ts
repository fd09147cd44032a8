/**
 * Setup and the deal of each journey (RULINGS §3).
 */
import { DEAL_EVADERS, DEAL_POWERS, EXP_CARDS, evaderInspectorCards, linesFor, powerCards, type LineId } from './data';
import type { LineState, PlayerID, PlayerState, TOSetupData, TOState, TurnState } from './types';
import { ownPlayer, pushLog } from './fork';

/** The part of boardgame.io's random API the rules use. */
export interface RandomLike {
  Shuffle<T>(deck: T[]): T[];
  Number(): number;
}

/** Seats in play order. */
export function seatsOf(numPlayers: number): PlayerID[] {
  return Array.from({ length: numPlayers }, (_, i) => String(i));
}

/** The seat to the left of (after) `p`. */
export function leftOf(G: Pick<TOState, 'numPlayers'>, p: PlayerID): PlayerID {
  return String((Number(p) + 1) % G.numPlayers);
}

/** A blank turn record. */
export function freshTurn(number: number, player: PlayerID, ctxTurn = 0): TurnState {
  return {
    number,
    player,
    ctxTurn,
    played: 0,
    inspectorPlayed: false,
    batchPlayed: false,
    powerPlayed: false,
    drew: false,
    putOut: false,
    addedTo: null,
    takeBack: false,
    ended: false,
  };
}

/** Refuse setup data that is not `{ dealer?: seat }`. */
export function validateSetupData(setupData: TOSetupData | undefined, numPlayers: number): string | undefined {
  if (setupData === undefined || setupData === null) return undefined;
  if (typeof setupData !== 'object') return 'setupData must be an object';
  const keys = Object.keys(setupData);
  if (keys.some((k) => k !== 'dealer')) return 'setupData accepts only "dealer"';
  const d = setupData.dealer;
  if (d !== undefined && (!Number.isInteger(d) || d < 0 || d >= numPlayers)) return 'dealer must be a seat number';
  return undefined;
}

/** The state of a new game: a random first dealer (or the given one), and the first journey dealt. */
export function setupState(numPlayers: number, random: RandomLike, setupData?: TOSetupData): TOState {
  if (numPlayers < 2 || numPlayers > 4) throw new Error('Touched On is for 2–4 players');
  const lineOrder = linesFor(numPlayers);
  const lines = {} as Record<LineId, LineState>;
  for (const id of lineOrder) lines[id] = { id, carriages: [], exp: null, hasExp: false, freeTramZone: null };
  const players: Record<PlayerID, PlayerState> = {};
  for (const p of seatsOf(numPlayers))
    players[p] = { hand: [], handSize: 0, exp: [], expCount: 0, lastExpAt: 0, out: false, ding: false };
  const dealer =
    setupData?.dealer !== undefined ? String(setupData.dealer) : String(Math.floor(random.Number() * numPlayers));
  const G: TOState = {
    numPlayers,
    lineOrder,
    lines,
    players,
    journey: 0,
    dealer,
    startPlayer: null,
    drawPile: [],
    drawCount: 0,
    reshuffled: false,
    discard: [],
    usedPowers: [],
    expPile: random.Shuffle([...EXP_CARDS]),
    expPileCount: EXP_CARDS.length,
    currentLine: null,
    nextCarriageId: 1,
    sinceAdd: [],
    lastTurn: null,
    peakHours: [],
    dings: [],
    dingSeq: 0,
    finishers: [],
    turn: freshTurn(0, leftOf({ numPlayers }, dealer)),
    passes: 0,
    expTakings: 0,
    pending: null,
    trackerReveal: null,
    gameOver: null,
    log: [],
  };
  dealJourney(G, random, dealer);
  return G;
}

/**
 * Deal a journey: gather every card in play and every uncollected Exp, shuffle,
 * deal 2 Powers then 9 Evader/Inspector cards to each player (from the
 * dealer's left), mix the rest into the draw pile, and hide one Exp under each
 * Line in position order while Exp last (RULINGS §3).
 */
export function dealJourney(G: TOState, random: RandomLike, dealer: PlayerID): void {
  const n = G.numPlayers;
  // Uncollected Exp: the pile and every Line's.
  const exp = [...G.expPile];
  // Every Line starts afresh: new states, in a new record (a fork may share the old ones, see fork.ts).
  const lines = {} as Record<LineId, LineState>;
  for (const id of G.lineOrder) {
    const l = G.lines[id];
    if (l.exp) exp.push(l.exp);
    lines[id] = { id, carriages: [], exp: null, hasExp: false, freeTramZone: null };
  }
  G.lines = lines;
  const powers = random.Shuffle(powerCards(n));
  const rest = random.Shuffle(evaderInspectorCards(n));
  const order: PlayerID[] = [];
  for (let i = 1; i <= n; i++) order.push(String((Number(dealer) + i) % n));
  for (const p of order) {
    const pl = ownPlayer(G, p);
    pl.hand = [];
    pl.out = false;
    pl.ding = false;
  }
  for (const p of order) G.players[p].hand!.push(...powers.splice(0, DEAL_POWERS));
  for (const p of order) G.players[p].hand!.push(...rest.splice(0, DEAL_EVADERS));
  for (const p of order) G.players[p].handSize = G.players[p].hand!.length;
  G.drawPile = random.Shuffle([...powers, ...rest]);
  G.drawCount = G.drawPile.length;
  const shuffledExp = random.Shuffle(exp);
  for (const id of G.lineOrder) {
    const e = shuffledExp.shift();
    if (e === undefined) break;
    G.lines[id].exp = e;
    G.lines[id].hasExp = true;
  }
  G.expPile = shuffledExp;
  G.expPileCount = shuffledExp.length;
  G.discard = [];
  G.usedPowers = [];
  G.reshuffled = false;
  G.currentLine = null;
  G.nextCarriageId = 1;
  G.sinceAdd = [];
  G.lastTurn = null;
  G.peakHours = [];
  G.dings = [];
  G.dingSeq = 0;
  G.finishers = [];
  G.passes = 0;
  G.pending = null;
  G.trackerReveal = null;
  G.journey += 1;
  G.dealer = dealer;
  G.startPlayer = order[0];
  G.turn = freshTurn(0, order[0]);
  pushLog(G, { type: 'journey', journey: G.journey, dealer });
}
