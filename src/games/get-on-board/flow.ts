/**
 * The round (RULINGS §3): the ticket, the plots in Inspector order, the
 * Common Objectives (§7, R15), the Inspector passing on, and the end (§8, R7).
 */
import {
  COLOURS,
  COMMON_BLUE,
  COMMON_YELLOW,
  ROUNDS,
  objectiveCard,
  ticketBorder,
  type ObjectiveCounter,
} from './data';
import { ownList, ownSheet, ownSheetList, pushLog } from './fork';
import { graphOf } from './graph';
import { ZERO_SCORE, scoreSheet } from './score';
import type { GobResult, GobState, PlayerID, Sheet } from './types';

/** A player's name in the log. */
export const who = (G: GobState, p: PlayerID): string => `Player ${Number(p) + 1} (${COLOURS[G.players[p].colour]})`;

/** The seats after `from`, clockwise, ending with `from`. */
function clockwiseAfter(G: GobState, from: PlayerID): PlayerID[] {
  const i = G.order.indexOf(from);
  return G.order.map((_, k) => G.order[(i + 1 + k) % G.order.length]);
}

/** Everyone has chosen a departure: put the pawns down and start round 1. */
export function revealDepartures(G: GobState): void {
  const graph = graphOf(G.mapId);
  for (const p of G.order) {
    const point = graph.departures.get(G.choices[p]!)!;
    const sheet = ownSheet(G, p);
    sheet.departure = point;
    sheet.line = [point];
    pushLog(G, { round: 0, player: p, text: `${who(G, p)} departs from ${G.choices[p]} (${point}).` });
  }
  startRound(G, G.inspector);
}

/** Phase 1: the Inspector reveals the next ticket; on Rome, round 1's border picks the speedy colour (R10). */
export function startRound(G: GobState, inspector: PlayerID): void {
  G.round++;
  G.inspector = inspector;
  const ticket = ownList(G, 'deck').shift()!;
  G.ticket = ticket;
  ownList(G, 'revealed').push(ticket);
  for (const p of G.order) {
    const sheet = ownSheet(G, p);
    sheet.extraUsed = false;
    if (!sheet.eliminated) ownSheetList(G, p, 'tickets').push(ticket);
  }
  pushLog(G, {
    round: G.round,
    player: inspector,
    text: `Round ${G.round}: ${who(G, inspector)} reveals ticket ${ticket}.`,
  });
  if (G.round === 1 && graphOf(G.mapId).hasSpeedy) {
    G.speedy = ticketBorder(ticket);
    pushLog(G, { round: 1, text: `The ${G.speedy} sections are speedy for the whole game.` });
  }
  G.toPlay = inspector;
}

/** What a Common Objective card counts on a sheet (§7). */
export function objectiveCount(sheet: Sheet, counter: ObjectiveCounter): number {
  switch (counter) {
    case 'tourists':
      return sheet.tourists.reduce((a, r) => a + r.tourists, 0);
    case 'flirts':
      return sheet.flirts.reduce((a, r) => a + r.light + r.dark, 0);
    default:
      return sheet[counter];
  }
}

/** Phase 3: every non-eliminated player at a threshold scores the card's side at the phase's start (R15). */
export function checkObjectives(G: GobState): void {
  for (const slot of G.objectives) {
    const card = objectiveCard(slot.card);
    const points = slot.side === 'yellow' ? COMMON_YELLOW : COMMON_BLUE;
    let scored = false;
    for (const p of G.order) {
      const sheet = G.players[p];
      if (sheet.eliminated || sheet.objectives.some((o) => o.card === slot.card)) continue;
      if (objectiveCount(sheet, card.counter) < card.threshold) continue;
      ownSheetList(G, p, 'objectives').push({ card: slot.card, points, round: G.round });
      scored = true;
      pushLog(G, { round: G.round, player: p, text: `${who(G, p)} scores “${card.label}” for ${points}.` });
    }
    if (scored && slot.side === 'yellow') {
      // Replaced, not changed: the state before the move shares the slots.
      G.objectives = G.objectives.map((o) => (o === slot ? { ...o, side: 'blue' as const } : o));
      pushLog(G, { round: G.round, text: `“${card.label}” turns to its blue side (6).` });
    }
  }
}

/** After a plot: the next player of the round, or phases 3 and 4 and the next round (or the end). */
export function afterPlot(G: GobState, player: PlayerID): void {
  for (const p of clockwiseAfter(G, player)) {
    if (p === G.inspector) break;
    if (!G.players[p].eliminated) {
      G.toPlay = p;
      return;
    }
  }
  checkObjectives(G);
  const live = G.order.filter((p) => !G.players[p].eliminated);
  if (G.round >= ROUNDS || live.length === 0) {
    endGame(G);
    return;
  }
  const next = clockwiseAfter(G, G.inspector).find((p) => !G.players[p].eliminated)!;
  startRound(G, next);
}

/** The final result: §8 breakdowns, shared victory on ties, eliminated players last with 0 (R7). */
export function gameResult(G: GobState): GobResult {
  const graph = graphOf(G.mapId);
  const scores: GobResult['scores'] = {};
  for (const p of G.order) {
    const sheet = G.players[p];
    if (sheet.eliminated) {
      scores[p] = { ...ZERO_SCORE, eliminated: true };
      continue;
    }
    const card = graph.map.personalObjectives.find((o) => o.id === sheet.personal);
    const targets = card ? card.sites.filter((s) => sheet.sites.includes(s)).length : 0;
    scores[p] = { ...scoreSheet(sheet, targets), eliminated: false };
  }
  const live = G.order.filter((p) => !scores[p].eliminated);
  const best = Math.max(...live.map((p) => scores[p].total));
  const winners = live.filter((p) => scores[p].total === best);
  const rank = (p: PlayerID) => (scores[p].eliminated ? -Infinity : scores[p].total);
  const ranking = [...G.order].sort((a, b) => rank(b) - rank(a));
  return { scores, winners, ranking };
}

/** The game ends: after round 12, or when every player is eliminated (no winner). */
export function endGame(G: GobState): void {
  G.toPlay = null;
  G.result = gameResult(G);
  const text =
    G.result.winners.length === 0
      ? 'Every player is eliminated: nobody wins.'
      : `Game over. ${G.result.winners.map((p) => who(G, p)).join(' and ')} ${G.result.winners.length > 1 ? 'share the victory' : 'wins'} with ${G.result.scores[G.result.winners[0]].total}.`;
  pushLog(G, { round: G.round, text });
}
