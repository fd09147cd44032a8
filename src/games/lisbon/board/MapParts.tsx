/**
 * The pieces the map is drawn from: rails with junction curves, the river,
 * cones, trams, node marks and labels. Pure drawing; no interaction.
 */
import React from 'react';
import type { GState, PlayerID } from '../types';
import type { MapNode } from '../data/types';
import { network } from '../network';
import { total } from '../counts';
import { CARD_BY_ID } from '../data/cards';
import { boardOf } from '../legal';
import { BONUS_LABEL, COLOR_HEX, describeCounts, expand, playerLabel, shortName, TRAM_STYLE } from './logic';
import { MapShape } from './ColorMark';
import { labelLines, labelPlace, labelSlot } from './labels';
import { rossioLayout } from './animation';

const JUNCTION_GAP = 16;
/** Trams sit a little above their node so its colour and kind still show. */
export const TRAM_LIFT = 6;

/** Hover text for a node: its name and what is there. */
export function nodeTitle(G: GState, n: MapNode): string {
  if (n.kind === 'junction') return 'Junction: the rails join only as drawn';
  if (n.kind === 'stop') {
    const waiting = G.stops[n.id] ?? {};
    return `${n.name} (tram stop): ${total(waiting) ? `${describeCounts(waiting)} waiting` : 'no passengers — trams pass over it'}`;
  }
  if (n.kind === 'monument') {
    const cards = G.display.filter((id): id is string => !!id && CARD_BY_ID[id].monument === n.id);
    if (cards.length === 0) return `${n.name} (monument): no cone, nothing to claim now`;
    return `${n.name} (monument): ${cards.map((id) => `${CARD_BY_ID[id].vp} VP for ${describeCounts(CARD_BY_ID[id].need)}`).join('; ')}`;
  }
  if (n.kind === 'bonus') return `${n.name} (bonus stop, ${n.color})`;
  return `${n.name}: any number of trams; never pushed`;
}

/** A rail end: at a junction, stop short so the junction's curves show which rails join. */
function railEnd(n: MapNode, other: MapNode): { x: number; y: number } {
  if (n.kind !== 'junction') return { x: n.x, y: n.y };
  const dx = other.x - n.x;
  const dy = other.y - n.y;
  const len = Math.hypot(dx, dy) || 1;
  return { x: n.x + (dx / len) * JUNCTION_GAP, y: n.y + (dy / len) * JUNCTION_GAP };
}

/** One line of a label, with its own class if it has one (a bonus stop's bonus). */
interface Line {
  text: string;
  className?: string;
}

/** A map label in its slot around its node (see labels.ts), one line under another. */
function Label({
  G,
  n,
  lines,
  className = 'label',
  reach,
}: {
  G: GState;
  n: MapNode;
  lines: Line[];
  className?: string;
  /** How far the node's drawing reaches below or above it, if past the destination ring (Rossio's box). */
  reach?: number;
}) {
  const at = labelPlace(labelSlot(G.side, n.id), n.x, n.y, reach);
  // Above the node, the last line sits on the edge and the first goes up as far as the lines below it.
  const up = at.edge === 'bottom' ? `${-1.1 * (lines.length - 1)}em` : undefined;
  return (
    <text
      x={at.x}
      y={at.y}
      className={className}
      style={{ textAnchor: at.anchor }}
      dominantBaseline={at.edge === 'top' ? 'text-before-edge' : 'text-after-edge'}
    >
      {lines.map((l, i) => (
        <tspan key={i} x={at.x} dy={i === 0 ? up : '1.1em'} className={l.className}>
          {l.text}
        </tspan>
      ))}
    </text>
  );
}

export function Rails({ G }: { G: GState }) {
  const net = network(G.side);
  const segs: string[] = [];
  for (const [a, b] of net.side.rails) {
    const p = railEnd(net.node[a], net.node[b]);
    const q = railEnd(net.node[b], net.node[a]);
    segs.push(`M${p.x} ${p.y} L${q.x} ${q.y}`);
  }
  for (const n of net.side.nodes) {
    if (n.kind !== 'junction') continue;
    for (const [a, b] of n.through ?? []) {
      const p = railEnd(n, net.node[a]);
      const q = railEnd(n, net.node[b]);
      segs.push(`M${p.x} ${p.y} Q${n.x} ${n.y} ${q.x} ${q.y}`);
    }
  }
  const d = segs.join(' ');
  return (
    <g className="rails">
      <path d={d} className="rail-bed" />
      <path d={d} className="rail-line" />
    </g>
  );
}

export function River() {
  return (
    <g className="river" aria-hidden="true">
      <path
        d="M-1000 606 L0 608 C 120 598, 240 616, 360 606 S 600 598, 720 608 S 900 616, 1000 604 L2000 604 L2000 700 L-1000 700 Z"
        className="river-water"
      />
      <path
        d="M40 624 q 20 -6 40 0 t 40 0 M300 630 q 20 -6 40 0 t 40 0 M620 622 q 20 -6 40 0 t 40 0 M860 630 q 20 -6 40 0 t 40 0"
        className="river-wave"
      />
      <text x={500} y={634} className="river-label">
        Rio Tejo
      </text>
    </g>
  );
}

function Cone({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} className="cone">
      <path d="M0 -13 L8 7 L-8 7 Z" />
      <path d="M-4.5 -1 L4.5 -1 L5.5 2 L-5.5 2 Z" className="cone-stripe" />
      <rect x={-10} y={6} width={20} height={3.5} rx={1} />
    </g>
  );
}

export function Tram({
  x,
  y,
  G,
  id,
  current,
  names,
  prefix = '',
}: {
  x: number;
  y: number;
  G: GState;
  id: PlayerID;
  current: boolean;
  names: Record<PlayerID, string>;
  /** Before the test id, for a second drawing of the map (the zoomed pick). */
  prefix?: string;
}) {
  const st = TRAM_STYLE[G.players[id].color];
  return (
    <g
      transform={`translate(${x} ${y})`}
      className={`tram tram-${G.players[id].color}${current ? ' tram-current' : ''}`}
      data-testid={`${prefix}tram-${id}`}
      role="img"
      aria-label={`${playerLabel(G, id, names)}'s tram (${G.players[id].color})`}
    >
      <title>{`${playerLabel(G, id, names)}'s tram`}</title>
      {current && <rect x={-19} y={-13} width={38} height={26} rx={8} className="tram-glow" />}
      <rect x={-16} y={-11} width={32} height={22} rx={6} className="tram-shadow" />
      <rect x={-15} y={-10} width={30} height={20} rx={5} fill={st.fill} stroke={st.stroke} strokeWidth={2.5} />
      <rect x={-11} y={-6} width={6} height={6} rx={1} fill={st.text} opacity={0.55} />
      <rect x={-3} y={-6} width={6} height={6} rx={1} fill={st.text} opacity={0.55} />
      <rect x={5} y={-6} width={6} height={6} rx={1} fill={st.text} opacity={0.55} />
      <line x1={0} y1={-10} x2={0} y2={-16} stroke={st.stroke} strokeWidth={1.5} />
      <text x={0} y={7.5} className="tram-number" fill={st.text}>
        28
      </text>
    </g>
  );
}

export function NodeMark({
  n,
  G,
  viewer,
  coneCount,
  occupied,
}: {
  n: MapNode;
  G: GState;
  viewer: PlayerID;
  coneCount: number;
  occupied: boolean;
}) {
  const label = labelLines(n.id, shortName(n.name)).map((text) => ({ text }));
  switch (n.kind) {
    case 'rossio': {
      const count = Object.values(G.players).filter((p) => p.position === 'rossio').length;
      const { width, height } = rossioLayout(count);
      return (
        <g>
          <rect x={n.x - width / 2} y={n.y - height / 2} width={width} height={height} rx={12} className="rossio" />
          <Label G={G} n={n} lines={[{ text: 'Rossio' }]} className="label label-rossio" reach={height / 2 + 4} />
        </g>
      );
    }
    case 'monument':
      return (
        <g>
          <circle cx={n.x} cy={n.y} r={17} className="monument" />
          <path
            d={`M${n.x - 8} ${n.y + 7} h16 M${n.x - 6} ${n.y + 5} v-9 M${n.x} ${n.y + 5} v-9 M${n.x + 6} ${n.y + 5} v-9 M${n.x - 8} ${n.y - 5} l8 -5 l8 5 z`}
            className="monument-glyph"
          />
          {Array.from({ length: coneCount }, (_, i) => (
            <Cone key={i} x={n.x + 20 + i * 13} y={n.y - 12} />
          ))}
          <Label G={G} n={n} lines={label} />
        </g>
      );
    case 'bonus': {
      const bonus = boardOf(G, viewer).bonuses[n.color!];
      const owned = G.players[viewer].bonuses.includes(bonus);
      return (
        <g>
          <circle cx={n.x} cy={n.y} r={15} fill={COLOR_HEX[n.color!]} className="bonus-stop" />
          <path d={`M${n.x - 5} ${n.y + 6} v-10 h10 v10 M${n.x} ${n.y - 9} v5`} className="bonus-glyph" />
          <Label
            G={G}
            n={n}
            lines={[
              ...label,
              {
                text: owned ? `✓ ${BONUS_LABEL[bonus].short}` : BONUS_LABEL[bonus].short,
                className: `label-bonus${owned ? ' owned' : ''}`,
              },
            ]}
          />
        </g>
      );
    }
    case 'stop': {
      const waiting = expand(G.stops[n.id] ?? {});
      const w = waiting.length * 11 + 6;
      // Above a tram standing here, the waiting passengers stay visible.
      const ty = occupied ? n.y - 46 : n.y - 30;
      return (
        <g>
          <circle cx={n.x} cy={n.y} r={8} className={waiting.length ? 'stop' : 'stop stop-empty'} />
          {waiting.length > 0 && (
            <g className="passengers">
              <rect x={n.x - w / 2} y={ty} width={w} height={14} rx={7} className="passenger-tray" />
              {waiting.map((c, i) => (
                <MapShape key={i} color={c} x={n.x - w / 2 + 8.5 + i * 11} y={ty + 7} r={4.8} className="passenger" />
              ))}
            </g>
          )}
          <Label G={G} n={n} lines={label} className="label label-stop" />
        </g>
      );
    }
    default:
      return <circle cx={n.x} cy={n.y} r={2.5} className="junction" />;
  }
}
