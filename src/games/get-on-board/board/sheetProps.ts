/**
 * From the rules' state to what the board pieces draw: a sheet's SheetProps
 * (with its running score, as the end-of-game scoring would count it now),
 * every player's route and pawn, players' names and the log in their names.
 * Pure: no React.
 */
import { COLOURS, shapeFor } from '../data';
import { graphOf } from '../graph';
import { scoreSheet } from '../score';
import type { GobState, LogEntry, PlayerID, PointId, Sheet } from '../types';
import type { PawnAt, RouteLine } from './MapView';
import type { SheetProps } from './SheetView';
import { PLAYER_COLOURS } from './palette';

export { namesFrom } from '../../../client/names';

/** A player's colour on screen (the Okabe–Ito shade of their sheet's colour). */
export const colourOf = (G: GobState, p: PlayerID): string => PLAYER_COLOURS[G.players[p].colour] ?? '#555';

/** A player's colour in words ("red"). */
export const colourName = (G: GobState, p: PlayerID): string => COLOURS[G.players[p].colour] ?? '';

/** How a player is called on screen: their name, else "Player n". */
export const nameOf = (names: Record<PlayerID, string>, p: PlayerID): string => names[p] || `Player ${Number(p) + 1}`;

/** The personal objective card of a sheet, with each site's name and whether it is reached. */
export function personalOf(G: GobState, sheet: Sheet): SheetProps['personal'] {
  const map = graphOf(G.mapId).map;
  const card = map.personalObjectives.find((o) => o.id === sheet.personal);
  if (!card) return undefined;
  return {
    title: card.title,
    sites: card.sites.map((letter) => ({
      letter,
      name: map.intersections.find((i) => i.site === letter)?.name,
      reached: sheet.sites.includes(letter),
    })),
  };
}

/** The score of a sheet as it stands (0 once eliminated; the final breakdown once the game is over). */
export function runningScore(G: GobState, p: PlayerID): number {
  const final = G.result?.scores[p];
  if (final) return final.total;
  const sheet = G.players[p];
  if (sheet.eliminated) return 0;
  const reached = personalOf(G, sheet)?.sites.filter((s) => s.reached).length ?? 0;
  return scoreSheet(sheet, reached).total;
}

/** Everything the sheet pieces draw for player `p`. */
export function sheetPropsOf(G: GobState, p: PlayerID, names: Record<PlayerID, string>): SheetProps {
  const s = G.players[p];
  return {
    name: nameOf(names, p),
    colour: colourOf(G, p),
    variant: s.variant,
    shapes: [1, 2, 3, 4, 5, 6].map((t) => shapeFor(s.variant, t).id),
    crossedTickets: s.tickets,
    currentTicket: G.ticket ?? undefined,
    metroCircled: s.metroCircled,
    metroCrossed: s.metroCrossed,
    turnsUsed: s.turnUsed,
    grannies: s.grannies,
    students: s.students,
    cinemas: s.cinemas,
    touristRows: s.tourists.map((r) => ({ count: r.tourists, value: r.value ?? undefined })),
    theaterLight: s.theaterLight,
    theaterDark: s.theaterDark,
    flirtRows: s.flirts.map((r) => ({ light: r.light, dark: r.dark, value: r.value ?? undefined })),
    common: s.objectives.map((o) => o.points),
    personal: personalOf(G, s),
    connections: s.connections,
    speedy: G.speedy ?? undefined,
    rome: graphOf(G.mapId).hasSpeedy,
    eliminated: s.eliminated,
    score: runningScore(G, p),
  };
}

/** The intersections a log line names ("6,3"), in order. */
const POINT_IDS = /\b\d+,\d+\b/g;

/**
 * A player's latest plot, from the public log kept whole in G: the last entry in which they plot (its `plot`: the
 * line's end before it, every marker's intersection, then the extra marker's), if it was made in this round or the
 * last and the line still ends with those points (else, as in a match whose log says otherwise, or one stored before
 * the log kept a plot's points, nothing). `from` is the index in the line where the plot starts.
 */
export function latestPlotOf(G: GobState, p: PlayerID): { from: number; round: number } | undefined {
  const line = G.players[p]?.line ?? [];
  for (let i = G.log.length - 1; i >= 0; i--) {
    const e = G.log[i];
    if (e.player !== p || e.round < 1 || !e.plot) continue;
    if (e.round < G.round - 1) return undefined;
    const points = e.plot;
    const from = line.length - points.length;
    if (points.length < 2 || from < 0 || points.some((q, k) => line[from + k] !== q)) return undefined;
    return { from, round: e.round };
  }
  return undefined;
}

/** Every player's line, in seat order (the order fixes each line's lane), with their latest plot. */
export function routesOf(G: GobState, names: Record<PlayerID, string>): RouteLine[] {
  return G.order.map((p) => ({
    player: p,
    colour: colourOf(G, p),
    name: nameOf(names, p),
    points: G.players[p].line,
    eliminated: G.players[p].eliminated,
    latest: latestPlotOf(G, p),
  }));
}

/** The departure pawns once departures are revealed; before that, only the viewer's own choice (their view holds it). */
export function pawnsOf(G: GobState, names: Record<PlayerID, string>, viewer: PlayerID | null = null): PawnAt[] {
  const departures = graphOf(G.mapId).departures;
  return G.order.flatMap((p) => {
    const chosen = G.choices[p];
    const point = G.players[p].departure ?? (p === viewer && chosen ? (departures.get(chosen) ?? null) : null);
    return point ? [{ player: p, colour: colourOf(G, p), point, name: nameOf(names, p) }] : [];
  });
}

/**
 * A log line with the players' names in place of "Player n (colour)", and each intersection's name on the map in
 * place of its "column,row" where it has one ("plots Trocadéro → 6,4 → Iéna").
 */
export function logText(entry: LogEntry, G: GobState, names: Record<PlayerID, string>): string {
  const points = graphOf(G.mapId).points;
  const placed = entry.text.replace(POINT_IDS, (id) => points.get(id as PointId)?.name ?? id);
  return placed.replace(/Player (\d) \((\w+)\)/g, (all, n: string, colour: string) => {
    const p = String(Number(n) - 1);
    if (!names[p] || !G.players[p]) return all;
    // A name that ends in brackets of its own ("Bot 3 (normal)") takes the colour inside them.
    const name = names[p];
    return name.endsWith(')') ? `${name.slice(0, -1)}, ${colour})` : `${name} (${colour})`;
  });
}
