/**
 * Seeded randomness for the bots, with no Node or DOM dependency.
 *
 * `alea` is the same generator boardgame.io's Random plugin uses (Alea by
 * Johannes Baagøe, as inlined in boardgame.io, MIT), so `randomApi` reproduces
 * boardgame.io's `random.Number/Shuffle/Die` exactly from the same
 * `{ seed, prngstate }`. That lets the fast rules driver (driver.ts) replay a
 * game move for move like the real reducer does.
 */

/** Internal state of the generator, as boardgame.io stores it in `prngstate`. */
export interface AleaState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** boardgame.io's random plugin data. */
export interface RandomData {
  seed: string | number;
  prngstate?: AleaState;
}

function mash(): (data: string | number) => number {
  let n = 0xefc8249d;
  return (data) => {
    const str = data.toString();
    for (let i = 0; i < str.length; i++) {
      n += str.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * 0x100000000;
    }
    return (n >>> 0) * 2.3283064365386963e-10;
  };
}

function seedState(seed: string | number): AleaState {
  const m = mash();
  const s: AleaState = { c: 1, s0: m(' '), s1: m(' '), s2: m(' ') };
  s.s0 -= m(seed);
  if (s.s0 < 0) s.s0 += 1;
  s.s1 -= m(seed);
  if (s.s1 < 0) s.s1 += 1;
  s.s2 -= m(seed);
  if (s.s2 < 0) s.s2 += 1;
  return s;
}

function next(s: AleaState): number {
  const t = 2091639 * s.s0 + s.c * 2.3283064365386963e-10;
  s.s0 = s.s1;
  s.s1 = s.s2;
  return (s.s2 = t - (s.c = Math.trunc(t)));
}

/** A small seeded generator for the bots' own choices. */
export class Rng {
  private s: AleaState;
  constructor(seed: string | number) {
    this.s = seedState(seed);
  }
  /** Uniform in [0, 1). */
  next(): number {
    return next(this.s);
  }
  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** A fresh seed string derived from this generator. */
  seed(): string {
    return Math.floor(this.next() * 2 ** 32).toString(36) + Math.floor(this.next() * 2 ** 32).toString(36);
  }
  /** Fisher–Yates shuffle, returning a new array. */
  shuffle<T>(a: readonly T[]): T[] {
    const out = a.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * boardgame.io's random API over a plugin data object, which it updates in
 * place (`data.prngstate`). Same numbers as the Random plugin.
 */
export function randomApi(data: RandomData) {
  const draw = (): number => {
    const s = data.prngstate ? { ...data.prngstate } : seedState(data.seed);
    const n = next(s);
    data.prngstate = s;
    return n;
  };
  return {
    Number: draw,
    Die(spotvalue = 6): number {
      return Math.floor(draw() * spotvalue) + 1;
    },
    Shuffle<T>(deck: T[]): T[] {
      const clone = [...deck];
      let sourceIndex = deck.length;
      let destinationIndex = 0;
      const shuffled: T[] = Array.from({ length: sourceIndex });
      while (sourceIndex) {
        const randomIndex = Math.trunc(sourceIndex * draw());
        shuffled[destinationIndex++] = clone[randomIndex];
        clone[randomIndex] = clone[--sourceIndex];
      }
      return shuffled;
    },
  };
}
