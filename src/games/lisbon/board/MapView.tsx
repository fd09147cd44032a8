/**
 * The map: the side in play drawn in SVG (1000 x 640 view box), with rails,
 * the river, Rossio, monuments and their cones, bonus stops, tram stops with
 * their waiting passengers, and the trams. Interactive overlays (move
 * destinations, push branches, passenger placement) come in as props; the
 * map never decides what is legal.
 */
import React from 'react';
import type { GState, NodeId, PlayerID } from '../types';
import { network } from '../network';
import { cones } from '../selectors';
import type { MoveOption } from '../legal';
import { MapBell } from './Icons';
import { useTramAnimations } from './useTramAnimations';
import { BRANCH_COLORS, pathD, routePoints } from './logic';
import { MapShape } from './ColorMark';
import { rossioLayout } from './animation';
import { NodeMark, nodeTitle, Rails, River, Tram, TRAM_LIFT } from './MapParts';

/** What the map highlights and how clicks are answered. */
export interface MapOverlay {
  /** Reachable destinations (move or free move). */
  destinations?: Record<NodeId, MoveOption>;
  /** The destination picked, and the one hovered. */
  selected?: NodeId | null;
  hovered?: NodeId | null;
  onDestination?: (to: NodeId) => void;
  onHover?: (to: NodeId | null) => void;
  /** Push branch options: paths drawn from `branchFrom`. */
  branches?: NodeId[][];
  /** A move waiting for a push decision: drawn for everyone. */
  pendingRoute?: { from: NodeId; route: NodeId[] };
  branchFrom?: NodeId;
  onBranch?: (index: number) => void;
  /** Empty stops where passengers may be placed. */
  placements?: NodeId[];
  onPlace?: (stop: NodeId) => void;
  /** A node to point out (the monument of a card the player points at). */
  spot?: NodeId | null;
}

interface Props {
  G: GState;
  viewer: PlayerID;
  currentPlayer: PlayerID;
  names: Record<PlayerID, string>;
  overlay: MapOverlay;
  /** The part of the map to draw (the zoomed pick draws a close-up); the whole map by default. */
  viewBox?: string;
  /** Before every test id, for a second drawing of the map. */
  prefix?: string;
}

/** What a destination costs, in words that start with the badge's own text (so the name holds what is seen). */
export function destinationName(o: MoveOption, place: string): string {
  const push = o.pushes ? ', pushes a tram' : '';
  if (o.steps === 0) return `★ free move to ${place}${push}`;
  const pay = o.color ? `, cheapest in ${o.color}` : '';
  return `${o.steps} ticket${o.steps > 1 ? 's' : ''} to ${place}${pay}${push}`;
}

/** Activate on click, Enter or Space (map targets are keyboard-reachable). */
function activate(fn: () => void) {
  return {
    onClick: fn,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        fn();
      }
    },
    tabIndex: 0,
    role: 'button',
  };
}

/** The map of the side in play. */
export function MapView({ G, viewer, currentPlayer, names, overlay, viewBox = '0 0 1000 640', prefix = '' }: Props) {
  // Trams in motion are drawn along their path instead of at their node.
  const animated = useTramAnimations(G);
  const net = network(G.side);
  const coneCounts = cones(G);
  const dests = overlay.destinations ?? {};
  const shownRoute = overlay.hovered ?? overlay.selected ?? null;
  const start = G.players[viewer]?.position;
  const routeOpt = shownRoute ? dests[shownRoute] : undefined;

  // Trams grouped by node, drawn side by side (in two rows beyond two) where several share Rossio.
  const byNode: Record<NodeId, PlayerID[]> = {};
  for (const id of Object.keys(G.players).sort()) (byNode[G.players[id].position] ??= []).push(id);

  return (
    <svg
      viewBox={viewBox}
      className="map"
      role="group"
      aria-label={`Map: ${net.side.name}`}
      data-testid={`${prefix}map`}
    >
      <rect x={-1000} y={-200} width={3000} height={1040} className="map-bg" />
      <River />
      <Rails G={G} />
      {routeOpt && start && (
        <path
          d={pathD(routePoints(G.side, start, routeOpt.route))}
          className={`route${overlay.selected === shownRoute ? ' route-selected' : ''}`}
        />
      )}
      {overlay.pendingRoute && (
        <path
          d={pathD(routePoints(G.side, overlay.pendingRoute.from, overlay.pendingRoute.route))}
          className="route route-pending"
        />
      )}
      {overlay.branches?.map((b, i) => (
        <path
          key={i}
          d={pathD(routePoints(G.side, overlay.branchFrom ?? b[0], b))}
          className="branch-path"
          stroke={BRANCH_COLORS[i % BRANCH_COLORS.length]}
          data-testid={`${prefix}branch-path-${i}`}
          aria-label={`Branch ${i + 1}: push the tram to ${net.node[b[b.length - 1]]?.name ?? b[b.length - 1]}`}
          {...activate(() => overlay.onBranch?.(i))}
        />
      ))}
      {net.side.nodes.map((n) => (
        <g
          key={n.id}
          data-testid={`${prefix}node-${n.id}`}
          className={`node node-${n.kind}`}
          {...(n.kind === 'junction' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': nodeTitle(G, n) })}
        >
          <title>{nodeTitle(G, n)}</title>
          <NodeMark n={n} G={G} viewer={viewer} coneCount={coneCounts[n.id] ?? 0} occupied={!!byNode[n.id]} />
        </g>
      ))}
      {Object.entries(byNode).map(([node, ids]) => {
        const n = net.node[node];
        // Several trams share only Rossio; anywhere else a tram stands a little above its node.
        const offs = n.kind === 'rossio' ? rossioLayout(ids.length).offsets : [{ dx: 0, dy: -TRAM_LIFT }];
        return ids.map((id, i) => {
          const a = animated[id];
          return (
            <Tram
              key={id}
              G={G}
              id={id}
              names={names}
              current={id === currentPlayer}
              prefix={prefix}
              x={a ? a.x : n.x + offs[i].dx}
              y={a ? a.y : n.y + offs[i].dy}
            />
          );
        });
      })}
      {Object.values(dests).map((o) => {
        const n = net.node[o.to];
        return (
          <g
            key={o.to}
            className={`dest${overlay.selected === o.to ? ' dest-selected' : ''}`}
            data-testid={`${prefix}dest-${o.to}`}
            aria-label={destinationName(o, n.name)}
            aria-pressed={overlay.selected === o.to}
            {...activate(() => overlay.onDestination?.(o.to))}
            onMouseEnter={() => overlay.onHover?.(o.to)}
            onMouseLeave={() => overlay.onHover?.(null)}
          >
            <title>{destinationName(o, n.name)}</title>
            <circle cx={n.x} cy={n.y} r={24} className="dest-ring" />
            <g transform={`translate(${n.x + 24} ${n.y + 2})`}>
              {o.color ? (
                <MapShape
                  color={o.color}
                  x={0}
                  y={o.color === 'yellow' ? 1.5 : 0}
                  r={o.color === 'yellow' ? 13 : 11}
                  className="dest-badge"
                />
              ) : (
                <circle r={10} fill="#ffffff" className="dest-badge" />
              )}
              <text
                y={o.color === 'yellow' ? 6 : 4}
                className={`dest-cost${o.color === 'yellow' || !o.color ? ' dark' : ''}`}
              >
                {o.steps === 0 ? '★' : o.steps}
              </text>
            </g>
            {o.pushes && <MapBell x={n.x - 20} y={n.y - 18} />}
          </g>
        );
      })}
      {overlay.spot && net.node[overlay.spot] && (
        <circle cx={net.node[overlay.spot].x} cy={net.node[overlay.spot].y} r={30} className="spot" />
      )}
      {overlay.placements?.map((s) => {
        const n = net.node[s];
        return (
          <g
            key={s}
            className="place"
            data-testid={`${prefix}place-${s}`}
            aria-label={`Place the passengers at ${n.name}`}
            {...activate(() => overlay.onPlace?.(s))}
          >
            <title>{`Place the passengers at ${n.name}`}</title>
            <circle cx={n.x} cy={n.y} r={22} className="place-ring" />
          </g>
        );
      })}
      {overlay.branches?.map((b, i) => {
        // Each branch is numbered at its end, as on its button: colour is not the only cue.
        const end = net.node[b[b.length - 1]];
        if (!end) return null;
        return (
          <g key={`n${i}`} className="branch-number" aria-hidden="true" transform={`translate(${end.x} ${end.y - 30})`}>
            <circle r={11} fill={BRANCH_COLORS[i % BRANCH_COLORS.length]} />
            <text y={5}>{i + 1}</text>
          </g>
        );
      })}
    </svg>
  );
}
