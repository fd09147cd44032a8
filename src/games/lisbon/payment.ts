/**
 * Paying tickets (RULINGS "Paying tickets (3-for-1)"): wherever a ticket of
 * colour C is due, three tickets of one other colour may stand in for it.
 * Substitutions repeat as often as the hand allows, are never partial, and
 * every payment is exact.
 */
import { COLORS, type Color, type ColorCounts } from './data/types';
import { counts, total, zero } from './counts';

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
 * Exact payments of `need` that `hand` can afford, cheapest first (up to
 * `limit`): `cheapestPayment`'s first, then others the search finds, ties
 * broken towards spending the colours the hand holds most of.
 */
export function payments(hand: Partial<ColorCounts>, need: Partial<ColorCounts>, limit = 64): ColorCounts[] {
  const h = counts(hand);
  const n = counts(need);
  const results: ColorCounts[] = [];
  const seen = new Set<string>();
  // The cheapest, most balanced payment comes first (the search below stops after a few, and so may miss it).
  const best = cheapestPayment(h, n);
  if (!best) return [];
  results.push(best);
  seen.add(COLORS.map((c) => best[c]).join(','));
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
 * The cheapest exact payment of `need` from `hand` less the tickets in
 * `spent` (say, what a move takes first), or null if it cannot pay; ties keep
 * the hand most balanced (the least sum of squared counts left).
 *
 * Paying a ticket directly costs 1 and a substitute 3, so the cheapest payment
 * pays every colour directly as far as the hand allows, and the rest in threes.
 * That maximal direct part is also always possible when any payment is: a
 * colour with a shortfall has no ticket left to substitute for another, and a
 * payment that paid less directly can be rearranged to pay more. The threes
 * then come, one at a time, from the colour with the most tickets left (ties
 * in colour order), which is what keeps the hand most balanced.
 * test/game/payment.test.ts checks all this against a brute-force search over
 * every payment.
 */
export function cheapestPayment(
  hand: Partial<ColorCounts>,
  need: Partial<ColorCounts>,
  spent: Partial<ColorCounts> = {},
): ColorCounts | null {
  const pay = zero();
  const left = zero();
  let shortfall = 0;
  for (const c of COLORS) {
    const h = (hand[c] ?? 0) - (spent[c] ?? 0);
    const n = need[c] ?? 0;
    const direct = Math.min(h, n);
    pay[c] = direct;
    left[c] = h - direct;
    shortfall += n - direct;
  }
  for (; shortfall > 0; shortfall--) {
    let from: Color | null = null;
    for (const c of COLORS) if (left[c] >= 3 && (from === null || left[c] > left[from])) from = c;
    if (from === null) return null;
    left[from] -= 3;
    pay[from] += 3;
  }
  return pay;
}

/** Whether `hand`, less the tickets in `spent`, can pay `need`. */
export function canPay(
  hand: Partial<ColorCounts>,
  need: Partial<ColorCounts>,
  spent: Partial<ColorCounts> = {},
): boolean {
  return cheapestPayment(hand, need, spent) !== null;
}

/** How many tickets of `color` the hand can provide, counting 3-for-1 substitutes. */
export function affordableCount(hand: Partial<ColorCounts>, color: Color): number {
  const h = counts(hand);
  let n = h[color];
  for (const d of COLORS) if (d !== color) n += Math.floor(h[d] / 3);
  return n;
}
