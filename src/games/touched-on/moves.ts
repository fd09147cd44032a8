/**
 * The moves. Each re-checks its arguments with the legal-move functions
 * (legal.ts) and returns INVALID_MOVE, leaving the state untouched, on
 * anything else. `G` is a fork of the state (fork.ts): moves change it in place,
 * a player's or a Line's state only after `ownPlayer` or `ownLine`.
 */
import { INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx } from 'boardgame.io';
import { EVADERS_PER_LINE, POWER_NAMES } from './data';
import type { CardId, LineId, Pending, PlayerID, TOState } from './types';
import {
  checkAccept,
  checkAppeal,
  checkBatch,
  checkDraw,
  checkEndTurn,
  checkFeetOnSeat,
  checkFreeTramZone,
  checkInspect,
  checkPeakHour,
  checkPutOut,
  checkShedAppeal,
  checkTrackerSwap,
  checkTramTracker,
  lineCount,
} from './legal';
import { takeExp } from './flow';
import { ownCarriage, ownLine, ownList, ownPlayer, pushLog } from './fork';
import type { RandomLike } from './setup';

/** What boardgame.io hands a move (the parts the rules use). */
export interface MoveContext {
  G: TOState;
  ctx: Ctx;
  playerID: PlayerID;
  random: RandomLike;
  events: {
    endStage(): void;
    setActivePlayers(arg: { value: Record<PlayerID, string>; maxMoves: number }): void;
  };
}

/**
 * Prompt one player for one decision: the stage ends by itself after their
 * move (`maxMoves: 1`), so the decision's move sends no event. The rules
 * send as few events as they can: boardgame.io processes each one as a
 * further action.
 */
function askFor(events: MoveContext['events'], player: PlayerID, stage: Pending['stage']): void {
  events.setActivePlayers({ value: { [player]: stage }, maxMoves: 1 });
}

/**
 * After a decision's move: a stage set by an earlier version of the rules,
 * without a move limit, in a match saved then, is ended here; a stage set by
 * `askFor` has ended by itself.
 */
function leaveStage({ ctx, events }: Pick<MoveContext, 'ctx' | 'events'>): void {
  if (!ctx._activePlayersMaxMoves) events.endStage();
}

// ---------------------------------------------------------------- card handling

/** Take a card out of a hand. */
export function removeFromHand(G: TOState, p: PlayerID, card: CardId): void {
  const pl = ownPlayer(G, p);
  const hand = pl.hand!;
  const i = hand.indexOf(card);
  if (i < 0) throw new Error(`${p} does not hold ${card}`);
  hand.splice(i, 1);
  pl.handSize = hand.length;
}

/** Give cards to a player; a player on DING who receives a card plays on (RULINGS §9). */
export function giveCards(G: TOState, p: PlayerID, cards: CardId[]): void {
  if (cards.length === 0) return;
  const pl = ownPlayer(G, p);
  pl.hand!.push(...cards);
  pl.handSize = pl.hand!.length;
  if (pl.ding) {
    pl.ding = false;
    G.dings = G.dings.filter((d) => d.player !== p);
    pushLog(G, { type: 'dingCancelled', player: p });
  }
}

/** A DING: the player's hand is empty; `chanceTurn` is the turn whose end confirms it. */
export function ding(G: TOState, p: PlayerID, chanceTurn: number): void {
  if (G.players[p].ding || G.players[p].out) return;
  ownPlayer(G, p).ding = true;
  ownList(G, 'dings').push({ player: p, chanceTurn, seq: ++G.dingSeq });
  pushLog(G, { type: 'ding', player: p });
}

/** Remove the given cards from a carriage (by id). */
function takeOutOfCarriage(G: TOState, line: LineId, carriage: number, cards: CardId[]): void {
  const c = ownCarriage(G, line, carriage);
  if (!c) return;
  c.cards = c.cards.filter((pc) => !cards.includes(pc.card));
}

// ---------------------------------------------------------------- Inspector and Appeal

/** Play an Inspector on the exposed current carriage; the previous player is prompted to Appeal. */
export function inspect({ G, ctx, playerID, events }: MoveContext, args?: unknown) {
  const checked = checkInspect(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  removeFromHand(G, playerID, checked.card);
  ownList(G, 'discard').push(checked.card);
  G.turn.inspectorPlayed = true;
  G.turn.played++;
  G.turn.takeBack = false;
  pushLog(G, { type: 'inspect', player: playerID, victim: checked.victim, card: checked.card, line: checked.line });
  askAppeal(G, events, { ...checked, player: checked.victim, by: playerID });
}

/** Prompt the victim of an Inspector or Feet On Seat to Appeal or accept (the `appeal` stage). */
function askAppeal(
  G: TOState,
  events: MoveContext['events'],
  p: Omit<Extract<Pending, { kind: 'appeal' }>, 'kind' | 'stage'>,
): void {
  G.pending = {
    kind: 'appeal',
    stage: 'appeal',
    player: p.player,
    by: p.by,
    source: p.source,
    card: p.card,
    line: p.line,
    carriage: p.carriage,
    evaders: p.evaders,
  };
  askFor(events, p.player, 'appeal');
}

/**
 * Takes `card` from `playerID`'s hand as their turn's Power (the caller puts
 * it where it goes), and notes whether the turn may be taken back after it.
 */
function playPower(G: TOState, playerID: PlayerID, card: CardId, takeBack: boolean): void {
  removeFromHand(G, playerID, card);
  G.turn.powerPlayed = true;
  G.turn.played++;
  G.turn.takeBack = takeBack;
}

/** Play Feet On Seat on an opponent with Evaders in the current carriage; they are prompted to Appeal. */
export function feetOnSeat({ G, ctx, playerID, events }: MoveContext, args?: unknown) {
  const checked = checkFeetOnSeat(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  playPower(G, playerID, checked.card, false);
  ownList(G, 'usedPowers').push(checked.card);
  pushLog(G, { type: 'feetOnSeat', player: playerID, victim: checked.target, line: checked.line });
  askAppeal(G, events, { ...checked, player: checked.target, by: playerID, source: 'feetOnSeat' });
}

/** Settle an inspection or Feet On Seat: the Evaders go to `receiver`; an Inspector's carriage is emptied. */
function resolveInspection(G: TOState, receiver: PlayerID): void {
  const p = G.pending;
  if (!p || p.kind !== 'appeal') return;
  takeOutOfCarriage(G, p.line, p.carriage, p.evaders);
  if (p.source !== 'feetOnSeat') {
    // Any Priority Seat in an inspected carriage is used up (RULINGS §6, §12.24).
    const c = ownCarriage(G, p.line, p.carriage);
    if (c) {
      for (const pc of c.cards) ownList(G, 'usedPowers').push(pc.card);
      c.cards = [];
    }
  }
  // Logged before the cards arrive, so that a DING they cancel is logged after them.
  pushLog(G, { type: 'take', player: receiver, count: p.evaders.length, cards: p.evaders.slice() });
  giveCards(G, receiver, p.evaders);
  G.pending = null;
  G.turn.takeBack = false;
}

/** The victim Appeals: it succeeds unless an Authorised Inspector caught them; either way it is spent. */
export function appeal({ G, ctx, playerID, events }: MoveContext) {
  const checked = checkAppeal(G, ctx, playerID);
  if (typeof checked === 'string') return INVALID_MOVE;
  const p = G.pending as Extract<TOState['pending'], { kind: 'appeal' }>;
  removeFromHand(G, playerID, checked.card);
  ownList(G, 'usedPowers').push(checked.card);
  pushLog(G, { type: 'appeal', player: playerID, success: checked.success });
  resolveInspection(G, checked.success ? p.by : playerID);
  // A successful Appeal that was the victim's last card: DING at once; the turn in progress is the chance (§12.9).
  if (G.players[playerID].handSize === 0) ding(G, playerID, G.turn.number);
  leaveStage({ ctx, events });
}

/** The victim takes the Evaders. */
export function acceptInspection({ G, ctx, playerID, events }: MoveContext) {
  if (checkAccept(G, ctx, playerID) !== true) return INVALID_MOVE;
  const feet = G.pending?.kind === 'appeal' && G.pending.source === 'feetOnSeat';
  pushLog(G, feet ? { type: 'accept', player: playerID, feet } : { type: 'accept', player: playerID });
  resolveInspection(G, playerID);
  leaveStage({ ctx, events });
}

// ---------------------------------------------------------------- Evaders

/** Play one batch: `count` Evaders of `line` plus an optional Priority Seat. */
export function playEvaders(mc: MoveContext, args?: unknown) {
  const { G, ctx, playerID } = mc;
  const checked = checkBatch(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  const { line } = checked;
  // A Free Tram Zone is used up the moment a card is added to a different Line.
  for (const id of G.lineOrder) {
    const ftz = G.lines[id].freeTramZone;
    if (ftz && id !== line) {
      ownList(G, 'usedPowers').push(ftz);
      ownLine(G, id).freeTramZone = null;
    }
  }
  const L = ownLine(G, line);
  if (checked.newCarriage) L.carriages.push({ id: G.nextCarriageId++, cards: [] });
  const carriage = ownCarriage(G, line, L.carriages[L.carriages.length - 1].id)!;
  const cards = [...checked.evaders, ...(checked.prioritySeat ? [checked.prioritySeat] : [])];
  for (const c of cards) {
    removeFromHand(G, playerID, c);
    carriage.cards.push({ card: c, player: playerID });
  }
  G.currentLine = line;
  G.sinceAdd = [];
  G.turn.batchPlayed = true;
  G.turn.played += cards.length;
  G.turn.addedTo = carriage.id;
  G.turn.takeBack = true;
  if (checked.prioritySeat) G.turn.powerPlayed = true;
  pushLog(G, {
    type: 'batch',
    player: playerID,
    line,
    count: checked.evaders.length,
    prioritySeat: !!checked.prioritySeat,
    newCarriage: checked.newCarriage,
  });
  // Unlock: the count first reaching 9 with the Exp still under the Line (RULINGS §9).
  if (L.hasExp && L.exp && lineCount(G, line) >= EVADERS_PER_LINE) {
    const e = L.exp;
    L.exp = null;
    L.hasExp = false;
    pushLog(G, { type: 'unlock', player: playerID, line });
    takeExp(G, playerID, e);
    // The player has seen the Exp from under the Line.
    G.turn.takeBack = false;
  }
}

// ---------------------------------------------------------------- other Powers

/** Peak Hour: placed in front of you until your next turn begins. */
export function peakHour({ G, ctx, playerID }: MoveContext) {
  const checked = checkPeakHour(G, ctx, playerID);
  if (typeof checked === 'string') return INVALID_MOVE;
  playPower(G, playerID, checked.card, true);
  ownList(G, 'peakHours').push({ card: checked.card, owner: playerID });
  pushLog(G, { type: 'power', player: playerID, power: POWER_NAMES.peakHour });
}

/** Free Tram Zone: placed on the current line. */
export function freeTramZone({ G, ctx, playerID }: MoveContext) {
  const checked = checkFreeTramZone(G, ctx, playerID);
  if (typeof checked === 'string') return INVALID_MOVE;
  playPower(G, playerID, checked.card, true);
  ownLine(G, checked.line).freeTramZone = checked.card;
  pushLog(G, { type: 'power', player: playerID, power: POWER_NAMES.freeTramZone, line: checked.line });
}

/** An Appeal in your own turn, as your Power, with no effect. */
export function shedAppeal({ G, ctx, playerID }: MoveContext) {
  const checked = checkShedAppeal(G, ctx, playerID);
  if (typeof checked === 'string') return INVALID_MOVE;
  playPower(G, playerID, checked.card, true);
  ownList(G, 'usedPowers').push(checked.card);
  pushLog(G, { type: 'power', player: playerID, power: POWER_NAMES.appeal });
}

/**
 * Tram Tracker: the target shows their hand to you only; then `trackerSwap`. As your last card too: you
 * still see the hand, and then take nothing (RULINGS §7.5).
 */
export function tramTracker({ G, ctx, playerID, events }: MoveContext, args?: unknown) {
  const checked = checkTramTracker(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  playPower(G, playerID, checked.card, false);
  ownList(G, 'usedPowers').push(checked.card);
  pushLog(G, { type: 'power', player: playerID, power: POWER_NAMES.tramTracker, target: checked.target });
  G.trackerReveal = { chooser: playerID, target: checked.target, cards: [...G.players[checked.target].hand!] };
  G.pending = { kind: 'tracker', stage: 'tracker', player: playerID, target: checked.target };
  askFor(events, playerID, 'tracker');
}

/**
 * Complete a Tram Tracker: take one card from the target, give one of yours other than it; or, holding no
 * other card (`{ take: null, give: null }`), take nothing. Either way the reveal ends.
 */
export function trackerSwap({ G, ctx, playerID, events }: MoveContext, args?: unknown) {
  const checked = checkTrackerSwap(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  if (checked.take === null) {
    pushLog(G, { type: 'trackerNothing', player: playerID, target: checked.target });
  } else {
    removeFromHand(G, checked.target, checked.take);
    giveCards(G, playerID, [checked.take]);
    removeFromHand(G, playerID, checked.give);
    giveCards(G, checked.target, [checked.give]);
    pushLog(G, { type: 'trackerSwap', player: playerID, target: checked.target });
  }
  G.trackerReveal = null;
  G.pending = null;
  G.turn.takeBack = false;
  leaveStage({ ctx, events });
}

// ---------------------------------------------------------------- drawing, stuck hands, ending

/** Draw one card (nothing playable): first the journey's single reshuffle if the pile is empty. */
export function draw({ G, ctx, playerID, random }: MoveContext) {
  const checked = checkDraw(G, ctx, playerID);
  if (typeof checked === 'string') return INVALID_MOVE;
  if (checked.reshuffle) {
    G.drawPile = random.Shuffle([...G.discard]);
    G.discard = [];
    G.reshuffled = true;
  }
  const card = ownList(G, 'drawPile').shift()!;
  G.drawCount = G.drawPile.length;
  const pl = ownPlayer(G, playerID);
  pl.hand!.push(card);
  pl.handSize++;
  G.turn.drew = true;
  G.turn.takeBack = false;
  pushLog(G, { type: 'draw', player: playerID, reshuffled: checked.reshuffle });
}

/** A stuck hand puts one card of its choice out of the journey, face up: that is the turn. */
export function putOut({ G, ctx, playerID }: MoveContext, args?: unknown) {
  const checked = checkPutOut(G, ctx, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  removeFromHand(G, playerID, checked.card);
  ownList(G, 'usedPowers').push(checked.card);
  G.turn.putOut = true;
  G.turn.takeBack = false;
  pushLog(G, { type: 'putOut', player: playerID, card: checked.card });
}

/** End your turn (after at least one card): the move's `afterMove` (index.ts) ends it, with no event. */
export function endTurn({ G, ctx, playerID }: MoveContext) {
  if (checkEndTurn(G, ctx, playerID) !== true) return INVALID_MOVE;
  G.turn.ended = true;
}
