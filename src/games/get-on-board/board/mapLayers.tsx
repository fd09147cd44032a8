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

/** A street name's length in SVG units, roughly (7.5 px italic: about half an em a letter). */
const streetNameLength = (name: string) => name.length * 4.4;
/** Where a stop's badges sit (Stop below): a departure number up-left, a site letter up-right; their radius. */
const DEPARTURE_AT = -15;
const siteAt = (p: Intersection) => (p.icons.length === 2 ? 24 : 15);
const BADGE_R = 9;
/** A row's name runs this far above the row; a column's this far west of it (further by a stop of two passengers). */
const ABOVE_ROW = 17.5;
const WEST = 18;
const WEST_OF_PILL = 27;

/** Where one street's name goes: its centre and a box around it, in the lattice's SVG units. */
interface StreetLabel {
  name: string;
  vertical: boolean;
  x: number;
  y: number;
  box: { x0: number; y0: number; x1: number; y1: number };
}

/** The map's stops with a place name, and those of two passengers (wider). */
interface StopSets {
  named: Set<PointId>;
  pills: Set<PointId>;
}

/** The places a street's name may go, one per section of the street, with the badges each would cross. */
function streetOptions(map: MapDef, street: MapDef['streets'][number], { named, pills }: StopSets) {
  const [ax, ay] = parsePoint(street.from);
  const [bx, by] = parsePoint(street.to);
  const vertical = ax === bx;
  const [lo, hi] = vertical ? [Math.min(ay, by), Math.max(ay, by)] : [Math.min(ax, bx), Math.max(ax, bx)];
  const half = streetNameLength(street.name) / 2;
  const mid = (lo + hi - 1) / 2;
  // Beside a column, a section whose north end has a place name below it is taken (unless it is the only one).
  const sections = Array.from({ length: Math.max(hi - lo, 1) }, (_, i) => lo + i).filter(
    (k) => !vertical || !named.has(`${ax},${k}`) || hi - lo === 1,
  );
  return sections.map((k) => {
    const centre = (k + 0.5) * CELL;
    let badges = 0;
    for (const p of map.intersections) {
      const [qx, qy] = parsePoint(p.id);
      if (vertical ? qx !== ax : qy !== ay) continue;
      const along = (vertical ? qy : qx) * CELL;
      // Beside a column only the departure number (up-left) is in the way.
      const at = [
        p.departure !== undefined ? along + DEPARTURE_AT : null,
        p.site && !vertical ? along + siteAt(p) : null,
      ];
      for (const b of at) if (b !== null && Math.abs(b - centre) < half + BADGE_R) badges++;
    }
    const west = pills.has(`${ax},${k}`) || pills.has(`${ax},${k + 1}`) ? WEST_OF_PILL : WEST;
    const [x, y] = vertical ? [ax * CELL - west, centre] : [centre, ay * CELL - ABOVE_ROW];
    // The text's box: a column's name reads upwards, its letters' tops to the west.
    const box = vertical
      ? { x0: x - 7, x1: x + 2, y0: y - half, y1: y + half }
      : { x0: x - half, x1: x + half, y0: y - 7, y1: y + 2 };
    const label: StreetLabel = { name: street.name, vertical, x, y, box };
    return { label, cost: badges * 10 + Math.abs(k - mid) };
  });
}

/** Whether two names' boxes overlap by more than `SLACK` (the length is a generous guess, so corners may touch). */
const SLACK = 3;
const meets = (a: StreetLabel['box'], b: StreetLabel['box']) =>
  a.x0 + SLACK < b.x1 && b.x0 + SLACK < a.x1 && a.y0 + SLACK < b.y1 && b.y0 + SLACK < a.y1;

const placedStreets = new WeakMap<MapDef, StreetLabel[]>();

/**
 * Every street's name placed: each on the section of its street nearest the
 * middle whose name would cross no stop's departure number or site letter
 * and no other street's name (else the one crossing fewest). Each street
 * first takes its own best; then, a few rounds over, each in turn moves to
 * its best given where the others are.
 */
function placeStreets(map: MapDef): StreetLabel[] {
  const known = placedStreets.get(map);
  if (known) return known;
  const stops: StopSets = {
    named: new Set(map.intersections.filter((i) => i.name).map((i) => i.id)),
    pills: new Set(map.intersections.filter((i) => i.icons.length === 2).map((i) => i.id)),
  };
  const options = map.streets.map((s) => streetOptions(map, s, stops));
  const best = (i: number, others: (StreetLabel | undefined)[]) => {
    let pick = options[i][0];
    let pickCost = Infinity;
    for (const o of options[i]) {
      const cost = o.cost + 10 * others.filter((l, j) => j !== i && l && meets(l.box, o.label.box)).length;
      if (cost < pickCost) [pick, pickCost] = [o, cost];
    }
    return pick?.label;
  };
  // One street moves at a time (all at once, two that cross would swap places for ever).
  const placed = options.map((_, i) => best(i, []));
  for (let round = 0; round < 3; round++) for (let i = 0; i < placed.length; i++) placed[i] = best(i, placed);
  const labels = placed.filter((l): l is StreetLabel => !!l);
  placedStreets.set(map, labels);
  return labels;
}

/** Street names set along their run, beside the street (north of a row, west of a column): see `placeStreets`. */
export function StreetNames({ map }: { map: MapDef }) {
  const [ox, oy] = px('0,0');
  return (
    <g className="gob-street-names">
      {placeStreets(map).map((l) => (
        <text
          key={l.name}
          className="gob-street-name"
          x={0}
          y={0}
          textAnchor="middle"
          transform={
            l.vertical ? `translate(${ox + l.x} ${oy + l.y}) rotate(-90)` : `translate(${ox + l.x} ${oy + l.y})`
          }
        >
          {l.name}
        </text>
      ))}
    </g>
  );
}

/**
 * Split a long name over two lines where a space (dropped) or a hyphen
 * (kept, at the end of the first line) falls nearest its middle.
 */
function lines(name: string): string[] {
  if (name.length <= 12) return [name];
  const cuts = [...name.matchAll(/[ -]/g)].map((m) => m.index);
  if (cuts.length === 0) return [name];
  const cut = cuts.reduce((best, i) => (Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2) ? i : best));
  return name[cut] === '-' ? [name.slice(0, cut + 1), name.slice(cut + 1)] : [name.slice(0, cut), name.slice(cut + 1)];
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
        <g
          className="gob-departure-no"
          transform={`translate(${DEPARTURE_AT} ${DEPARTURE_AT})`}
          data-departure={point.departure}
        >
          <circle r="7.5" fill={ticketFace(point.departure)} stroke={ticketBand(point.departure)} strokeWidth="2.4" />
          <text y="3" textAnchor="middle">
            {point.departure}
          </text>
        </g>
      )}
      {point.site && (
        <g
          className={`gob-site${mine ? ' gob-site--mine' : ''}`}
          transform={`translate(${siteAt(point)} -14)`}
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
