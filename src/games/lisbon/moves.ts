/**
 * The moves. Each re-checks its arguments with the legal-move functions and
 * returns INVALID_MOVE, leaving the state untouched, on anything else.
 */
import { INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx } from 'boardgame.io';
import { CARD_BY_ID } from './data/cards';
import type { Color } from './data/types';
import type { GState, NodeId, PendingMove, PlayerID } from './types';
import { addInto, counts, subInto, zero } from './counts';
import { cheapestPayment, payments } from './payment';
import { resolveMove, type Resolution } from './push';
import { network, splitRoute } from './network';
import {
  checkDropOff,
  checkKeepPassenger,
  checkMove,
  checkPickUp,
  checkTakeBonus,
  legalPlacements,
  legalPushBranches,
  samePath,
  turnBlocked,
} from './legal';
import { dealMonument, discardTickets, drawPassengers, drawTickets, log, type RandomLike } from './state';
import { emptyStops, fitting, playerToRight } from './selectors';

/** What boardgame.io hands a move. */
export interface MoveContext {
  /** The state to change: a fresh copy of `base` under boardgame.io (fork.ts), the plain state in the bots' driver. */
  G: GState;
  /**
   * The same state before this move, read-only (see the `base-state` plugin
   * in index.ts). Checks and other reads go here, which keeps them correct
   * whether `G` is a copy or, in the bots' driver, `base` itself.
   */
  base: GState;
  ctx: Ctx;
  playerID: PlayerID;
  random: RandomLike & { Die(n: number): number };
  events: {
    endTurn(): void;
    endStage(): void;
    setActivePlayers(arg: { value: Record<PlayerID, string> }): void;
  };
}

/** Ask a player for a decision outside (or inside) their turn. */
function waitFor(events: MoveContext['events'], player: PlayerID, stage: string): void {
  events.setActivePlayers({ value: { [player]: stage } });
}

/** Apply a completed move: positions, pushes, push rewards, log. */
function finishMove(mc: MoveContext, pm: PendingMove, res: Extract<Resolution, { status: 'done' }>): void {
  const { G, ctx, random } = mc;
  const from = G.players[pm.mover].position;
  log(G, ctx.turn, {
    type: 'move',
    player: pm.mover,
    from,
    to: res.positions[pm.mover],
    path: pm.route,
    steps: pm.steps,
    paid: pm.paid,
    free: pm.free,
  });
  for (const p of res.pushes)
    log(G, ctx.turn, { type: 'push', player: pm.mover, pushed: p.tram, from: p.from, to: p.to, path: p.path });
  for (const id in res.positions) G.players[id].position = res.positions[id];
  if (res.pushes.length > 0) {
    // Push reward: the pusher and every pushed player draw 1 ticket, once per player per turn.
    const involved = [pm.mover, ...res.pushes.map((p) => p.tram)].filter((p, i, a) => a.indexOf(p) === i);
    const rewarded: PlayerID[] = [];
    for (const p of involved) {
      if (G.turn.pushRewarded.includes(p)) continue;
      G.turn.pushRewarded.push(p);
      if (drawTickets(G, random, p, 1, ctx.turn) > 0) rewarded.push(p);
    }
    if (rewarded.length) log(G, ctx.turn, { type: 'pushReward', players: rewarded });
  }
}

/** Continue a move: finish it, or wait for the next branch choice. */
function advanceMove(mc: MoveContext, pm: PendingMove, res: Resolution & { choices: NodeId[][] }): void {
  const { G, events } = mc;
  if (res.status === 'choice') {
    G.pending = {
      kind: 'pushBranch',
      stage: 'pushBranch',
      player: res.owner,
      tram: res.owner,
      from: res.from,
      // Copies: the paths may be shared with network.ts's memo.
      options: res.options.map((o) => [...o]),
      move: { ...pm, choices: res.choices },
    };
    waitFor(events, res.owner, 'pushBranch');
    return;
  }
  if (res.status === 'done') finishMove(mc, pm, res);
  G.pending = null;
}

/** Move your tram: one action and k same-colour tickets for k single moves, or the free move. */
export function move(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID } = mc;
  const checked = checkMove(base, ctx.currentPlayer, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  const route = (args as { route: NodeId[] }).route.slice();
  if (checked.free) G.turn.freeMoveUsed = true;
  else {
    G.turn.actions++;
    discardTickets(G, playerID, checked.payment);
  }
  const pm: PendingMove = {
    mover: playerID,
    route,
    choices: [],
    paid: checked.payment,
    steps: checked.steps.length,
    free: checked.free,
  };
  advanceMove(mc, pm, checked.resolution);
  // A push draws reward tickets or asks the pushed player for a branch: not to be taken back.
  G.turn.takeBack = checked.resolution.status === 'done' && checked.resolution.pushes.length === 0;
}

/** A pushed tram's owner chooses the branch at a fork (outside their turn). */
export function choosePushBranch(mc: MoveContext, args: unknown) {
  const { G, base, playerID, events } = mc;
  const options = legalPushBranches(base, playerID);
  const path = (args as { path?: unknown } | null)?.path;
  if (!Array.isArray(path)) return INVALID_MOVE;
  const chosen = options.find((o) => samePath(o, path as NodeId[]));
  if (!chosen || !base.pending || base.pending.kind !== 'pushBranch') return INVALID_MOVE;
  const pm = base.pending.move;
  const steps = splitRoute(base, network(base.side), base.players[pm.mover].position, pm.route)!;
  const res = resolveMove(base, pm.mover, steps, [...pm.choices, chosen]);
  advanceMove(mc, pm, res);
  G.turn.takeBack = false;
  if (!G.pending) events.endStage();
}

/** Seat what fits of the group at the stop; the rest stays. */
function seatGroup(mc: MoveContext, stop: NodeId, paid: ReturnType<typeof counts>): void {
  const { G, ctx, playerID } = mc;
  const group = G.stops[stop];
  const took = fitting(G, playerID, group);
  discardTickets(G, playerID, paid);
  addInto(G.players[playerID].seats, took);
  subInto(group, took);
  log(G, ctx.turn, { type: 'pickUp', player: playerID, stop, took, left: counts(group), paid });
}

/** Pick up the whole group at your stop, optionally ringing the bell first. */
export function pickUp(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID, random, events } = mc;
  const checked = checkPickUp(base, ctx.currentPlayer, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  const stop = G.players[playerID].position;
  G.turn.actions++;
  // Ringing the bell draws from the bag: only a plain pick-up may be taken back.
  G.turn.takeBack = checked.bell === 'none';
  if (checked.bell === 'none') {
    seatGroup(mc, stop, checked.pay ?? cheapestPayment(base.players[playerID].hand!, base.stops[stop])!);
    return;
  }
  if (checked.bell === 'three') {
    G.turn.draw3Used = true;
    const drawn = drawPassengers(G, random, 3, ctx.turn);
    G.pending = { kind: 'bellChoice', stage: 'bellChoice', player: playerID, drawn, stop };
    log(G, ctx.turn, { type: 'bell', player: playerID, stop, drawn, kept: null });
    waitFor(events, playerID, 'bellChoice');
    return;
  }
  const drawn = drawPassengers(G, random, 1, ctx.turn);
  const group = counts(base.stops[stop]);
  for (const c of drawn) group[c]++;
  const ways = payments(base.players[playerID].hand!, group, 2);
  if (ways.length > 1) {
    // The player says which tickets pay for the enlarged group (RULINGS "Paying"): keepPassenger.
    G.pending = { kind: 'bellChoice', stage: 'bellChoice', player: playerID, drawn, stop };
    log(G, ctx.turn, { type: 'bell', player: playerID, stop, drawn, kept: null });
    waitFor(events, playerID, 'bellChoice');
    return;
  }
  for (const c of drawn) G.stops[stop][c]++;
  log(G, ctx.turn, { type: 'bell', player: playerID, stop, drawn, kept: drawn[0] ?? null });
  if (ways.length === 0) {
    // Bell failure: nothing is picked up, no ticket is lost, the action is spent, the passenger stays.
    log(G, ctx.turn, { type: 'bellFailed', player: playerID, stop });
    return;
  }
  // Only one way to pay: nothing to ask.
  seatGroup(mc, stop, ways[0]);
}

/** Keep the passenger drawn with the bell (one of three with the draw-3 bonus) and pay, then pick up (or fail). */
export function keepPassenger(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID, events } = mc;
  const checked = checkKeepPassenger(base, playerID, args);
  const p = base.pending;
  if (typeof checked === 'string' || !p || p.kind !== 'bellChoice') return INVALID_MOVE;
  const kept: Color = checked.color;
  const back = [...p.drawn];
  back.splice(back.indexOf(kept), 1);
  for (const c of back) G.bag[c]++;
  G.stops[p.stop][kept]++;
  const stop = p.stop;
  G.pending = null;
  G.turn.takeBack = false;
  const last = G.events[G.events.length - 1];
  // Logged events are shared between states (see fork.ts): replace, never edit.
  if (last && last.type === 'bell' && last.kept === null) G.events[G.events.length - 1] = { ...last, kept };
  if (!checked.pay) log(G, ctx.turn, { type: 'bellFailed', player: playerID, stop });
  else seatGroup(mc, stop, checked.pay);
  events.endStage();
}

/** Drop passengers at your monument to claim a displayed card. */
export function dropOff(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID, random, events } = mc;
  const checked = checkDropOff(base, ctx.currentPlayer, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  const me = G.players[playerID];
  const card = CARD_BY_ID[checked.card];
  const need = counts(card.need);
  G.turn.actions++;
  // It refills the display from the deck and draws passengers from the bag.
  G.turn.takeBack = false;
  subInto(me.seats, need);
  addInto(G.passengerDiscard, need);
  if (checked.end === 'left') me.row.unshift(checked.card);
  else me.row.push(checked.card);
  log(G, ctx.turn, { type: 'claim', player: playerID, card: checked.card, end: checked.end, passengers: need });

  // The player to the right places 3 passengers from the bag on one empty stop of their choice.
  const right = playerToRight(ctx.playOrder, playerID);
  const empties = emptyStops(base); // the claim moves no tram and fills no stop
  if (empties.length === 0) {
    log(G, ctx.turn, { type: 'noEmptyStop', player: right });
  } else {
    const drawn = drawPassengers(G, random, 3, ctx.turn);
    const passengers = zero();
    for (const c of drawn) passengers[c]++;
    if (drawn.length > 0) {
      if (empties.length === 1) {
        addInto(G.stops[empties[0]], passengers);
        log(G, ctx.turn, { type: 'place', player: right, stop: empties[0], passengers });
      } else {
        G.pending = { kind: 'placePassengers', stage: 'placePassengers', player: right, passengers, options: empties };
        waitFor(events, right, 'placePassengers');
      }
    }
  }

  // Refill the display; the cone follows the new card.
  const { card: dealt, triggered } = dealMonument(G, checked.slot);
  log(G, ctx.turn, { type: 'refill', slot: checked.slot, card: dealt });
  if (triggered) log(G, ctx.turn, { type: 'endTriggered', player: playerID });
}

/** The player to the right places the drawn passengers on an empty stop. */
export function placePassengers(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID, events } = mc;
  const stop = (args as { stop?: unknown } | null)?.stop;
  if (typeof stop !== 'string' || !legalPlacements(base, playerID).includes(stop)) return INVALID_MOVE;
  const p = base.pending;
  if (!p || p.kind !== 'placePassengers') return INVALID_MOVE;
  addInto(G.stops[stop], p.passengers);
  log(G, ctx.turn, { type: 'place', player: playerID, stop, passengers: p.passengers });
  G.pending = null;
  G.turn.takeBack = false;
  events.endStage();
}

/** Take the bonus of the bonus stop your tram is on. */
export function takeBonus(mc: MoveContext, args: unknown) {
  const { G, base, ctx, playerID } = mc;
  const checked = checkTakeBonus(base, ctx.currentPlayer, playerID, args);
  if (typeof checked === 'string') return INVALID_MOVE;
  G.turn.actions++;
  G.turn.takeBack = true;
  discardTickets(G, playerID, checked.payment);
  G.players[playerID].bonuses.push(checked.option.bonus);
  log(G, ctx.turn, {
    type: 'bonus',
    player: playerID,
    bonus: checked.option.bonus,
    color: checked.option.color,
    paid: checked.payment,
  });
}

/** End your turn early. */
export function endTurn(mc: MoveContext) {
  const { base, ctx, playerID, events } = mc;
  if (turnBlocked(base, ctx.currentPlayer, playerID)) return INVALID_MOVE;
  events.endTurn();
}
