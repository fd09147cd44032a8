/**
 * The words printed on Touched On's cards, fitted to the card in whatever font the device draws them in (CardFace.tsx).
 */
import React from 'react';

/**
 * Helvetica Bold's advance widths (Arial's and Liberation Sans' too), in thousandths of an em, for the letters
 * printed on the cards: what a word's width is estimated from.
 */
const BOLD_WIDTHS: Record<string, number> = Object.fromEntries(
  Object.entries({
    278: ' Iijl',
    333: 'ft',
    389: 'r',
    500: 'z',
    556: 'Jacekpsvxy–0123456789',
    611: 'FLTZbdghnopqu',
    667: 'EPSVXY',
    722: 'ABCDHKNRU',
    778: 'GOQw',
    833: 'M',
    889: 'm',
    944: 'W',
  }).flatMap(([width, letters]) => [...letters].map((ch) => [ch, Number(width)])),
);

/**
 * A word's width on the card: as wide as Arial Bold draws it at `size`, and no wider than `max`. Given to the text
 * as its `textLength`, so that it fits the card in whatever font the device has (DejaVu Sans' bold is 17 % wider than
 * Arial's, a condensed face narrower), a long word drawn narrower rather than smaller ("Undercover" at 14 units, in
 * 52, at two thirds of its width).
 */
export function fitted(text: string, size: number, max: number) {
  const em = [...text].reduce((sum, ch) => sum + (BOLD_WIDTHS[ch] ?? 611), 0) / 1000;
  return { textLength: Math.min(em * size, max), lengthAdjust: 'spacingAndGlyphs' as const };
}

/** One word printed across a 60-unit card, centred, at `size` units and at most `max` wide (x 4 to 56 by default). */
export function Word({
  y,
  size,
  max = 52,
  className,
  children,
}: {
  y: number;
  size: number;
  max?: number;
  className: string;
  children: string;
}) {
  return (
    <text x={30} y={y} className={className} fontSize={size} textAnchor="middle" {...fitted(children, size, max)}>
      {children}
    </text>
  );
}
