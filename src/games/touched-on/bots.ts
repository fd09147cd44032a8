/**
 * Touched On's hooks for the generic bots (random, greedy, MCTS). Pure:
 * randomness only from the rng the bots pass in.
 */
import type { Ctx } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import type { AiMove, BotHooks, BotRng, PlayoutSim } from '../../bots/hooks';
import { randomApi, type RandomData } from '../../bots/rng';
import { EVADERS_PER_LINE, EXP_CARDS, allCards, cardInfo, expValue, isEvader } from './data';
import type { CardId, ExpId, LineId, PlayerID, TOState } from './types';
import { enumerate } from './ai';
import { afterMove, placesPerJourney } from './flow';
import { actingPlayer, currentCarriage, handOf, lineCount, reachableLines, startsNewCarriage } from './legal';
import * as M from './moves';
import { playerView } from './view';
import { fork, resumeFork } from './fork';
import { freezeState } from '../common/copy-on-call';

/** Points per Evader a batch leaves in a carriage the next Inspector could hand back. */
const EXPOSURE = 0.5;

/** How useful a card is to keep in `p`'s hand now (higher: easier to play soon). */
function usefulness(G: TOState, card: CardId): number {
  const info = cardInfo(card);
  const reach = reachableLines(G);
  if (info.kind === 'evader') return reach.includes(info.line) ? 3 : 1;
  if (info.kind === 'authorised') return G.currentLine === info.line ? 2 : 1;
  if (info.kind === 'undercover') return 2.5;
  return info.power === 'appeal' ? 2 : 3;
}

/** Points for a batch on a Line at either end of the row, which is in reach from two Lines only (the others from three). */
const END_LINE = 2;

/** Powers that can be played in almost any turn of one's own: the reserve that saves a draw or makes a safe DING. */
const FLEXIBLE: ReadonlySet<string> = new Set(['peakHour', 'appeal', 'tramTracker', 'freeTramZone']);
/** The moves that play one of those Powers. */
const FLEXIBLE_MOVES: ReadonlySet<string> = new Set(['peakHour', 'shedAppeal', 'tramTracker', 'freeTramZone']);

/** How many flexible Powers `p` holds. */
function flexibleInHand(G: TOState, p: PlayerID): number {
  let n = 0;
  for (const c of handOf(G, p)) {
    const info = cardInfo(c);
    if (info.kind === 'power' && FLEXIBLE.has(info.power)) n++;
  }
  return n;
}

/**
 * Whether to keep the flexible Power this move would play: once a card is
 * down this turn (so the turn may end), the last flexible Power in a hand of
 * other cards is kept. In a later turn with nothing else playable it is shed
 * instead of drawing a card, and as the last card it ends the hand with no
 * card added to a carriage, a DING no Inspector can cancel.
 */
function keepInReserve(G: TOState, playerID: PlayerID, m: AiMove): boolean {
  if (!FLEXIBLE_MOVES.has(m.move) || G.turn.played === 0) return false;
  return handOf(G, playerID).length > 1 && flexibleInHand(G, playerID) <= 1;
}

/** A greedy score for one move: shed cards, unlock Exp, inspect big carriages, appeal when it wins, keep a Power in reserve. */
function scoreMove(G: TOState, playerID: PlayerID, m: AiMove): number {
  const a = (m.args[0] ?? {}) as Record<string, unknown>;
  // Below ending the turn (0).
  if (keepInReserve(G, playerID, m)) return -1;
  switch (m.move) {
    case 'playEvaders': {
      const line = a.line as TOState['lineOrder'][number];
      const n = (a.count as number) + (a.prioritySeat ? 1 : 0);
      const after = lineCount(G, line) + n;
      const unlock = G.lines[line].hasExp && after >= 9 ? 60 : 0;
      // A Line left one or two cards short of its Exp is the next players' to unlock.
      const setUp = G.lines[line].hasExp && after < 9 && after >= 6 ? 3 * (after - 5) : 0;
      // What the next Inspector would hand back: the carriage's Evaders after the batch.
      const c = currentCarriage(G);
      const inCarriage =
        startsNewCarriage(G, line) || !c ? 0 : c.cards.filter((pc) => cardInfo(pc.card).kind === 'evader').length;
      const safe = G.lines[line].freeTramZone !== null;
      const risk = safe ? 0 : EXPOSURE * (inCarriage + (a.count as number));
      const end = line === G.lineOrder[0] || line === G.lineOrder[G.lineOrder.length - 1] ? END_LINE : 0;
      return 10 + 4 * n + unlock - setUp - risk + end - (a.prioritySeat && !unlock ? 3 : 0);
    }
    case 'inspect': {
      const c = currentCarriage(G);
      const evaders = c ? c.cards.filter((pc) => cardInfo(pc.card).kind === 'evader').length : 0;
      // Before the batch (no Inspector after it): it sheds a card and hands the carriage back.
      return 100 + 4 * evaders + (cardInfo(a.card as CardId).kind === 'authorised' ? 2 : 0);
    }
    case 'feetOnSeat': {
      const c = currentCarriage(G);
      const n = c ? c.cards.filter((pc) => pc.player === a.target && cardInfo(pc.card).kind === 'evader').length : 0;
      return n > 0 ? 90 + 3 * n : 6;
    }
    case 'appeal': {
      const p = G.pending;
      return p && p.kind === 'appeal' && p.source !== 'authorised' ? 50 : 2;
    }
    case 'acceptInspection':
      return 1;
    case 'tramTracker':
      return 7;
    case 'trackerSwap':
      // Taking nothing (no card to give) is then the only move.
      if (a.take === null) return 5;
      return 5 + usefulness(G, a.take as CardId) - usefulness(G, a.give as CardId);
    case 'peakHour':
      return 8;
    case 'freeTramZone':
      return 6;
    case 'shedAppeal':
      return 3;
    case 'putOut':
      return 5 - usefulness(G, a.card as CardId);
    case 'draw':
      return 1;
    case 'endTurn':
      return 0;
    default:
      return 0;
  }
}

/** `playerID`'s Exp as far as the state shows it (others' hidden values at their mean). */
function expOf(G: TOState, p: PlayerID): number {
  const pl = G.players[p];
  if (pl.exp) return pl.exp.reduce((s, e) => s + expValue(e), 0);
  return (pl.expCount * 20) / EXP_CARDS.length;
}

const MEAN_EXP = 20 / EXP_CARDS.length;
/** How strongly fewer cards in hand predict finishing first (cards per e-fold of the odds). */
const SPREAD = 1.5;

/**
 * The Exp `p` can expect from this journey's finishes: 1st place takes 2 Exp
 * cards, 2nd takes 1. Who finishes first is guessed from the cards left in
 * hand (a player on DING counts as nearly out): each player still in the
 * journey is weighted exp(-cards / SPREAD), and places are drawn in weight
 * order (Plackett-Luce).
 */
function journeyOutlook(G: TOState, p: PlayerID): number {
  const me = G.players[p];
  if (me.out) return 0;
  const awards = [2 * MEAN_EXP, MEAN_EXP].slice(G.finishers.length, placesPerJourney(G));
  if (awards.length === 0) return 0;
  const w: Record<PlayerID, number> = {};
  let total = 0;
  for (const q of Object.keys(G.players)) {
    const pl = G.players[q];
    if (pl.out) continue;
    w[q] = Math.exp(-(pl.ding ? 0.3 : pl.handSize) / SPREAD);
    total += w[q];
  }
  const first = w[p] / total;
  let value = awards[0] * first;
  if (awards.length > 1) {
    let second = 0;
    for (const q of Object.keys(w)) if (q !== p) second += (w[q] / total) * (w[p] / (total - w[q]));
    value += awards[1] * second;
  }
  return value;
}

/** How much of a Line's Exp a player may expect from holding some of its last Evaders (the journey may end first). */
const UNLOCK_SHARE = 0.8;

/**
 * The Exp `p` can expect from the Lines still to unlock this journey. A Line
 * unlocks to whoever adds its last Evader; if the Evaders still in play come
 * out in random order, that is `p` with the share of them `p` holds. Reads
 * only `p`'s own hand and public cards, so it works on a view too.
 */
function unlockOutlook(G: TOState, p: PlayerID): number {
  const me = G.players[p];
  if (me.out || !me.hand || me.hand.length === 0) return 0;
  let value = 0;
  for (const l of G.lineOrder) if (G.lines[l].hasExp) value += UNLOCK_SHARE * MEAN_EXP * unlockShare(G, p, l);
  return value;
}

/**
 * The chance that `p` adds the last Evader of Line `l` (so unlocks it): `p`'s
 * share of the Line's Evaders still in play (not on it, not put out).
 */
function unlockShare(G: TOState, p: PlayerID, l: LineId): number {
  const hand = G.players[p].hand;
  if (!hand) return 0;
  let mine = 0;
  for (const c of hand) if (isEvader(c, l)) mine++;
  if (mine === 0) return 0;
  let gone = 0;
  for (const c of G.lines[l].carriages) for (const pc of c.cards) if (isEvader(pc.card, l)) gone++;
  for (const c of G.usedPowers) if (isEvader(c, l)) gone++;
  return mine / Math.max(1, EVADERS_PER_LINE - gone);
}

/** A full state consistent with `playerID`'s view: what they cannot see, dealt at random. */
export function determinize(view: TOState, _ctx: Ctx, playerID: PlayerID, rng: BotRng): TOState {
  const G = structuredClone(playerView(view, playerID));
  const me = G.players[playerID];
  if (!me || !me.hand) throw new Error(`determinize: the view has no hand for player ${playerID}`);
  const shuffle = <T>(a: T[]): T[] => {
    const out = a.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };

  // Cards: everything not seen is dealt to the other hands and the draw pile.
  const seen = new Set<CardId>([...me.hand, ...G.discard, ...G.usedPowers, ...G.peakHours.map((p) => p.card)]);
  for (const l of G.lineOrder) {
    for (const c of G.lines[l].carriages) for (const pc of c.cards) seen.add(pc.card);
    const ftz = G.lines[l].freeTramZone;
    if (ftz) seen.add(ftz);
  }
  const reveal = G.trackerReveal && G.trackerReveal.chooser === playerID ? G.trackerReveal : null;
  if (reveal) for (const c of reveal.cards) seen.add(c);
  const unseen = shuffle(allCards(G.numPlayers).filter((c) => !seen.has(c)));
  for (const p of Object.keys(G.players).sort()) {
    if (p === playerID) continue;
    const pl = G.players[p];
    if (reveal && reveal.target === p) {
      pl.hand = [...reveal.cards];
      continue;
    }
    pl.hand = unseen.splice(0, pl.handSize);
    if (pl.hand.length !== pl.handSize) throw new Error('determinize: more cards in hands than unseen');
  }
  if (unseen.length !== G.drawCount) throw new Error('determinize: the draw pile does not match the unseen cards');
  G.drawPile = unseen;

  // Exp: every value the player cannot see is dealt to others' collections, the Lines and the pile.
  const known = new Set<ExpId>(me.exp ?? []);
  for (const p of Object.keys(G.players)) {
    const exp = G.players[p].exp;
    if (p !== playerID && exp) for (const e of exp) known.add(e);
  }
  const unknownExp = shuffle(EXP_CARDS.filter((e) => !known.has(e)));
  for (const p of Object.keys(G.players).sort()) {
    const pl = G.players[p];
    if (p !== playerID && !pl.exp) pl.exp = unknownExp.splice(0, pl.expCount);
  }
  for (const l of G.lineOrder) G.lines[l].exp = G.lines[l].hasExp ? unknownExp.shift()! : null;
  G.expPile = unknownExp.splice(0, G.expPileCount);
  if (G.expPile.length !== G.expPileCount || unknownExp.length !== 0)
    throw new Error('determinize: the Exp counts do not match the unseen Exp');
  return G;
}

/** A game for MCTS playouts: a fork of the state it started from, changed in place move after move. */
interface Sim {
  G: TOState;
  /** The G it started from, which keeps what the rules did not take for their own (fork.ts). */
  base: TOState;
  ctx: Ctx;
  /** boardgame.io's random plugin data, advanced in place by `random`. */
  data: RandomData;
  random: ReturnType<typeof randomApi>;
}

const SIM_MOVES: Record<string, (mc: M.MoveContext, args?: unknown) => unknown> = {
  inspect: M.inspect,
  playEvaders: M.playEvaders,
  feetOnSeat: M.feetOnSeat,
  peakHour: M.peakHour,
  tramTracker: M.tramTracker,
  freeTramZone: M.freeTramZone,
  shedAppeal: M.shedAppeal,
  draw: M.draw,
  putOut: M.putOut,
  endTurn: M.endTurn,
  appeal: M.appeal,
  acceptInspection: M.acceptInspection,
  trackerSwap: M.trackerSwap,
};

/** The playouts' stages live in `G.pending` alone (a decision's stage ends with its move). */
const NO_EVENTS: M.MoveContext['events'] = { endStage: () => {}, setActivePlayers: () => {} };

/**
 * Fast playouts: the rules' own moves and turn hooks (index.ts), without
 * boardgame.io's reducer, with boardgame.io's random numbers (`randomApi`).
 * The playout plays on one fork of the state it starts from (fork.ts): the
 * rules copy what they change the first time, so the starting state, a node
 * of the MCTS tree, stays as it was. The stages live in `G.pending`, so ctx
 * only tracks the current player, the turn and the result. The log is not
 * kept.
 */
const playout: PlayoutSim<TOState, Sim> = {
  start: (state) => {
    const base = state.G;
    const G = fork(base);
    G.log = [];
    const data = structuredClone((state.plugins?.random?.data ?? { seed: 'playout' }) as RandomData);
    return { G, base, ctx: { ...state.ctx }, data, random: randomApi(data) };
  },
  current: (sim) => sim,
  apply: (sim, playerID, move, args) => {
    const fn = SIM_MOVES[move];
    if (!fn) return false;
    const { G, random } = sim;
    resumeFork(G, sim.base);
    if (fn({ G, ctx: sim.ctx, playerID, random, events: NO_EVENTS }, args[0]) === INVALID_MOVE) return false;
    // As the Game's moves do (index.ts): a move that ends the turn begins the next one.
    afterMove(G, random, sim.ctx);
    if (G.turn.ctxTurn > sim.ctx.turn) sim.ctx = { ...sim.ctx, currentPlayer: G.turn.player, turn: G.turn.ctxTurn };
    if (G.gameOver) sim.ctx = { ...sim.ctx, gameover: G.gameOver };
    return true;
  },
};

/**
 * boardgame.io's reducer on MAKE_MOVE, for the MCTS tree: one move of the
 * playouts' rules on a fork of the state, with the stage the Game would set
 * for a pending decision (`ctx.activePlayers`). Same states as the reducer
 * (test/games/touched-on/playout.test.ts) but for the log, which it does not
 * keep; a move the rules refuse, or any other action, returns the state as
 * it was.
 */
const reducer: NonNullable<BotHooks<TOState>['reducer']> = (state, action) => {
  if (action.type !== 'MAKE_MOVE') return state;
  const sim = playout.start(state);
  const { playerID, type, args } = action.payload;
  if (!playout.apply(sim, playerID, type, args ?? [])) return state;
  const p = sim.G.pending;
  return {
    ...state,
    // Frozen as the Game's moves freeze theirs: a later rule that wrote to what it shares would throw in the tests.
    G: freezeState(sim.G),
    ctx: { ...sim.ctx, activePlayers: p ? { [p.player]: p.stage } : null },
    plugins: { ...state.plugins, random: { data: sim.data } },
  };
};

/** Where a player's Exp came from, for the bot matches' table: journeys finished 1st and 2nd, Lines unlocked. */
function seatStats(G: TOState, p: PlayerID): Record<string, number> {
  const stats = { '1st': 0, '2nd': 0, 'unl.': 0 };
  for (const e of G.log) {
    if (e.type === 'finish' && e.player === p) stats[e.place === 1 ? '1st' : '2nd']++;
    else if (e.type === 'unlock' && e.player === p) stats['unl.']++;
  }
  return stats;
}

/** The bot hooks of Touched On. */
export const touchedOnBots: BotHooks<TOState> = {
  moves: (G, ctx, playerID) => enumerate(G, ctx, playerID),
  scoreMoves: (G, _ctx, playerID, moves) => moves.map((m) => scoreMove(G, playerID, m)),
  evaluate: (G, _ctx, playerID) => {
    if (G.gameOver) return G.gameOver.scores[playerID]?.total ?? 0;
    return expOf(G, playerID) + journeyOutlook(G, playerID) + unlockOutlook(G, playerID);
  },
  determinize,
  actingPlayer: (G, ctx) => actingPlayer(G, ctx),
  seatStats: (G, _ctx, playerID) => seatStats(G, playerID),
  playout,
  reducer,
  // A journey is long: playouts of six turns, with opponents a little less predictable than greedy, and the
  // search leaning on the greedy ranking (which alone beat the unbiased search against random players).
  mcts: { playoutTurns: 6, epsilon: 0.3, bias: 1 },
};
