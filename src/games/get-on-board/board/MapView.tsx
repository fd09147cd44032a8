/**
 * The Get on Board map as one scalable SVG (it fills its container's width):
 * streets, icons and labels, the players' routes each in its own lane (each
 * player's latest plot emphasised, the rest of the line paler, and said in
 * words in the map's description), the plot being built, and the legal next
 * intersections as targets.
 *
 * Sizing: the SVG is as wide as its container; a page that must keep the map
 * within the screen's height sets the CSS variable --gob-map-max-height (tap
 * targets then shrink with the map: keep it unset on phones). With a finger
 * (a coarse pointer) each target's invisible hit circle grows as far as its
 * neighbours allow (touchHitRadius): ≥ 44 px across once the map is 390 px
 * wide.
 *
 * Purely presentational: what is legal arrives in `targets`; a pick is
 * reported through `onPick`, a hover or focus through `onHover`.
 */
import React, { useId, useRef, useSyncExternalStore } from 'react';
import { useLayoutEffectInBrowser } from '../../../client/boardHooks';
import { lastInputWasKey } from '../../../client/inputModality';
import type { MapDef, PointId, Speedy } from '../maps/types';
import {
  HIT_RADIUS,
  laneOffset,
  latestPlotText,
  offsetPath,
  pathD,
  px,
  targetName,
  touchHitRadius,
  viewBoxOf,
} from './mapGeometry';
import { Pawns, StreetNames, Streets, Stops } from './mapLayers';
import { playerShape } from './palette';
import { MarkShape } from './playerMark';
import './gob.css';

/** A player's line: its departure first, then each intersection reached, in order. */
export interface RouteLine {
  player: string;
  colour: string;
  name?: string;
  points: PointId[];
  eliminated?: boolean;
  /**
   * The player's latest plot (this round's, else the last round's): `points.slice(from)`, the end it was plotted
   * from first, drawn emphasised over the rest of the line, which is subdued.
   */
  latest?: { from: number; round: number };
}

/** A departure pawn. */
export interface PawnAt {
  player: string;
  colour: string;
  point: PointId;
  name?: string;
}

/**
 * A legal next intersection. `eliminates`: reaching it ends the player's game; `doomed`: it does not, but every
 * way on from it does. `label` replaces the accessible name.
 */
export interface MapTarget {
  to: PointId;
  eliminates: boolean;
  doomed?: boolean;
  label?: string;
}

export interface MapViewProps {
  map: MapDef;
  /** Every player's line, in seat order (the order fixes each player's lane). */
  routes?: RouteLine[];
  pawns?: PawnAt[];
  /** The markers being placed this turn: the line's end first, then each intersection picked so far. */
  plot?: { player: string; colour: string; points: PointId[] };
  /** The legal next intersections from the plot's end (or none). */
  targets?: MapTarget[];
  onPick?: (to: PointId) => void;
  /** Hover or keyboard focus on a target (null when it leaves), for previews. */
  onHover?: (to: PointId | null) => void;
  /** The site letters of the viewer's personal objective, marked on the map. */
  mySites?: string[];
  /** Rome: the speedy colour in force, drawn stronger. */
  activeSpeedy?: Speedy;
  /**
   * Drawn ZOOM times larger in a box of the map's usual size, panned by
   * scrolling it and centred on the plot's end (or the targets) as it moves,
   * else on `watch`. Only a phone, upright or held sideways, honours it
   * (gob.css): elsewhere the map is big.
   */
  zoomed?: boolean;
  /**
   * Where the play last was (the end of the newest plot, anyone's): while there is no plot nor target here, a zoomed
   * map follows it, so that each opponent's plot is seen as it is made (the box stayed on the viewer's own line).
   */
  watch?: PointId;
  className?: string;
}

/** How much larger a zoomed map is drawn: its names about 11 px high on a phone held upright, 1.3–1.4 px a map unit
 * held sideways (0.52–0.57 whole, at 740 × 360 and 844 × 390). */
export const ZOOM = 2.5;

const COARSE = '(pointer: coarse)';
const watchCoarse = (changed: () => void) => {
  const query = window.matchMedia(COARSE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the page is used with a finger (a touch screen's coarse pointer); false when rendered on a server. */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    watchCoarse,
    () => window.matchMedia(COARSE).matches,
    () => false,
  );
}

/**
 * Each line's player shape on a white disc, halfway along its last section,
 * drawn above the stops and their names so that none hides it.
 */
function RouteMarks({ routes }: { routes: RouteLine[] }) {
  return (
    <g className="gob-route-marks">
      {routes.map((r, i) => {
        if (r.points.length < 2) return null;
        const [a, b] = offsetPath(r.points, laneOffset(i, routes.length)).slice(-2);
        return (
          <g
            key={r.player}
            className="gob-route-mark"
            transform={`translate(${(a[0] + b[0]) / 2} ${(a[1] + b[1]) / 2})`}
            data-player={r.player}
            data-shape={playerShape(r.colour)}
          >
            <circle r="8" fill="#fff" stroke="#1f2a37" strokeWidth="1" />
            <MarkShape shape={playerShape(r.colour)} fill={r.colour} size={11} />
          </g>
        );
      })}
    </g>
  );
}

function Routes({ map, routes, plot }: { map: MapDef; routes: RouteLine[]; plot?: MapViewProps['plot'] }) {
  const count = routes.length;
  const laneOf = (player: string) => {
    const i = routes.findIndex((r) => r.player === player);
    return i < 0 ? 0 : laneOffset(i, count);
  };
  const latest = routes.filter((r) => r.latest && r.latest.from < r.points.length - 1);
  // The latest plots' points in their lanes, cut from the whole line's (so that their corners are the line's own).
  const latestPts = (r: RouteLine) => offsetPath(r.points, laneOf(r.player)).slice(r.latest!.from);
  // Two latest plots ending on one intersection: rings of different sizes.
  const endsAt = new Map<PointId, number>();
  return (
    <g className={`gob-routes${latest.length > 0 ? ' gob-routes--latest' : ''}`}>
      {/* The latest plots' soft glow, under every line. */}
      <g className="gob-latest-glows" aria-hidden="true">
        {latest.map((r) => (
          <path key={r.player} className="gob-latest-glow" d={pathD(latestPts(r))} stroke={r.colour} />
        ))}
      </g>
      {/* All casings first, then all lines: a neighbour's white casing never eats into a line. */}
      {(['casing', 'line'] as const).map((layer) => (
        <g key={layer} className={`gob-route-layer--${layer}`}>
          {routes.map((r) => {
            if (r.points.length < 2) return null;
            const d = pathD(offsetPath(r.points, laneOf(r.player)));
            if (layer === 'casing') return <path key={r.player} className="gob-route-casing" d={d} />;
            return (
              <g
                key={r.player}
                className={`gob-route${r.eliminated ? ' gob-route--eliminated' : ''}`}
                data-player={r.player}
                data-lane={laneOf(r.player)}
              >
                <title>{`${r.name ?? `Player ${r.player}`}'s line${r.eliminated ? ' (eliminated)' : ''}`}</title>
                <path className="gob-route-line" d={d} stroke={r.colour} />
              </g>
            );
          })}
        </g>
      ))}
      {/* Each player's latest plot over the lines: wider, striped with white, its new end ringed. */}
      {latest.map((r) => {
        const pts = latestPts(r);
        const end = r.points[r.points.length - 1];
        const nth = endsAt.get(end) ?? 0;
        endsAt.set(end, nth + 1);
        const [ex, ey] = px(end);
        return (
          <g
            key={r.player}
            className="gob-latest"
            data-latest={r.player}
            data-round={r.latest!.round}
            data-points={r.points.slice(r.latest!.from).join(' ')}
          >
            <title>
              {latestPlotText(
                map,
                r.name ?? `Player ${Number(r.player) + 1}`,
                r.latest!.round,
                r.points.slice(r.latest!.from),
              )}
            </title>
            <path className="gob-latest-line" d={pathD(pts)} stroke={r.colour} />
            <path className="gob-latest-stripe" d={pathD(pts)} />
            <circle className="gob-latest-end" cx={ex} cy={ey} r={18.5 + nth * 4} stroke={r.colour} />
          </g>
        );
      })}
      {plot && plot.points.length >= 1 && (
        <g className="gob-plot" data-player={plot.player}>
          {plot.points.length >= 2 && (
            <>
              <path className="gob-plot-casing" d={pathD(offsetPath(plot.points, laneOf(plot.player)))} />
              <path
                className="gob-plot-line"
                d={pathD(offsetPath(plot.points, laneOf(plot.player)))}
                stroke={plot.colour}
              />
            </>
          )}
          {offsetPath(plot.points, laneOf(plot.player)).map(([x, y], i) => (
            <circle key={i} className="gob-plot-dot" cx={x} cy={y} r={i === 0 ? 3 : 4} stroke={plot.colour} />
          ))}
        </g>
      )}
    </g>
  );
}

function Target({
  target,
  name,
  wide,
  hit,
  onPick,
  onHover,
}: {
  target: MapTarget;
  name: string;
  /** The invisible hit circle's radius, in SVG units. */
  hit: number;
  /** A two-passenger intersection: the ring is a pill around both icons. */
  wide: boolean;
  onPick?: (to: PointId) => void;
  onHover?: (to: PointId | null) => void;
}) {
  const [x, y] = px(target.to);
  const danger = target.eliminates || target.doomed === true;
  return (
    <g
      className={`gob-target${danger ? ' gob-target--danger' : ''}`}
      transform={`translate(${x} ${y})`}
      role="button"
      tabIndex={0}
      aria-label={name}
      data-target={target.to}
      data-eliminates={target.eliminates ? 'yes' : danger ? 'later' : 'no'}
      onClick={() => onPick?.(target.to)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPick?.(target.to);
        }
      }}
      onMouseEnter={() => onHover?.(target.to)}
      onMouseLeave={() => onHover?.(null)}
      // Focus previews a target only for the keyboard: the board also gives the first target focus after each move (so
      // that Tab goes on from the map), and on a phone that showed "Next: <that target>" before any tap, read as advice
      // (once a target that eliminated its player; a play-through review).
      onFocus={() => lastInputWasKey() && onHover?.(target.to)}
      onBlur={() => onHover?.(null)}
    >
      <title>{name}</title>
      <circle className="gob-target-hit" r={hit} />
      {wide ? (
        <rect className="gob-target-ring" x="-26" y="-17" width="52" height="34" rx="17" />
      ) : (
        <circle className="gob-target-ring" r="17" />
      )}
      {danger && (
        <g className="gob-target-warning" transform={`translate(${wide ? 24 : 13} -15)`}>
          <path d="M0 -7.5 L7.5 6 H-7.5 Z" />
          <text y="4.4" textAnchor="middle">
            !
          </text>
        </g>
      )}
    </g>
  );
}

/**
 * The lattice's column numbers along the top edge and row numbers down the left edge: the log and the panel
 * name an intersection "column,row" (e.g. 3,8) when it has no name of its own.
 */
function GridLabels({ map }: { map: MapDef }) {
  const cols = Array.from({ length: map.width }, (_, i) => i + 1);
  const rows = Array.from({ length: map.height }, (_, i) => i + 1);
  return (
    <g className="gob-grid-labels" aria-hidden="true" data-testid="grid-labels">
      {cols.map((x) => (
        <text key={`c${x}`} x={px(`${x},1` as PointId)[0]} y={11} textAnchor="middle">
          {x}
        </text>
      ))}
      {rows.map((y) => (
        <text key={`r${y}`} x={8} y={px(`1,${y}` as PointId)[1] + 4} textAnchor="middle">
          {y}
        </text>
      ))}
    </g>
  );
}

export function MapView({
  map,
  routes = [],
  pawns = [],
  plot,
  targets = [],
  onPick,
  onHover,
  activeSpeedy,
  mySites,
  zoomed = false,
  watch,
  className,
}: MapViewProps) {
  const { width, height } = viewBoxOf(map);
  const from = plot?.points[plot.points.length - 1];
  // The map's description in words: each player's latest plot, drawn emphasised.
  const descId = useId();
  const described = routes.flatMap((r) =>
    r.latest && r.latest.from < r.points.length - 1
      ? [latestPlotText(map, r.name ?? `Player ${Number(r.player) + 1}`, r.latest.round, r.points.slice(r.latest.from))]
      : [],
  );
  const twoIcons = new Set(map.intersections.filter((i) => i.icons.length === 2).map((i) => i.id));
  // A finger gets the largest hit circles that do not overlap: ≥ 44 px on a phone held upright.
  const coarse = useCoarsePointer();
  const hit = coarse ? touchHitRadius(targets.map((t) => t.to)) : HIT_RADIUS;
  // Zoomed, the box follows the play: the plot's end, else the middle of the targets, else the newest plot's end
  // (the centre's value, centreKey, moves it; not a new array of the same point).
  const boxRef = useRef<HTMLDivElement>(null);
  const centre: [number, number] | null = from
    ? px(from)
    : targets.length > 0
      ? ([0, 1].map((k) => targets.reduce((sum, t) => sum + px(t.to)[k], 0) / targets.length) as [number, number])
      : watch
        ? px(watch)
        : null;
  const centreKey = centre ? centre.join(',') : '';
  useLayoutEffectInBrowser(() => {
    const box = boxRef.current;
    if (!zoomed || !box || !centre) return;
    const k = box.scrollWidth / width;
    box.scrollTo({ left: centre[0] * k - box.clientWidth / 2, top: centre[1] * k - box.clientHeight / 2 });
  }, [zoomed, centreKey, width]);
  return (
    <div
      className={`gob-map${zoomed ? ' gob-map--zoomed' : ''}${className ? ` ${className}` : ''}`}
      data-testid="gob-map"
      style={{ '--gob-map-ratio': `${width} / ${height}`, '--gob-zoom': ZOOM } as React.CSSProperties}
    >
      <div ref={boxRef} className="gob-map-box">
        <svg
          className="gob-map-svg"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="xMidYMid meet"
          role="group"
          aria-label={`${map.name} map`}
          aria-describedby={described.length > 0 ? descId : undefined}
        >
          {described.length > 0 && <desc id={descId}>{described.join(' ')}</desc>}
          <rect className="gob-map-paper" x="0" y="0" width={width} height={height} rx="14" />
          <GridLabels map={map} />
          <Streets map={map} activeSpeedy={activeSpeedy} />
          <Routes map={map} routes={routes} plot={plot} />
          <StreetNames map={map} />
          <Stops map={map} mySites={mySites} />
          <RouteMarks routes={routes} />
          <Pawns pawns={pawns} />
          <g className="gob-targets">
            {targets.map((t) => (
              <Target
                key={t.to}
                target={t}
                name={t.label ?? targetName(map, t.to, from, t.eliminates, t.doomed)}
                wide={twoIcons.has(t.to)}
                hit={hit}
                onPick={onPick}
                onHover={onHover}
              />
            ))}
          </g>
        </svg>
      </div>
    </div>
  );
}
