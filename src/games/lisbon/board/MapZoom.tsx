/**
 * The map on small touch screens: the whole map fits the width, where its
 * targets are too small to tap. Tapping it (when there is something to
 * choose) opens the zoomed pick: a close-up of the place tapped, drawn large
 * enough that every target is at least 44 px, with what is there in words.
 * Choosing a target there closes it; so do "Close" and Esc.
 */
import React, { useEffect, useRef } from 'react';
import type { GState, NodeId, PlayerID } from '../types';
import { network } from '../network';
import { MapView, type MapOverlay } from './MapView';
import { nodeTitle } from './MapParts';

/** Map units shown across the close-up: 300 of the 1000 the map is wide. */
export const LOUPE_SPAN = 300;

/** The smallest on-screen size of a map target (a destination ring is 48 map units wide). */
export const TARGET_UNITS = 48;

/** The place tapped, in map units. */
export interface LoupeAt {
  x: number;
  y: number;
}

/** The point of the map under a tap, in map units, or null when the map is not on screen. */
export function mapPoint(svg: SVGSVGElement, clientX: number, clientY: number): LoupeAt | null {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** How many pixels a map unit takes on screen now. */
export function mapScale(svg: SVGSVGElement): number {
  return svg.getScreenCTM()?.a ?? 1;
}

/** The nearest named place to a point. */
function nearest(G: GState, at: LoupeAt): NodeId | null {
  let best: NodeId | null = null;
  let dist = Infinity;
  for (const n of network(G.side).side.nodes) {
    if (n.kind === 'junction') continue;
    const d = Math.hypot(n.x - at.x, n.y - at.y);
    if (d < dist) {
      dist = d;
      best = n.id;
    }
  }
  return best;
}

/** The zoomed pick. */
export function Loupe({
  G,
  at,
  viewer,
  currentPlayer,
  names,
  overlay,
  onClose,
}: {
  G: GState;
  at: LoupeAt;
  viewer: PlayerID;
  currentPlayer: PlayerID;
  names: Record<PlayerID, string>;
  overlay: MapOverlay;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus the first target of the close-up, else Close.
    const el = ref.current?.querySelector<SVGGElement | HTMLButtonElement>('.dest, .place, .branch-path, button');
    el?.focus({ preventScroll: true });
  }, []);
  const half = LOUPE_SPAN / 2;
  const x = Math.min(Math.max(at.x, half - 40), 1000 - half + 40);
  const y = Math.min(Math.max(at.y, half - 40), 640 - half + 40);
  const close =
    <T extends unknown[]>(fn?: (...a: T) => void) =>
    (...a: T) => {
      fn?.(...a);
      onClose();
    };
  const zoomed: MapOverlay = {
    ...overlay,
    onDestination: overlay.onDestination && close(overlay.onDestination),
    onPlace: overlay.onPlace && close(overlay.onPlace),
    onBranch: overlay.onBranch && close(overlay.onBranch),
    onHover: undefined,
  };
  const near = nearest(G, at);
  const n = near ? network(G.side).node[near] : null;
  return (
    <div
      className="loupe-backdrop"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="loupe" role="dialog" aria-label="Close-up of the map" data-testid="loupe" ref={ref}>
        <MapView
          G={G}
          viewer={viewer}
          currentPlayer={currentPlayer}
          names={names}
          overlay={zoomed}
          viewBox={`${x - half} ${y - half} ${LOUPE_SPAN} ${LOUPE_SPAN}`}
          prefix="zoom-"
        />
        {n && (
          <p className="loupe-caption" data-testid="loupe-caption">
            {nodeTitle(G, n)}
          </p>
        )}
        <button type="button" className="loupe-close" onClick={onClose} data-testid="loupe-close">
          Close
        </button>
      </div>
    </div>
  );
}

/**
 * "Zoom in" on a phone: the map is drawn larger in a box that pans. The box opens on what matters now, not at the
 * map's top-left corner (Ajuda and Belém, while the tram and its places were off to the right): the middle of the
 * player's tram and the places they may choose, the tram kept in view when they do not all fit.
 */
export function centreZoomed(wrap: HTMLElement, tram: LoupeAt | null, targets: LoupeAt[]): void {
  const m = wrap.querySelector('svg')?.getScreenCTM();
  if (!m) return;
  const box = wrap.getBoundingClientRect();
  const inBox = (p: LoupeAt) => {
    const q = new DOMPoint(p.x, p.y).matrixTransform(m);
    return {
      x: q.x - box.left - wrap.clientLeft + wrap.scrollLeft,
      y: q.y - box.top - wrap.clientTop + wrap.scrollTop,
    };
  };
  const points = [...(tram ? [tram] : []), ...targets].map(inBox);
  if (points.length === 0) return;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  let cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  let cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const w = wrap.clientWidth;
  const h = wrap.clientHeight;
  if (tram) {
    const t = inBox(tram);
    const margin = 48;
    cx = Math.min(Math.max(cx, t.x - w / 2 + margin), t.x + w / 2 - margin);
    cy = Math.min(Math.max(cy, t.y - h / 2 + margin), t.y + h / 2 - margin);
  }
  wrap.scrollTo({ left: cx - w / 2, top: cy - h / 2, behavior: 'instant' });
}
