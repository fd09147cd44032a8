/**
 * Tram animation paths: the journeys to replay for new move and push events,
 * interpolated node by node (about 150 ms per node), and how several trams
 * share Rossio.
 */
import type { GState, PlayerID } from '../types';
import { routePoints } from './logic';

/** Milliseconds per node travelled. */
export const MS_PER_NODE = 150;

/** One tram's animated journey. */
export interface TramAnimation {
  player: PlayerID;
  points: { x: number; y: number }[];
  /** Delay before it starts, ms. */
  delay: number;
  duration: number;
}

/**
 * The tram journeys to animate for events newer than `afterId`: each move
 * and each push, in the order logged (pushes run after the move that caused
 * them). A tram moved twice in one batch travels both legs, one after the other.
 */
export function animationsSince(G: Pick<GState, 'events' | 'side'>, afterId: number): TramAnimation[] {
  const out: TramAnimation[] = [];
  const busyUntil: Record<PlayerID, number> = {};
  for (const ev of G.events) {
    if (ev.id <= afterId) continue;
    if (ev.type !== 'move' && ev.type !== 'push') continue;
    const player = ev.type === 'move' ? ev.player : ev.pushed;
    const points = routePoints(G.side, ev.from, ev.path);
    if (points.length < 2) continue;
    const duration = (points.length - 1) * MS_PER_NODE;
    const delay = busyUntil[player] ?? 0;
    busyUntil[player] = delay + duration;
    out.push({ player, points, delay, duration });
  }
  return out;
}

/** The point at fraction t (0..1) along a polyline, by node count (each leg takes equal time). */
export function pointAt(points: readonly { x: number; y: number }[], t: number): { x: number; y: number } {
  if (points.length === 0) return { x: 0, y: 0 };
  if (points.length === 1 || t <= 0) return { ...points[0] };
  if (t >= 1) return { ...points[points.length - 1] };
  const legs = points.length - 1;
  const f = t * legs;
  const i = Math.min(legs - 1, Math.floor(f));
  const u = f - i;
  // Ease within each leg so the tram slows into each node a little.
  const e = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
  const a = points[i];
  const b = points[i + 1];
  return { x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e };
}

/** Where each animated tram is at `elapsed` ms, or nothing once its journeys are done. */
export function animatedPositions(
  anims: readonly TramAnimation[],
  elapsed: number,
): Record<PlayerID, { x: number; y: number }> {
  const out: Record<PlayerID, { x: number; y: number }> = {};
  const lastEnd: Record<PlayerID, number> = {};
  for (const a of anims) lastEnd[a.player] = Math.max(lastEnd[a.player] ?? 0, a.delay + a.duration);
  for (const a of anims) {
    if (elapsed >= lastEnd[a.player]) continue;
    if (elapsed < a.delay) {
      // Waiting for an earlier leg of the same tram, or to start: hold the start point unless a previous leg placed it.
      if (!out[a.player]) out[a.player] = { ...a.points[0] };
      continue;
    }
    if (elapsed <= a.delay + a.duration) out[a.player] = pointAt(a.points, (elapsed - a.delay) / a.duration);
    else out[a.player] = { ...a.points[a.points.length - 1] };
  }
  return out;
}

/** Offsets for several trams on one node (Rossio holds any number), side by side. */
export function tramOffsets(count: number, spacing = 30): number[] {
  return Array.from({ length: count }, (_, i) => (i - (count - 1) / 2) * spacing);
}

/** Trams in Rossio: one row of up to two, else two rows, each tram 34 units from the next. */
const ROSSIO_SPACING = 34;
const ROSSIO_ROW = 26;

/**
 * Where the trams in Rossio stand (offsets from its node, in the order of
 * their seats) and the size of its box: up to two trams side by side, more in
 * two rows, so the box stays clear of its neighbours' labels.
 */
export function rossioLayout(count: number): { offsets: { dx: number; dy: number }[]; width: number; height: number } {
  const rows = count > 2 ? 2 : 1;
  const cols = Math.ceil(count / rows);
  const offsets = Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / cols);
    // A short last row is centred under the one above.
    const inRow = row === rows - 1 ? count - row * cols : cols;
    return {
      dx: tramOffsets(inRow, ROSSIO_SPACING)[i - row * cols],
      dy: (row - (rows - 1) / 2) * ROSSIO_ROW,
    };
  });
  return { offsets, width: Math.max(84, cols * ROSSIO_SPACING + 16), height: rows * ROSSIO_ROW + 18 };
}
