/**
 * Lisbon's picture (the games page, the header of its pages): a yellow 28 climbing past Alfama's houses under its
 * wire. Self-contained (inline colours, no stylesheet; the page rounds its corners), since the games page loads no
 * board and its styles.
 */
const HOUSES: [x: number, w: number, h: number, wall: string][] = [
  [2, 16, 22, '#f4c7a1'],
  [17, 14, 30, '#f7e3a1'],
  [30, 18, 24, '#e8a48a'],
  [47, 13, 34, '#c9dbe9'],
  [59, 17, 27, '#f2d7c9'],
  [75, 15, 36, '#f7e3a1'],
  [89, 16, 29, '#e6b58f'],
  [104, 16, 33, '#d6e4d1'],
];

/** The picture, 120 × 80 (CSS sets its size). */
export function LisbonPicture() {
  return (
    <svg viewBox="0 0 120 80" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <g>
        <rect width="120" height="80" fill="#bfe0f2" />
        <circle cx="100" cy="14" r="7" fill="#fff3c4" />
        {HOUSES.map(([x, w, h, wall]) => (
          <g key={x}>
            <rect x={x} y={66 - h} width={w} height={h} fill={wall} />
            <path d={`M${x - 1} ${66 - h} L${x + w / 2} ${60 - h} L${x + w + 1} ${66 - h} Z`} fill="#c0563b" />
            <rect x={x + 3} y={70 - h} width="3" height="4" fill="#5b6b7a" opacity="0.7" />
            <rect x={x + w - 6} y={70 - h} width="3" height="4" fill="#5b6b7a" opacity="0.7" />
          </g>
        ))}
        <line x1="0" y1="22" x2="120" y2="19" stroke="#2b2b2b" strokeWidth="0.8" />
        <rect y="64" width="120" height="16" fill="#9a968c" />
        <line x1="0" y1="71" x2="120" y2="71" stroke="#5c5a55" strokeWidth="1.2" />
        <line x1="0" y1="76" x2="120" y2="76" stroke="#5c5a55" strokeWidth="1.2" />
        <line x1="64" y1="36" x2="52" y2="20.8" stroke="#2b2b2b" strokeWidth="1.2" />
        <g>
          <rect x="26" y="34" width="66" height="33" rx="5" fill="#f2b705" stroke="#8a6500" strokeWidth="1" />
          <rect x="26" y="34" width="66" height="6" rx="3" fill="#fbfaf4" />
          {[31, 43, 55, 67].map((x) => (
            <rect key={x} x={x} y="43" width="9" height="9" rx="1.5" fill="#3d5566" />
          ))}
          <rect x="79" y="43" width="9" height="16" rx="1.5" fill="#3d5566" />
          <rect x="26" y="56" width="66" height="3" fill="#fbfaf4" />
          <rect x="80" y="35.5" width="9" height="5" rx="1" fill="#1b1b1b" />
          <text
            x="84.5"
            y="39.6"
            textAnchor="middle"
            fontSize="4.6"
            fontWeight="800"
            fontFamily="system-ui, sans-serif"
            fill="#f2b705"
          >
            28
          </text>
          <circle cx="38" cy="67.5" r="3.6" fill="#2b2b2b" />
          <circle cx="80" cy="67.5" r="3.6" fill="#2b2b2b" />
        </g>
      </g>
    </svg>
  );
}
