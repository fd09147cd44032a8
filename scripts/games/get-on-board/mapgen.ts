/**
 * Get on Board map generator (a dev tool, not game randomness): a seeded search
 * for a Rome or Paris layout that meets every constraint of
 * RULINGS-get-on-board §9, checked by src/games/get-on-board/maps/check.ts.
 * It prints the sketch and the TypeScript tables; names are then given by hand
 * in maps/rome.ts / maps/paris.ts (see maps/MAPS.md).
 *
 *   ./node_modules/.bin/esbuild scripts/games/get-on-board/mapgen.ts --bundle --platform=node --format=cjs --outfile=/tmp/gobmapgen.cjs
 *   node /tmp/gobmapgen.cjs rome 1      # map, seed
 *
 * Stages, each a simulated annealing on a cost that is 0 exactly when its constraints hold:
 * 1. shape: absent lattice points and gaps (counts, degree mix, connected, degree ≥ 2);
 * 2. icons: places, passengers, two-passenger intersections, departures (constraints 2–7);
 * 3. personal objective cards (constraint 5), by random partition;
 * 4. Rome: the speedy sections (constraints 7–8).
 */
import {
  checkMap,
  colThird,
  LIMITS,
  mapFigures,
  PARIS_TARGETS,
  PASSENGERS,
  ROME_TARGETS,
  rowThird,
} from '../../../src/games/get-on-board/maps/check';
import type { MapTargets } from '../../../src/games/get-on-board/maps/check';
import type {
  Icon,
  Intersection,
  MapDef,
  Passenger,
  PersonalObjective,
  PointId,
  Section,
  Speedy,
} from '../../../src/games/get-on-board/maps/types';

const W = 11;
const H = 9;

/** mulberry32: a small seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const P = (x: number, y: number): number => (y - 1) * W + (x - 1);
const X = (p: number): number => (p % W) + 1;
const Y = (p: number): number => Math.floor(p / W) + 1;
const id = (p: number): PointId => `${X(p)},${Y(p)}`;

/** Every lattice edge [a, b] with a west/north of b. */
const EDGES: [number, number][] = [];
for (let y = 1; y <= H; y++)
  for (let x = 1; x <= W; x++) {
    if (x < W) EDGES.push([P(x, y), P(x + 1, y)]);
    if (y < H) EDGES.push([P(x, y), P(x, y + 1)]);
  }

/** Simulated annealing: `propose` mutates and returns an undo, `cost` reads the state. */
function anneal(rand: () => number, cost: () => number, propose: () => () => void, steps: number, t0: number): number {
  let c = cost();
  for (let i = 0; i < steps && c > 0; i++) {
    const t = t0 * (1 - i / steps) + 0.01;
    const undo = propose();
    const c2 = cost();
    if (c2 <= c || rand() < Math.exp((c - c2) / t)) c = c2;
    else undo();
  }
  return c;
}

interface Shape {
  present: boolean[];
  /** Lattice edges (index into EDGES) that are sections. */
  section: boolean[];
}

/** Stage 1: absent points and gaps with the target counts and degree mix. */
function shapeStage(rand: () => number, t: MapTargets, isParis: boolean): Shape | null {
  const present = Array<boolean>(W * H).fill(true);
  const corners = [P(1, 1), P(W, 1), P(1, H), P(W, H)];
  if (isParis) {
    const keep = Math.floor(rand() * 4);
    corners.forEach((c, i) => i !== keep && (present[c] = false));
  } else {
    // Start from a random blob of absent border points; the annealing moves them.
    let absent = W * H - t.intersections;
    while (absent > 0) {
      const p = Math.floor(rand() * W * H);
      const border = X(p) === 1 || X(p) === W || Y(p) === 1 || Y(p) === H;
      if (present[p] && (border || rand() < 0.2)) {
        present[p] = false;
        absent--;
      }
    }
  }
  const gap = Array<boolean>(EDGES.length).fill(false);
  let gaps = 0;
  while (gaps < t.gaps) {
    const e = Math.floor(rand() * EDGES.length);
    if (!gap[e]) {
      gap[e] = true;
      gaps++;
    }
  }
  const cost = (): number => {
    const deg = Array<number>(W * H).fill(0);
    let sections = 0;
    let liveGaps = 0;
    const adj: number[][] = present.map(() => []);
    EDGES.forEach(([a, b], e) => {
      if (!present[a] || !present[b]) return;
      if (gap[e]) {
        liveGaps++;
        return;
      }
      sections++;
      deg[a]++;
      deg[b]++;
      adj[a].push(b);
      adj[b].push(a);
    });
    let c = Math.abs(sections - t.sections) + 2 * Math.abs(liveGaps - t.gaps);
    const mix: Record<number, number> = {};
    present.forEach((on, p) => {
      if (!on) return;
      mix[deg[p]] = (mix[deg[p]] ?? 0) + 1;
      if (deg[p] < 2) c += 3;
    });
    for (const d of [4, 3, 2] as const) c += Math.abs((mix[d] ?? 0) - t.degrees[d]);
    // Connected.
    const start = present.indexOf(true);
    const seen = new Set([start]);
    const queue = [start];
    for (let q = 0; q < queue.length; q++)
      for (const n of adj[queue[q]])
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
    c += 2 * (present.filter(Boolean).length - seen.size);
    // Gaps between two live points only, and not touching each other (a cleaner look).
    const ends = new Set<number>();
    EDGES.forEach(([a, b], e) => {
      if (!gap[e]) return;
      if (!present[a] || !present[b]) c += 2;
      if (ends.has(a) || ends.has(b)) c += 1;
      ends.add(a);
      ends.add(b);
    });
    return c;
  };
  const propose = (): (() => void) => {
    if (!isParis && rand() < 0.5) {
      const on = present.map((v, p) => (v ? p : -1)).filter((p) => p >= 0);
      const off = present.map((v, p) => (v ? -1 : p)).filter((p) => p >= 0);
      const a = on[Math.floor(rand() * on.length)];
      const b = off[Math.floor(rand() * off.length)];
      present[a] = false;
      present[b] = true;
      return () => {
        present[a] = true;
        present[b] = false;
      };
    }
    const ons = gap.map((v, e) => (v ? e : -1)).filter((e) => e >= 0);
    const a = ons[Math.floor(rand() * ons.length)];
    let b = Math.floor(rand() * EDGES.length);
    while (gap[b]) b = Math.floor(rand() * EDGES.length);
    gap[a] = false;
    gap[b] = true;
    return () => {
      gap[a] = true;
      gap[b] = false;
    };
  };
  const c = anneal(rand, cost, propose, 200_000, 3);
  if (c > 0) return null;
  return { present, section: EDGES.map(([a, b], e) => present[a] && present[b] && !gap[e]) };
}

interface Layout {
  nodes: number[];
  dist: number[][];
  adj: number[][];
  primary: Icon[];
  /** Second passengers: [node index, passenger]. */
  extra: [number, Passenger][];
  dep: number[];
}

/** All-pairs shortest paths over sections, on node indices. */
function distances(nodes: number[], shape: Shape): { adj: number[][]; dist: number[][] } {
  const at = new Map(nodes.map((p, i) => [p, i]));
  const adj: number[][] = nodes.map(() => []);
  EDGES.forEach(([a, b], e) => {
    if (!shape.section[e]) return;
    adj[at.get(a) ?? 0].push(at.get(b) ?? 0);
    adj[at.get(b) ?? 0].push(at.get(a) ?? 0);
  });
  const dist = nodes.map((_, s) => {
    const d = nodes.map(() => 99);
    d[s] = 0;
    const q = [s];
    for (let k = 0; k < q.length; k++)
      for (const n of adj[q[k]])
        if (d[n] === 99) {
          d[n] = d[q[k]] + 1;
          q.push(n);
        }
    return d;
  });
  return { adj, dist };
}

const PLACE_ICONS: Icon[] = ['restaurant', 'cinema', 'theaterLight', 'theaterDark'];

/** Stage 2: icons, doubles and departures. */
function iconStage(rand: () => number, t: MapTargets, shape: Shape): Layout | null {
  const nodes = shape.present.map((v, p) => (v ? p : -1)).filter((p) => p >= 0);
  const { adj, dist } = distances(nodes, shape);
  const N = nodes.length;
  const pool: Icon[] = [
    ...Array<Icon>(t.metro).fill('metro'),
    ...Array<Icon>(t.restaurants).fill('restaurant'),
    ...Array<Icon>(t.cinemas).fill('cinema'),
    ...Array<Icon>(t.theaterLight).fill('theaterLight'),
    ...Array<Icon>(t.theaterDark).fill('theaterDark'),
  ];
  const passengers: Passenger[] = PASSENGERS.flatMap((k) => Array<Passenger>(t.passengers[k]).fill(k));
  for (let i = passengers.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [passengers[i], passengers[j]] = [passengers[j], passengers[i]];
  }
  const primary: Icon[] = [...pool, ...passengers.slice(0, N - pool.length)];
  for (let i = primary.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [primary[i], primary[j]] = [primary[j], primary[i]];
  }
  const extra: [number, Passenger][] = passengers.slice(N - pool.length).map((k) => [Math.floor(rand() * N), k]);
  const metros = (): number[] => primary.map((k, i) => (k === 'metro' ? i : -1)).filter((i) => i >= 0);
  const dep = metros().slice(0, t.departures);
  const L: Layout = { nodes, dist, adj, primary, extra, dep };
  const count = (i: number): number => 1 + extra.filter(([n]) => n === i).length;
  const quad = (i: number): number => (X(nodes[i]) > 6 ? 1 : 0) + (Y(nodes[i]) > 5 ? 2 : 0);

  const cost = (): number => {
    let c = 0;
    const icons = nodes.map((_, i) => count(i));
    // Constraint 2: doubles.
    const twice = new Set<number>();
    for (const [n, k] of extra) {
      const p = primary[n];
      if (p === 'metro' || PLACE_ICONS.includes(p) || p === k || (p.startsWith('flirt') && k.startsWith('flirt')))
        c += 5;
      if (twice.has(n)) c += 5;
      twice.add(n);
    }
    // Constraint 3: M never adjacent; departures are M.
    const ms = metros();
    for (const i of ms) for (const j of adj[i]) if (primary[j] === 'metro') c += 3;
    for (const d of dep) if (primary[d] !== 'metro') c += 10;
    // Constraint 7: windows.
    for (const d of dep) {
      let w2 = 0;
      let w3 = 0;
      let pl = 0;
      for (let j = 0; j < N; j++) {
        const k = dist[d][j];
        if (k < 1 || k > 3) continue;
        w3 += icons[j];
        if (k <= 2) {
          w2 += icons[j];
          if (PLACE_ICONS.includes(primary[j])) pl++;
        }
      }
      c += Math.max(0, 9 - w2) + Math.max(0, w2 - 11) + Math.max(0, LIMITS.iconsWithin3Min + 1 - w3) + (pl ? 0 : 3);
      // Keep departures well apart (3 sections) for a fair spread.
      for (const e of dep) if (e !== d && dist[d][e] < 3) c += 1;
    }
    // Constraint 5: every site within 3 of a departure.
    const near = (i: number): boolean => dep.some((d) => dist[d][i] <= LIMITS.siteToDeparture);
    for (const i of ms) if (!dep.includes(i) && !near(i)) c += 2;
    const farRestaurants = primary.filter((k, i) => k === 'restaurant' && !near(i)).length;
    c += 2 * Math.max(0, farRestaurants - (t.restaurants - t.restaurantSites));
    // Constraint 6: same-type places spread, ideally one per quadrant.
    const spread = (icon: Icon, gap: number, quadWeight: number): void => {
      const ps = primary.map((k, i) => (k === icon ? i : -1)).filter((i) => i >= 0);
      for (let a = 0; a < ps.length; a++) for (let b = a + 1; b < ps.length; b++) if (dist[ps[a]][ps[b]] < gap) c += 2;
      const qs = new Set(ps.map(quad));
      c += quadWeight * Math.max(0, Math.min(4, ps.length) - qs.size);
    };
    spread('cinema', LIMITS.cinemaGap, 0.5);
    spread('theaterLight', LIMITS.theaterGap, 0.5);
    spread('theaterDark', LIMITS.theaterGap, 0.5);
    spread('restaurant', 3, 0.2);
    // Variety: a passenger type rarely next to itself (soft).
    for (let i = 0; i < N; i++) for (const j of adj[i]) if (j > i && primary[i] === primary[j]) c += 0.1;
    return c;
  };
  const propose = (): (() => void) => {
    const r = rand();
    if (r < 0.6) {
      const i = Math.floor(rand() * N);
      const j = Math.floor(rand() * N);
      const di = dep.indexOf(i);
      const dj = dep.indexOf(j);
      [primary[i], primary[j]] = [primary[j], primary[i]];
      if (di >= 0) dep[di] = j;
      if (dj >= 0) dep[dj] = i;
      return () => {
        [primary[i], primary[j]] = [primary[j], primary[i]];
        if (di >= 0) dep[di] = i;
        if (dj >= 0) dep[dj] = j;
      };
    }
    if (r < 0.75) {
      const e = Math.floor(rand() * extra.length);
      const old = extra[e][0];
      extra[e][0] = Math.floor(rand() * N);
      return () => void (extra[e][0] = old);
    }
    if (r < 0.85) {
      // Swap a second passenger with a first one (changes which types are doubled).
      const e = Math.floor(rand() * extra.length);
      const i = Math.floor(rand() * N);
      const old = primary[i];
      if (old === 'metro' || PLACE_ICONS.includes(old)) return () => {};
      primary[i] = extra[e][1];
      extra[e][1] = old as Passenger;
      return () => {
        extra[e][1] = primary[i] as Passenger;
        primary[i] = old;
      };
    }
    const k = Math.floor(rand() * dep.length);
    const others = metros().filter((i) => !dep.includes(i));
    const old = dep[k];
    dep[k] = others[Math.floor(rand() * others.length)];
    return () => void (dep[k] = old);
  };
  const c = anneal(rand, cost, propose, 400_000, 2);
  // The soft terms (variety, quadrants) may stay above 0: accept when the hard ones hold (checked again at the end).
  return c < 3 ? L : null;
}

/** Stage 3: the 5 cards (3 × M M R + 2 × M R R), by random partition. */
function cardStage(rand: () => number, L: Layout, sites: number[]): number[][] | null {
  const ms = sites.filter((i) => L.primary[i] === 'metro');
  const rs = sites.filter((i) => L.primary[i] === 'restaurant');
  const ok = (card: number[]): boolean => {
    const xs = new Set(card.map((i) => colThird(X(L.nodes[i]))));
    const ys = new Set(card.map((i) => rowThird(Y(L.nodes[i]))));
    if (xs.size < 2 || ys.size < 2) return false;
    for (let a = 0; a < 3; a++)
      for (let b = a + 1; b < 3; b++) {
        // At least siteGap apart, and no farther than the published maximum (13).
        const d = L.dist[card[a]][card[b]];
        if (d < LIMITS.siteGap || d > 13) return false;
      }
    return true;
  };
  const shuffle = <T>(a: T[]): T[] => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  for (let tries = 0; tries < 200_000; tries++) {
    const m = shuffle([...ms]);
    const r = shuffle([...rs]);
    const cards = [
      [m[0], m[1], r[0]],
      [m[2], m[3], r[1]],
      [m[4], m[5], r[2]],
      [m[6], r[3], r[4]],
      [m[7], r[5], r[6]],
    ];
    if (cards.every(ok)) return cards;
  }
  return null;
}

/** Stage 4 (Rome): 19 yellow + 19 burgundy sections. */
function speedyStage(rand: () => number, L: Layout, sections: [number, number][]): (Speedy | undefined)[] | null {
  const at = new Map(L.nodes.map((p, i) => [p, i]));
  const colour: (Speedy | undefined)[] = sections.map(() => undefined);
  const idx = sections.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  idx.slice(0, 19).forEach((s) => (colour[s] = 'yellow'));
  idx.slice(19, 38).forEach((s) => (colour[s] = 'burgundy'));
  const quad = ([a, b]: [number, number]): number => ((X(a) + X(b)) / 2 > 6 ? 1 : 0) + ((Y(a) + Y(b)) / 2 > 5 ? 2 : 0);
  const cost = (): number => {
    let c = 0;
    // The colours meet at a few intersections (6 in the published map): at most 8 here.
    const touched = new Map<number, number>();
    sections.forEach((s, i) => {
      if (!colour[i]) return;
      for (const e of s) touched.set(e, (touched.get(e) ?? 0) | (colour[i] === 'yellow' ? 1 : 2));
    });
    c += Math.max(0, [...touched.values()].filter((v) => v === 3).length - 8);
    for (const col of ['yellow', 'burgundy'] as const) {
      const mine = sections.map((s, i) => (colour[i] === col ? i : -1)).filter((i) => i >= 0);
      const q = [0, 0, 0, 0];
      let h = 0;
      for (const s of mine) {
        q[quad(sections[s])]++;
        if (Y(sections[s][0]) === Y(sections[s][1])) h++;
      }
      for (const n of q) c += Math.max(0, 4 - n) + Math.max(0, n - 6);
      c += Math.max(0, 8 - h) + Math.max(0, h - 11);
      // Chains: at most 2 sections of one colour end to end.
      const ends = new Map<number, number[]>();
      for (const s of mine) for (const e of sections[s]) ends.set(e, [...(ends.get(e) ?? []), s]);
      for (const list of ends.values()) if (list.length > 2) c += 3 * (list.length - 2);
      for (const s of mine) {
        const [a, b] = sections[s];
        if ((ends.get(a)?.length ?? 0) > 1 && (ends.get(b)?.length ?? 0) > 1) c += 3;
      }
      for (const d of L.dep) {
        const near = mine.filter((s) => sections[s].some((e) => L.dist[d][at.get(e) ?? 0] <= 2)).length;
        c += Math.max(0, 3 - near);
      }
    }
    return c;
  };
  const propose = (): (() => void) => {
    const i = Math.floor(rand() * sections.length);
    const j = Math.floor(rand() * sections.length);
    [colour[i], colour[j]] = [colour[j], colour[i]];
    return () => ([colour[i], colour[j]] = [colour[j], colour[i]]);
  };
  return anneal(rand, cost, propose, 300_000, 2) === 0 ? colour : null;
}

const CODE: Record<Icon, string> = {
  metro: 'M',
  restaurant: 'R',
  cinema: 'C',
  theaterLight: 'L',
  theaterDark: 'D',
  granny: 'g',
  student: 's',
  tourist: 't',
  flirtLight: 'l',
  flirtDark: 'd',
};

/** The ASCII sketch of a map: cells of 3 characters, "--" sections, "yy"/"bb" (and y/b) speedy ones. */
export function sketch(map: MapDef): string[] {
  const byId = new Map(map.intersections.map((p) => [p.id, p]));
  const sec = new Map(map.sections.map((s) => [`${s.a}|${s.b}`, s]));
  const cell = (x: number, y: number): string => {
    const p = byId.get(`${x},${y}`);
    if (!p) return '   ';
    let s = p.icons.map((i) => CODE[i]).join('');
    if (p.departure !== undefined) s += p.departure;
    if (p.site) s += p.site;
    return s.padEnd(3);
  };
  const lines: string[] = ['     ' + Array.from({ length: map.width }, (_, i) => String(i + 1).padEnd(5)).join('')];
  for (let y = 1; y <= map.height; y++) {
    let row = String(y).padStart(2) + '  ';
    let below = '    ';
    for (let x = 1; x <= map.width; x++) {
      row += cell(x, y);
      const h = sec.get(`${x},${y}|${x + 1},${y}`);
      if (x < map.width) row += h ? (h.speedy === 'yellow' ? 'yy' : h.speedy === 'burgundy' ? 'bb' : '--') : '  ';
      const v = sec.get(`${x},${y}|${x},${y + 1}`);
      below += (v ? (v.speedy === 'yellow' ? ' y ' : v.speedy === 'burgundy' ? ' b ' : ' | ') : '   ') + '  ';
    }
    lines.push(row.trimEnd());
    if (y < map.height) lines.push(below.trimEnd());
  }
  return lines;
}

function build(which: 'rome' | 'paris', seed: number): MapDef | null {
  const t = which === 'rome' ? ROME_TARGETS : PARIS_TARGETS;
  const rand = prng(seed);
  const shape = shapeStage(rand, t, which === 'paris');
  if (!shape) return null;
  console.error(`seed ${seed}: shape found`);
  for (let attempt = 0; attempt < 6; attempt++) {
    const L = iconStage(rand, t, shape);
    if (!L) continue;
    console.error(`seed ${seed}: icons found (attempt ${attempt})`);
    const near = (i: number): number => Math.min(...L.dep.map((d) => L.dist[d][i]));
    const ms = L.primary.map((k, i) => (k === 'metro' && !L.dep.includes(i) ? i : -1)).filter((i) => i >= 0);
    const rs = L.primary
      .map((k, i) => (k === 'restaurant' ? i : -1))
      .filter((i) => i >= 0)
      .sort((a, b) => near(a) - near(b) || rand() - 0.5)
      .slice(0, t.restaurantSites);
    const cards = cardStage(rand, L, [...ms, ...rs]);
    if (!cards) continue;
    const sectionPairs = EDGES.filter((_, e) => shape.section[e]);
    const colour = t.speedyPerColour > 0 ? speedyStage(rand, L, sectionPairs) : sectionPairs.map(() => undefined);
    if (!colour) continue;
    // Departure numbers and site letters in reading order (row by row, west to east): easy to find on the board.
    const reading = (a: number, b: number): number => L.nodes[a] - L.nodes[b];
    const deps = [...L.dep].sort(reading);
    const letter = new Map(
      cards
        .flat()
        .sort(reading)
        .map((i, k) => [i, 'abcdefghijklmno'[k]]),
    );
    const intersections: Intersection[] = L.nodes.map((p, i) => {
      const icons: Icon[] = [L.primary[i], ...L.extra.filter(([n]) => n === i).map(([, k]) => k)];
      const out: Intersection = { id: id(p), x: X(p), y: Y(p), icons };
      const dn = deps.indexOf(i);
      if (dn >= 0) out.departure = dn + 1;
      if (letter.has(i)) out.site = letter.get(i);
      if (icons[0] === 'metro' || PLACE_ICONS.includes(icons[0])) out.name = `? ${id(p)}`;
      return out;
    });
    const sections: Section[] = sectionPairs.map(([a, b], k) => {
      const s: Section = { a: id(a), b: id(b) };
      if (colour[k]) s.speedy = colour[k];
      return s;
    });
    cards.sort((p, q) => Math.min(...p.map((i) => L.nodes[i])) - Math.min(...q.map((i) => L.nodes[i])));
    const personalObjectives: PersonalObjective[] = cards.map((_, c) => ({
      id: `${which}-${c + 1}`,
      title: `? card ${c + 1}`,
      sites: cards[c].map((i) => letter.get(i) ?? '?').sort() as [string, string, string],
    }));
    const map: MapDef = {
      id: which,
      name: which,
      width: W,
      height: H,
      intersections,
      sections,
      streets: [],
      personalObjectives,
    };
    const errors = checkMap(map, t);
    if (errors.length === 0) return map;
    console.error(`seed ${seed}: checker says ${errors.join('; ')}`);
  }
  return null;
}

/** The longest straight runs of sections, as street candidates. */
function runs(map: MapDef): string[] {
  const has = new Set(map.sections.map((s) => `${s.a}|${s.b}`));
  const out: [number, string][] = [];
  for (const horizontal of [true, false]) {
    const outer = horizontal ? H : W;
    const inner = horizontal ? W : H;
    for (let o = 1; o <= outer; o++) {
      let start = 1;
      for (let k = 1; k <= inner; k++) {
        const a = horizontal ? `${k},${o}` : `${o},${k}`;
        const b = horizontal ? `${k + 1},${o}` : `${o},${k + 1}`;
        if (!has.has(`${a}|${b}`)) {
          if (k - start >= 3)
            out.push([k - start, horizontal ? `${start},${o} → ${k},${o}` : `${o},${start} → ${o},${k}`]);
          start = k + 1;
        }
      }
    }
  }
  return out.sort((a, b) => b[0] - a[0]).map(([n, s]) => `${n} sections: ${s}`);
}

function main(): void {
  const which = process.argv[2] === 'paris' ? 'paris' : 'rome';
  let seed = Number(process.argv[3] ?? 1);
  let map: MapDef | null = null;
  for (let tries = 0; tries < 20 && !map; tries++, seed++) map = build(which, seed);
  if (!map) {
    console.error('no layout found; try another seed');
    process.exit(1);
  }
  const f = mapFigures(map);
  const NAME = which === 'rome' ? 'ROME' : 'PARIS';
  const q = (v: unknown): string => JSON.stringify(v).replace(/"/g, "'");
  const out: string[] = [];
  out.push(
    '/**',
    ` * ${which} (generated by scripts/games/get-on-board/mapgen.ts ${which} ${seed - 1}; names to give by hand).`,
    ' *',
  );
  for (const line of sketch(map)) out.push(` *${line ? ' ' + line : ''}`);
  out.push(' */');
  out.push(`// degrees ${q(f.degrees)}, gaps ${f.gaps.map((g) => g.join('/')).join(' ')}`);
  out.push(`// icons ${q(f.iconCounts)}`);
  for (const d of f.departures)
    out.push(
      `// departure ${d.departure} ${d.id}: within2 ${d.iconsWithin2}, within3 ${d.iconsWithin3}, places ${d.placesWithin2}, yellow ${d.yellowNear}, burgundy ${d.burgundyNear}`,
    );
  for (const r of runs(map).slice(0, 14)) out.push(`// run ${r}`);
  out.push(
    `export const ${NAME}: MapDef = {`,
    `  id: '${which}',`,
    `  name: '${which}',`,
    '  width: 11,',
    '  height: 9,',
  );
  out.push('  intersections: [');
  for (const p of map.intersections) {
    const extra = [
      p.name ? `name: ${q(p.name)}` : '',
      p.departure ? `departure: ${p.departure}` : '',
      p.site ? `site: '${p.site}'` : '',
    ].filter(Boolean);
    out.push(
      `    { id: '${p.id}', x: ${p.x}, y: ${p.y}, icons: ${q(p.icons)}${extra.map((e) => ', ' + e).join('')} },`,
    );
  }
  out.push('  ],', '  sections: [');
  for (const s of map.sections)
    out.push(`    { a: '${s.a}', b: '${s.b}'${s.speedy ? `, speedy: '${s.speedy}'` : ''} },`);
  out.push('  ],', '  streets: [],', '  personalObjectives: [');
  for (const c of map.personalObjectives)
    out.push(`    { id: '${c.id}', title: ${q(c.title)}, sites: ${q(c.sites)} },`);
  out.push('  ],', '};');
  console.log(out.join('\n'));
}

main();
