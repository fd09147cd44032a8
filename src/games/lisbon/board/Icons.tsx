/** Small inline icons, so no emoji font is needed. */
import React from 'react';

/** The tram bell. */
export function BellIcon({ size = 14 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" className="icon" aria-hidden="true">
      <path
        d="M12 3c-3.3 0-6 2.7-6 6v5l-2 3h16l-2-3V9c0-3.3-2.7-6-6-6z"
        fill="#e2a21b"
        stroke="#6b4a00"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="19.5" r="2" fill="#6b4a00" />
    </svg>
  );
}

/** A ticket. */
export function TicketIcon({ size = 14 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" className="icon" aria-hidden="true">
      <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" fill="#fff8e6" stroke="#6e6252" strokeWidth="1.6" />
      <path d="M9 8v8" stroke="#6e6252" strokeDasharray="1.5 1.5" />
    </svg>
  );
}

/** A trophy. */
export function TrophyIcon({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" className="icon" aria-hidden="true">
      <path
        d="M7 3h10v5a5 5 0 0 1-10 0zM7 5H4v2a3 3 0 0 0 3 3M17 5h3v2a3 3 0 0 1-3 3M12 13v4M8 21h8l-1-4H9z"
        fill="#f2c21b"
        stroke="#6b4a00"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The bell drawn inside the map's SVG, centred on (x, y). */
export function MapBell({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x - 8} ${y - 8}) scale(0.667)`} className="map-bell" pointerEvents="none">
      <path
        d="M12 3c-3.3 0-6 2.7-6 6v5l-2 3h16l-2-3V9c0-3.3-2.7-6-6-6z"
        fill="#e2a21b"
        stroke="#6b4a00"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="19.5" r="2.2" fill="#6b4a00" />
    </g>
  );
}
