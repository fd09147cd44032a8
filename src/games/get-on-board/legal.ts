/**
 * What a player may plot (RULINGS §4, R4–R8, R11, R18): one family of pure
 * functions used by the `plot` move, the board and `ai.enumerate`.
 *
 * A plot is the list of intersections this round's markers reach, in order,
 * starting next to the line's end; the Metro extra marker is separate.
 */
import { shapeFor, type JointType, type Shape } from './data';
import { graphOf, isTurn, opposite, othersOnSections, routeSets, sectionKey, type Dir, type Exit } from './graph';
import type { GobState, PlayerID, PointId, Speedy } from './types';

/** One legal next marker. */
export interface PlotOption {
  to: PointId;
  /** It reaches an intersection already visited: the plot stops there and the player is eliminated (R7). */
  eliminates: boolean;
  /** Turn spaces this marker's joint uses (0 or 1; the first joint is free). */
  turnCost: number;
  /** The section's speedy colour when it is the active one (Rome): +1 Connection. */
  speedy?: Speedy;
  /** Connection circles it would cross (before the 19-circle cap). */
  connections: number;
}

/** Where a partial plot stands. */
export interface PlotStatus {
  /** Why the partial plot is illegal (then nothing else is meaningful), or null. */
  error: string | null;
  shape: Shape;
  /** The single-marker fallback applies (§4, R6): the only legal plots are exactly 1 marker, at no cost. */
  fallback: boolean;
  /** Legal next markers (empty once complete). */
  next: PlotOption[];
  /** The partial plot is a whole legal plot: the player may confirm it (or add the extra marker). */
  complete: boolean;
  /** The partial plot ends on a visited intersection. */
  eliminated: boolean;
  /** Turn spaces the partial plot uses, and those left after it. */
  turnCost: number;
  turnSpacesLeft: number;
  /** Markers still to place, and the joints still to make (the first is at the partial plot's end). */
  markersLeft: number;
  jointsLeft: JointType[];
}

/** The arguments of the `plot` move. */
export interface PlotArgs {
  path: PointId[];
  extra?: PointId;
}

/** Everything about a player's route a plot needs, computed once. */
interface Ctx {
  exits: Map<PointId, Exit[]>;
  shape: Shape;
  own: ReadonlySet<string>;
  visited: ReadonlySet<PointId>;
  /** Other players' markers on each section (only the options' Connections need it: made on first use). */
  others: () => Map<string, number>;
  speedy: Speedy | null;
  turnsLeft: number;
  line: PointId[];
}

/** Whether `playerID` is a seat of this game (not merely a key of every object, like "constructor"). */
export const isSeat = (G: GobState, playerID: unknown): playerID is PlayerID =>
  typeof playerID === 'string' && Object.prototype.hasOwnProperty.call(G.players, playerID);

function context(G: GobState, playerID: PlayerID): Ctx | string {
  if (!isSeat(G, playerID)) return 'There is no such player.';
  const sheet = G.players[playerID];
  if (G.ticket === null) return 'No ticket has been revealed yet.';
  if (sheet.line.length === 0) return 'This player has no departure yet.';
  const graph = graphOf(G.mapId);
  let others: Map<string, number> | undefined;
  const route = routeSets(sheet.line, graph);
  return {
    exits: graph.exits,
    shape: shapeFor(sheet.variant, G.ticket),
    own: route.own,
    visited: route.visited,
    others: () => (others ??= othersOnSections(G, playerID)),
    speedy: G.speedy,
    turnsLeft: 5 - sheet.turnUsed,
    line: sheet.line,
  };
}

/**
 * A walk of markers from the line's end: where it is, its last direction,
 * the Turn spaces it used, and the sections and intersections of this plot
 * (at most 4 each: the route's own are in the context, shared by every walk).
 */
interface Walk {
  at: PointId;
  dir: Dir | null;
  cost: number;
  keys: string[];
  points: PointId[];
  markers: number;
}

function startWalk(c: Ctx): Walk {
  const n = c.line.length;
  const at = c.line[n - 1];
  const dir = n > 1 ? (c.exits.get(c.line[n - 2])!.find((e) => e.to === at)?.dir ?? null) : null;
  return { at, dir, cost: 0, keys: [], points: [], markers: 0 };
}

/** The section is this player's already: on the route, or earlier in this plot (R11). */
const used = (c: Ctx, w: Walk, key: string) => c.own.has(key) || w.keys.includes(key);
/** The intersection was visited: on the route, or earlier in this plot (R7). */
const reached = (c: Ctx, w: Walk, p: PointId) => c.visited.has(p) || w.points.includes(p);

/**
 * The Turn spaces a walk's next marker along `exit` uses (`joints` null = any joint, at no cost), or -1
 * when it may not go there or the `budget` of Turn spaces does not cover it.
 */
function stepCost(c: Ctx, w: Walk, joints: JointType[] | null, budget: number, exit: Exit): number {
  // R11: one marker per colour per section; doubling back would reuse the last one (§4).
  if (used(c, w, exit.key) || (w.dir && opposite(w.dir, exit.dir))) return -1;
  let cost = 0;
  // The joint with the previous round's route is free (§4): only internal joints count.
  if (joints && w.markers > 0) {
    const need = joints[w.markers - 1];
    const actual: JointType = isTurn(w.dir!, exit.dir) ? 'turn' : 'straight';
    cost = need === 'any' || need === actual ? 0 : 1;
  }
  return w.cost + cost <= budget ? cost : -1;
}

const NO_EXITS: Exit[] = [];

/** The exits a walk may take next, with the joint's cost (`joints` null = any joint, at no cost). */
function steps(c: Ctx, w: Walk, joints: JointType[] | null, budget: number): { exit: Exit; cost: number }[] {
  const out: { exit: Exit; cost: number }[] = [];
  for (const exit of c.exits.get(w.at) ?? NO_EXITS) {
    const cost = stepCost(c, w, joints, budget, exit);
    if (cost >= 0) out.push({ exit, cost });
  }
  return out;
}

function advance(w: Walk, exit: Exit, cost: number): Walk {
  return {
    at: exit.to,
    dir: exit.dir,
    cost: w.cost + cost,
    keys: [...w.keys, exit.key],
    points: [...w.points, exit.to],
    markers: w.markers + 1,
  };
}

/** Whether the shape can be laid ignoring revisits (§4 fallback test, R6). */
function canLay(c: Ctx, w: Walk): boolean {
  if (w.markers === c.shape.markers) return true;
  for (const exit of c.exits.get(w.at) ?? NO_EXITS) {
    const cost = stepCost(c, w, c.shape.joints, c.turnsLeft, exit);
    if (cost >= 0 && canLay(c, advance(w, exit, cost))) return true;
  }
  return false;
}

/** Whether a walk can become a whole legal plot: the shape, or a revisit that stops it (R7). */
function canFinish(c: Ctx, w: Walk): boolean {
  if (w.markers === c.shape.markers) return true;
  for (const exit of c.exits.get(w.at) ?? NO_EXITS) {
    const cost = stepCost(c, w, c.shape.joints, c.turnsLeft, exit);
    if (cost >= 0 && (reached(c, w, exit.to) || canFinish(c, advance(w, exit, cost)))) return true;
  }
  return false;
}

function option(c: Ctx, w: Walk, exit: Exit, cost: number): PlotOption {
  const speedy = c.speedy && exit.speedy === c.speedy ? c.speedy : undefined;
  const connections = (c.others().get(exit.key) ?? 0) + (speedy ? 1 : 0);
  const o: PlotOption = { to: exit.to, eliminates: reached(c, w, exit.to), turnCost: cost, connections };
  if (speedy) o.speedy = speedy;
  return o;
}

/** The legal next markers of a walk, in normal or fallback mode. */
function nextOptions(c: Ctx, w: Walk, fallback: boolean): PlotOption[] {
  if (fallback) return w.markers === 0 ? steps(c, w, null, 0).map((s) => option(c, w, s.exit, 0)) : [];
  if (w.markers >= c.shape.markers) return [];
  return steps(c, w, c.shape.joints, c.turnsLeft)
    .filter((s) => reached(c, w, s.exit.to) || canFinish(c, advance(w, s.exit, s.cost)))
    .map((s) => option(c, w, s.exit, s.cost));
}

const badStatus = (error: string, shape: Shape): PlotStatus => ({
  error,
  shape,
  fallback: false,
  next: [],
  complete: false,
  eliminated: false,
  turnCost: 0,
  turnSpacesLeft: 0,
  markersLeft: 0,
  jointsLeft: [],
});

/** A partial plot's status, and the walk it makes (null when it is illegal). */
function statusOf(c: Ctx, partial: readonly PointId[]): { status: PlotStatus; walk: Walk | null } {
  let w = startWalk(c);
  const fallback = !canLay(c, w);
  let eliminated = false;
  for (const p of partial) {
    if (eliminated)
      return { status: badStatus('The plot goes on after reaching a visited intersection.', c.shape), walk: null };
    const legal = nextOptions(c, w, fallback).find((o) => o.to === p);
    if (!legal) return { status: badStatus(`A marker from ${w.at} to ${p} is not legal here.`, c.shape), walk: null };
    const exit = c.exits.get(w.at)!.find((e) => e.to === p)!;
    eliminated = legal.eliminates;
    w = advance(w, exit, legal.turnCost);
  }
  const size = fallback ? 1 : c.shape.markers;
  const complete = eliminated || w.markers === size;
  const status: PlotStatus = {
    error: null,
    shape: c.shape,
    fallback,
    next: complete ? [] : nextOptions(c, w, fallback),
    complete,
    eliminated,
    turnCost: w.cost,
    turnSpacesLeft: c.turnsLeft - w.cost,
    markersLeft: complete ? 0 : size - w.markers,
    jointsLeft: complete || fallback ? [] : c.shape.joints.slice(Math.max(0, w.markers - 1)),
  };
  return { status, walk: w };
}

/** Where a partial plot stands for this player (the intersections reached so far this turn, in order). */
export function plotStatus(G: GobState, playerID: PlayerID, partial: readonly PointId[]): PlotStatus {
  const c = context(G, playerID);
  if (typeof c === 'string') return badStatus(c, shapeFor(1, 4));
  return statusOf(c, partial).status;
}

/** Metro circles the player may cross after this plot (those circled before and during it, R8). */
function metroAvailable(G: GobState, playerID: PlayerID, path: readonly PointId[]): number {
  const sheet = G.players[playerID];
  const metro = graphOf(G.mapId).metro;
  let reachedMetro = 0;
  for (const p of path) if (metro.has(p)) reachedMetro++;
  return Math.min(6, sheet.metroCircled + reachedMetro) - sheet.metroCrossed;
}

/** The extra marker's exits after a complete, non-eliminating walk `w` of `path` (R8). */
function extraSteps(G: GobState, playerID: PlayerID, c: Ctx, path: readonly PointId[], w: Walk): { exit: Exit }[] {
  if (G.players[playerID].extraUsed || metroAvailable(G, playerID, path) < 1) return [];
  // The extra marker's joint is free (R8): straight or turn, never back; it spends no Turn space.
  return steps(c, w, null, w.cost);
}

/** The extra marker's targets after a complete, non-eliminating walk `w` of `path` (R8). */
const extrasOf = (G: GobState, playerID: PlayerID, c: Ctx, path: readonly PointId[], w: Walk): PlotOption[] =>
  extraSteps(G, playerID, c, path, w).map((s) => option(c, w, s.exit, 0));

/** The legal targets of the Metro extra marker after a complete plot `path` (R8); [] when none is allowed. */
export function extraOptions(G: GobState, playerID: PlayerID, path: readonly PointId[]): PlotOption[] {
  const c = context(G, playerID);
  if (typeof c === 'string' || path.length === 0) return [];
  const { status, walk } = statusOf(c, path);
  if (status.error || !status.complete || status.eliminated || !walk) return [];
  return extrasOf(G, playerID, c, path, walk);
}

/** Why this player may not plot now (null when it is their plot). */
export function turnError(G: GobState, playerID: PlayerID): string | null {
  if (G.result) return 'The game is over.';
  if (G.round < 1) return 'Departures are still being chosen.';
  if (!isSeat(G, playerID)) return 'There is no such player.';
  if (G.players[playerID].eliminated) return 'This player is eliminated.';
  if (G.toPlay !== playerID) return 'It is not this player’s turn to plot.';
  return null;
}

const isPoint = (G: GobState, p: unknown): p is PointId =>
  typeof p === 'string' && graphOf(G.mapId).points.has(p as PointId);

/** A plot checked: why it is illegal (null when legal), and the Turn spaces it uses. */
export interface PlotCheck {
  error: string | null;
  turnCost: number;
}

/**
 * The plots `plotMoves` listed for the last frozen state it was asked about
 * (a state boardgame.io holds: nothing in it changes any more), each with the
 * walk that made it: the `plot` move that plays one of those very objects on
 * that state (bots list the moves, then play one) need not walk it again.
 */
let listed: {
  G: GobState;
  playerID: PlayerID;
  /** The move objects returned, and for each the walk that made it and its extra marker. */
  plots: PlotArgs[];
  walks: Walk[];
  extras: (PointId | undefined)[];
} | null = null;

/** The Turn spaces of `args` when it is a plot listed for this frozen state and still as listed, else null. */
function listedCost(G: GobState, playerID: PlayerID, args: object): number | null {
  if (!listed || listed.G !== G || listed.playerID !== playerID) return null;
  const i = listed.plots.indexOf(args as PlotArgs);
  if (i < 0) return null;
  const { path, extra } = args as PlotArgs;
  const points = listed.walks[i].points;
  if (extra !== listed.extras[i] || path.length !== points.length) return null;
  for (let k = 0; k < points.length; k++) if (path[k] !== points[k]) return null;
  return listed.walks[i].cost;
}

/**
 * Check `args` as this player's plot now, building the player's context once.
 * With `listedOk`, a plot that `plotMoves` listed for this very frozen state is
 * legal without walking it again (the move; the tests check the listed plots
 * with `checkPlot`, which walks every one).
 */
export function analysePlot(G: GobState, playerID: PlayerID, args: unknown, listedOk = false): PlotCheck {
  const fail = (error: string): PlotCheck => ({ error, turnCost: 0 });
  const turn = turnError(G, playerID);
  if (turn) return fail(turn);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return fail('A plot is { path, extra? }.');
  const { path, extra, ...rest } = args as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return fail('A plot is { path, extra? }.');
  if (!Array.isArray(path) || path.length === 0 || path.length > 3)
    return fail('The path must list 1 to 3 intersections.');
  if (!path.every((p) => isPoint(G, p))) return fail('The path names an intersection that is not on the map.');
  if (listedOk) {
    const turnCost = listedCost(G, playerID, args);
    if (turnCost !== null) return { error: null, turnCost };
  }
  const c = context(G, playerID);
  if (typeof c === 'string') return fail(c);
  const { status, walk } = statusOf(c, path);
  if (status.error) return fail(status.error);
  if (!status.complete) return fail(`The shape is not complete: ${status.markersLeft} more marker(s).`);
  const ok = { error: null, turnCost: status.turnCost };
  if (extra === undefined) return ok;
  if (!isPoint(G, extra)) return fail('The extra marker names an intersection that is not on the map.');
  if (status.eliminated || !walk || !extrasOf(G, playerID, c, path, walk).some((o) => o.to === extra))
    return fail('The Metro extra marker may not go there.');
  return ok;
}

/** Null when `args` is a legal plot for this player now, else the reason in plain words. */
export function checkPlot(G: GobState, playerID: PlayerID, args: unknown): string | null {
  return analysePlot(G, playerID, args).error;
}

/** Every complete legal plot for this player now, with and without each legal extra marker (ai.enumerate). */
export function plotMoves(G: GobState, playerID: PlayerID): PlotArgs[] {
  if (turnError(G, playerID)) return [];
  const c = context(G, playerID);
  if (typeof c === 'string') return [];
  const fallback = !canLay(c, startWalk(c));
  const size = fallback ? 1 : c.shape.markers;
  const out: PlotArgs[] = [];
  const memo = Object.isFrozen(G)
    ? { G, playerID, plots: [] as PlotArgs[], walks: [] as Walk[], extras: [] as (PointId | undefined)[] }
    : null;
  const add = (plot: PlotArgs, walk: Walk) => {
    out.push(plot);
    if (!memo) return;
    memo.plots.push(plot);
    memo.walks.push(walk);
    memo.extras.push(plot.extra);
  };
  const joints = fallback ? null : c.shape.joints;
  const budget = fallback ? 0 : c.turnsLeft;
  // nextOptions' walk, without building the options: the next markers in the same order, each walk made once.
  const grow = (w: Walk) => {
    if (w.markers >= size) return;
    for (const exit of c.exits.get(w.at) ?? NO_EXITS) {
      const cost = stepCost(c, w, joints, budget, exit);
      if (cost < 0) continue;
      const eliminates = reached(c, w, exit.to);
      const next = advance(w, exit, cost);
      // No canFinish test (nextOptions' filter): a walk that cannot finish adds nothing below.
      if (!eliminates && next.markers < size) {
        grow(next);
        continue;
      }
      // The plot's own copy of the walk's intersections: `listedCost` checks the one against the other.
      const p = next.points.slice();
      add({ path: p }, next);
      if (eliminates) continue;
      for (const e of extraSteps(G, playerID, c, p, next)) add({ path: p, extra: e.exit.to }, next);
    }
  };
  grow(startWalk(c));
  if (memo) listed = memo;
  return out;
}

/** The section keys of a plot (for the board). */
export const plotSections = (from: PointId, path: readonly PointId[]): string[] =>
  path.map((p, i) => sectionKey(i === 0 ? from : path[i - 1], p));
