/**
 * Setup (RULINGS §2): sheets, colours, Common and Personal Objectives, the
 * departure offers, the round deck and the first Inspector, all drawn with
 * boardgame.io's `random` only.
 */
import { FLIRT_ROWS, OBJECTIVES, SHEETS, TICKETS, TOURIST_ROWS } from './data';
import { graphOf } from './graph';
import type { GobState, PlayerID, Sheet } from './types';

/** The part of boardgame.io's random API setup uses. */
export interface RandomLike {
  Shuffle<T>(deck: T[]): T[];
  Die(spotvalue: number): number;
}

/** A blank sheet. */
export function blankSheet(variant: number, colour: number, personal: string): Sheet {
  return {
    variant,
    colour,
    departure: null,
    line: [],
    tickets: [],
    metroCircled: 0,
    metroCrossed: 0,
    turnUsed: 0,
    grannies: 0,
    students: 0,
    cinemas: 0,
    tourists: Array.from({ length: TOURIST_ROWS }, () => ({ tourists: 0, value: null })),
    theaterLight: 0,
    theaterDark: 0,
    flirts: Array.from({ length: FLIRT_ROWS }, () => ({ light: 0, dark: 0, value: null })),
    objectives: [],
    personal,
    sites: [],
    connections: 0,
    eliminated: false,
    eliminatedRound: null,
    extraUsed: false,
  };
}

/** The state of a new game of `numPlayers` on the map `mapId`. */
export function setupState(numPlayers: number, mapId: string, random: RandomLike): GobState {
  if (numPlayers < 2 || numPlayers > 5) throw new Error('Get on Board is played by 2 to 5 players.');
  const graph = graphOf(mapId);
  const order: PlayerID[] = Array.from({ length: numPlayers }, (_, i) => String(i));
  const variants = random.Shuffle([...SHEETS]);
  const personals = random.Shuffle(graph.map.personalObjectives.map((o) => o.id));
  // Departure tickets: those whose departure is on the map (Rome 1–6, Paris 1–12), 2 each, never overlapping.
  const offered = random.Shuffle(TICKETS.filter((t) => graph.departures.has(t)));
  if (personals.length < numPlayers) throw new Error(`Map ${mapId} has too few personal objectives.`);
  if (offered.length < 2 * numPlayers) throw new Error(`Map ${mapId} has too few departures.`);
  const players: Record<PlayerID, Sheet> = {};
  const offers: Record<PlayerID, number[]> = {};
  const choices: Record<PlayerID, number | null> = {};
  order.forEach((p, i) => {
    players[p] = blankSheet(variants[i], i, personals[i]);
    offers[p] = offered.slice(2 * i, 2 * i + 2).sort((a, b) => a - b);
    choices[p] = null;
  });
  const objectives = random
    .Shuffle(OBJECTIVES.map((o) => o.id))
    .slice(0, 2)
    .map((card) => ({ card, side: 'yellow' as const }));
  // The first Inspector: the oldest player at the table; digitally, a random seat [D].
  const inspector = order[random.Die(numPlayers) - 1];
  return {
    mapId,
    numPlayers,
    speedy: null,
    round: 0,
    ticket: null,
    revealed: [],
    deck: random.Shuffle([...TICKETS]),
    inspector,
    toPlay: null,
    order,
    players,
    objectives,
    offers,
    choices,
    log: [{ round: 0, text: `${numPlayers} players on ${graph.map.name}. Everyone chooses a departure in secret.` }],
    result: null,
  };
}
