/**
 * Get on Board's own SVG icons, designed for this edition. Every icon is drawn
 * in a 24 × 24 box centred on (0, 0) so the map can place it on an
 * intersection; `IconSvg` wraps one in its own <svg> for the sheet and HTML.
 *
 * Legibility at 14–28 px, and for colour-blind players, comes from shape, not
 * colour: passengers sit on a round badge, places on a square one, and each
 * glyph has its own silhouette (bun and cane, mortarboard, camera, heart, M,
 * fork and knife, film frame, portico). Light and dark variants differ in
 * luminance (pale badge with dark ink, dark badge with pale ink).
 */
import React from 'react';
import type { Icon } from '../maps/types';

/** The icon names the sheet and the accessible labels use. */
export const ICON_NAMES: Record<Icon, string> = {
  granny: 'Granny',
  student: 'Student',
  tourist: 'Tourist',
  flirtLight: 'Flirt (light)',
  flirtDark: 'Flirt (dark)',
  metro: 'Metro entrance',
  restaurant: 'Restaurant',
  cinema: 'Cinema',
  theaterLight: 'Theater (light)',
  theaterDark: 'Theater (dark)',
};

export const ALL_ICONS: Icon[] = Object.keys(ICON_NAMES) as Icon[];

const INK = '#1f2a37';
const PALE = '#fdf9f0';

/** Badge and glyph colours; the shape carries the meaning, the colour helps. */
const BADGE: Record<Icon, { fill: string; ink: string }> = {
  granny: { fill: '#e9dcf3', ink: '#5b2a86' },
  student: { fill: '#dbe8f7', ink: '#1d4e89' },
  tourist: { fill: '#fbe7c6', ink: '#8a4b08' },
  flirtLight: { fill: '#fde4ec', ink: '#b4235a' },
  flirtDark: { fill: '#5a1733', ink: '#ffc2d6' },
  metro: { fill: '#b3202a', ink: '#ffffff' },
  restaurant: { fill: '#fff4d6', ink: '#7a4a00' },
  cinema: { fill: '#2b2f3a', ink: '#ffd84d' },
  theaterLight: { fill: '#f3efe4', ink: '#3d3a33' },
  theaterDark: { fill: '#3d3a33', ink: '#f3efe4' },
};

const isPlace = (icon: Icon) =>
  icon === 'metro' || icon === 'restaurant' || icon === 'cinema' || icon === 'theaterLight' || icon === 'theaterDark';

function Glyph({ icon, ink }: { icon: Icon; ink: string }) {
  const line = { fill: 'none', stroke: ink, strokeWidth: 1.8, strokeLinecap: 'round' as const };
  switch (icon) {
    case 'granny': // a head with a bun, a stooped body, a hooked cane
      return (
        <g>
          <circle cx="-2.5" cy="-5.5" r="2.8" fill={ink} />
          <circle cx="-4.6" cy="-8.6" r="1.6" fill={ink} />
          <path d="M-6 7 L-4.5 -1.5 Q-2 -2.8 0.5 -1 L1.5 7 Z" fill={ink} />
          <path d="M3.5 -1.2 Q6 -2.5 6 0 V7.5" {...line} strokeWidth={1.6} />
          <path d="M0.5 1 L4 0" {...line} strokeWidth={1.4} />
        </g>
      );
    case 'student': // a mortarboard with a tassel
      return (
        <g>
          <path d="M-8.5 -2.5 L0 -6.5 L8.5 -2.5 L0 1.5 Z" fill={ink} />
          <path d="M-5 -0.5 V3.8 Q0 7 5 3.8 V-0.5 L0 1.9 Z" fill={ink} />
          <path d="M7 -1.8 V5" {...line} strokeWidth={1.3} />
          <circle cx="7" cy="5.8" r="1.3" fill={ink} />
        </g>
      );
    case 'tourist': // a camera
      return (
        <g>
          <path
            d="M-8 -3 Q-8 -5 -6 -5 H-3.5 L-2 -7 H2 L3.5 -5 H6 Q8 -5 8 -3 V5 Q8 6.5 6 6.5 H-6 Q-8 6.5 -8 5 Z"
            fill={ink}
          />
          <circle cx="0" cy="0.8" r="3.6" fill={BADGE.tourist.fill} />
          <circle cx="0" cy="0.8" r="1.9" fill={ink} />
        </g>
      );
    case 'flirtLight':
    case 'flirtDark': // a heart
      return (
        <path
          d="M0 7.5 C-2 5.5 -8.5 1.5 -8.5 -2.6 C-8.5 -5.6 -6.2 -7.4 -4 -7.4 C-2.3 -7.4 -0.8 -6.3 0 -4.8 C0.8 -6.3 2.3 -7.4 4 -7.4 C6.2 -7.4 8.5 -5.6 8.5 -2.6 C8.5 1.5 2 5.5 0 7.5 Z"
          fill={ink}
        />
      );
    case 'metro': // the M of a metro entrance
      return <path d="M-6.5 6.5 V-6.5 H-4 L0 0.5 L4 -6.5 H6.5 V6.5 H4 V-2 L0.9 3.5 H-0.9 L-4 -2 V6.5 Z" fill={ink} />;
    case 'restaurant': // a fork and a knife
      return (
        <g>
          <path d="M-5.5 -7.5 V-2.5 Q-5.5 -0.5 -3.5 0 V7.5" {...line} strokeWidth={1.6} />
          <path d="M-1.5 -7.5 V-2.5 Q-1.5 -0.5 -3.5 0" {...line} strokeWidth={1.6} />
          <path d="M-3.5 -7.5 V-2.5" {...line} strokeWidth={1.2} />
          <path d="M4.5 7.5 V-7.5 Q7.5 -5 7 1 H4.5" fill={ink} stroke={ink} strokeWidth={1.4} strokeLinejoin="round" />
        </g>
      );
    case 'cinema': // a film frame with sprocket holes
      return (
        <g>
          <rect x="-7.5" y="-8" width="15" height="16" rx="1.2" fill={ink} />
          <rect x="-3.8" y="-5" width="7.6" height="10" rx="0.8" fill={BADGE.cinema.fill} />
          {[-6, -2, 2, 6].map((y) => (
            <g key={y}>
              <rect x="-6.6" y={y - 0.8} width="1.8" height="1.6" fill={BADGE.cinema.fill} />
              <rect x="4.8" y={y - 0.8} width="1.8" height="1.6" fill={BADGE.cinema.fill} />
            </g>
          ))}
        </g>
      );
    case 'theaterLight':
    case 'theaterDark': // a portico: pediment, columns, steps
      return (
        <g fill={ink}>
          <path d="M-8.5 -3.5 L0 -8.5 L8.5 -3.5 Z" />
          <rect x="-7" y="-2.5" width="2.2" height="8" />
          <rect x="-2.6" y="-2.5" width="2.2" height="8" />
          <rect x="0.4" y="-2.5" width="2.2" height="8" />
          <rect x="4.8" y="-2.5" width="2.2" height="8" />
          <rect x="-8.5" y="6" width="17" height="2" />
        </g>
      );
  }
}

/** One icon in the 24 × 24 box centred on (0, 0): a round badge for passengers, a square one for places. */
export function IconShape({ icon }: { icon: Icon }) {
  const { fill, ink } = BADGE[icon];
  const edge = icon === 'flirtDark' || icon === 'theaterDark' || icon === 'cinema' || icon === 'metro' ? PALE : INK;
  return (
    <g className={`gob-icon gob-icon--${icon}`} data-icon={icon}>
      {isPlace(icon) ? (
        <rect x="-11" y="-11" width="22" height="22" rx="4.5" fill={fill} stroke={edge} strokeWidth="1.4" />
      ) : (
        <circle r="11" fill={fill} stroke={edge} strokeWidth="1.4" />
      )}
      <Glyph icon={icon} ink={ink} />
    </g>
  );
}

/** An icon as a standalone inline SVG (default 20 px), labelled for assistive technology unless `decorative`. */
export function IconSvg({ icon, size = 20, decorative }: { icon: Icon; size?: number; decorative?: boolean }) {
  return (
    <svg
      className="gob-icon-svg"
      width={size}
      height={size}
      viewBox="-12.5 -12.5 25 25"
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative ? true : undefined}
      aria-label={decorative ? undefined : ICON_NAMES[icon]}
    >
      <IconShape icon={icon} />
    </svg>
  );
}

/** The six ticket shapes (RULINGS §4). */
export type ShapeLetter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export const SHAPE_NAMES: Record<ShapeLetter, string> = {
  A: '2 markers, straight',
  B: '2 markers, 1 turn',
  C: '2 markers, straight or 1 turn',
  D: '1 marker',
  E: '3 markers, straight',
  F: '3 markers, 2 turns',
};

/** The markers of each shape on a 3 × 3 dot grid (0–2 each way), as polylines; C has a dashed alternative. */
const SHAPE_PATHS: Record<ShapeLetter, { main: [number, number][]; alt?: [number, number][] }> = {
  A: {
    main: [
      [0, 1],
      [1, 1],
      [2, 1],
    ],
  },
  B: {
    main: [
      [0, 2],
      [0, 1],
      [1, 1],
    ],
  },
  C: {
    main: [
      [0, 1],
      [1, 1],
      [2, 1],
    ],
    alt: [
      [1, 1],
      [1, 0],
    ],
  },
  D: {
    main: [
      [0.5, 1],
      [1.5, 1],
    ],
  },
  E: {
    main: [
      [0, 1],
      [0.67, 1],
      [1.33, 1],
      [2, 1],
    ],
  },
  F: {
    main: [
      [0, 2],
      [0, 1],
      [1, 1],
      [1, 0],
    ],
  },
};

/** A ticket shape drawn as route markers between dots (size in px; default 28); its letter is in the label. */
export function ShapeGlyph({ shape, size = 28, colour = INK }: { shape: ShapeLetter; size?: number; colour?: string }) {
  const { main, alt } = SHAPE_PATHS[shape];
  const at = ([x, y]: [number, number]) => `${3 + x * 9} ${3 + y * 9}`;
  const d = (pts: [number, number][]) => 'M' + pts.map(at).join(' L');
  return (
    <svg
      className="gob-shape"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label={`Shape ${shape}: ${SHAPE_NAMES[shape]}`}
      data-shape={shape}
    >
      {alt && (
        <path
          d={d(alt)}
          fill="none"
          stroke={colour}
          strokeWidth="2.6"
          strokeDasharray="2.2 2.2"
          strokeLinecap="round"
        />
      )}
      <path d={d(main)} fill="none" stroke={colour} strokeWidth="3.4" strokeLinecap="round" strokeLinejoin="round" />
      {main.map((p, i) => (
        <circle key={i} cx={3 + p[0] * 9} cy={3 + p[1] * 9} r="2.5" fill="#fff" stroke={colour} strokeWidth="1.5" />
      ))}
    </svg>
  );
}

/** Ticket face colours by (n − 1) mod 6, and the border band by parity (RULINGS §2). */
export const TICKET_FACES = ['#2e9d4f', '#2f62c6', '#8a8f98', '#ef8a1c', '#19a9bf', '#e0569a'];
export const SPEEDY_COLOURS = { yellow: '#f2c230', burgundy: '#8c1c3a' } as const;
export const ticketFace = (n: number) => TICKET_FACES[(n - 1) % 6];
export const ticketBand = (n: number) => (n % 2 === 1 ? SPEEDY_COLOURS.burgundy : SPEEDY_COLOURS.yellow);

/**
 * A Metro Ticket card 1–12, 40 × 56 units (default 40 px wide); `crossed` strikes it through. `bare`, for a small
 * card (the banner's, 22 px wide): its number drawn larger, in a larger circle, without the "METRO" label under it
 * (on the banner's card the number was 7.7 px high and the label 2.7).
 */
export function TicketCard({
  n,
  width = 40,
  crossed,
  bare = false,
}: {
  n: number;
  width?: number;
  crossed?: boolean;
  bare?: boolean;
}) {
  const odd = n % 2 === 1;
  return (
    <svg
      className={`gob-ticket${crossed ? ' gob-ticket--crossed' : ''}`}
      width={width}
      height={(width * 56) / 40}
      viewBox="0 0 40 56"
      role="img"
      aria-label={`Metro ticket ${n}${crossed ? ', used' : ''}`}
      data-ticket={n}
    >
      <rect x="1" y="1" width="38" height="54" rx="5" fill={ticketBand(n)} stroke={INK} strokeWidth="0.8" />
      <rect x="5" y="5" width="30" height="46" rx="3" fill={ticketFace(n)} />
      {/* the band's parity also shows as a mark: a diamond (odd) or a bar (even) */}
      {odd ? (
        <path d="M20 1.6 L22.6 3 L20 4.4 L17.4 3 Z" fill="#fff" />
      ) : (
        <rect x="16" y="2.2" width="8" height="1.6" rx="0.8" fill={INK} />
      )}
      {bare ? (
        <>
          <circle cx="20" cy="28" r="14.5" fill="#fff" />
          <text x="20" y="35.8" textAnchor="middle" className="gob-ticket-n gob-ticket-n--bare">
            {n}
          </text>
        </>
      ) : (
        <>
          <circle cx="20" cy="24" r="11" fill="#fff" />
          <text x="20" y="28.5" textAnchor="middle" className="gob-ticket-n">
            {n}
          </text>
          <path d="M10 42 H30" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeDasharray="0.1 4.8" />
          <text x="20" y="48.5" textAnchor="middle" className="gob-ticket-label">
            METRO
          </text>
        </>
      )}
      {crossed && <path d="M6 8 L34 48 M34 8 L6 48" stroke={INK} strokeWidth="3" strokeLinecap="round" />}
    </svg>
  );
}
