/**
 * The maps the rules can be played on, by id. Rome and Paris register here
 * (rome.ts, paris.ts); tests may register a map of their own (the rulings'
 * test map T) and play it through a game built with `mapFor`.
 *
 * Pure: no imports beyond the map types.
 */
import type { MapDef } from './types';

const MAPS = new Map<string, MapDef>();

/** Make a map playable under its id (a second map with the same id replaces the first). */
export function registerMap(map: MapDef): void {
  MAPS.set(map.id, map);
}

/** The map with this id; throws when none is registered. */
export function getMap(id: string): MapDef {
  const map = MAPS.get(id);
  if (!map) throw new Error(`Unknown Get on Board map "${id}". Maps: ${[...MAPS.keys()].join(', ') || 'none'}.`);
  return map;
}

/** The ids of the registered maps. */
export function mapIds(): string[] {
  return [...MAPS.keys()];
}

/** The published map for a player count (RULINGS R17): Rome for 2–3 players, Paris for 4–5. */
export function mapIdFor(numPlayers: number): 'rome' | 'paris' {
  if (numPlayers >= 2 && numPlayers <= 3) return 'rome';
  if (numPlayers >= 4 && numPlayers <= 5) return 'paris';
  throw new Error(`Get on Board is played by 2 to 5 players, not ${numPlayers}.`);
}
