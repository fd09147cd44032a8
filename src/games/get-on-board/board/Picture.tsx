/**
 * Get on Board's picture (the games page, the header of its pages): a corner of a city map, a line drawn through
 * its stops past a Metro entrance. Self-contained but for the map's own icons (inline colours, no stylesheet), since
 * the games page loads no board and its styles.
 */
import type { Icon } from '../maps/types';
import { IconShape } from './icons';
import { PLAYER_COLOURS } from './palette';

const STEP = 24;
const STOPS: [col: number, row: number, icon: Icon][] = [
  [0, 2, 'granny'],
  [1, 2, 'student'],
  [1, 1, 'metro'],
  [2, 1, 'tourist'],
  [3, 1, 'flirtLight'],
  [3, 0, 'restaurant'],
  [4, 0, 'theaterLight'],
];
const at = (n: number) => 12 + n * STEP;

/** The picture, 120 × 80 (CSS sets its size). */
export function GetOnBoardPicture() {
  const route = STOPS.map(([c, r], i) => `${i ? 'L' : 'M'}${at(c)} ${at(r) + 4}`).join(' ');
  return (
    <svg viewBox="0 0 120 80" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <rect width="120" height="80" rx="10" fill="#f7f0dc" />
      {[0, 1, 2].map((r) => (
        <line key={`r${r}`} x1="0" y1={at(r) + 4} x2="120" y2={at(r) + 4} stroke="#e2d5b3" strokeWidth="6" />
      ))}
      {[0, 1, 2, 3, 4].map((c) => (
        <line key={`c${c}`} x1={at(c)} y1="0" x2={at(c)} y2="80" stroke="#e2d5b3" strokeWidth="6" />
      ))}
      <path d={route} fill="none" stroke={PLAYER_COLOURS[0]} strokeWidth="5" strokeLinejoin="round" />
      {STOPS.map(([c, r, icon]) => (
        <g key={`${c},${r}`} transform={`translate(${at(c)} ${at(r) + 4}) scale(0.62)`}>
          <IconShape icon={icon} />
        </g>
      ))}
    </svg>
  );
}
