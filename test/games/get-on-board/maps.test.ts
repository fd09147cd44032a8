/**
 * Rome and Paris meet every map design constraint of RULINGS-get-on-board §9.
 * The figures are recomputed here from the data, and the checker is shown to
 * reject broken copies (so a passing map test can fail).
 */
import { describe, expect, it } from 'vitest';
import { ROME } from '../../../src/games/get-on-board/maps/rome';
import { PARIS } from '../../../src/games/get-on-board/maps/paris';
import { getMap, mapIds } from '../../../src/games/get-on-board/maps/index';
import {
  checkMap,
  colThird,
  mapFigures,
  PARIS_TARGETS,
  quadrantOf,
  ROME_TARGETS,
  rowThird,
  type MapTargets,
} from '../../../src/games/get-on-board/maps/check';
import type { Icon, MapDef, Passenger } from '../../../src/games/get-on-board/maps/types';

const MAPS: [string, MapDef, MapTargets][] = [
  ['rome', ROME, ROME_TARGETS],
  ['paris', PARIS, PARIS_TARGETS],
];
const PASSENGERS: Passenger[] = ['granny', 'student', 'tourist', 'flirtLight', 'flirtDark'];
const PLACES: Icon[] = ['restaurant', 'cinema', 'theaterLight', 'theaterDark'];
const clone = (m: MapDef): MapDef => JSON.parse(JSON.stringify(m)) as MapDef;
const count = (m: MapDef, icon: Icon): number =>
  m.intersections.flatMap((p) => p.icons).filter((i) => i === icon).length;

/** The section graph and all shortest paths, computed here without the checker's help. */
function graphOf(map: MapDef): { index: Map<string, number>; adj: number[][]; dist: number[][] } {
  const index = new Map(map.intersections.map((p, i) => [p.id as string, i]));
  const adj: number[][] = map.intersections.map(() => []);
  for (const s of map.sections) {
    adj[index.get(s.a)!].push(index.get(s.b)!);
    adj[index.get(s.b)!].push(index.get(s.a)!);
  }
  const dist = adj.map((_, src) => {
    const d = adj.map(() => -1);
    d[src] = 0;
    const queue = [src];
    for (const v of queue)
      for (const n of adj[v])
        if (d[n] < 0) {
          d[n] = d[v] + 1;
          queue.push(n);
        }
    return d;
  });
  return { index, adj, dist };
}

describe.each(MAPS)('%s', (id, map, t) => {
  const g = graphOf(map);
  const at = (pid: string): number => g.index.get(pid) ?? -1;
  const d = (a: string, b: string): number => g.dist[at(a)][at(b)];

  it('passes the checker and is registered', () => {
    expect(checkMap(map, t)).toEqual([]);
    expect(mapIds()).toContain(id);
    expect(getMap(id)).toBe(map);
  });

  it('lies on the 11 × 9 lattice with the target points, sections, gaps and degrees', () => {
    expect([map.width, map.height]).toEqual([11, 9]);
    expect(map.intersections).toHaveLength(t.intersections);
    expect(new Set(map.intersections.map((p) => p.id)).size).toBe(t.intersections);
    for (const p of map.intersections) {
      expect(p.id).toBe(`${p.x},${p.y}`);
      expect(p.x >= 1 && p.x <= 11 && p.y >= 1 && p.y <= 9).toBe(true);
    }
    expect(map.sections).toHaveLength(t.sections);
    const keys = map.sections.map((s) => `${s.a}|${s.b}`);
    expect(new Set(keys).size).toBe(t.sections);
    for (const s of map.sections) {
      const [ax, ay] = s.a.split(',').map(Number);
      const [bx, by] = s.b.split(',').map(Number);
      // `a` is the west (or north) end of a unit segment between two existing points.
      expect((bx === ax + 1 && by === ay) || (bx === ax && by === ay + 1)).toBe(true);
      expect(at(s.a) >= 0 && at(s.b) >= 0).toBe(true);
    }
    let gaps = 0;
    for (const p of map.intersections)
      for (const q of [`${p.x + 1},${p.y}`, `${p.x},${p.y + 1}`])
        if (at(q) >= 0 && !keys.includes(`${p.id}|${q}`)) gaps++;
    expect(gaps).toBe(t.gaps);
    const deg = g.adj.map((a) => a.length);
    expect(Math.min(...deg)).toBeGreaterThanOrEqual(2);
    expect([4, 3, 2].map((k) => deg.filter((x) => x === k).length)).toEqual([t.degrees[4], t.degrees[3], t.degrees[2]]);
    expect(g.dist[0].every((x) => x >= 0)).toBe(true);
    if (t.absentCornersOnly) {
      const corners = ['1,1', '11,1', '1,9', '11,9'];
      expect(corners.filter((c) => at(c) < 0)).toHaveLength(3);
    }
  });

  it('carries the target icons: places exact, passengers ± 1 with an exact total, valid doubles', () => {
    expect(count(map, 'metro')).toBe(t.metro);
    expect(count(map, 'restaurant')).toBe(t.restaurants);
    expect(count(map, 'cinema')).toBe(t.cinemas);
    expect(count(map, 'theaterLight')).toBe(t.theaterLight);
    expect(count(map, 'theaterDark')).toBe(t.theaterDark);
    for (const k of PASSENGERS) expect(Math.abs(count(map, k) - t.passengers[k])).toBeLessThanOrEqual(1);
    expect(PASSENGERS.reduce((n, k) => n + count(map, k), 0)).toBe(t.passengerTotal);
    expect(map.intersections.reduce((n, p) => n + p.icons.length, 0)).toBe(t.icons);
    const doubles = map.intersections.filter((p) => p.icons.length === 2);
    expect(doubles).toHaveLength(t.doubles);
    for (const p of map.intersections) expect(p.icons.length === 1 || p.icons.length === 2).toBe(true);
    for (const p of doubles) {
      expect(p.icons.every((i) => (PASSENGERS as Icon[]).includes(i))).toBe(true);
      expect(p.icons[0]).not.toBe(p.icons[1]);
      expect(p.icons.filter((i) => i.startsWith('flirt')).length).toBeLessThan(2);
    }
  });

  it('keeps M apart and numbers the departures 1..N on M', () => {
    const ms = map.intersections.filter((p) => p.icons.includes('metro'));
    for (const a of ms) for (const b of ms) if (a !== b) expect(d(a.id, b.id)).toBeGreaterThanOrEqual(2);
    const deps = map.intersections.filter((p) => p.departure !== undefined);
    expect(deps.map((p) => p.departure).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: t.departures }, (_, i) => i + 1),
    );
    for (const p of deps) expect(p.icons).toEqual(['metro']);
  });

  it('places its objective sites and cards by constraint 5', () => {
    const sites = map.intersections.filter((p) => p.site);
    expect(sites.map((p) => p.site).sort()).toEqual('abcdefghijklmno'.split(''));
    expect(sites.filter((p) => p.icons[0] === 'metro')).toHaveLength(8);
    expect(sites.filter((p) => p.icons[0] === 'restaurant')).toHaveLength(t.restaurantSites);
    for (const p of sites) expect(p.departure).toBeUndefined();
    expect(map.personalObjectives).toHaveLength(5);
    expect(
      map.personalObjectives
        .flatMap((c) => c.sites)
        .sort()
        .join(''),
    ).toBe('abcdefghijklmno');
    const bySite = new Map(sites.map((p) => [p.site, p]));
    const deps = map.intersections.filter((p) => p.departure !== undefined);
    for (const card of map.personalObjectives) {
      expect(card.title.length).toBeGreaterThan(0);
      const ps = card.sites.map((l) => bySite.get(l)!);
      expect(ps.some((p) => p.icons[0] === 'metro')).toBe(true);
      expect(ps.some((p) => p.icons[0] === 'restaurant')).toBe(true);
      expect(new Set(ps.map((p) => colThird(p.x))).size).toBeGreaterThanOrEqual(2);
      expect(new Set(ps.map((p) => rowThird(p.y))).size).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < 3; i++)
        for (let j = i + 1; j < 3; j++) expect(d(ps[i].id, ps[j].id)).toBeGreaterThanOrEqual(4);
    }
    for (const p of sites) expect(Math.min(...deps.map((q) => d(p.id, q.id)))).toBeLessThanOrEqual(3);
  });

  it('spreads same-type places (constraint 6)', () => {
    const of = (icon: Icon): string[] => map.intersections.filter((p) => p.icons.includes(icon)).map((p) => p.id);
    for (const [icon, gap] of [
      ['cinema', 4],
      ['theaterLight', 3],
      ['theaterDark', 3],
    ] as const)
      for (const a of of(icon)) for (const b of of(icon)) if (a !== b) expect(d(a, b)).toBeGreaterThanOrEqual(gap);
  });

  it('gives every departure its fairness windows (constraint 7)', () => {
    for (const dep of map.intersections.filter((p) => p.departure !== undefined)) {
      let w2 = 0;
      let w3 = 0;
      let places = 0;
      for (const q of map.intersections) {
        const k = d(dep.id, q.id);
        if (k >= 1 && k <= 3) w3 += q.icons.length;
        if (k >= 1 && k <= 2) {
          w2 += q.icons.length;
          if (q.icons.some((i) => PLACES.includes(i))) places++;
        }
      }
      expect(w2, `departure ${dep.departure}`).toBeGreaterThanOrEqual(8);
      expect(w2, `departure ${dep.departure}`).toBeLessThanOrEqual(12);
      expect(w3, `departure ${dep.departure}`).toBeGreaterThanOrEqual(14);
      expect(places, `departure ${dep.departure}`).toBeGreaterThanOrEqual(1);
      if (t.speedyPerColour > 0)
        for (const colour of ['yellow', 'burgundy'] as const) {
          const near = map.sections.filter((s) => s.speedy === colour && Math.min(d(dep.id, s.a), d(dep.id, s.b)) <= 2);
          expect(near.length, `departure ${dep.departure} ${colour}`).toBeGreaterThanOrEqual(2);
        }
    }
  });

  it('has its speedy sections by constraint 8 (Rome) or none (Paris)', () => {
    for (const colour of ['yellow', 'burgundy'] as const) {
      const mine = map.sections.filter((s) => s.speedy === colour);
      expect(mine).toHaveLength(t.speedyPerColour);
      if (t.speedyPerColour === 0) continue;
      const q = [0, 0, 0, 0];
      for (const s of mine) {
        const [ax, ay] = s.a.split(',').map(Number);
        const [bx, by] = s.b.split(',').map(Number);
        q[quadrantOf(ax, ay, bx, by)]++;
      }
      for (const n of q) expect(n >= 4 && n <= 6).toBe(true);
      const horizontal = mine.filter((s) => s.a.split(',')[1] === s.b.split(',')[1]).length;
      expect(horizontal >= 0.4 * mine.length && horizontal <= 0.6 * mine.length).toBe(true);
      // Never 3 of one colour end to end: no section of the colour touches another at both ends,
      // and no intersection holds 3.
      const ends = new Map<string, number>();
      for (const s of mine) for (const e of [s.a, s.b]) ends.set(e, (ends.get(e) ?? 0) + 1);
      for (const n of ends.values()) expect(n).toBeLessThanOrEqual(2);
      for (const s of mine) expect((ends.get(s.a) ?? 0) > 1 && (ends.get(s.b) ?? 0) > 1).toBe(false);
    }
  });

  it('names places, departures and sites, and runs its streets along straight sections', () => {
    for (const p of map.intersections)
      if (p.icons.some((i) => i === 'metro' || PLACES.includes(i)) || p.site || p.departure)
        expect(p.name, p.id).toBeTruthy();
    const names = map.intersections.flatMap((p) => (p.name ? [p.name] : []));
    expect(new Set(names).size).toBe(names.length);
    expect(map.streets.length).toBeGreaterThanOrEqual(5);
    const keys = new Set(map.sections.map((s) => `${s.a}|${s.b}`));
    for (const st of map.streets) {
      const [fx, fy] = st.from.split(',').map(Number);
      const [tx, ty] = st.to.split(',').map(Number);
      expect(fx === tx || fy === ty).toBe(true);
      expect(tx + ty).toBeGreaterThan(fx + fy);
      for (let x = fx, y = fy; x !== tx || y !== ty; fx === tx ? y++ : x++) {
        const next = fx === tx ? `${x},${y + 1}` : `${x + 1},${y}`;
        expect(keys.has(`${x},${y}|${next}`), `${st.name} at ${x},${y}`).toBe(true);
      }
    }
  });

  it('matches the figures checkMap measures', () => {
    const f = mapFigures(map);
    expect(f.sections).toBe(t.sections);
    expect(f.gaps).toHaveLength(t.gaps);
    expect(f.departures).toHaveLength(t.departures);
    expect(f.cardSiteDistances.flat().every((x) => x >= 4)).toBe(true);
  });
});

describe('checkMap rejects broken maps', () => {
  const mutations: [string, (m: MapDef) => void, RegExp][] = [
    ['a missing section', (m) => void m.sections.pop(), /sections: 119|sections: 163/],
    ['a duplicated section', (m) => void m.sections.push(m.sections[0]), /listed twice/],
    [
      'a section with its ends swapped',
      (m) => void (m.sections[0] = { ...m.sections[0], a: m.sections[0].b, b: m.sections[0].a }),
      /west\/north/,
    ],
    ['a diagonal section', (m) => void (m.sections[0] = { a: '4,4', b: '5,5' }), /unit segment/],
    [
      'an icon too many',
      (m) => void m.intersections.find((p) => p.icons[0] === 'granny')!.icons.push('tourist'),
      /icons/,
    ],
    [
      'two Flirts on one intersection',
      (m) =>
        void (m.intersections.find((p) => p.icons.length === 1 && p.icons[0] === 'flirtLight')!.icons = [
          'flirtLight',
          'flirtDark',
        ]),
      /two Flirts/,
    ],
    [
      'a place sharing an intersection',
      (m) => void m.intersections.find((p) => p.icons[0] === 'cinema')!.icons.push('granny'),
      /place or M shares/,
    ],
    [
      'two departures with one number',
      (m) => void (m.intersections.find((p) => p.departure === 2)!.departure = 1),
      /departure 2 is not/,
    ],
    [
      'a letter on two cards',
      (m) =>
        void (m.personalObjectives[0].sites = [
          m.personalObjectives[1].sites[0],
          ...m.personalObjectives[0].sites.slice(1),
        ] as [string, string, string]),
      /letters on cards/,
    ],
    [
      'a Cinema turned into a Granny',
      (m) => void (m.intersections.find((p) => p.icons[0] === 'cinema')!.icons = ['granny']),
      /Cinemas: /,
    ],
    ['a nameless departure', (m) => void delete m.intersections.find((p) => p.departure === 1)!.name, /has no name/],
    ['a street off the sections', (m) => void m.streets.push({ name: 'Nowhere', from: '1,1', to: '1,9' }), /Nowhere/],
    [
      'M next to M',
      (m) => {
        const s = m.sections.find((x) => m.intersections.find((p) => p.id === x.a)!.icons[0] === 'metro')!;
        m.intersections.find((p) => p.id === s.b)!.icons = ['metro'];
      },
      /adjacent/,
    ],
  ];
  it.each(MAPS)('%s: every mutation is caught', (_id, map, t) => {
    for (const [what, mutate, message] of mutations) {
      const m = clone(map);
      mutate(m);
      const errors = checkMap(m, t);
      expect(errors.join('\n'), what).toMatch(message);
    }
  });

  it('Rome: a chain of 3 speedy sections, a bare quadrant, and a lost speedy section are caught', () => {
    const m = clone(ROME);
    // Paint a straight run of 3 sections yellow.
    for (const [a, b] of [
      ['8,5', '8,6'],
      ['8,6', '8,7'],
      ['8,7', '8,8'],
    ])
      m.sections.find((s) => s.a === a && s.b === b)!.speedy = 'yellow';
    expect(checkMap(m, ROME_TARGETS).join('\n')).toMatch(/yellow: a chain of 3|yellow sections: /);
    const bare = clone(ROME);
    for (const s of bare.sections)
      if (s.speedy === 'burgundy' && quadrantOf(...xyOf(s.a), ...xyOf(s.b)) === 0) delete s.speedy;
    expect(checkMap(bare, ROME_TARGETS).join('\n')).toMatch(/burgundy per quadrant/);
  });

  it('Paris: a speedy section is caught', () => {
    const m = clone(PARIS);
    m.sections[0].speedy = 'yellow';
    expect(checkMap(m, PARIS_TARGETS).join('\n')).toMatch(/speedy on a map without/);
  });
});

function xyOf(id: string): [number, number] {
  const [x, y] = id.split(',').map(Number);
  return [x, y];
}
