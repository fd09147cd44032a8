/**
 * Test helpers for Get on Board: the rulings' test map T (full 5 × 4 lattice,
 * 31 sections) with icons chosen per test, hand-made positions played
 * through a test-only game (`createGetOnBoard({ mapFor })` with a prepared
 * setup: never the registered game), and real clients, one per seat.
 */
import { expect } from 'vitest';
import { InitializeGame } from 'boardgame.io/internal';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { createGetOnBoard } from '../../../src/games/get-on-board';
import { registerMap } from '../../../src/games/get-on-board/maps';
import type { Icon, Intersection, MapDef, Section, Speedy } from '../../../src/games/get-on-board/maps/types';
import { SHAPES, shapeFor } from '../../../src/games/get-on-board/data';
import { chooseDeparture } from '../../../src/games/get-on-board/moves';
import { sectionKey } from '../../../src/games/get-on-board/graph';
import type { GobState, PlayerID, PointId, ShapeId } from '../../../src/games/get-on-board/types';

/** Departures of map T unless a test says otherwise: 1–6 along the north and south edges. */
const T_DEPARTURES: Record<string, number> = { '1,1': 1, '3,1': 2, '5,1': 3, '1,4': 4, '3,4': 5, '5,4': 6 };

/** A full lattice `width` × `height` with these icons (departures get their M), registered under `id`. */
export function lattice(
  id: string,
  width: number,
  height: number,
  icons: Record<string, Icon[]>,
  departures: Record<string, number>,
  speedy: Record<string, Speedy> = {},
  sites: Record<string, string> = {},
): MapDef {
  const intersections: Intersection[] = [];
  const sections: Section[] = [];
  for (let y = 1; y <= height; y++)
    for (let x = 1; x <= width; x++) {
      const p: PointId = `${x},${y}`;
      const i: Intersection = { id: p, x, y, icons: departures[p] ? ['metro'] : (icons[p] ?? []) };
      if (departures[p]) i.departure = departures[p];
      if (sites[p]) i.site = sites[p];
      intersections.push(i);
      const east: PointId = `${x + 1},${y}`;
      const south: PointId = `${x},${y + 1}`;
      for (const q of [x < width ? east : null, y < height ? south : null]) {
        if (!q) continue;
        const s: Section = { a: p, b: q };
        const sp = speedy[sectionKey(p, q)];
        if (sp) s.speedy = sp;
        sections.push(s);
      }
    }
  const letters = Object.values(sites);
  const personalObjectives = Array.from({ length: 5 }, (_, k) => ({
    id: `${id}-${k + 1}`,
    title: `Card ${k + 1}`,
    sites: [0, 1, 2].map((j) => letters[(3 * k + j) % Math.max(1, letters.length)] ?? 'z') as [string, string, string],
  }));
  const map: MapDef = {
    id,
    name: `Map ${id}`,
    width,
    height,
    intersections,
    sections,
    streets: [],
    personalObjectives,
  };
  registerMap(map);
  return map;
}

/** Map T (RULINGS §12) under `id`, with these icons, speedy sections and objective sites. */
export function mapT(
  id: string,
  icons: Record<string, Icon[]> = {},
  opts: { departures?: Record<string, number>; speedy?: Record<string, Speedy>; sites?: Record<string, string> } = {},
): MapDef {
  return lattice(id, 5, 4, icons, opts.departures ?? T_DEPARTURES, opts.speedy, opts.sites);
}

/** The test-only game on map `mapId`. */
export const gameOn = (mapId: string) => createGetOnBoard({ mapFor: () => mapId });

/** A fresh seeded game's state after setup (departures not chosen). */
export function freshState(mapId: string, numPlayers: number, seed = 'test'): GobState {
  return structuredClone(InitializeGame({ game: { ...gameOn(mapId), seed }, numPlayers }).G) as GobState;
}

/** A seeded game in round 1: every player kept their first offered ticket. */
export function startedState(mapId: string, numPlayers: number, seed = 'test'): GobState {
  const G = freshState(mapId, numPlayers, seed);
  for (const p of G.order) chooseDeparture({ G, playerID: p }, { ticket: G.offers[p][0] });
  G.log = [];
  return G;
}

/** Put a player's route down: `line[0]` is the departure. */
export function setRoute(G: GobState, p: PlayerID, line: string[]): void {
  G.players[p].departure = line[0] as PointId;
  G.players[p].line = line as PointId[];
}

/** Make this round's ticket one that shows `shape` on player `p`'s sheet. */
export function setShape(G: GobState, p: PlayerID, shape: ShapeId): void {
  const ticket = [1, 2, 3, 4, 5, 6].find((t) => shapeFor(G.players[p].variant, t).id === shape)!;
  G.ticket = ticket;
  expect(SHAPES.map((s) => s.id)).toContain(shape);
}

/** Make it `p`'s plot, as the Inspector of the round. */
export function setToPlay(G: GobState, p: PlayerID): void {
  G.inspector = p;
  G.toPlay = p;
}

/**
 * A game in round 1 on `mapId` where it is seat 0's plot of `shape` with its route `line`; the other seats' routes are
 * a departure each, `others[i]` for seat i + 1.
 */
export function position(
  mapId: string,
  line: string[],
  shape: ShapeId,
  numPlayers = 2,
  others: string[] = ['5,4', '1,4'],
): GobState {
  const G = startedState(mapId, numPlayers);
  setRoute(G, '0', line);
  for (let i = 1; i < numPlayers; i++) setRoute(G, String(i), [others[i - 1]]);
  setShape(G, '0', shape);
  setToPlay(G, '0');
  return G;
}

/** The test-only game starting from a prepared state. */
export function gameFrom(G: GobState, seed = 'scenario'): Game<GobState> {
  return { ...gameOn(G.mapId), seed, setup: () => structuredClone(G) } as Game<GobState>;
}

/** One real client per seat, all connected through one Local() master. */
export function seats(game: Game<GobState>, numPlayers: number) {
  const multiplayer = Local();
  return Array.from({ length: numPlayers }, (_, i) => {
    const c = Client({ game, numPlayers, playerID: String(i), multiplayer });
    c.start();
    return c;
  });
}

export type SeatClient = ReturnType<typeof seats>[number];

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Make a move as a seat and wait for the master; returns whether the state changed. */
export async function act(client: SeatClient, move: string, ...args: unknown[]): Promise<boolean> {
  const before = client.getState()!._stateID;
  (client.moves as any)[move](...args);
  await flush();
  await flush();
  return client.getState()!._stateID !== before;
}

/** A refused move: rejected, and nobody's view changes. */
export async function refused(clients: SeatClient[], who: PlayerID, move: string, ...args: unknown[]) {
  const snap = () =>
    clients.map((c) => {
      const s = c.getState()!;
      return JSON.stringify({ G: s.G, ctx: s.ctx, id: s._stateID });
    });
  const before = snap();
  expect(await act(clients[Number(who)], move, ...args), `${move} ${JSON.stringify(args)} should be refused`).toBe(
    false,
  );
  expect(snap()).toEqual(before);
}

/** The state a seat sees. */
export const view = (c: SeatClient): GobState => c.getState()!.G;

/** Play a prepared position through clients: seats, then `p` plots. Returns the clients. */
export async function playFrom(G: GobState, p: PlayerID, args: unknown): Promise<SeatClient[]> {
  const cl = seats(gameFrom(G), G.numPlayers);
  expect(await act(cl[Number(p)], 'plot', args), `plot ${JSON.stringify(args)}`).toBe(true);
  return cl;
}
