/**
 * A seat's mark: its colour and, so that colour is never the only cue (for
 * colour-blind players too), its own shape: seat 1 a circle, 2 a triangle,
 * 3 a square, 4 a diamond. It always stands next to the player's name, so it
 * is hidden from screen readers.
 */
import React from 'react';
import type { PlayerID } from '../types';
import { seatColour } from './logic';

/** The seats' shapes, seat 0 first. */
export const SEAT_SHAPES = ['circle', 'triangle', 'square', 'diamond'] as const;

/** A seat's shape. */
export function seatShape(id: PlayerID): (typeof SEAT_SHAPES)[number] {
  return SEAT_SHAPES[Number(id) % SEAT_SHAPES.length];
}

/** The shape drawn in a 16 × 16 box. */
function Shape({ shape, fill }: { shape: (typeof SEAT_SHAPES)[number]; fill: string }) {
  const s = { fill, stroke: '#1f2a24', strokeWidth: 1.4, strokeLinejoin: 'round' as const };
  switch (shape) {
    case 'circle':
      return <circle cx="8" cy="8" r="6.3" {...s} />;
    case 'triangle':
      return <path d="M8 1.3 L14.8 14 H1.2 Z" {...s} />;
    case 'square':
      return <rect x="2" y="2" width="12" height="12" rx="1" {...s} />;
    case 'diamond':
      return <path d="M8 0.8 L15.2 8 L8 15.2 L0.8 8 Z" {...s} />;
  }
}

/** A seat's mark, `size` px square. */
export function SeatMark({ id, size = 14 }: { id: PlayerID; size?: number }) {
  const shape = seatShape(id);
  return (
    <svg
      className="seat-mark"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      data-seat={id}
      data-shape={shape}
    >
      <Shape shape={shape} fill={seatColour(id)} />
    </svg>
  );
}
