/**
 * Touched On's picture (the games page, the header of its pages): three of its cards fanned on the felt (an
 * Undercover Inspector, an Evader of line 96, a Peak Hour). Self-contained (inline colours, no stylesheet), since
 * the games page loads no board and its styles; the cards follow CardFace's design (the kind or the name big under
 * the band or the picture).
 */
const FONT = 'system-ui, sans-serif';

function Evader() {
  return (
    <g>
      <rect width="34" height="50" rx="4" fill="#fff" stroke="#00000059" />
      <path d="M0 4 Q0 0 4 0 H30 Q34 0 34 4 V17 H0 Z" fill="#E0457B" />
      <text x="17" y="13.5" textAnchor="middle" fontSize="11" fontWeight="800" fontFamily={FONT} fill="#fff">
        96
      </text>
      <text
        x="17"
        y="28"
        textAnchor="middle"
        fontSize="8.5"
        fontWeight="800"
        fontFamily={FONT}
        fill="#222"
        textLength="26"
        lengthAdjust="spacingAndGlyphs"
      >
        Evader
      </text>
      <g transform="translate(6 35) scale(0.62)" fill="#E0457B">
        <path d="M2 2 Q2 0 4 0 H32 Q34 0 35 2 L36 10 H0 Z" />
        <rect x="4" y="2.2" width="5" height="4" fill="#fff" />
        <rect x="11" y="2.2" width="6" height="4" fill="#fff" />
        <rect x="19" y="2.2" width="6" height="4" fill="#fff" />
        <rect x="27" y="2.2" width="5" height="4" fill="#fff" />
        <circle cx="7" cy="11.5" r="2" fill="#333" />
        <circle cx="29" cy="11.5" r="2" fill="#333" />
      </g>
    </g>
  );
}

function Undercover() {
  return (
    <g>
      <rect width="34" height="50" rx="4" fill="#2b2f36" stroke="#00000059" />
      <path d="M0 4 Q0 0 4 0 H30 Q34 0 34 4 V17 H0 Z" fill="#555" />
      <text x="17" y="12" textAnchor="middle" fontSize="8" fontWeight="800" fontFamily={FONT} fill="#fff">
        ANY
      </text>
      <text
        x="17"
        y="27.5"
        textAnchor="middle"
        fontSize="7.9"
        fontWeight="800"
        fontFamily={FONT}
        fill="#eef1f5"
        textLength="29"
        lengthAdjust="spacingAndGlyphs"
      >
        Undercover
      </text>
      <path d="M5 35.5 H29" stroke="#8b939e" strokeWidth="1.2" />
      <path d="M6 36 H15.5 Q15.5 43 10.5 43 Q6 43 6 36 Z" fill="#0d0f12" stroke="#8b939e" strokeWidth="0.8" />
      <path d="M18.5 36 H28 Q28 43 23.5 43 Q18.5 43 18.5 36 Z" fill="#0d0f12" stroke="#8b939e" strokeWidth="0.8" />
    </g>
  );
}

function PeakHour() {
  return (
    <g>
      <rect width="34" height="50" rx="4" fill="#4b2c7d" stroke="#d9c46a" />
      <circle cx="17" cy="15" r="7" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M17 10.5 V15 L20 17.2" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      {['Peak', 'Hour'].map((word, i) => (
        <text
          key={word}
          x="17"
          y={33 + 8.5 * i}
          textAnchor="middle"
          fontSize="8.5"
          fontWeight="800"
          fontFamily={FONT}
          fill="#fff"
        >
          {word}
        </text>
      ))}
    </g>
  );
}

/** The picture, 120 × 80 (CSS sets its size). */
export function TouchedOnPicture() {
  return (
    <svg viewBox="0 0 120 80" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <rect width="120" height="80" rx="10" fill="#1f5a3d" />
      <rect x="4" y="4" width="112" height="72" rx="8" fill="none" stroke="#2e7a54" strokeWidth="1" />
      <g transform="translate(60 132)">
        <g transform="rotate(-21) translate(-17 -118)">
          <Undercover />
        </g>
        <g transform="rotate(21) translate(-17 -118)">
          <PeakHour />
        </g>
        <g transform="translate(-17 -120)">
          <Evader />
        </g>
      </g>
    </svg>
  );
}
