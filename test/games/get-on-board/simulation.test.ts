/**
 * 320 seeded random games (80 each with 2, 3, 4 and 5 players) through
 * boardgame.io's own reducer, half on the real maps (Rome for 2–3 players,
 * Paris for 4–5) and half on synthetic 11 × 9 maps (with speedy sections
 * for 2–3 players, as on Rome). At every step (see simulate.ts): only the
 * acting players have moves; the chosen `ai.enumerate` move is accepted; at
 * most one marker per colour per section; every route is connected from its
 * departure; no revisit except the eliminating marker; every sheet equals an
 * independent replay of the routes over the map; play continues from a JSON
 * round-trip. Every game ends after round 12 or when all are eliminated, and
 * each final score equals the one recomputed from the board.
 */
import { describe, expect, it } from 'vitest';
import { simulateGame } from './simulate';
import { registerGridMaps } from './grid';
import { mapIdFor } from '../../../src/games/get-on-board/maps';

const GAMES = 80;
const maps = registerGridMaps();
const gridFor = (n: number) => (n <= 3 ? maps.speedy : maps.plain);
/** Odd seeds play the real maps, even seeds the synthetic ones. */
const mapForSeed = (seed: number) => (seed % 2 === 1 ? mapIdFor : gridFor);

describe.each([2, 3, 4, 5])('seeded random play, %i players', (numPlayers) => {
  it(`plays ${GAMES} games to the end with every invariant holding`, async () => {
    let eliminated = 0;
    let extras = 0;
    let finished = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const r = simulateGame(mapForSeed(seed), numPlayers, numPlayers * 1000 + seed);
      if (seed % 2 === 1) expect(r.mapId).toBe(mapIdFor(numPlayers));
      eliminated += r.eliminated;
      extras += r.extras;
      if (r.rounds === 12 && r.eliminated < numPlayers) finished++;
      const live = Object.entries(r.result.scores).filter(([, s]) => !s.eliminated);
      const best = Math.max(...live.map(([, s]) => s.total));
      expect(r.result.winners.sort()).toEqual(live.filter(([, s]) => s.total === best).map(([p]) => p));
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The random games reach eliminations, extra markers and, in a quarter of them at least, all 12 rounds.
    expect(eliminated).toBeGreaterThan(0);
    expect(extras).toBeGreaterThan(0);
    expect(finished).toBeGreaterThan(GAMES / 4);
  }, 60_000);
});
