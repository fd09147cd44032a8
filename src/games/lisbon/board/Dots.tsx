/** Passengers drawn as their colour's shape. */
import React from 'react';
import type { ColorCounts } from '../data/types';
import { describeCounts, expand } from './logic';
import { ColorShape } from './ColorMark';

/** One shape per passenger, in colour order; read out as "2 red, 1 blue". */
export function Dots({ c, size = 12 }: { c: Partial<ColorCounts>; size?: number }) {
  return (
    <span className="dots" role="img" aria-label={describeCounts(c)} title={describeCounts(c)}>
      {expand(c).map((k, i) => (
        <ColorShape key={i} color={k} size={size} className="dot" />
      ))}
    </span>
  );
}
