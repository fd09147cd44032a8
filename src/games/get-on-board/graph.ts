/**
 * A map as the rules walk it: each intersection's neighbours by direction,
 * section keys, and which sections each player's route covers. Built once
 * per map object and cached.
 */
import { getMap } from './maps';
import type { Intersection, MapDef, PointId, Section, Speedy } from './maps/types';
import type { GobState, PlayerID } from './types';

/** A compass direction as a unit step (y grows southwards). */
export type Dir = 'N' | 'E' | 'S' | 'W';
export const DIRS: readonly Dir[] = ['N', 'E', 'S', 'W'];
const STEP: Record<Dir, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** One way out of an intersection along a section. */
export interface Exit {
  dir: Dir;
  to: PointId;
  key: string;
  speedy?: Speedy;
}

/** A map's lookup tables. */
export interface Graph {
  map: MapDef;
  points: Map<PointId, Intersection>;
  exits: Map<PointId, Exit[]>;
  /** The departure intersection of each departure number. */
  departures: Map<number, PointId>;
  /** Whether any section is speedy (Rome). */
  hasSpeedy: boolean;
  /** The intersections with a Metro icon. */
  metro: Set<PointId>;
}

const CACHE = new WeakMap<MapDef, Graph>();

/** The key of the section between two intersections (order-free). */
export function sectionKey(p: PointId, q: PointId): string {
  return p < q ? `${p}|${q}` : `${q}|${p}`;
}

/** The coordinates of a point id. */
export function xy(p: PointId): [number, number] {
  const [x, y] = p.split(',').map(Number);
  return [x, y];
}

/** The direction from `p` to its lattice neighbour `q` (null if not adjacent). */
export function dirBetween(p: PointId, q: PointId): Dir | null {
  const [px, py] = xy(p);
  const [qx, qy] = xy(q);
  return DIRS.find((d) => px + STEP[d][0] === qx && py + STEP[d][1] === qy) ?? null;
}

const OPPOSITE: Record<Dir, Dir> = { N: 'S', E: 'W', S: 'N', W: 'E' };

/** Opposite and perpendicular directions. */
export const opposite = (a: Dir, b: Dir): boolean => OPPOSITE[a] === b;
export const isTurn = (a: Dir, b: Dir): boolean => a !== b && !opposite(a, b);

/** The lookup tables of the map with this id. */
export function graphOf(mapId: string): Graph {
  const map = getMap(mapId);
  const cached = CACHE.get(map);
  if (cached) return cached;
  const points = new Map<PointId, Intersection>(map.intersections.map((i) => [i.id, i]));
  const exits = new Map<PointId, Exit[]>(map.intersections.map((i) => [i.id, []]));
  const departures = new Map<number, PointId>();
  for (const i of map.intersections) if (i.departure !== undefined) departures.set(i.departure, i.id);
  const add = (s: Section, from: PointId, to: PointId) => {
    const dir = dirBetween(from, to);
    if (!dir || !exits.has(from) || !exits.has(to)) throw new Error(`Map ${map.id}: bad section ${s.a}–${s.b}`);
    exits.get(from)!.push({ dir, to, key: sectionKey(from, to), speedy: s.speedy });
  };
  for (const s of map.sections) {
    add(s, s.a, s.b);
    add(s, s.b, s.a);
  }
  const graph = {
    map,
    points,
    exits,
    departures,
    hasSpeedy: map.sections.some((s) => !!s.speedy),
    metro: new Set(map.intersections.filter((i) => i.icons.includes('metro')).map((i) => i.id)),
  };
  CACHE.set(map, graph);
  return graph;
}

/**
 * The key of the section from `p` to its neighbour `q`: the map's own string (every step of a route
 * follows a section of the map), so that the rules make no new string for it.
 */
export function keyOn(graph: Graph, p: PointId, q: PointId): string {
  const exits = graph.exits.get(p);
  if (exits) for (const e of exits) if (e.to === q) return e.key;
  return sectionKey(p, q);
}

/** A route's sections (the map's keys) and intersections, as far as its first `n` intersections. */
interface RouteSets {
  n: number;
  own: Set<string>;
  visited: Set<PointId>;
}

/**
 * Each route's sets, kept with the route's array: a route only ever grows at
 * its end (a move's copy, or a bot's playout pushing onto its own), so the
 * sets are extended by what was added since, not rebuilt on every call.
 */
const ROUTES = new WeakMap<readonly PointId[], RouteSets>();

export function routeSets(
  line: readonly PointId[],
  graph: Graph,
): { readonly own: ReadonlySet<string>; readonly visited: ReadonlySet<PointId> } {
  let r = ROUTES.get(line);
  if (!r || r.n > line.length) {
    r = { n: 0, own: new Set(), visited: new Set() };
    ROUTES.set(line, r);
  }
  for (let i = r.n; i < line.length; i++) {
    if (i > 0) r.own.add(keyOn(graph, line[i - 1], line[i]));
    r.visited.add(line[i]);
  }
  r.n = line.length;
  return r;
}

/** The section keys of a route (consecutive intersections of the line). */
export function routeSections(line: readonly PointId[]): string[] {
  const keys: string[] = [];
  for (let i = 1; i < line.length; i++) keys.push(sectionKey(line[i - 1], line[i]));
  return keys;
}

/** How many other players' markers lie on each section now (eliminated players' markers stay, R7). */
export function othersOnSections(G: GobState, playerID: PlayerID): Map<string, number> {
  const graph = graphOf(G.mapId);
  const count = new Map<string, number>();
  // From each route's kept sections, as `placeMarker` counts them (one marker per colour per section, R11).
  for (const p of G.order) {
    if (p === playerID) continue;
    for (const k of routeSets(G.players[p].line, graph).own) count.set(k, (count.get(k) ?? 0) + 1);
  }
  return count;
}
