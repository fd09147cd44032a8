/**
 * What one marker does (RULINGS §5, §6, R1, R2, R7, R12–R14): Connections
 * for the section, then the icons of the intersection it reaches.
 */
import {
  CINEMA_SPACES,
  CONNECTION_CIRCLES,
  FLIRT_SPACES_PER_SHADE,
  GRANNY_SPACES,
  METRO_CIRCLES,
  STUDENT_SPACES,
  TOURIST_SPACES,
  TOURIST_VALUE,
  restaurantValue,
} from './data';
import { ownRows, ownSheet, ownSheetList } from './fork';
import { graphOf, keyOn, routeSets } from './graph';
import type { Icon } from './maps/types';
import type { GobState, PlayerID, PointId, Sheet } from './types';

/** Apply one icon to a sheet (overflow is ignored, R12; an empty row stays open, R13). */
export function applyIcon(sheet: Sheet, icon: Icon): void {
  const tourRow = sheet.tourists.find((r) => r.value === null);
  const flirtRow = sheet.flirts.find((r) => r.value === null);
  switch (icon) {
    case 'metro':
      if (sheet.metroCircled < METRO_CIRCLES) sheet.metroCircled++;
      break;
    case 'granny':
      if (sheet.grannies < GRANNY_SPACES) sheet.grannies++;
      break;
    case 'student':
      if (sheet.students < STUDENT_SPACES) sheet.students++;
      break;
    case 'cinema':
      if (sheet.cinemas < CINEMA_SPACES) sheet.cinemas++;
      break;
    case 'tourist':
      if (tourRow && tourRow.tourists < TOURIST_SPACES) tourRow.tourists++;
      break;
    case 'theaterLight':
    case 'theaterDark':
      // The memory aid counts every Theater of the shade, tourists aboard or not (§7).
      if (icon === 'theaterLight') sheet.theaterLight++;
      else sheet.theaterDark++;
      if (tourRow && tourRow.tourists > 0) tourRow.value = TOURIST_VALUE[tourRow.tourists];
      break;
    case 'flirtLight':
      if (flirtRow && flirtRow.light < FLIRT_SPACES_PER_SHADE) flirtRow.light++;
      break;
    case 'flirtDark':
      if (flirtRow && flirtRow.dark < FLIRT_SPACES_PER_SHADE) flirtRow.dark++;
      break;
    case 'restaurant':
      if (flirtRow && flirtRow.light + flirtRow.dark > 0)
        flirtRow.value = restaurantValue(flirtRow.light, flirtRow.dark);
      break;
  }
}

/** The rows an icon may change (applyIcon). */
const ROWS_OF: Partial<Record<Icon, 'tourists' | 'flirts'>> = {
  tourist: 'tourists',
  theaterLight: 'tourists',
  theaterDark: 'tourists',
  flirtLight: 'flirts',
  flirtDark: 'flirts',
  restaurant: 'flirts',
};

/**
 * Place one marker of `playerID` from the line's end to `to` and apply its
 * effects (R2). Returns true when it eliminates the player (R7: a visited
 * intersection, the departure included; its effects are ignored). The move
 * has already checked that the marker is legal.
 */
export function placeMarker(G: GobState, playerID: PlayerID, to: PointId): boolean {
  const sheet = ownSheet(G, playerID);
  const from = sheet.line[sheet.line.length - 1];
  const revisit = sheet.line.includes(to);
  const graph = graphOf(G.mapId);
  ownSheetList(G, playerID, 'line').push(to);
  if (revisit) {
    sheet.eliminated = true;
    sheet.eliminatedRound = G.round;
    return true;
  }
  // Other players' markers on the section: at most one per player (R11), so the routes that cover it.
  const key = keyOn(graph, from, to);
  let k = 0;
  for (const p of G.order) if (p !== playerID && routeSets(G.players[p].line, graph).own.has(key)) k++;
  const speedy = graph.exits.get(from)!.find((e) => e.to === to)?.speedy;
  if (G.speedy && speedy === G.speedy) k++;
  sheet.connections = Math.min(CONNECTION_CIRCLES, sheet.connections + k);
  const point = graph.points.get(to)!;
  for (const icon of point.icons) {
    const rows = ROWS_OF[icon];
    if (rows) ownRows(G, playerID, rows);
    applyIcon(sheet, icon);
  }
  if (point.site && !sheet.sites.includes(point.site)) ownSheetList(G, playerID, 'sites').push(point.site);
  return false;
}
