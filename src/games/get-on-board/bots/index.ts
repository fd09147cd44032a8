/**
 * Get on Board's hooks for the generic bots (random, greedy, MCTS). Pure:
 * randomness only from the rng the bots pass in.
 *
 * Every value here is in points of the final score: a plot is worth the
 * sheet's score after it, plus the Common Objectives it completes, plus what
 * the rounds left can still bring times the chance that the route's end
 * survives them (bots.plan.ts). Elimination scores nothing (R7), so a plot
 * that walks into a dead end is worth what it throws away.
 */
import type { Ctx } from 'boardgame.io';
import { INVALID_MOVE } from 'boardgame.io/core';
import type { AiMove, BotHooks, BotRng, PlayoutSim } from '../../../bots/hooks';
import { COMMON_BLUE, COMMON_YELLOW, objectiveCard, ROUNDS, TICKETS } from '../data';
import { enumerate, actingPlayer } from '../ai';
import { objectiveCount } from '../flow';
import { graphOf, xy } from '../graph';
import { plotStatus, type PlotArgs } from '../legal';
import { chooseDeparture, placePlot, plot } from '../moves';
import { scoreSheet } from '../score';
import type { GobState, PlayerID, PointId, Sheet } from '../types';
import { outlook } from './plan';

/** What a round still to play is worth to a route that can go on (points; measured games score ~5 a round). */
const PER_ROUND = 6;

/** A sheet's score now, as if the game ended (RULINGS §8). */
function sheetScore(G: GobState, sheet: Sheet): number {
  const card = graphOf(G.mapId).map.personalObjectives.find((o) => o.id === sheet.personal);
  const targets = card ? card.sites.filter((s) => sheet.sites.includes(s)).length : 0;
  return scoreSheet(sheet, targets).total;
}

/** The Common Objectives this sheet would score at the round's check, and have not scored yet. */
function objectivesDue(G: GobState, sheet: Sheet): number {
  let points = 0;
  for (const slot of G.objectives) {
    if (sheet.objectives.some((o) => o.card === slot.card)) continue;
    const card = objectiveCard(slot.card);
    if (objectiveCount(sheet, card.counter) >= card.threshold)
      points += slot.side === 'yellow' ? COMMON_YELLOW : COMMON_BLUE;
  }
  return points;
}

/** A little pull towards the personal objective's sites not reached yet (lattice distance from the line's end). */
function sitePull(G: GobState, sheet: Sheet): number {
  const graph = graphOf(G.mapId);
  const card = graph.map.personalObjectives.find((o) => o.id === sheet.personal);
  if (!card) return 0;
  const [x, y] = xy(sheet.line[sheet.line.length - 1]);
  let pull = 0;
  for (const site of card.sites) {
    if (sheet.sites.includes(site)) continue;
    const p = graph.map.intersections.find((i) => i.site === site);
    if (p) pull += 1.5 / (1 + Math.abs(p.x - x) + Math.abs(p.y - y));
  }
  return pull;
}

/** Rounds still to come after this one, plus half of this one if the player has yet to plot. */
function roundsAhead(G: GobState, playerID: PlayerID): number {
  return ROUNDS - G.round + (G.toPlay === playerID ? 0.5 : 0);
}

/** The expected final score of a sheet whose route goes on from here. */
function outlookValue(G: GobState, playerID: PlayerID, sheet: Sheet, rounds: number): number {
  if (sheet.eliminated) return 0;
  // Departures still being chosen: no route yet, every seat alike.
  if (sheet.line.length === 0) return rounds * PER_ROUND;
  const future = rounds * PER_ROUND * outlook(G, playerID, sheet.line, sheet.turnUsed);
  return sheetScore(G, sheet) + objectivesDue(G, sheet) + future + sitePull(G, sheet);
}

/** The player's sheet after a plot, on a copy (G itself is untouched). */
function sheetAfter(G: GobState, playerID: PlayerID, args: PlotArgs): Sheet {
  const s = G.players[playerID];
  const sheet: Sheet = {
    ...s,
    line: s.line.slice(),
    tourists: s.tourists.map((r) => ({ ...r })),
    flirts: s.flirts.map((r) => ({ ...r })),
    sites: s.sites.slice(),
    objectives: s.objectives.slice(),
  };
  const copy: GobState = { ...G, players: { ...G.players, [playerID]: sheet } };
  placePlot(copy, playerID, args, plotStatus(G, playerID, args.path).turnCost);
  return sheet;
}

/** How good each departure ticket looks: the icons within 2 and 3 sections, and the personal sites near. */
function departureScore(G: GobState, playerID: PlayerID, ticket: number): number {
  const graph = graphOf(G.mapId);
  const start = graph.departures.get(ticket);
  if (!start) return 0;
  const card = graph.map.personalObjectives.find((o) => o.id === G.players[playerID].personal);
  const dist = new Map<PointId, number>([[start, 0]]);
  const queue = [start];
  let value = 0;
  for (let i = 0; i < queue.length; i++) {
    const d = dist.get(queue[i])!;
    if (d >= 3) continue;
    for (const e of graph.exits.get(queue[i])!) {
      if (dist.has(e.to)) continue;
      dist.set(e.to, d + 1);
      queue.push(e.to);
      const point = graph.points.get(e.to)!;
      value += point.icons.length * (d + 1 <= 2 ? 1 : 0.5);
      if (point.site && card?.sites.includes(point.site)) value += 3;
    }
  }
  return value;
}

/** One greedy score per move: the expected final score after it. */
function scoreMoves(G: GobState, playerID: PlayerID, moves: AiMove[]): number[] {
  const rounds = ROUNDS - G.round;
  return moves.map((m) => {
    const a = m.args[0] as Record<string, unknown>;
    if (m.move === 'chooseDeparture') return departureScore(G, playerID, a.ticket as number);
    return outlookValue(G, playerID, sheetAfter(G, playerID, a as unknown as PlotArgs), rounds);
  });
}

/** A full state consistent with the view: the unrevealed tickets in a random order, and the hidden departure offers. */
export function determinize(view: GobState, ctx: Ctx, playerID: PlayerID, rng: BotRng): GobState {
  const G: GobState = structuredClone(view);
  G.deck = rng.shuffle(TICKETS.filter((t) => !G.revealed.includes(t)));
  if (G.round === 0) {
    const graph = graphOf(G.mapId);
    const mine = G.offers[playerID] ?? [];
    const pool = rng.shuffle(TICKETS.filter((t) => graph.departures.has(t) && !mine.includes(t)));
    for (const p of G.order) {
      if (p === playerID) continue;
      G.offers[p] = pool.splice(0, 2).sort((x, y) => x - y);
      // A player no longer active has chosen: one of their tickets, at random.
      const active = ctx.activePlayers ? p in ctx.activePlayers : true;
      G.choices[p] = active ? null : G.offers[p][rng.int(2)];
    }
  }
  return G;
}

/** A game on a plain, mutable G for MCTS playouts. */
interface Sim {
  G: GobState;
  ctx: Ctx;
}

/**
 * Fast playouts: the rules' own moves on a plain copy, without boardgame.io's
 * reducer. The rules keep the turn order in G (`toPlay`, the departure
 * choices), so ctx only carries the result and counts a turn per move (MCTS
 * playouts stop after `playoutTurns` plots; in boardgame.io a turn is a round).
 */
const playout: PlayoutSim<GobState, Sim> = {
  start: (state) => ({ G: structuredClone(state.G), ctx: { ...state.ctx } }),
  current: (sim) => sim,
  apply: (sim, playerID, move, args) => {
    const fn = move === 'plot' ? plot : move === 'chooseDeparture' ? chooseDeparture : null;
    if (!fn || fn({ G: sim.G, playerID }, args[0]) === INVALID_MOVE) return false;
    const G = sim.G;
    sim.ctx = { ...sim.ctx, turn: sim.ctx.turn + 1, currentPlayer: G.toPlay ?? sim.ctx.currentPlayer };
    if (G.result) sim.ctx.gameover = G.result;
    return true;
  },
};

/** The bot hooks of Get on Board. */
export const getOnBoardBots: BotHooks<GobState> = {
  moves: (G, _ctx, playerID) => enumerate(G, playerID),
  scoreMoves: (G, _ctx, playerID, moves) => scoreMoves(G, playerID, moves),
  evaluate: (G, _ctx, playerID) => {
    if (G.result) return G.result.scores[playerID]?.total ?? 0;
    const sheet = G.players[playerID];
    return outlookValue(G, playerID, sheet, roundsAhead(G, playerID));
  },
  determinize,
  actingPlayer: (G) => actingPlayer(G),
  playout,
  mcts: { bias: 1 },
  // A boardgame.io turn is a round here; the rules count them.
  rounds: (G) => G.round,
  seatStats: (G, _ctx, playerID) => ({ 'elim.': G.players[playerID]?.eliminated ? 1 : 0 }),
};
