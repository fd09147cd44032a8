/**
 * Drawing geometry for the map: lattice points to SVG units, the lane offset
 * that keeps several routes on one section visible, and the words of a
 * target's accessible name. No rules here: which moves are legal comes in as
 * props.
 */
import type { Intersection, MapDef, PointId, Street } from '../maps/types';
import { ICON_NAMES } from './icons';

/** SVG units between two lattice points. */
export const CELL = 60;
/** Margin around the lattice, in SVG units (room for labels and pawns). */
export const MARGIN = 46;
/** Distance between two players' lanes on a shared section. */
export const LANE = 5.2;
/** A target's invisible hit circle, in SVG units, for a mouse: ≥ 44 px across on a map 844 px wide. */
export const HIT_RADIUS = 20;
/**
 * The largest hit circle for a finger: half a diagonal step, so that the
 * circles of two neighbours of one intersection never overlap. It is 48 px
 * across on a map 390 px wide (a phone held upright), 44 px at 360 px.
 */
export const TOUCH_HIT_RADIUS = CELL / Math.SQRT2;

export const parsePoint = (id: PointId): [number, number] => {
  const [x, y] = id.split(',').map(Number);
  return [x, y];
};

/** The SVG position of a lattice point. */
export const px = (id: PointId): [number, number] => {
  const [x, y] = parsePoint(id);
  return [MARGIN + (x - 1) * CELL, MARGIN + (y - 1) * CELL];
};

export const viewBoxOf = (map: MapDef) => ({
  width: 2 * MARGIN + (map.width - 1) * CELL,
  height: 2 * MARGIN + (map.height - 1) * CELL,
});

/**
 * The hit radius of the targets `points` for a finger: as large as
 * TOUCH_HIT_RADIUS while no two circles overlap (the next markers of a plot
 * are neighbours of one intersection, at least a diagonal step apart, so they
 * get it whole), never below HIT_RADIUS.
 */
export function touchHitRadius(points: readonly PointId[]): number {
  let nearest = Infinity;
  const pos = points.map(px);
  for (let i = 0; i < pos.length; i++)
    for (let j = i + 1; j < pos.length; j++)
      nearest = Math.min(nearest, Math.hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1]));
  return Math.max(HIT_RADIUS, Math.min(TOUCH_HIT_RADIUS, nearest / 2));
}

/** The lane offset of route `index` among `count` routes: centred on the street, 0 for a lone route. */
export const laneOffset = (index: number, count: number) => (index - (count - 1) / 2) * LANE;

/**
 * A route's polyline moved into its lane. The offset is tied to the section's
 * axis, not to the travel direction: every horizontal section shifts the
 * route by (0, d), every vertical one by (d, 0), so two players on one
 * section never share a lane whichever way they travel, and a corner point
 * takes the horizontal shift of one leg and the vertical shift of the other.
 */
export function offsetPath(points: PointId[], d: number): [number, number][] {
  const pos = points.map(px);
  return pos.map(([x, y], i) => {
    let dx = 0;
    let dy = 0;
    for (const j of [i - 1, i + 1]) {
      if (j < 0 || j >= pos.length) continue;
      if (pos[j][1] === y)
        dy = d; // a horizontal leg
      else dx = d; // a vertical leg
    }
    return [x + dx, y + dy];
  });
}

export const pathD = (pts: [number, number][]) =>
  pts.length === 0 ? '' : 'M' + pts.map(([x, y]) => `${round(x)} ${round(y)}`).join(' L');

const round = (v: number) => Math.round(v * 100) / 100;

/** Does this street's straight run pass through point p? */
export function streetHas(street: Street, p: PointId): boolean {
  const [x1, y1] = parsePoint(street.from);
  const [x2, y2] = parsePoint(street.to);
  const [x, y] = parsePoint(p);
  if (x1 === x2) return x === x1 && y >= Math.min(y1, y2) && y <= Math.max(y1, y2);
  return y === y1 && x >= Math.min(x1, x2) && x <= Math.max(x1, x2);
}

/** What one intersection shows, in words: "Student and Granny, Piazza Navona, site c". */
export function describePoint(point: Intersection | undefined): string {
  if (!point) return '';
  const parts = [point.icons.map((i) => ICON_NAMES[i]).join(' and ')];
  if (point.departure !== undefined) parts.push(`departure ${point.departure}`);
  if (point.name) parts.push(point.name);
  if (point.site) parts.push(`objective site ${point.site.toUpperCase()}`);
  return parts.filter(Boolean).join(', ');
}

/**
 * The accessible name of a target: "Go to 4,3 — Student, crosses Via del
 * Corso". A street that holds both `from` and `to` is followed ("along"), one
 * through `to` only is crossed; an eliminating target says so.
 */
export function targetName(
  map: MapDef,
  to: PointId,
  from: PointId | undefined,
  eliminates: boolean,
  doomed = false,
): string {
  const point = map.intersections.find((i) => i.id === to);
  const parts = [describePoint(point)];
  for (const s of map.streets) {
    if (!streetHas(s, to)) continue;
    parts.push(from && streetHas(s, from) ? `along ${s.name}` : `crosses ${s.name}`);
  }
  if (eliminates) parts.push('already visited: eliminates you');
  else if (doomed) parts.push('every way on from here eliminates you');
  return `Go to ${to} — ${parts.filter(Boolean).join(', ')}`;
}

/** How the map calls an intersection in words: its name, else "column,row". */
export function placeLabel(map: MapDef, id: PointId): string {
  return map.intersections.find((i) => i.id === id)?.name ?? id;
}

/**
 * The words for a player's latest plot, drawn emphasised on the map (its title and the map's description):
 * "Ana's latest plot, round 3: Trocadéro → 6,4 → Iéna."
 */
export function latestPlotText(map: MapDef, name: string, round: number, points: PointId[]): string {
  return `${name}'s latest plot, round ${round}: ${points.map((p) => placeLabel(map, p)).join(' → ')}.`;
}
