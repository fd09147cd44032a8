import { describe, expect, it } from 'vitest';
import { affordableCount, canPay, cheapestPayment, isExactPayment, payments } from '../../src/games/lisbon/payment';
import { counts, single, total } from '../../src/games/lisbon/counts';
import { cheapestMovePayment } from '../../src/games/lisbon/legal';
import { COLORS } from '../../src/games/lisbon/data/types';
import { Rng } from '../../src/bots/rng';

describe('3-for-1 payments (RULINGS "Paying tickets")', () => {
  it.each([
    ['pays a colour with itself', { red: 1 }, { red: 1 }, true],
    ['pays a colour with three of another', { red: 1 }, { blue: 3 }, true],
    ['mixes direct tickets and substitutes', { red: 2, blue: 1 }, { red: 2, green: 3 }, true],
    ['refuses three of the same colour for that colour', { red: 1 }, { red: 3 }, false],
    ['refuses a partial substitution', { red: 1 }, { blue: 2 }, false],
    ['refuses overpaying', { red: 1 }, { red: 1, blue: 1 }, false],
    ['refuses underpaying', { red: 2 }, { red: 1 }, false],
    ['accepts repeated substitutions', { yellow: 2 }, { blue: 3, green: 3 }, true],
    ['accepts six of one colour for two of another', { yellow: 2 }, { blue: 6 }, true],
    ['lets a colour substitute for others while paying itself', { red: 1, blue: 1 }, { red: 4 }, true],
    ['pays nothing for nothing', {}, {}, true],
  ])('%s', (_name, need, pay, ok) => {
    expect(isExactPayment(need, pay)).toBe(ok);
  });

  it('finds the cheapest payment, using direct tickets first', () => {
    expect(cheapestPayment({ red: 2, blue: 4 }, { red: 2 })).toEqual(counts({ red: 2 }));
    expect(cheapestPayment({ red: 1, blue: 4 }, { red: 2 })).toEqual(counts({ red: 1, blue: 3 }));
    expect(cheapestPayment({ red: 1, blue: 2 }, { red: 2 })).toBeNull();
  });

  it('lists only exact, affordable payments, cheapest first', () => {
    const hand = { red: 4, green: 3, blue: 3 };
    const all = payments(hand, { red: 2 });
    expect(all.length).toBeGreaterThan(2);
    for (const p of all) {
      expect(isExactPayment({ red: 2 }, p)).toBe(true);
      expect(p.red).toBeLessThanOrEqual(4);
      expect(p.green).toBeLessThanOrEqual(3);
      expect(p.blue).toBeLessThanOrEqual(3);
    }
    for (let i = 1; i < all.length; i++) expect(total(all[i])).toBeGreaterThanOrEqual(total(all[i - 1]));
    expect(all[0]).toEqual(counts({ red: 2 }));
  });

  it('counts how many tickets of a colour a hand can provide', () => {
    expect(affordableCount({ red: 1, blue: 7, green: 2 }, 'red')).toBe(3);
    expect(affordableCount({ red: 3 }, 'red')).toBe(3);
  });

  it('pays with the fewest tickets, ties keeping the hand most balanced, and knows when it can pay, exactly as a brute-force search over every payment', () => {
    /** Every affordable exact payment, the hard way: each vector up to the hand, checked by isExactPayment. */
    const brute = (hand: ReturnType<typeof counts>, need: ReturnType<typeof counts>) => {
      const out: ReturnType<typeof counts>[] = [];
      const cap = 3 * total(need);
      for (let r = 0; r <= Math.min(hand.red, cap); r++)
        for (let y = 0; y <= Math.min(hand.yellow, cap); y++)
          for (let g = 0; g <= Math.min(hand.green, cap); g++)
            for (let b = 0; b <= Math.min(hand.blue, cap); b++) {
              const p = { red: r, yellow: y, green: g, blue: b };
              if (total(p) <= cap && isExactPayment(need, p)) out.push(p);
            }
      return out;
    };
    const left = (hand: ReturnType<typeof counts>, p: ReturnType<typeof counts>) =>
      COLORS.reduce((s, c) => s + (hand[c] - p[c]) ** 2, 0);
    const rng = new Rng('payments');
    let paid = 0;
    let substituted = 0;
    for (let i = 0; i < 400; i++) {
      const hand = counts({ red: rng.int(8), yellow: rng.int(8), green: rng.int(8), blue: rng.int(8) });
      const need = counts({ red: rng.int(4), yellow: rng.int(3), green: rng.int(3), blue: rng.int(2) });
      const all = brute(hand, need);
      const got = cheapestPayment(hand, need);
      const what = JSON.stringify({ hand, need });
      expect(canPay(hand, need), what).toBe(all.length > 0);
      // Less what a move took first: the same answer as paying from what is left.
      const spent = counts({ red: Math.min(hand.red, 2), blue: Math.min(hand.blue, 1) });
      const rest = counts(hand);
      for (const c of COLORS) rest[c] -= spent[c];
      expect(canPay(hand, need, spent), what).toBe(brute(rest, need).length > 0);
      if (all.length === 0) {
        expect(got, what).toBeNull();
        expect(payments(hand, need), what).toEqual([]);
        continue;
      }
      paid++;
      const fewest = Math.min(...all.map(total));
      const balanced = Math.min(...all.filter((p) => total(p) === fewest).map((p) => left(hand, p)));
      expect(got, what).not.toBeNull();
      expect(isExactPayment(need, got!), what).toBe(true);
      expect(
        COLORS.every((c) => got![c] <= hand[c]),
        what,
      ).toBe(true);
      expect(total(got!), what).toBe(fewest);
      expect(left(hand, got!), what).toBe(balanced);
      if (fewest > total(need)) substituted++;
      // The list the board offers starts with the same payment.
      expect(payments(hand, need)[0], what).toEqual(got);
    }
    // The sample covers both kinds of payment and hands that cannot pay.
    expect(paid).toBeGreaterThan(100);
    expect(substituted).toBeGreaterThan(50);
    expect(paid).toBeLessThan(400);
  });

  it('takes the threes from the colours the hand holds most of', () => {
    // 3 red due, none held: 9 of the 16 other tickets, leaving 3 yellow, 3 green, 1 blue (not 0, 3, 4).
    expect(cheapestPayment({ yellow: 3, green: 6, blue: 7 }, { red: 3 })).toEqual(counts({ green: 3, blue: 6 }));
  });

  it('gives the caller a fresh object each time', () => {
    const hand = { red: 1, yellow: 3, green: 6, blue: 0 };
    const first = cheapestPayment(hand, { red: 2, blue: 1 })!;
    first.green += 10;
    expect(cheapestPayment(hand, { red: 2, blue: 1 })).toEqual(counts({ red: 1, yellow: 3, green: 3 }));
  });

  it('pays a move in the cheapest colour: the first colour paying directly, else the fewest tickets with substitutes', () => {
    for (let r = 0; r < 8; r++)
      for (let y = 0; y < 8; y += 3)
        for (let g = 0; g < 8; g += 2)
          for (let b = 0; b < 8; b += 4) {
            const hand = { red: r, yellow: y, green: g, blue: b };
            for (let steps = 1; steps <= 4; steps++) {
              // The full search, colour by colour: the first colour with the fewest tickets wins.
              let want: { color: string; payment: ReturnType<typeof counts> } | null = null;
              for (const c of COLORS) {
                const p = payments(hand, single(c, steps), 1)[0];
                if (p && (!want || total(p) < total(want.payment))) want = { color: c, payment: p };
              }
              const got = cheapestMovePayment(hand, steps);
              expect(got, JSON.stringify({ hand, steps })).toEqual(want);
              if (got) got.payment.red += 100; // the caller's copy
              expect(cheapestMovePayment(hand, steps)).toEqual(want);
            }
          }
  });
});
