/**
 * Paying tickets (RULINGS "Paying tickets (3-for-1)"): wherever a ticket of
 * colour C is due, three tickets of one other colour may stand in for it.
 * Substitutions repeat as often as the hand allows, are never partial, and
 * every payment is exact.
 */
import { COLORS, type Color, type ColorCounts } from './data/types';
import { counts, covers, total, zero } from './counts';

/**
 * Whether `pay` settles `need` exactly: each colour d pays some tickets of d
 * directly and the rest in threes, and the threes cover the remaining need of
 * other colours. With 4 colours, Hall's condition reduces to: the threes match
 * the shortfall in total, and no colour's shortfall exceeds the threes of the
 * other colours.
 */
export function isExactPayment(need: Partial<ColorCounts>, pay: Partial<ColorCounts>): boolean {
  const n = counts(need);
  const p = counts(pay);
  // For each colour, the direct part x_d must satisfy x_d <= need_d and (pay_d - x_d) % 3 == 0.
  const options: number[][] = COLORS.map((d) => {
    const xs: number[] = [];
    for (let x = Math.min(n[d], p[d]); x >= 0; x--) if ((p[d] - x) % 3 === 0) xs.push(x);
    return xs;
  });
  const pick = [0, 0, 0, 0];
  const search = (i: number): boolean => {
    if (i === COLORS.length) {
      let shortfall = 0;
      let threes = 0;
      const short: number[] = [];
      const sub: number[] = [];
      COLORS.forEach((d, k) => {
        short[k] = n[d] - pick[k];
        sub[k] = (p[d] - pick[k]) / 3;
        shortfall += short[k];
        threes += sub[k];
      });
      if (shortfall !== threes) return false;
      return COLORS.every((_, k) => short[k] <= threes - sub[k]);
    }
    for (const x of options[i]) {
      pick[i] = x;
      if (search(i + 1)) return true;
    }
    return false;
  };
  return search(0);
}

/**
 * Every exact payment of `need` that `hand` can afford, cheapest first.
 * Ties are broken towards spending the colours the hand holds most of.
 */
export function payments(hand: Partial<ColorCounts>, need: Partial<ColorCounts>, limit = 64): ColorCounts[] {
  const h = counts(hand);
  const n = counts(need);
  const results: ColorCounts[] = [];
  const seen = new Set<string>();
  // Choose direct payments x_c <= min(need_c, hand_c), then fill each shortfall unit with 3 of another colour.
  const direct = zero();
  const shortfalls: Color[] = [];
  const fill = (left: ColorCounts, units: Color[], i: number, paid: ColorCounts) => {
    if (results.length >= limit * 4) return;
    if (i === units.length) {
      const key = COLORS.map((c) => paid[c]).join(',');
      if (!seen.has(key)) {
        seen.add(key);
        results.push({ ...paid });
      }
      return;
    }
    for (const d of COLORS) {
      if (d === units[i] || left[d] < 3) continue;
      // Keep substitutes in non-decreasing colour order for identical shortfall colours to avoid repeats.
      left[d] -= 3;
      paid[d] += 3;
      fill(left, units, i + 1, paid);
      left[d] += 3;
      paid[d] -= 3;
    }
  };
  const chooseDirect = (k: number) => {
    if (k === COLORS.length) {
      shortfalls.length = 0;
      for (const c of COLORS) for (let i = direct[c]; i < n[c]; i++) shortfalls.push(c);
      const left = counts(h);
      for (const c of COLORS) left[c] -= direct[c];
      if (3 * shortfalls.length > total(left)) return;
      fill(left, shortfalls, 0, { ...direct });
      return;
    }
    const c = COLORS[k];
    for (let x = Math.min(n[c], h[c]); x >= 0; x--) {
      direct[c] = x;
      chooseDirect(k + 1);
    }
    direct[c] = 0;
  };
  chooseDirect(0);
  const score = (p: ColorCounts) => COLORS.reduce((s, c) => s + (h[c] - p[c]) ** 2, 0);
  results.sort((a, b) => total(a) - total(b) || score(a) - score(b));
  return results.slice(0, limit);
}

/**
 * Substituted payments already worked out, by hand and need. The search in
 * `payments` is the costly part of listing moves, and the same few hands are
 * asked about again and again (every destination, every bot playout).
 */
const substituted = new Map<number, ColorCounts | null>();
const SUBSTITUTED_MAX = 20000;

/** A number naming a hand and a need (at most 63 tickets a colour in each), or -1. */
function paymentKey(h: ColorCounts, n: ColorCounts): number {
  let key = 0;
  for (const c of COLORS) {
    if (h[c] > 63 || n[c] > 63) return -1;
    key = key * 4096 + h[c] * 64 + n[c];
  }
  return key;
}

/** The cheapest exact payment of `need` from `hand`, or null if the hand cannot pay. */
export function cheapestPayment(hand: Partial<ColorCounts>, need: Partial<ColorCounts>): ColorCounts | null {
  if (total(need) === 0) return zero();
  // Fast path: the hand covers the need directly.
  if (covers(hand, need)) return counts(need);
  const h = counts(hand);
  const n = counts(need);
  const key = paymentKey(h, n);
  let best = key >= 0 ? substituted.get(key) : undefined;
  if (best === undefined) {
    best = payments(h, n, 1)[0] ?? null;
    if (key >= 0) {
      if (substituted.size >= SUBSTITUTED_MAX) substituted.clear();
      substituted.set(key, best);
    }
  }
  return best && { ...best };
}

/** How many tickets of `color` the hand can provide, counting 3-for-1 substitutes. */
export function affordableCount(hand: Partial<ColorCounts>, color: Color): number {
  const h = counts(hand);
  let n = h[color];
  for (const d of COLORS) if (d !== color) n += Math.floor(h[d] / 3);
  return n;
}
