/**
 * The Get on Board board pieces rendered to static markup on the fixture
 * map: every icon, shape and ticket; the map's sections, speedy sections,
 * gaps, labels, lanes and targets; the sheet's crossed spaces.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ALL_ICONS,
  IconSvg,
  ShapeGlyph,
  TicketCard,
  ticketBand,
  ticketFace,
  type ShapeLetter,
} from '../../../../src/games/get-on-board/board/icons';
import type { PointId } from '../../../../src/games/get-on-board/maps/types';
import { MapView } from '../../../../src/games/get-on-board/board/MapView';
import { offsetPath, targetName } from '../../../../src/games/get-on-board/board/mapGeometry';
import { SheetView } from '../../../../src/games/get-on-board/board/SheetView';
import { SheetCompact } from '../../../../src/games/get-on-board/board/SheetCompact';
import { Help } from '../../../../src/games/get-on-board/board/Help';
import { EndScreen, Objectives } from '../../../../src/games/get-on-board/board/Panels';
import { freshState } from '../helpers';
import { GRANNY_SCORE, TURN_SCORE } from '../../../../src/games/get-on-board/data';
import { getOnBoardClient } from '../../../../src/games/get-on-board/board/client';
import {
  END_NAMES,
  END_STATE,
  FIXTURE_GAPS,
  FIXTURE_MAP,
  FIXTURE_SPEEDY,
  OPPONENTS,
  PAWNS,
  PLOT,
  ROUTES,
  ROUTES5,
  SHEET,
  TARGETS,
} from './fixture';

const count = (html: string, re: RegExp) => [...html.matchAll(re)].length;
const attrs = (html: string, name: string) => [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1]);
/** An icon's drawing without its colours: what is left is its shape. */
const shapeOnly = (html: string) =>
  html.replace(/ (fill|stroke|class|data-icon|aria-label)="[^"]*"/g, '').replace(/<svg[^>]*>/, '');

describe('icons', () => {
  it('draws every icon, labelled, each passenger and place with its own shape', () => {
    const drawn = ALL_ICONS.map((icon) => renderToStaticMarkup(<IconSvg icon={icon} />));
    drawn.forEach((html, i) => {
      expect(html).toContain(`data-icon="${ALL_ICONS[i]}"`);
      expect(html).toMatch(/aria-label="[A-Z][^"]+"/);
      expect(html).toMatch(/<path|<rect|<circle/);
    });
    // Light/dark variants share a glyph (they differ in luminance); every other pair differs in shape.
    const kinds = new Set(drawn.map(shapeOnly));
    expect(kinds.size).toBe(ALL_ICONS.length - 2);
    expect(shapeOnly(drawn[ALL_ICONS.indexOf('flirtLight')])).toBe(shapeOnly(drawn[ALL_ICONS.indexOf('flirtDark')]));
    // Passengers sit on a round badge, places on a square one.
    expect(drawn[ALL_ICONS.indexOf('granny')]).toMatch(/^<svg[^>]*><g[^>]*><circle r="11"/);
    expect(drawn[ALL_ICONS.indexOf('metro')]).toMatch(/^<svg[^>]*><g[^>]*><rect x="-11"/);
  });

  it('draws the six ticket shapes differently, with their description', () => {
    const shapes: ShapeLetter[] = ['A', 'B', 'C', 'D', 'E', 'F'];
    const drawn = shapes.map((s) => renderToStaticMarkup(<ShapeGlyph shape={s} />));
    expect(new Set(drawn).size).toBe(6);
    expect(drawn[5]).toContain('aria-label="Shape F: 3 markers, 2 turns"');
    expect(count(drawn[3], /<circle/g)).toBe(2); // D: one marker between two dots
    expect(count(drawn[4], /<circle/g)).toBe(4); // E: three markers
    expect(drawn[2]).toContain('stroke-dasharray'); // C: the optional turn
  });

  it('colours tickets by pair (face) and parity (band)', () => {
    expect(ticketFace(1)).toBe(ticketFace(7));
    expect(ticketFace(3)).not.toBe(ticketFace(4));
    expect(ticketBand(5)).toBe('#8c1c3a');
    expect(ticketBand(8)).toBe('#f2c230');
    const html = renderToStaticMarkup(<TicketCard n={8} crossed />);
    expect(html).toContain('aria-label="Metro ticket 8, used"');
    expect(html).toContain(`fill="${ticketFace(8)}"`);
  });
});

describe('MapView', () => {
  const html = renderToStaticMarkup(
    <MapView map={FIXTURE_MAP} routes={ROUTES} pawns={PAWNS} plot={PLOT} targets={TARGETS} activeSpeedy="yellow" />,
  );

  it('draws every section as a street, speedy ones marked, gaps as breaks', () => {
    expect(count(html, /class="gob-section[ "]/g)).toBe(FIXTURE_MAP.sections.length);
    expect(attrs(html, 'data-speedy').length).toBe(FIXTURE_SPEEDY);
    expect(count(html, /gob-section--yellow gob-section--active/g)).toBe(3);
    expect(count(html, /class="gob-section gob-section--burgundy"/g)).toBe(3);
    expect(count(html, /class="gob-speedy-mark"/g)).toBe(FIXTURE_SPEEDY);
    expect(attrs(html, 'data-gap').sort()).toEqual(['3,3-4,3', '5,4-5,5']);
    expect(FIXTURE_GAPS).toBe(2);
  });

  it('shows every intersection, both icons of a two-passenger one, numbers, letters, names, streets, pawns', () => {
    expect(attrs(html, 'data-point').length).toBe(FIXTURE_MAP.intersections.length);
    const two = html.slice(html.indexOf('data-point="2,2"'), html.indexOf('data-point="3,2"'));
    expect(attrs(two, 'data-icon')).toEqual(['student', 'granny']);
    expect(two).toContain('<title>2,2: Student and Granny</title>');
    expect(attrs(html, 'data-departure')).toEqual(['1', '2', '3']);
    expect(attrs(html, 'data-site')).toEqual(['a', 'b', 'c']);
    for (const name of ['Termini', 'Colosseo', 'Pantheon', 'Piramide', 'Via del Corso', 'Via Nazionale']) {
      expect(html).toContain(name);
    }
    expect(attrs(html, 'data-pawn')).toEqual(['0', '1', '2']);
    expect(count(html, /gob-site--mine/g)).toBe(0);
    // The column and row numbers that the log's "column,row" names refer to, along the top and the left.
    const grid = html.slice(html.indexOf('data-testid="grid-labels"'));
    const numbers = [...grid.slice(0, grid.indexOf('</g>')).matchAll(/>(\d+)<\/text>/g)].map((m) => Number(m[1]));
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(numbers).toEqual([...range(FIXTURE_MAP.width), ...range(FIXTURE_MAP.height)]);
    const mine = renderToStaticMarkup(<MapView map={FIXTURE_MAP} mySites={['a', 'c']} />);
    expect(count(mine, /class="gob-site gob-site--mine"/g)).toBe(2);
  });

  it('draws one target per legal point, named for screen readers, eliminating ones as danger', () => {
    expect(attrs(html, 'data-target')).toEqual(['3,4', '4,5', '4,3']);
    expect(count(html, /role="button" tabindex="0"/g)).toBe(3);
    expect(attrs(html, 'aria-label')).toEqual(
      expect.arrayContaining([
        'Go to 3,4 — Metro entrance, departure 3, Trastevere',
        'Go to 4,5 — Metro entrance, Piramide, objective site C, along Via del Corso',
        'Go to 4,3 — Student, along Via del Corso, already visited: eliminates you',
      ]),
    );
    expect(count(html, /class="gob-target gob-target--danger"/g)).toBe(1);
    expect(count(html, /class="gob-target-warning"/g)).toBe(1);
    expect(count(html, /class="gob-target-hit" r="20"/g)).toBe(3);
  });

  it('names a crossed street and honours a given label', () => {
    expect(targetName(FIXTURE_MAP, '4,2', '3,2', false)).toBe(
      'Go to 4,2 — Flirt (dark), crosses Via del Corso, along Via Nazionale',
    );
    const own = renderToStaticMarkup(
      <MapView map={FIXTURE_MAP} targets={[{ to: '1,1', eliminates: false, label: 'Here' }]} />,
    );
    expect(own).toContain('aria-label="Here"');
    // A two-passenger intersection gets a pill-shaped ring round both icons.
    const pill = renderToStaticMarkup(<MapView map={FIXTURE_MAP} targets={[{ to: '2,2', eliminates: false }]} />);
    expect(pill).toMatch(/<rect class="gob-target-ring"[^>]*width="52"/);
    expect(pill).toContain('aria-label="Go to 2,2 — Student and Granny, crosses Via Nazionale"');
  });

  it('puts each player in a lane of their own, so shared sections show every route', () => {
    expect(attrs(html, 'data-lane')).toEqual(['-5.2', '0', '5.2']);
    // Ana and Ben both use 3,2–4,2 (opposite ways): their lines there are on different rows of pixels.
    const at = (route: number, point: PointId) => {
      const { points } = ROUTES[route];
      return offsetPath(points, [-5.2, 0, 5.2][route])[points.indexOf(point)];
    };
    expect(at(0, '3,2')[1]).not.toBe(at(1, '3,2')[1]);
    expect(at(0, '4,2')[1]).not.toBe(at(1, '4,2')[1]);
    // Ana and Cleo share 4,2–4,3 (a column): different x.
    expect(at(0, '4,3')[0]).not.toBe(at(2, '4,3')[0]);
    const ds = [...html.matchAll(/class="gob-route-line" d="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ds).size).toBe(3);
  });

  it('keeps five players apart on one section, an eliminated line drawn faded', () => {
    const five = renderToStaticMarkup(<MapView map={FIXTURE_MAP} routes={ROUTES5} />);
    expect(attrs(five, 'data-lane')).toEqual(['-10.4', '-5.2', '0', '5.2', '10.4']);
    const ys = ROUTES5.filter((r) => r.points.includes('3,2') && r.points.includes('4,2')).map((r) => {
      const lane = attrs(five, 'data-lane')[ROUTES5.indexOf(r)];
      return offsetPath(r.points, Number(lane))[r.points.indexOf('3,2')][1];
    });
    expect(ys.length).toBe(4);
    expect(new Set(ys).size).toBe(4);
    expect(count(five, /class="gob-route gob-route--eliminated"/g)).toBe(1);
  });

  it('draws the plot being built apart from the routes', () => {
    expect(count(html, /class="gob-plot-line"/g)).toBe(1);
    expect(count(html, /class="gob-plot-dot"/g)).toBe(PLOT.points.length);
    const empty = renderToStaticMarkup(<MapView map={FIXTURE_MAP} />);
    expect(count(empty, /gob-plot|gob-target"|gob-route"/g)).toBe(0);
  });
});

describe('SheetView', () => {
  const zone = (html: string, name: string) => {
    const start = html.indexOf(`data-zone="${name}"`);
    return html.slice(start, html.indexOf('</section>', start));
  };
  const crossed = (html: string, name: string) => count(zone(html, name), /data-crossed="yes"/g);

  it('crosses off what the props say, zone by zone', () => {
    const html = renderToStaticMarkup(<SheetView {...SHEET} />);
    expect(crossed(html, 'tickets')).toBe(5);
    expect(count(zone(html, 'metro'), /data-circled="yes"/g)).toBe(3);
    expect(crossed(html, 'metro')).toBe(1);
    expect(crossed(html, 'turns')).toBe(2);
    expect(crossed(html, 'grannies')).toBe(4);
    expect(crossed(html, 'students')).toBe(3);
    expect(crossed(html, 'cinemas')).toBe(1);
    expect(crossed(html, 'tourists')).toBe(4);
    expect(crossed(html, 'flirts')).toBe(4);
    expect(crossed(html, 'connections')).toBe(7 + 1); // 7 circles, and the yellow speedy box
    expect(zone(html, 'grannies')).toContain('aria-label="Grannies: 4 of 8"');
    expect(count(zone(html, 'objectives'), /data-reached="yes"/g)).toBe(1);
    expect(zone(html, 'objectives')).toContain('aria-label="Site A (Spagna): reached"');
    // Two Common Objective boxes: the printed sheet's solo box has no game here.
    expect(zone(html, 'objectives')).not.toContain('solo');
    expect(count(zone(html, 'tickets'), /data-shape=/g)).toBe(6);
    expect(count(zone(html, 'tourists'), /gob-box--written">9</g)).toBe(1);
    expect(count(zone(html, 'flirts'), /gob-box--written">8</g)).toBe(1);
    expect(html).toContain('aria-label="Score 41"');
    expect(html).not.toContain('gob-stamp');
  });

  it('clamps counts out of range and stamps an eliminated sheet', () => {
    const html = renderToStaticMarkup(<SheetView {...SHEET} grannies={12} connections={25} eliminated />);
    expect(crossed(html, 'grannies')).toBe(8);
    expect(crossed(html, 'connections')).toBe(19 + 1);
    expect(html).toContain('class="gob-stamp"');
  });

  it('sums an opponent up in a compact sheet', () => {
    const html = renderToStaticMarkup(<SheetCompact {...OPPONENTS[1]} />);
    expect(html).toContain('Cleo');
    expect(html).toContain('Eliminated');
    expect(html).toContain('aria-label="Grannies: 4 of 8"');
    expect(html).toContain('aria-label="Tourists: 4"');
    // An eliminated player plots no more: their summary shows no shape for the round (it showed ticket 4's on sheet
    // 3, "B"); a player still plotting shows theirs (ticket 4's on sheet 2, "C").
    expect(html).not.toMatch(/data-shape="[A-F]"/);
    expect(renderToStaticMarkup(<SheetCompact {...OPPONENTS[0]} />)).toContain('data-shape="C"');
    // The Metro chip counts the spare entrances alone, as the Tourists' chip counts tourists (it read "spare/circled").
    const { metroCircled, metroCrossed } = OPPONENTS[1];
    const spare = metroCircled - metroCrossed;
    expect(html).toContain(`aria-label="Metro: ${spare} spare (${metroCircled} circled, ${metroCrossed} used)"`);
    expect(html).toMatch(new RegExp(`data-zone="metro">.*?<span>${spare}</span></span>`));
  });

  it('writes a score below zero with the minus sign, on the sheet and in brief', () => {
    for (const html of [
      renderToStaticMarkup(<SheetView {...SHEET} score={-3} />),
      renderToStaticMarkup(<SheetCompact {...OPPONENTS[0]} score={-3} />),
    ]) {
      expect(html).toContain('aria-label="Score −3">−3<');
      expect(html).not.toMatch(/Score -3|>-3</);
    }
  });
});

describe('EndScreen', () => {
  const html = renderToStaticMarkup(<EndScreen G={END_STATE} names={END_NAMES} onClose={() => undefined} />);
  const cells = (row: string) => {
    const start = html.indexOf(`<th scope="row">${row}`);
    return [...html.slice(start, html.indexOf('</tr>', start)).matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
  };

  it('writes the scores below zero with the minus sign, as the explanations do', () => {
    expect(cells('Turns')).toEqual(['−7', '−10', '—']);
    expect(html).not.toMatch(/>-\d/);
  });

  it('says how Turns scored as Grannies does, the subtotal by spaces used, each once', () => {
    // The numbers of a row's explanation, in order ("−3" read as -3).
    const numbers = (row: string) => {
      const start = html.indexOf(`<th scope="row">${row}`);
      const how = html.slice(start, html.indexOf('</small>', start));
      return [...how.matchAll(/(−?)(\d+)/g)].map((m) => (m[1] ? -1 : 1) * Number(m[2]));
    };
    expect(numbers('Grannies')).toEqual(GRANNY_SCORE.slice(1));
    // It listed each space's cost and then every subtotal (−1, −2, −2, −2 and −3: 0, −1, −3, −5, −7 or −10 in all).
    expect(numbers('Turns')).toEqual([...TURN_SCORE.slice(1), 0]);
  });

  it('puts the totals first, the eliminated player’s in words with the round', () => {
    expect(html.indexOf('<th scope="row">Total')).toBeLessThan(html.indexOf('<th scope="row">Metro'));
    // "Out" over the round (short enough for a phone's narrow column), whole for a screen reader and as the tooltip.
    expect(cells('Total').map((c) => c.replace(/<[^>]*>/g, ''))).toEqual([
      '73',
      '46',
      'Out round 8Eliminated in round 8',
    ]);
    expect(cells('Total')[2]).toContain('title="Eliminated in round 8"');
    expect(cells('Total')[2]).toMatch(
      /aria-hidden="true">Out <small>round 8<\/small><\/span><span class="visually-hidden">/,
    );
  });
});

describe('Help', () => {
  it('says how to build a plot in words for a finger, a mouse and the keyboard', () => {
    const text = renderToStaticMarkup(<Help />).replace(/<[^>]*>/g, ' ');
    expect(text).toContain('choose the ringed intersections one by one');
    expect(text).not.toMatch(/\b(click|tap)/i);
  });

  it('says every joint that differs from the shape uses a Turn space, going straight where it shows a turn too', () => {
    const text = renderToStaticMarkup(<Help />)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('a turn where it shows straight or straight where it shows a turn, uses one of your 5 Turn');
    expect(text).toContain('previous end is free');
    expect(text).not.toContain('A turn the shape does not ask for');
  });
});

describe('the setup form', () => {
  it('names the map as its other fields do: a label, then the map and its player count on one line', () => {
    const Fields = getOnBoardClient.rules.Fields;
    const field = (n: number) =>
      renderToStaticMarkup(
        <Fields numPlayers={n} value={{}} seatNames={[]} onChange={() => undefined} testid="create" />,
      );
    // A .field is a grid: each of its children is a row, so its text sits in one element, not in three rows.
    expect(field(2)).toBe(
      '<div class="field" data-testid="create-map"><span class="label">Map</span>' +
        '<span class="muted"><b>Rome</b>, for 2–3 players (Paris for 4–5)</span></div>',
    );
    expect(field(5)).toContain('<b>Paris</b>, for 4–5 players (Rome for 2–3)');
  });
});

describe('the Common Objectives panel', () => {
  it('says what an objective is worth now and what each who reached it scored, not two prices side by side', () => {
    const G = freshState('rome', 3);
    const [first, second] = G.objectives;
    // Seat 0 reached the first objective first (10); it turned to its 6-point side.
    first.side = 'blue';
    G.players['0'].objectives.push({ card: first.card, points: 10, round: 3 });
    const html = renderToStaticMarkup(<Objectives G={G} names={{ '0': 'Ana', '1': 'Bruno', '2': 'Cleo' }} />);
    const text = (id: string) =>
      (new RegExp(`data-testid="objective-${id}"[^>]*>(.*?)</li>`).exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
    // Before: "… 6 pts · scored by Ana (10)".
    expect(text(first.card)).toMatch(/ 6 pts now · Ana scored 10$/);
    expect(text(second.card)).toMatch(/ 10 pts$/);
  });
});
