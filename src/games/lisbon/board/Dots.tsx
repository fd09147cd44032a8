/** Passengers drawn as coloured dots. */
import React from 'react';
import type { ColorCounts } from '../data/types';
import { COLOR_HEX, expand } from './logic';

/** One dot per passenger, in colour order. */
export function Dots({ c }: { c: Partial<ColorCounts> }) {
  return (
    <span className="dots">
      {expand(c).map((k, i) => (
        <span key={i} className="dot" style={{ background: COLOR_HEX[k] }} title={k} />
      ))}
    </span>
  );
}
