/**
 * Synthetic maps for the random-play simulation: a full 11 × 9 lattice with
 * icons spread deterministically, 12 departures, 15 objective sites, 5
 * personal objectives; 'grid-test-speedy' adds Rome-like speedy sections.
 * The real Rome and Paris maps can be swapped in by id.
 */
import type { Icon, Speedy } from '../../../src/games/get-on-board/maps/types';
import { sectionKey } from '../../../src/games/get-on-board/graph';
import { lattice } from './helpers';

const DEPARTURES: Record<string, number> = {
  '2,2': 1,
  '6,1': 2,
  '10,2': 3,
  '1,5': 4,
  '5,4': 5,
  '8,5': 6,
  '11,6': 7,
  '3,8': 8,
  '7,7': 9,
  '10,9': 10,
  '4,6': 11,
  '9,3': 12,
};

const ICON_CYCLE: Icon[][] = [
  ['granny'],
  ['student'],
  ['tourist'],
  ['flirtLight'],
  ['theaterDark'],
  ['flirtDark'],
  ['metro'],
  ['tourist', 'granny'],
  ['cinema'],
  ['flirtLight'],
  ['theaterLight'],
  ['student', 'flirtDark'],
  ['restaurant'],
  ['tourist'],
  ['granny'],
  ['flirtDark'],
  ['restaurant'],
];

/** Register the synthetic maps and return their ids. */
export function registerGridMaps(): { plain: string; speedy: string } {
  const icons: Record<string, Icon[]> = {};
  const sites: Record<string, string> = {};
  let letter = 0;
  for (let y = 1; y <= 9; y++)
    for (let x = 1; x <= 11; x++) {
      const p = `${x},${y}`;
      if (DEPARTURES[p]) continue;
      icons[p] = ICON_CYCLE[(x * 5 + y * 3) % ICON_CYCLE.length];
      if ((x * 3 + y * 7) % 6 === 0 && letter < 15) sites[p] = 'abcdefghijklmno'[letter++];
    }
  const speedy: Record<string, Speedy> = {};
  for (let y = 1; y <= 9; y++)
    for (let x = 1; x < 11; x++) {
      const k = (x + 2 * y) % 7;
      if (k === 0 || k === 3) speedy[sectionKey(`${x},${y}`, `${x + 1},${y}`)] = k ? 'yellow' : 'burgundy';
    }
  lattice('grid-test', 11, 9, icons, DEPARTURES, {}, sites);
  lattice('grid-test-speedy', 11, 9, icons, DEPARTURES, speedy, sites);
  return { plain: 'grid-test', speedy: 'grid-test-speedy' };
}
