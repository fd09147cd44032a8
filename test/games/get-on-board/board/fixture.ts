/**
 * A small hand-made map for the board's tests and screenshots ("Roma
 * piccola", 6 × 5): two corners absent, two gaps, a two-passenger
 * intersection, yellow and burgundy speedy sections, two named streets,
 * three departures and three objective sites. Not a real map: it only has
 * to exercise every drawing case.
 */
import type {
  Icon,
  Intersection,
  MapDef,
  PointId,
  Section,
  Speedy,
} from '../../../../src/games/get-on-board/maps/types';
import type { MapTarget, PawnAt, RouteLine } from '../../../../src/games/get-on-board/board/MapView';
import { PLAYER_COLOURS } from '../../../../src/games/get-on-board/board/palette';
import type { SheetProps } from '../../../../src/games/get-on-board/board/SheetView';
import type { GobState, ScoreBreakdown } from '../../../../src/games/get-on-board/types';

type Extra = Partial<Pick<Intersection, 'name' | 'departure' | 'site'>>;
const ROWS: ([Icon[], Extra?] | null)[][] = [
  [
    [['granny']],
    [['metro'], { departure: 1, name: 'Termini' }],
    [['student']],
    [['tourist']],
    [['theaterLight'], { name: 'Pantheon' }],
  ],
  [
    [['flirtLight']],
    [['student', 'granny']],
    [['cinema'], { name: 'Cinema Farnese' }],
    [['flirtDark']],
    [['metro'], { site: 'a', name: 'Spagna' }],
    [['granny']],
  ],
  [
    [['restaurant'], { site: 'b', name: 'Da Enzo' }],
    [['tourist']],
    [['granny']],
    [['student']],
    [['restaurant'], { name: "Campo de' Fiori" }],
    [['metro'], { departure: 2, name: 'Colosseo' }],
  ],
  [
    [['theaterDark'], { name: 'Teatro Argentina' }],
    [['flirtDark']],
    [['metro'], { departure: 3, name: 'Trastevere' }],
    [['tourist', 'flirtLight']],
    [['granny']],
    [['student']],
  ],
  [null, [['student']], [['flirtLight']], [['metro'], { site: 'c', name: 'Piramide' }], [['cinema']], [['tourist']]],
];

const intersections: Intersection[] = [];
ROWS.forEach((row, r) =>
  row.forEach((cell, c) => {
    if (!cell) return; // an absent corner (1,5)
    const [icons, extra] = cell;
    intersections.push({ id: `${c + 1},${r + 1}`, x: c + 1, y: r + 1, icons, ...extra });
  }),
);

const GAPS = new Set(['3,3|4,3', '5,4|5,5']);
const SPEEDY: Record<string, Speedy> = {
  '1,1|2,1': 'yellow',
  '3,2|3,3': 'yellow',
  '4,4|5,4': 'yellow',
  '5,2|5,3': 'burgundy',
  '2,3|2,4': 'burgundy',
  '2,2|3,2': 'burgundy',
};
const ids = new Set(intersections.map((i) => i.id));
const sections: Section[] = [];
for (const i of intersections) {
  for (const next of [`${i.x + 1},${i.y}`, `${i.x},${i.y + 1}`] as PointId[]) {
    const k = `${i.id}|${next}`;
    if (!ids.has(next) || GAPS.has(k)) continue;
    sections.push({ a: i.id, b: next, ...(SPEEDY[k] ? { speedy: SPEEDY[k] } : {}) });
  }
}

export const FIXTURE_MAP: MapDef = {
  id: 'test-piccola',
  name: 'Roma piccola',
  width: 6,
  height: 5,
  intersections,
  sections,
  streets: [
    { name: 'Via del Corso', from: '4,1', to: '4,5' },
    { name: 'Via Nazionale', from: '1,2', to: '6,2' },
  ],
  personalObjectives: [{ id: 'test-1', title: 'Grand tour', sites: ['a', 'b', 'c'] }],
};

export const FIXTURE_GAPS = GAPS.size;
export const FIXTURE_SPEEDY = Object.keys(SPEEDY).length;

/** Ana's line ends at 5,3; Ben shares 3,2–4,2 with her the other way; Cleo shares 4,2–4,3 and 4,3–4,4. */
export const ROUTES: RouteLine[] = [
  { player: '0', name: 'Ana', colour: PLAYER_COLOURS[0], points: ['2,1', '2,2', '3,2', '4,2', '4,3', '5,3'] },
  { player: '1', name: 'Ben', colour: PLAYER_COLOURS[1], points: ['6,3', '5,3', '5,2', '4,2', '3,2'] },
  { player: '2', name: 'Cleo', colour: PLAYER_COLOURS[2], points: ['3,4', '4,4', '4,3', '4,2', '4,1'] },
];

/** Five players: Dev and Eve (out) also ride Via Nazionale between 3,2 and 4,2. */
export const ROUTES5: RouteLine[] = [
  ...ROUTES,
  { player: '3', name: 'Dev', colour: PLAYER_COLOURS[3], points: ['1,1', '1,2', '2,2', '3,2', '4,2', '5,2'] },
  { player: '4', name: 'Eve', colour: PLAYER_COLOURS[4], points: ['3,1', '3,2', '4,2', '4,1'], eliminated: true },
];

export const PAWNS: PawnAt[] = ROUTES.map((r) => ({
  player: r.player,
  colour: r.colour,
  point: r.points[0],
  name: r.name,
}));

/** Ana is placing an F: two markers down, the third to pick. */
export const PLOT = { player: '0', colour: PLAYER_COLOURS[0], points: ['5,3', '5,4', '4,4'] as PointId[] };

/** From 4,4: 3,4 and 4,5 are fine, 4,3 is on Ana's line (eliminates). */
export const TARGETS: MapTarget[] = [
  { to: '3,4', eliminates: false },
  { to: '4,5', eliminates: false },
  { to: '4,3', eliminates: true },
];

/** Ana's sheet mid-game (sheet 1, round 5, ticket 4 now). */
export const SHEET: SheetProps = {
  name: 'Ana',
  colour: PLAYER_COLOURS[0],
  variant: 1,
  shapes: ['A', 'B', 'C', 'D', 'E', 'F'],
  crossedTickets: [8, 3, 11, 1, 4],
  currentTicket: 4,
  metroCircled: 3,
  metroCrossed: 1,
  turnsUsed: 2,
  grannies: 4,
  students: 3,
  cinemas: 1,
  touristRows: [{ count: 3, value: 9 }, { count: 1 }, { count: 0 }],
  theaterLight: 1,
  theaterDark: 0,
  flirtRows: [
    { light: 2, dark: 1, value: 8 },
    { light: 0, dark: 1 },
    { light: 0, dark: 0 },
  ],
  common: [10],
  personal: {
    title: 'Grand tour',
    sites: [
      { letter: 'a', name: 'Spagna', reached: true },
      { letter: 'b', name: 'Da Enzo', reached: false },
      { letter: 'c', name: 'Piramide', reached: false },
    ],
  },
  connections: 7,
  rome: true,
  speedy: 'yellow',
  score: 41,
};

/** Ben and Cleo, for the compact sheets (Cleo is out). */
export const OPPONENTS: SheetProps[] = [
  {
    ...SHEET,
    name: 'Ben',
    colour: PLAYER_COLOURS[1],
    variant: 2,
    shapes: ['F', 'A', 'B', 'C', 'D', 'E'],
    grannies: 2,
    connections: 9,
    score: 33,
  },
  {
    ...SHEET,
    name: 'Cleo',
    colour: PLAYER_COLOURS[2],
    variant: 3,
    shapes: ['E', 'F', 'A', 'B', 'C', 'D'],
    eliminated: true,
    score: 0,
  },
];

/** A full 11 × 9 lattice with icons in turn: the size of Rome and Paris, for tap-target sizes on a phone. */
export function bigMap(): MapDef {
  const icons: Icon[] = ['granny', 'student', 'tourist', 'flirtLight', 'restaurant', 'flirtDark', 'cinema', 'metro'];
  const points: Intersection[] = [];
  for (let y = 1; y <= 9; y++)
    for (let x = 1; x <= 11; x++) points.push({ id: `${x},${y}`, x, y, icons: [icons[(x + 3 * y) % icons.length]] });
  const secs: Section[] = [];
  for (const p of points) {
    if (p.x < 11) secs.push({ a: p.id, b: `${p.x + 1},${p.y}` });
    if (p.y < 9) secs.push({ a: p.id, b: `${p.x},${p.y + 1}` });
  }
  return {
    ...FIXTURE_MAP,
    id: 'test-big',
    name: 'Big lattice',
    width: 11,
    height: 9,
    intersections: points,
    sections: secs,
  };
}

/** One score breakdown of the end screen (an eliminated player's is all zero). */
function breakdown(
  b: Omit<ScoreBreakdown, 'total'> | null,
  eliminated = false,
): ScoreBreakdown & { eliminated: boolean } {
  const zero = { metro: 0, turns: 0, grannies: 0, studentsCinemas: 0, theaters: 0 };
  const all = { ...zero, restaurants: 0, common: 0, personal: 0, connections: 0, ...b };
  const total = Object.values(all).reduce((n, v) => n + v, 0);
  return { ...all, total, eliminated };
}

/**
 * A finished game on Rome as the end screen reads it (its result, colours and rounds of elimination only): Bot 2
 * (normal) wins with 73 over Gia's 46, both with Turns below zero; Leo was eliminated in round 8.
 */
export const END_STATE = {
  mapId: 'rome',
  players: {
    '0': { colour: 1, eliminated: false, eliminatedRound: null },
    '1': { colour: 0, eliminated: false, eliminatedRound: null },
    '2': { colour: 2, eliminated: true, eliminatedRound: 8 },
  },
  result: {
    scores: {
      '0': breakdown({
        metro: 2,
        turns: -10,
        grannies: 7,
        studentsCinemas: 12,
        theaters: 14,
        restaurants: 8,
        common: 6,
        personal: 2,
        connections: 5,
      }),
      '1': breakdown({
        metro: 0,
        turns: -7,
        grannies: 9,
        studentsCinemas: 8,
        theaters: 19,
        restaurants: 14,
        common: 20,
        personal: 2,
        connections: 8,
      }),
      '2': breakdown(null, true),
    },
    winners: ['1'],
    ranking: ['1', '0', '2'],
  },
} as unknown as GobState;

/** The players' names at the end screen. */
export const END_NAMES: Record<string, string> = { '0': 'Gia', '1': 'Bot 2 (normal)', '2': 'Leo' };
