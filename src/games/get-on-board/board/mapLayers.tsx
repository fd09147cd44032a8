/**
 * The static layers of the map SVG: streets (sections, Rome's speedy
 * sections, gaps), street names, intersections with their icons and labels,
 * and departure pawns. MapView stacks them with the routes and targets.
 */
import React from 'react';
import type { Intersection, MapDef, PointId, Speedy } from '../maps/types';
import { IconShape, SPEEDY_COLOURS, ticketBand, ticketFace } from './icons';
import { CELL, describePoint, parsePoint, px } from './mapGeometry';
import { playerShape } from './palette';
import { MarkShape } from './playerMark';

const key = (a: PointId, b: PointId) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Sections as streets; speedy ones coloured with a centre pattern; gaps as a faint break mark. */
export function Streets({ map, activeSpeedy }: { map: MapDef; activeSpeedy?: Speedy }) {
  const present = new Set(map.sections.map((s) => key(s.a, s.b)));
  const ids = new Set(map.intersections.map((i) => i.id));
  const gaps: [PointId, PointId][] = [];
  for (const i of map.intersections) {
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ]) {
      const next: PointId = `${i.x + dx},${i.y + dy}`;
      if (ids.has(next) && !present.has(key(i.id, next))) gaps.push([i.id, next]);
    }
  }
  return (
    <g className="gob-streets">
      <g className="gob-street-casing">
        {map.sections.map((s) => {
          const [x1, y1] = px(s.a);
          const [x2, y2] = px(s.b);
          return <line key={key(s.a, s.b)} x1={x1} y1={y1} x2={x2} y2={y2} />;
        })}
      </g>
      {map.sections.map((s) => {
        const [x1, y1] = px(s.a);
        const [x2, y2] = px(s.b);
        const cls = s.speedy
          ? `gob-section gob-section--${s.speedy}${activeSpeedy === s.speedy ? ' gob-section--active' : ''}`
          : 'gob-section';
        return (
          <g key={key(s.a, s.b)} className={cls} data-section={`${s.a}-${s.b}`} data-speedy={s.speedy}>
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={s.speedy ? SPEEDY_COLOURS[s.speedy] : undefined} />
            {s.speedy && <line className="gob-speedy-mark" x1={x1} y1={y1} x2={x2} y2={y2} />}
          </g>
        );
      })}
      {gaps.map(([a, b]) => {
        const [x1, y1] = px(a);
        const [x2, y2] = px(b);
        const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
        const horizontal = y1 === y2;
        return (
          <g key={key(a, b)} className="gob-gap" data-gap={`${a}-${b}`}>
            <line
              x1={horizontal ? mx - 4 : mx - 7}
              y1={horizontal ? my - 7 : my - 4}
              x2={horizontal ? mx - 4 : mx + 7}
              y2={horizontal ? my + 7 : my - 4}
            />
            <line
              x1={horizontal ? mx + 4 : mx - 7}
              y1={horizontal ? my - 7 : my + 4}
              x2={horizontal ? mx + 4 : mx + 7}
              y2={horizontal ? my + 7 : my + 4}
            />
          </g>
        );
      })}
    </g>
  );
}

/**
 * Street names set along their run, beside the street (north of a row, west
 * of a column), centred on the section nearest the middle whose north/west
 * end has no place name below it to collide with.
 */
export function StreetNames({ map }: { map: MapDef }) {
  const named = new Set(map.intersections.filter((i) => i.name).map((i) => i.id));
  return (
    <g className="gob-street-names">
      {map.streets.map((s) => {
        const [ax, ay] = parsePoint(s.from);
        const [bx, by] = parsePoint(s.to);
        const vertical = ax === bx;
        const [lo, hi] = vertical ? [Math.min(ay, by), Math.max(ay, by)] : [Math.min(ax, bx), Math.max(ax, bx)];
        const starts = Array.from({ length: Math.max(hi - lo, 1) }, (_, i) => lo + i);
        const mid = (lo + hi - 1) / 2;
        starts.sort((p, q) => Math.abs(p - mid) - Math.abs(q - mid));
        const start = starts.find((k) => !vertical || !named.has(`${ax},${k}`)) ?? starts[0];
        const [x0, y0] = px(vertical ? `${ax},${start}` : `${start},${ay}`);
        const [x, y] = vertical ? [x0, y0 + CELL / 2] : [x0 + CELL / 2, y0];
        return (
          <text
            key={s.name}
            className="gob-street-name"
            x={0}
            y={0}
            textAnchor="middle"
            transform={vertical ? `translate(${x - 14} ${y}) rotate(-90)` : `translate(${x} ${y - 13})`}
          >
            {s.name}
          </text>
        );
      })}
    </g>
  );
}

/** Split a long name over two lines at the space nearest its middle. */
function lines(name: string): string[] {
  if (name.length <= 12 || !name.includes(' ')) return [name];
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index);
  const cut = spaces.reduce((best, i) => (Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2) ? i : best));
  return [name.slice(0, cut), name.slice(cut + 1)];
}

/** One intersection: a white station halo, its icon (two side by side for two passengers), number, letter, name. */
function Stop({ point, mine }: { point: Intersection; mine: boolean }) {
  const [x, y] = px(point.id);
  const two = point.icons.length === 2;
  const nameLines = point.name ? lines(point.name) : [];
  return (
    <g
      className={`gob-stop${point.departure !== undefined ? ' gob-stop--departure' : ''}`}
      transform={`translate(${x} ${y})`}
      data-point={point.id}
    >
      <title>{`${point.id}: ${describePoint(point)}`}</title>
      {two ? (
        <rect className="gob-stop-halo" x="-22" y="-13" width="44" height="26" rx="13" />
      ) : (
        <circle className="gob-stop-halo" r="14.5" />
      )}
      {point.icons.map((icon, i) => (
        <g key={icon} transform={two ? `translate(${i === 0 ? -10 : 10} 0) scale(0.8)` : undefined}>
          <IconShape icon={icon} />
        </g>
      ))}
      {point.departure !== undefined && (
        <g className="gob-departure-no" transform="translate(-15 -15)" data-departure={point.departure}>
          <circle r="7.5" fill={ticketFace(point.departure)} stroke={ticketBand(point.departure)} strokeWidth="2.4" />
          <text y="3" textAnchor="middle">
            {point.departure}
          </text>
        </g>
      )}
      {point.site && (
        <g
          className={`gob-site${mine ? ' gob-site--mine' : ''}`}
          transform={`translate(${two ? 24 : 15} -14)`}
          data-site={point.site}
        >
          <path d="M0 -8 L7 0 L0 8 L-7 0 Z" />
          <text y="3" textAnchor="middle">
            {point.site.toUpperCase()}
          </text>
        </g>
      )}
      {nameLines.length > 0 && (
        <text className="gob-place-name" y={23} textAnchor="middle">
          {nameLines.map((l, i) => (
            <tspan key={i} x={0} dy={i === 0 ? 0 : 8.5}>
              {l}
            </tspan>
          ))}
        </text>
      )}
    </g>
  );
}

/** Every intersection; the sites in `mySites` (the viewer's personal objective) are marked. */
export function Stops({ map, mySites = [] }: { map: MapDef; mySites?: string[] }) {
  return (
    <g className="gob-stops">
      {map.intersections.map((p) => (
        <Stop key={p.id} point={p} mine={p.site !== undefined && mySites.includes(p.site)} />
      ))}
    </g>
  );
}

/** A departure pawn in a player's colour: a bell-shaped body with the player's shape for a head. */
export function PawnShape({ colour, x, y, label }: { colour: string; x: number; y: number; label?: string }) {
  return (
    <g className="gob-pawn" transform={`translate(${x} ${y})`}>
      {label && <title>{label}</title>}
      <path d="M-6 7 Q-6 2 -2.6 -0.6 A4.2 4.2 0 1 1 2.6 -0.6 Q6 2 6 7 Z" fill={colour} />
      {/* the head is the player's shape */}
      <g transform="translate(0 -3.6)" data-shape={playerShape(colour)}>
        <MarkShape shape={playerShape(colour)} fill={colour} size={9.5} />
      </g>
    </g>
  );
}

/** Pawns stand to the west of their departure (a second pawn on one point steps further west). */
export function Pawns({ pawns }: { pawns: { player: string; colour: string; point: PointId; name?: string }[] }) {
  const seen = new Map<PointId, number>();
  return (
    <g className="gob-pawns">
      {pawns.map((p) => {
        const n = seen.get(p.point) ?? 0;
        seen.set(p.point, n + 1);
        const [x, y] = px(p.point);
        const [gx] = parsePoint(p.point);
        const side = gx === 1 ? 1 : -1; // on the west edge, stand east
        return (
          <g key={p.player} data-pawn={p.player}>
            <PawnShape
              colour={p.colour}
              x={x + side * (22 + n * 12)}
              y={y + 2}
              label={`${p.name ?? `Player ${p.player}`}'s pawn`}
            />
          </g>
        );
      })}
    </g>
  );
}
