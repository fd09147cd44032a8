/** Small helpers for colour counts (hands, passenger groups, the bag). */
import { COLORS, type Color, type ColorCounts } from './data/types';

/** A count of zero in every colour. */
export function zero(): ColorCounts {
  return { red: 0, yellow: 0, green: 0, blue: 0 };
}

/** A full count from a partial one. */
export function counts(partial: Partial<ColorCounts> = {}): ColorCounts {
  return { red: partial.red ?? 0, yellow: partial.yellow ?? 0, green: partial.green ?? 0, blue: partial.blue ?? 0 };
}

/** Sum of all colours. */
export function total(c: Partial<ColorCounts>): number {
  return (c.red ?? 0) + (c.yellow ?? 0) + (c.green ?? 0) + (c.blue ?? 0);
}

/** a += b, in place. */
export function addInto(a: ColorCounts, b: Partial<ColorCounts>): void {
  for (const k of COLORS) a[k] += b[k] ?? 0;
}

/** a -= b, in place. The caller guarantees a >= b. */
export function subInto(a: ColorCounts, b: Partial<ColorCounts>): void {
  for (const k of COLORS) a[k] -= b[k] ?? 0;
}

/** Whether a >= b in every colour. */
export function covers(a: Partial<ColorCounts>, b: Partial<ColorCounts>): boolean {
  return COLORS.every((k) => (a[k] ?? 0) >= (b[k] ?? 0));
}

/** A count holding `n` of one colour. */
export function single(color: Color, n = 1): ColorCounts {
  const c = zero();
  c[color] = n;
  return c;
}

/** Whether a value is a well-formed colour count (non-negative integers, known colours only). */
export function isColorCounts(v: unknown): v is Partial<ColorCounts> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const [k, n] of Object.entries(v)) {
    if (!(COLORS as readonly string[]).includes(k)) return false;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1000) return false;
  }
  return true;
}

/** Whether a value is one of the four colours. */
export function isColor(v: unknown): v is Color {
  return typeof v === 'string' && (COLORS as readonly string[]).includes(v);
}

/** Readable form, e.g. "2 red, 1 blue". */
export function describe(c: Partial<ColorCounts>): string {
  const parts = COLORS.filter((k) => (c[k] ?? 0) > 0).map((k) => `${c[k]} ${k}`);
  return parts.length ? parts.join(', ') : 'nothing';
}
