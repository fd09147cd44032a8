import { describe, expect, it } from 'vitest';
import { affordableCount, cheapestPayment, isExactPayment, payments } from '../../src/game/payment';
import { counts, single, total } from '../../src/game/counts';
import { cheapestMovePayment } from '../../src/game/legal';
import { COLORS } from '../../src/game/data/types';

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

  it('answers a repeated question the same way, with a fresh object each time', () => {
    const hand = { red: 1, yellow: 3, green: 6, blue: 0 };
    const first = cheapestPayment(hand, { red: 2, blue: 1 })!;
    expect(first).toEqual(payments(hand, { red: 2, blue: 1 }, 1)[0]);
    first.green += 10; // a caller changing its copy must not change later answers
    const again = cheapestPayment(hand, { red: 2, blue: 1 })!;
    expect(again).not.toBe(first);
    expect(again).toEqual(payments(hand, { red: 2, blue: 1 }, 1)[0]);
    // Every hand of up to 6 tickets a colour, for a 2-ticket need: asked twice, the same as the full search.
    for (let r = 0; r < 6; r += 2) for (let y = 0; y < 7; y += 3) for (let g = 0; g < 7; g += 2) for (let b = 0; b < 7; b += 3) {
      const h = { red: r, yellow: y, green: g, blue: b };
      const want = payments(h, { red: 1, green: 1 }, 1)[0] ?? null;
      expect(cheapestPayment(h, { red: 1, green: 1 })).toEqual(want);
      expect(cheapestPayment(h, { red: 1, green: 1 })).toEqual(want);
    }
  });

  it('pays a move in the cheapest colour: the first colour paying directly, else the fewest tickets with substitutes', () => {
    for (let r = 0; r < 8; r++) for (let y = 0; y < 8; y += 3) for (let g = 0; g < 8; g += 2) for (let b = 0; b < 8; b += 4) {
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
