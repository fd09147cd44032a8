/**
 * Each of the four colours also has a shape, so that colour is never the only
 * cue (colour-blind players, greyscale screens): red is a square, yellow a
 * triangle, green a diamond, blue a circle. Passengers, tickets, seats, card
 * needs, the bag, the discard and cost badges are all drawn with it.
 */
import React from 'react';
import type { Color } from '../data/types';
import { COLOR_HEX } from './logic';

/** The shape of each colour, as an SVG path in a box from -1 to 1. */
export const COLOR_SHAPE: Record<Color, string> = {
  red: 'M-0.82 -0.82 H0.82 V0.82 H-0.82 Z',
  yellow: 'M0 -1 L0.97 0.78 H-0.97 Z',
  green: 'M0 -1.05 L1.05 0 L0 1.05 L-1.05 0 Z',
  blue: 'M-0.9 0 A0.9 0.9 0 1 0 0.9 0 A0.9 0.9 0 1 0 -0.9 0 Z',
};

/** The colour's shape word, for text alternatives ("red square"). */
export const SHAPE_NAME: Record<Color, string> = {
  red: 'square',
  yellow: 'triangle',
  green: 'diamond',
  blue: 'circle',
};

/** A colour's shape inside an SVG, centred on (x, y), `r` its half size. */
export function MapShape({
  color,
  x,
  y,
  r,
  className,
  fill,
}: {
  color: Color;
  x: number;
  y: number;
  r: number;
  className?: string;
  /** Defaults to the colour itself. */
  fill?: string;
}) {
  return (
    <path
      d={COLOR_SHAPE[color]}
      transform={`translate(${x} ${y}) scale(${r})`}
      fill={fill ?? COLOR_HEX[color]}
      className={className}
      vectorEffect="non-scaling-stroke"
    />
  );
}

/**
 * A colour's shape in running text: filled with the colour (outlined when
 * `hollow`), with a dark edge so yellow shows on cream. Hidden from screen
 * readers: the text beside it, or its container's label, names the colour.
 */
export function ColorShape({
  color,
  size = 12,
  hollow,
  className = 'cshape',
  title,
  fill,
}: {
  color: Color;
  size?: number;
  hollow?: boolean;
  className?: string;
  title?: string;
  /** Another fill (e.g. white on a ticket of that colour). */
  fill?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="-1.2 -1.2 2.4 2.4"
      className={className}
      aria-hidden="true"
      data-color={color}
    >
      {title && <title>{title}</title>}
      <path
        d={COLOR_SHAPE[color]}
        fill={hollow ? 'none' : (fill ?? COLOR_HEX[color])}
        stroke={hollow ? COLOR_HEX[color] : '#2b2620'}
        strokeWidth={hollow ? 0.4 : 0.18}
        strokeLinejoin="round"
      />
    </svg>
  );
}
