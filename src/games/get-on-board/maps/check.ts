/**
 * A pure checker for the map design constraints of RULINGS-get-on-board §9:
 * `checkMap` lists every broken constraint (empty = the map is valid) and
 * `mapFigures` measures what MAPS.md reports (counts, per-departure windows).
 * Used by the map tests and by scripts/games/get-on-board/mapgen.ts.
 *
 * Definitions (§9): "adjacent" = joined by a section; "within k sections" =
 * shortest path over sections, the departure itself not counted, every icon
 * counted; a "place" is a Restaurant, Cinema or Theater (not M); thirds are
 * columns 1–4 / 5–7 / 8–11 and rows 1–3 / 4–6 / 7–9; a section's quadrant is
 * its midpoint's, column 6 counting west and row 5 north.
 *
 * Pure: no imports beyond the map types.
 */
import type { Icon, MapDef, Passenger, PointId, Section, Speedy } from './types';

/** The published counts a map must meet (§9 table). */
export interface MapTargets {
  intersections: number;
  sections: number;
  gaps: number;
  /** How many intersections have degree 4, 3 and 2. */
  degrees: { 4: number; 3: number; 2: number };
  /** When set, only these many lattice corners are absent and nothing else (Paris). */
  absentCornersOnly?: number;
  metro: number;
  departures: number;
  restaurants: number;
  restaurantSites: number;
  cinemas: number;
  theaterLight: number;
  theaterDark: number;
  /** Each passenger type may be off by one; the total must be exact. */
  passengers: Record<Passenger, number>;
  passengerTotal: number;
  doubles: number;
  icons: number;
  /** Speedy sections of each colour (0: the map has none). */
  speedyPerColour: number;
}

/** Rome's targets (§9). */
export const ROME_TARGETS: MapTargets = {
  intersections: 76,
  sections: 120,
  gaps: 9,
  degrees: { 4: 30, 3: 28, 2: 18 },
  metro: 14,
  departures: 6,
  restaurants: 8,
  restaurantSites: 7,
  cinemas: 4,
  theaterLight: 4,
  theaterDark: 4,
  passengers: { granny: 10, student: 10, tourist: 11, flirtLight: 6, flirtDark: 8 },
  passengerTotal: 45,
  doubles: 3,
  icons: 79,
  speedyPerColour: 19,
};

/** Paris's targets (§9). */
export const PARIS_TARGETS: MapTargets = {
  intersections: 96,
  sections: 164,
  gaps: 8,
  degrees: { 4: 50, 3: 36, 2: 10 },
  absentCornersOnly: 3,
  metro: 20,
  departures: 12,
  restaurants: 7,
  restaurantSites: 7,
  cinemas: 5,
  theaterLight: 4,
  theaterDark: 4,
  passengers: { granny: 12, student: 14, tourist: 16, flirtLight: 10, flirtDark: 10 },
  passengerTotal: 62,
  doubles: 6,
  icons: 102,
  speedyPerColour: 0,
};

/** The per-departure fairness windows and the other distances of constraints 3, 5, 6 and 7. */
export const LIMITS = {
  iconsWithin2: [8, 12] as const,
  iconsWithin3Min: 14,
  placesWithin2Min: 1,
  speedyNearMin: 2,
  departureGap: 2,
  siteGap: 4,
  siteToDeparture: 3,
  cinemaGap: 4,
  theaterGap: 3,
  speedyPerQuadrant: [4, 6] as const,
  /** "About half horizontal": 40–60 % of a colour's sections. */
  speedyHorizontalShare: [0.4, 0.6] as const,
  maxSpeedyChain: 2,
};

/** The five passenger types, in the sheet's order. */
export const PASSENGERS: readonly Passenger[] = ['granny', 'student', 'tourist', 'flirtLight', 'flirtDark'];
const PLACES: readonly Icon[] = ['restaurant', 'cinema', 'theaterLight', 'theaterDark'];
const LETTERS = 'abcdefghijklmno'.split('');

/** True for a Restaurant, Cinema or Theater (M is not a place). */
export function isPlace(icon: Icon): boolean {
  return PLACES.includes(icon);
}

/** True for a passenger icon. */
export function isPassenger(icon: Icon): icon is Passenger {
  return (PASSENGERS as readonly Icon[]).includes(icon);
}

/** Column third (0, 1, 2) of x: columns 1–4 / 5–7 / 8–11. */
export function colThird(x: number): number {
  return x <= 4 ? 0 : x <= 7 ? 1 : 2;
}

/** Row third (0, 1, 2) of y: rows 1–3 / 4–6 / 7–9. */
export function rowThird(y: number): number {
  return y <= 3 ? 0 : y <= 6 ? 1 : 2;
}

/** A section's quadrant 0 NW, 1 NE, 2 SW, 3 SE, by its midpoint (column 6 counts west, row 5 north). */
export function quadrantOf(ax: number, ay: number, bx: number, by: number): number {
  const east = (ax + bx) / 2 > 6 ? 1 : 0;
  const south = (ay + by) / 2 > 5 ? 2 : 0;
  return east + south;
}

const pid = (x: number, y: number): PointId => `${x},${y}`;
const xy = (id: PointId): [number, number] => id.split(',').map(Number) as [number, number];

/** The map as a graph: neighbours by section, and all-pairs shortest path lengths (-1: unreachable). */
export interface MapGraph {
  ids: PointId[];
  index: Map<PointId, number>;
  adj: number[][];
  dist: number[][];
}

/** Build the section graph of a map (sections to unknown points are ignored here; checkMap reports them). */
export function mapGraph(map: MapDef): MapGraph {
  const ids = map.intersections.map((p) => p.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const adj: number[][] = ids.map(() => []);
  for (const s of map.sections) {
    const i = index.get(s.a);
    const j = index.get(s.b);
    if (i === undefined || j === undefined) continue;
    adj[i].push(j);
    adj[j].push(i);
  }
  const dist = ids.map((_, src) => {
    const d = ids.map(() => -1);
    d[src] = 0;
    const queue = [src];
    for (let q = 0; q < queue.length; q++) {
      for (const n of adj[queue[q]]) {
        if (d[n] < 0) {
          d[n] = d[queue[q]] + 1;
          queue.push(n);
        }
      }
    }
    return d;
  });
  return { ids, index, adj, dist };
}

/** What one departure sees (constraint 7). */
export interface DepartureFigures {
  departure: number;
  id: PointId;
  name?: string;
  iconsWithin2: number;
  iconsWithin3: number;
  placesWithin2: number;
  yellowNear: number;
  burgundyNear: number;
}

/** The measured figures of a map, as MAPS.md reports them. */
export interface MapFigures {
  intersections: number;
  absent: PointId[];
  sections: number;
  gaps: PointId[][];
  degrees: Record<number, number>;
  icons: number;
  iconCounts: Record<Icon, number>;
  doubles: number;
  passengerTotal: number;
  departures: DepartureFigures[];
  speedy: { colour: Speedy; total: number; horizontal: number; perQuadrant: number[]; longestChain: number }[];
  /** Intersections where a yellow and a burgundy section meet. */
  speedyMeetings: number;
  /** Per card: the pairwise site distances. */
  cardSiteDistances: number[][];
}

/** Measure a map (assumes ids are well formed; checkMap reports structural faults). */
export function mapFigures(map: MapDef): MapFigures {
  const g = mapGraph(map);
  const present = new Set(g.ids);
  const absent: PointId[] = [];
  for (let y = 1; y <= map.height; y++)
    for (let x = 1; x <= map.width; x++) if (!present.has(pid(x, y))) absent.push(pid(x, y));
  const sectionKeys = new Set(map.sections.map((s) => `${s.a}|${s.b}`));
  const gaps: PointId[][] = [];
  for (const p of map.intersections) {
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ]) {
      const q = pid(p.x + dx, p.y + dy);
      if (present.has(q) && !sectionKeys.has(`${p.id}|${q}`)) gaps.push([p.id, q]);
    }
  }
  const degrees: Record<number, number> = {};
  for (const a of g.adj) degrees[a.length] = (degrees[a.length] ?? 0) + 1;
  const iconCounts = Object.fromEntries([...PASSENGERS, 'metro', ...PLACES].map((i) => [i, 0])) as Record<Icon, number>;
  for (const p of map.intersections) for (const i of p.icons) iconCounts[i] = (iconCounts[i] ?? 0) + 1;
  const icons = map.intersections.reduce((n, p) => n + p.icons.length, 0);
  const near = (src: number, colour: Speedy): number =>
    map.sections.filter((s) => {
      if (s.speedy !== colour) return false;
      const da = g.dist[src][g.index.get(s.a) ?? -1] ?? -1;
      const db = g.dist[src][g.index.get(s.b) ?? -1] ?? -1;
      return (da >= 0 && da <= 2) || (db >= 0 && db <= 2);
    }).length;
  const departures = map.intersections
    .filter((p) => p.departure !== undefined)
    .sort((p, q) => (p.departure ?? 0) - (q.departure ?? 0))
    .map((p): DepartureFigures => {
      const src = g.index.get(p.id) ?? 0;
      let w2 = 0;
      let w3 = 0;
      let places = 0;
      map.intersections.forEach((q, j) => {
        const d = g.dist[src][j];
        if (d < 1 || d > 3) return;
        w3 += q.icons.length;
        if (d <= 2) {
          w2 += q.icons.length;
          if (q.icons.some(isPlace)) places++;
        }
      });
      return {
        departure: p.departure ?? 0,
        id: p.id,
        name: p.name,
        iconsWithin2: w2,
        iconsWithin3: w3,
        placesWithin2: places,
        yellowNear: near(src, 'yellow'),
        burgundyNear: near(src, 'burgundy'),
      };
    });
  const speedy = (['yellow', 'burgundy'] as const).map((colour) => {
    const mine = map.sections.filter((s) => s.speedy === colour);
    const perQuadrant = [0, 0, 0, 0];
    let horizontal = 0;
    for (const s of mine) {
      const [ax, ay] = xy(s.a);
      const [bx, by] = xy(s.b);
      perQuadrant[quadrantOf(ax, ay, bx, by)]++;
      if (ay === by) horizontal++;
    }
    return { colour, total: mine.length, horizontal, perQuadrant, longestChain: longestChain(mine) };
  });
  const touching = (colour: Speedy): Set<PointId> =>
    new Set(map.sections.filter((s) => s.speedy === colour).flatMap((s) => [s.a, s.b]));
  const yellowEnds = touching('yellow');
  const speedyMeetings = [...touching('burgundy')].filter((id) => yellowEnds.has(id)).length;
  const siteIndex = new Map(map.intersections.filter((p) => p.site).map((p) => [p.site, g.index.get(p.id) ?? -1]));
  const cardSiteDistances = map.personalObjectives.map((card) => {
    const [a, b, c] = card.sites.map((l) => siteIndex.get(l) ?? -1);
    const d = (i: number, j: number): number => (i < 0 || j < 0 ? -1 : g.dist[i][j]);
    return [d(a, b), d(a, c), d(b, c)];
  });
  return {
    intersections: map.intersections.length,
    absent,
    sections: map.sections.length,
    gaps,
    degrees,
    icons,
    iconCounts,
    doubles: map.intersections.filter((p) => p.icons.length === 2).length,
    passengerTotal: PASSENGERS.reduce((n, t) => n + iconCounts[t], 0),
    departures,
    speedy,
    speedyMeetings,
    cardSiteDistances,
  };
}

/** The size of the largest group of sections chained end to end (sharing an intersection). */
function longestChain(sections: Section[]): number {
  const parent = sections.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const byEnd = new Map<PointId, number[]>();
  sections.forEach((s, i) => {
    for (const e of [s.a, s.b]) byEnd.set(e, [...(byEnd.get(e) ?? []), i]);
  });
  for (const list of byEnd.values()) for (const i of list.slice(1)) parent[find(i)] = find(list[0]);
  const sizes = new Map<number, number>();
  sections.forEach((_, i) => sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1));
  return Math.max(0, ...sizes.values());
}

/** Every broken §9 constraint of `map` against `targets`, as readable messages; [] when the map is valid. */
export function checkMap(map: MapDef, targets: MapTargets): string[] {
  const errors: string[] = [];
  const fail = (msg: string): void => void errors.push(msg);
  const expect = (what: string, got: number, want: number): void => {
    if (got !== want) fail(`${what}: ${got}, expected ${want}`);
  };

  // Structure: points on the lattice, sections between orthogonal neighbours, `a` west/north, no duplicates.
  if (map.width !== 11 || map.height !== 9) fail(`lattice ${map.width}×${map.height}, expected 11×9`);
  const present = new Set<PointId>();
  for (const p of map.intersections) {
    if (p.id !== pid(p.x, p.y)) fail(`intersection ${p.id} has x,y ${p.x},${p.y}`);
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y) || p.x < 1 || p.x > map.width || p.y < 1 || p.y > map.height)
      fail(`intersection ${p.id} is off the lattice`);
    if (present.has(p.id)) fail(`intersection ${p.id} is listed twice`);
    present.add(p.id);
  }
  const seen = new Set<string>();
  for (const s of map.sections) {
    if (!present.has(s.a) || !present.has(s.b)) fail(`section ${s.a}–${s.b} ends off the map`);
    const [ax, ay] = xy(s.a);
    const [bx, by] = xy(s.b);
    if (!((bx === ax + 1 && by === ay) || (bx === ax && by === ay + 1)))
      fail(`section ${s.a}–${s.b} is not a unit segment with a at its west/north end`);
    if (seen.has(`${s.a}|${s.b}`)) fail(`section ${s.a}–${s.b} is listed twice`);
    seen.add(`${s.a}|${s.b}`);
    if (s.speedy !== undefined && targets.speedyPerColour === 0)
      fail(`section ${s.a}–${s.b} is speedy on a map without`);
  }
  if (errors.length > 0) return errors;

  const g = mapGraph(map);
  const f = mapFigures(map);
  expect('intersections', f.intersections, targets.intersections);
  expect('sections', f.sections, targets.sections);
  expect('gaps', f.gaps.length, targets.gaps);
  if (targets.absentCornersOnly !== undefined) {
    const corners = [pid(1, 1), pid(map.width, 1), pid(1, map.height), pid(map.width, map.height)];
    const other = f.absent.filter((id) => !corners.includes(id));
    if (other.length > 0 || f.absent.length !== targets.absentCornersOnly)
      fail(`absent points ${f.absent.join(' ')}: expected exactly ${targets.absentCornersOnly} corners`);
  }

  // Constraint 1: connected, degree ≥ 2; and the degree mix.
  if (g.dist[0]?.some((d) => d < 0)) fail('the map is not connected');
  g.adj.forEach((a, i) => a.length < 2 && fail(`intersection ${g.ids[i]} has degree ${a.length}`));
  for (const d of [4, 3, 2] as const) expect(`degree-${d} intersections`, f.degrees[d] ?? 0, targets.degrees[d]);

  // Constraint 2: one icon, or two different passengers that are not both Flirts; places and M alone.
  for (const p of map.intersections) {
    const [i, j] = p.icons;
    if (p.icons.length === 0 || p.icons.length > 2) fail(`intersection ${p.id} has ${p.icons.length} icons`);
    if (p.icons.length === 2) {
      if (!isPassenger(i) || !isPassenger(j)) fail(`intersection ${p.id}: a place or M shares its intersection`);
      if (i === j) fail(`intersection ${p.id} holds two ${i}`);
      if (i.startsWith('flirt') && j.startsWith('flirt')) fail(`intersection ${p.id} holds two Flirts`);
    }
  }
  // Constraint 9 and the table: place counts exact, passengers ±1 with an exact total.
  expect('Metro Entrances', f.iconCounts.metro, targets.metro);
  expect('Restaurants', f.iconCounts.restaurant, targets.restaurants);
  expect('Cinemas', f.iconCounts.cinema, targets.cinemas);
  expect('light Theaters', f.iconCounts.theaterLight, targets.theaterLight);
  expect('dark Theaters', f.iconCounts.theaterDark, targets.theaterDark);
  for (const t of PASSENGERS)
    if (Math.abs(f.iconCounts[t] - targets.passengers[t]) > 1)
      fail(`${t}: ${f.iconCounts[t]}, expected ${targets.passengers[t]} ± 1`);
  expect('passengers in total', f.passengerTotal, targets.passengerTotal);
  expect('two-passenger intersections', f.doubles, targets.doubles);
  expect('icons', f.icons, targets.icons);

  // Constraints 3 and 4: M never adjacent; departures 1..N on M, at least 2 sections apart.
  const idx = (id: PointId): number => g.index.get(id) ?? -1;
  for (const s of map.sections) {
    const pa = map.intersections[idx(s.a)];
    const pb = map.intersections[idx(s.b)];
    if (pa.icons.includes('metro') && pb.icons.includes('metro'))
      fail(`Metro Entrances ${s.a} and ${s.b} are adjacent`);
  }
  const deps = map.intersections.filter((p) => p.departure !== undefined);
  expect('departures', deps.length, targets.departures);
  for (let n = 1; n <= targets.departures; n++)
    if (deps.filter((p) => p.departure === n).length !== 1) fail(`departure ${n} is not on exactly one intersection`);
  for (const p of deps) {
    if (p.icons.length !== 1 || p.icons[0] !== 'metro')
      fail(`departure ${p.departure} (${p.id}) is not a Metro Entrance`);
    for (const q of deps)
      if (p !== q && g.dist[idx(p.id)][idx(q.id)] < LIMITS.departureGap)
        fail(`departures ${p.departure} and ${q.departure} are less than ${LIMITS.departureGap} sections apart`);
  }

  // Constraint 5: sites = the non-departure M + `restaurantSites` Restaurants; the cards.
  const sites = map.intersections.filter((p) => p.site !== undefined);
  for (const p of map.intersections) {
    const isMetroSite = p.icons[0] === 'metro' && p.departure === undefined;
    if (isMetroSite && p.site === undefined) fail(`Metro Entrance ${p.id} is neither a departure nor a site`);
    if (p.site !== undefined && !isMetroSite && !(p.icons.length === 1 && p.icons[0] === 'restaurant'))
      fail(`site ${p.site} (${p.id}) is neither a non-departure M nor a Restaurant`);
  }
  expect('Restaurant sites', sites.filter((p) => p.icons[0] === 'restaurant').length, targets.restaurantSites);
  const letters = sites.map((p) => p.site ?? '').sort();
  if (letters.join('') !== LETTERS.join('')) fail(`site letters ${letters.join('')}, expected a–o once each`);
  expect('personal objective cards', map.personalObjectives.length, 5);
  const onCards = map.personalObjectives.flatMap((c) => c.sites).sort();
  if (onCards.join('') !== LETTERS.join('')) fail(`letters on cards ${onCards.join('')}, expected a–o once each`);
  const cardIds = new Set(map.personalObjectives.map((c) => c.id));
  if (cardIds.size !== map.personalObjectives.length) fail('personal objective ids repeat');
  const bySite = new Map(sites.map((p) => [p.site, p]));
  for (const card of map.personalObjectives) {
    if (!card.title) fail(`card ${card.id} has no title`);
    const ps = card.sites.map((l) => bySite.get(l));
    if (ps.some((p) => p === undefined)) continue;
    const pts = ps as NonNullable<(typeof ps)[number]>[];
    if (!pts.some((p) => p.icons[0] === 'metro')) fail(`card ${card.id} has no Metro site`);
    if (!pts.some((p) => p.icons[0] === 'restaurant')) fail(`card ${card.id} has no Restaurant site`);
    if (new Set(pts.map((p) => colThird(p.x))).size < 2) fail(`card ${card.id}'s sites lie in one column third`);
    if (new Set(pts.map((p) => rowThird(p.y))).size < 2) fail(`card ${card.id}'s sites lie in one row third`);
    for (let i = 0; i < 3; i++)
      for (let j = i + 1; j < 3; j++)
        if (g.dist[idx(pts[i].id)][idx(pts[j].id)] < LIMITS.siteGap)
          fail(`card ${card.id}: sites ${pts[i].site} and ${pts[j].site} are less than ${LIMITS.siteGap} apart`);
  }
  for (const p of sites)
    if (!deps.some((d) => g.dist[idx(d.id)][idx(p.id)] <= LIMITS.siteToDeparture))
      fail(`site ${p.site} (${p.id}) is more than ${LIMITS.siteToDeparture} sections from every departure`);

  // Constraint 6: same-type places spread.
  const spread = (icon: Icon, gap: number): void => {
    const ps = map.intersections.filter((p) => p.icons.includes(icon));
    for (let i = 0; i < ps.length; i++)
      for (let j = i + 1; j < ps.length; j++)
        if (g.dist[idx(ps[i].id)][idx(ps[j].id)] < gap)
          fail(`${icon}s ${ps[i].id} and ${ps[j].id} are less than ${gap} apart`);
  };
  spread('cinema', LIMITS.cinemaGap);
  spread('theaterLight', LIMITS.theaterGap);
  spread('theaterDark', LIMITS.theaterGap);

  // Constraint 7: fairness per departure.
  for (const d of f.departures) {
    const [lo, hi] = LIMITS.iconsWithin2;
    if (d.iconsWithin2 < lo || d.iconsWithin2 > hi) fail(`departure ${d.departure}: ${d.iconsWithin2} icons within 2`);
    if (d.iconsWithin3 < LIMITS.iconsWithin3Min) fail(`departure ${d.departure}: ${d.iconsWithin3} icons within 3`);
    if (d.placesWithin2 < LIMITS.placesWithin2Min) fail(`departure ${d.departure}: no place within 2`);
    if (targets.speedyPerColour > 0 && (d.yellowNear < LIMITS.speedyNearMin || d.burgundyNear < LIMITS.speedyNearMin))
      fail(`departure ${d.departure}: ${d.yellowNear} yellow / ${d.burgundyNear} burgundy sections near`);
  }

  // Constraint 8: Rome's speedy sections.
  for (const s of f.speedy) {
    expect(`${s.colour} sections`, s.total, targets.speedyPerColour);
    if (targets.speedyPerColour === 0) continue;
    const [lo, hi] = LIMITS.speedyPerQuadrant;
    if (s.perQuadrant.some((n) => n < lo || n > hi)) fail(`${s.colour} per quadrant ${s.perQuadrant.join('/')}`);
    const [hlo, hhi] = LIMITS.speedyHorizontalShare;
    if (s.horizontal < hlo * s.total || s.horizontal > hhi * s.total)
      fail(`${s.colour}: ${s.horizontal} of ${s.total} horizontal`);
    if (s.longestChain > LIMITS.maxSpeedyChain) fail(`${s.colour}: a chain of ${s.longestChain} sections`);
  }

  // Names: places, departures and sites carry a name, and no name repeats.
  const named = map.intersections.filter(
    (p) => p.icons.some(isPlace) || p.icons[0] === 'metro' || p.site !== undefined || p.departure !== undefined,
  );
  for (const p of named) if (!p.name) fail(`${p.id} (${p.icons.join('+')}) has no name`);
  const names = map.intersections.flatMap((p) => (p.name ? [p.name] : []));
  if (new Set(names).size !== names.length) fail('a place name repeats');

  // Streets: along a straight run of existing sections, from its west/north end.
  const sectionSet = new Set(map.sections.map((s) => `${s.a}|${s.b}`));
  for (const st of map.streets) {
    const [fx, fy] = xy(st.from);
    const [tx, ty] = xy(st.to);
    const ok = !!st.name && ((fy === ty && tx > fx) || (fx === tx && ty > fy));
    let along = ok;
    for (let k = 0; along && k < Math.abs(tx - fx) + Math.abs(ty - fy); k++) {
      const a = fy === ty ? pid(fx + k, fy) : pid(fx, fy + k);
      const b = fy === ty ? pid(fx + k + 1, fy) : pid(fx, fy + k + 1);
      along = sectionSet.has(`${a}|${b}`);
    }
    if (!along) fail(`street "${st.name}" ${st.from}–${st.to} is not a straight run of sections`);
  }
  return errors;
}
