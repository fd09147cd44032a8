/**
 * A player's mark: the shape that goes with their colour (palette.ts), drawn
 * on their pawn, at the head of their line and beside their name on the
 * sheets, so that players tell each other apart without colour.
 */
import React from 'react';
import { playerShape, type PLAYER_SHAPES } from './palette';

const INK = '#1f2a37';

/** A 5-pointed star's path, of outer radius `r`, centred on 0,0. */
function starPath(r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const d = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(Math.cos(a) * d).toFixed(2)} ${(Math.sin(a) * d).toFixed(2)}`);
  }
  return `M${pts.join(' L')} Z`;
}

/** A shape of about `size` units across, centred on 0,0, in SVG. */
export function MarkShape({
  shape,
  fill,
  size,
  stroke = INK,
}: {
  shape: (typeof PLAYER_SHAPES)[number];
  fill: string;
  size: number;
  stroke?: string;
}) {
  const r = size / 2;
  const s = { fill, stroke, strokeWidth: size / 9, strokeLinejoin: 'round' as const };
  switch (shape) {
    case 'circle':
      return <circle r={r * 0.85} {...s} />;
    case 'triangle':
      return <path d={`M0 ${-r} L${r} ${r * 0.8} H${-r} Z`} {...s} />;
    case 'square':
      return <rect x={-r * 0.8} y={-r * 0.8} width={r * 1.6} height={r * 1.6} {...s} />;
    case 'diamond':
      return <path d={`M0 ${-r} L${r} 0 L0 ${r} L${-r} 0 Z`} {...s} />;
    case 'star':
      return <path d={starPath(r * 1.1)} {...s} />;
  }
}

/** A player's mark as a small inline picture beside their name (hidden from screen readers: the name says it). */
export function PlayerMark({ colour, size = 14, fill }: { colour: string; size?: number; fill?: string }) {
  const shape = playerShape(colour);
  return (
    <svg className="gob-mark" width={size} height={size} viewBox="-8 -8 16 16" aria-hidden="true" data-shape={shape}>
      <MarkShape shape={shape} fill={fill ?? colour} size={13} stroke={fill ? 'none' : INK} />
    </svg>
  );
}
