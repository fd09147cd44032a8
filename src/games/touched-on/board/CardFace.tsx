/**
 * Touched On cards drawn as SVG, in the game's own design: Melbourne tram
 * colours, the route number large on a coloured band, a tram silhouette.
 * A card is drawn from a `CardLook` (what is printed on it), so this file
 * knows nothing of the rules' card ids; `look.ts` maps a rules card to one.
 *
 * Every card uses the same 60 × 88 view box; the CSS sets the size, so the
 * same card serves the hand, the Lines and the end screen.
 *
 * On a phone a card is 38 to 44 px wide (a scale of 0.63 to 0.73), so what
 * tells one card from another is printed at 14 to 20 units, 9.5 px and up
 * there: the route number on its band, then big under it the card's kind
 * ("Evader", "Inspector", "Undercover") or the Power's name, in as many lines
 * as it takes ("Peak / Hour"). The kind in the corner, the Power's name and
 * "Line 96 only" and the like, at 5 to 8.5 units, were 3.2 to 7.8 px there
 * (2026-12-03); the card's accessible name still says it all ("Authorised
 * Inspector, line 96").
 *
 * A miniature (a seat's face-down fan, 20 px wide; the Peak Hour in front of
 * a seat, 28; the Exp cards won and the used Powers, 30; the draw and Exp
 * piles, 40; the Exp under a Line, 18) prints no words: at 10 to 16 units
 * they were 3 to 8 px high there (2026-12-03). It keeps its picture, its
 * route number (20 units, 10 px high from 27 px wide) and an Exp card's
 * value (30 units); what it is, its count and a used Power's name are
 * printed beside it, and its accessible name is the whole card's.
 */
import React from 'react';
import { fitted, Word } from './cardWords';

/** A Line as printed: its route number, colour and termini. */
export interface LineLook {
  route: string;
  colour: string;
  from?: string;
  to?: string;
}

/** What is printed on a card face. */
export type CardLook =
  | { kind: 'evader'; line: LineLook }
  | { kind: 'authorised'; line: LineLook }
  | { kind: 'undercover' }
  | { kind: 'power'; power: string; name: string }
  | { kind: 'exp'; value?: number }
  | { kind: 'back' }
  | { kind: 'exp-back' };

const W = 60;
const H = 88;

/** A side view of a Melbourne E-class tram, 36 × 14, origin at its top left. */
export function TramSilhouette({ x, y, fill, scale = 1 }: { x: number; y: number; fill: string; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} aria-hidden="true">
      <line x1="18" y1="-5" x2="14" y2="0" stroke={fill} strokeWidth="1" />
      <line x1="14" y1="-5" x2="22" y2="-5" stroke={fill} strokeWidth="1" />
      <path d="M2 2 Q2 0 4 0 H32 Q34 0 35 2 L36 10 H0 Z" fill={fill} />
      <rect x="4" y="2.2" width="5" height="4" rx="0.8" fill="#fff" opacity="0.9" />
      <rect x="11" y="2.2" width="6" height="4" rx="0.8" fill="#fff" opacity="0.9" />
      <rect x="19" y="2.2" width="6" height="4" rx="0.8" fill="#fff" opacity="0.9" />
      <rect x="27" y="2.2" width="5" height="4" rx="0.8" fill="#fff" opacity="0.9" />
      <circle cx="7" cy="11.5" r="2" fill="#333" />
      <circle cx="29" cy="11.5" r="2" fill="#333" />
      <line x1="-2" y1="13.8" x2="38" y2="13.8" stroke="#777" strokeWidth="0.8" />
    </g>
  );
}

/** A route number on a coloured band, as on a tram's destination sign. */
function Band({ colour, route }: { colour: string; route: string }) {
  return (
    <>
      <path d={`M0 6 Q0 0 6 0 H${W - 6} Q${W} 0 ${W} 6 V30 H0 Z`} fill={colour} />
      <text x={W / 2} y="23" className="cf-route" textAnchor="middle">
        {route}
      </text>
    </>
  );
}

/** Glyphs for the Powers, drawn in a 24 × 24 box. */
function PowerGlyph({ power }: { power: string }) {
  const s = { fill: 'none', stroke: '#fff', strokeWidth: 2, strokeLinecap: 'round' as const };
  switch (power) {
    case 'appeal': // a gavel
      return (
        <g>
          <rect x="3" y="4" width="12" height="6" rx="1.5" transform="rotate(-35 9 7)" fill="#fff" />
          <line x1="11" y1="11" x2="20" y2="20" {...s} strokeWidth={2.6} />
          <line x1="2" y1="22" x2="14" y2="22" {...s} />
        </g>
      );
    case 'prioritySeat': // a seat
      return (
        <g>
          <path d="M6 3 V15 H18 V20" {...s} strokeWidth={2.6} />
          <path d="M6 15 L4 21" {...s} />
          <circle cx="17" cy="6" r="3" fill="#fff" />
        </g>
      );
    case 'feetOnSeat': // a shoe on a seat
      return (
        <g>
          <path d="M3 20 H21 M5 20 V13 H19" {...s} />
          <path d="M7 12 V5 H12 L13 9 Q19 9 20 12 Z" fill="#fff" />
        </g>
      );
    case 'peakHour': // a clock
      return (
        <g>
          <circle cx="12" cy="12" r="9" {...s} />
          <path d="M12 6 V12 L16 15" {...s} />
        </g>
      );
    case 'tramTracker': // a phone with a pin
      return (
        <g>
          <rect x="6" y="2" width="12" height="20" rx="2.5" {...s} />
          <path d="M12 16 Q8 11 8 9 A4 4 0 0 1 16 9 Q16 11 12 16 Z" fill="#fff" />
        </g>
      );
    case 'freeTramZone': // the Free Tram Zone sign: a tram in a circle
      return (
        <g>
          <circle cx="12" cy="12" r="10" fill="#fff" />
          <TramSilhouette x={4} y={8} fill="#1d7a3a" scale={0.45} />
        </g>
      );
    default:
      return <circle cx="12" cy="12" r="8" {...s} />;
  }
}

/**
 * The widest a word on a card that goes into a carriage (an Evader, a Priority Seat) is printed: x 9 to 51, ending
 * where a 3-digit route number does, clear of the next card fanned over this one's last 10 % (and tilted by up to
 * 2°). "Evader" at 46 wide ran 1 to 2 px under it at 844 × 390.
 */
const FAN = 42;

/**
 * A Power's name printed at 15 units, `FAN` wide at most: two words share a line where they are at most 16 % wider
 * ("Feet On" is 35 % wider: a word a line). "Priority" and "Tracker" are drawn at 80 % of their width.
 */
const NAME = { size: 15, max: FAN };

/** A Power's name in lines: "Appeal" in one, "Peak Hour" in two, "Free Tram Zone" and "Feet On Seat" in three. */
function nameLines(name: string): string[] {
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines[lines.length - 1];
    if (last && fitted(`${last} ${word}`, NAME.size, Infinity).textLength <= NAME.max * 1.16)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The face of one card: the band or the Power's picture at the top, the kind or the name big under it. `mini`: without
 * its words (a Power's picture then larger, in the middle of the card).
 */
function Face({ look, mini }: { look: CardLook; mini: boolean }) {
  switch (look.kind) {
    case 'evader':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#fff" />
          <Band colour={look.line.colour} route={look.line.route} />
          {!mini && (
            <Word y={50} size={15} max={FAN} className="cf-kind">
              Evader
            </Word>
          )}
          <TramSilhouette x={12} y={64} fill={look.line.colour} />
        </>
      );
    case 'authorised':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#1c2a39" />
          <Band colour={look.line.colour} route={look.line.route} />
          {!mini && (
            <Word y={50} size={14} className="cf-kind light">
              Inspector
            </Word>
          )}
          {/* a cap with a badge */}
          <path d="M16 76 Q30 60 44 76 Z" fill="#f4f4f4" />
          <rect x="14" y="76" width="32" height="4" rx="2" fill="#f4f4f4" />
          <circle cx="30" cy="70" r="3" fill={look.line.colour} />
        </>
      );
    case 'undercover':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#222" />
          <path d={`M0 6 Q0 0 6 0 H${W - 6} Q${W} 0 ${W} 6 V30 H0 Z`} fill="#555" />
          {!mini && (
            <>
              <text x={W / 2} y="22" className="cf-route small" textAnchor="middle">
                ANY
              </text>
              <Word y={50} size={14} className="cf-kind light">
                Undercover
              </Word>
            </>
          )}
          {/* sunglasses */}
          <path d="M14 64 H46" stroke="#ddd" strokeWidth="2" />
          <path d="M16 64 H28 Q28 72 22 72 Q16 72 16 64 Z M32 64 H44 Q44 72 38 72 Q32 72 32 64 Z" fill="#ddd" />
        </>
      );
    case 'power': {
      const lines = nameLines(look.name);
      const ftz = look.power === 'freeTramZone';
      return (
        <>
          <rect width={W} height={H} rx="6" fill={ftz ? '#1d7a3a' : '#3d2f6e'} />
          <rect x="3" y="3" width={W - 6} height={H - 6} rx="4" fill="none" stroke="#c6d80f" strokeWidth="1.5" />
          <g transform={mini ? 'translate(12 26) scale(1.5)' : 'translate(18 11)'}>
            <PowerGlyph power={look.power} />
          </g>
          {!mini &&
            lines.map((line, i) => (
              // Centred in the card's foot, under the picture: from y 64 (one line) to 49, 64, 79 (three).
              <Word key={line} y={64 + 15 * (i - (lines.length - 1) / 2)} {...NAME} className="cf-name">
                {line}
              </Word>
            ))}
        </>
      );
    }
    case 'exp':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#f7f1dc" />
          <rect x="3" y="3" width={W - 6} height={H - 6} rx="4" fill="none" stroke="#b8932b" strokeWidth="1.5" />
          {!mini && (
            <Word y={24} size={16} className="cf-kind gold">
              Exp
            </Word>
          )}
          <text x={W / 2} y={mini ? 55 : 66} className="cf-value" textAnchor="middle">
            {look.value ?? '?'}
          </text>
        </>
      );
    case 'exp-back':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#b8932b" />
          <rect x="4" y="4" width={W - 8} height={H - 8} rx="4" fill="none" stroke="#fff3c4" strokeWidth="1" />
          {!mini && (
            <text x={W / 2} y="50" className="cf-back-title" textAnchor="middle">
              Exp
            </text>
          )}
        </>
      );
    case 'back':
      return (
        <>
          <rect width={W} height={H} rx="6" fill="#173b2a" />
          <rect x="4" y="4" width={W - 8} height={H - 8} rx="4" fill="none" stroke="#c6d80f" strokeWidth="1" />
          {/* a "touch on" reader: card over waves */}
          <path d="M22 30 Q30 24 38 30 M18 25 Q30 15 42 25" fill="none" stroke="#c6d80f" strokeWidth="2" />
          <rect x="20" y="34" width="20" height="13" rx="2" fill="#c6d80f" />
          {!mini && (
            <>
              <text x={W / 2} y="62" className="cf-back-title" textAnchor="middle">
                Touched
              </text>
              <text x={W / 2} y="72" className="cf-back-title" textAnchor="middle">
                On
              </text>
            </>
          )}
        </>
      );
  }
}

/** Plain words for a card, for screen readers and titles. */
export function lookLabel(look: CardLook): string {
  switch (look.kind) {
    case 'evader':
      return `Evader, line ${look.line.route}`;
    case 'authorised':
      return `Authorised Inspector, line ${look.line.route}`;
    case 'undercover':
      return 'Undercover Inspector';
    case 'power':
      return look.name;
    case 'exp':
      return look.value === undefined ? 'Exp card' : `Exp ${look.value}`;
    case 'exp-back':
      return 'Exp card, face down';
    case 'back':
      return 'A card, face down';
  }
}

/** One card as an SVG image; `mini`, a miniature's, without its words (see above). */
export function CardFace({ look, className, mini = false }: { look: CardLook; className?: string; mini?: boolean }) {
  return (
    <svg
      className={`cf ${className ?? ''}`}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={lookLabel(look)}
      xmlns="http://www.w3.org/2000/svg"
    >
      <Face look={look} mini={mini} />
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="6" fill="none" stroke="rgba(0,0,0,0.35)" />
    </svg>
  );
}

/** A Line card: the route number large, its termini (its count is read beside it, and in its name). Wider than a playing card. */
export function LineCardFace({ line, count }: { line: LineLook; count: number }) {
  return (
    <svg
      className="cf cf-line"
      viewBox="0 0 80 88"
      role="img"
      aria-label={`Line ${line.route}${line.from ? `, ${line.from} to ${line.to}` : ''}: ${count >= 9 ? `full, ${count} cards` : `${count} of 9`}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="80" height="88" rx="6" fill={line.colour} />
      <rect x="4" y="4" width="72" height="30" rx="4" fill="#111" />
      <text x="40" y="27" className="cf-route sign" textAnchor="middle">
        {line.route}
      </text>
      {/* Its termini, on a laptop; on a phone, where they were 3.6 to 4.9 px high, the CSS hides them and lifts the tram. */}
      {line.from && (
        <text x="40" y="46" className="cf-term" textAnchor="middle" {...fitted(line.from, 9, 72)}>
          {line.from}
        </text>
      )}
      {line.to && (
        <text x="40" y="57" className="cf-term" textAnchor="middle" {...fitted(`– ${line.to}`, 9, 72)}>
          {`– ${line.to}`}
        </text>
      )}
      <g className="cf-line-tram">
        <TramSilhouette x={8} y={68} fill="#fff" scale={0.9} />
      </g>
    </svg>
  );
}
