/**
 * Unpredictable PRNG seeds.
 *
 * boardgame.io's default seed is `Date.now().toString(36)`, which matches the
 * public lobby field `createdAt` to the millisecond, so anyone could replay
 * the shuffles. The random plugin reads `game.seed` from the processed game
 * each time a match is set up, so a getter on the processed config hands every
 * new match a fresh 128-bit seed from the OS CSPRNG.
 */
import { randomBytes } from 'node:crypto';
import type { Game } from 'boardgame.io';
import { ProcessGameConfig } from 'boardgame.io/internal';

/** A fresh 128-bit seed, base64url encoded. */
export function secureSeed(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Returns the processed game config with a `seed` getter. Processing first
 * matters: processing spreads the config, which would freeze a getter's value.
 * The caller's object is left untouched.
 */
export function withSecureSeed<G extends Game>(game: G): G {
  const processed = ProcessGameConfig({ ...game }) as unknown as G;
  Object.defineProperty(processed, 'seed', {
    get: secureSeed,
    enumerable: false,
    configurable: true,
  });
  return processed;
}
