/**
 * Lisbon's map labels stay readable, in Debian's Chromium against the real
 * server (issue 15, finding 10). On both board sides, with 2, 3 and 4
 * players, the stored state of a fresh match is set to a series of
 * positions: trams in Rossio (as many as play) and trams spread over every
 * other stopping place, passengers at the stops, two cones on each monument
 * in turn, the bonuses taken (their labels ticked), and seat 0 to play with
 * tickets for up to 12 moves, so a destination ring and a cost badge (and a
 * bell where a move pushes) stand on every place it can reach. In each, the
 * test measures the map in the page with SVG geometry, in the map's own
 * units, and reports every label (stop, monument, bonus stop with its bonus
 * line, Rossio; a label of two lines is one box) that is crossed:
 *  - by a rail: points every 1.5 units along each rail and junction curve
 *    (getPointAtLength), with the rail's drawn width (7), inside the text's
 *    box (getBBox);
 *  - by a node's mark (a stop's, a bonus stop's or a monument's disc, a
 *    junction's dot), a destination ring (its stroke, at its widest while it
 *    pulses: a label inside the ring, under its light fill, is not crossed),
 *    a cost badge, a push bell, a cone, a passenger tray, a tram (with the
 *    current player's glow) or the Rossio box;
 *  - by another label's box.
 * Strokes count with half their width. A crossing is an overlap of more than
 * one screen pixel (anti-aliasing), converted to map units at 1366 × 768.
 * The labels' halo is not counted: a rail may not pass under a label at all.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { SIDES } from '../../src/games/lisbon/data/maps';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { COLORS, type ColorCounts } from '../../src/games/lisbon/data/types';
import { createJoined, e2eSuite, findChromium, openAsSeat, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const GAME = 'lisbon-tram-28';

/** One position: where each seat's tram stands (seat 0 first), and which monuments show two cones. */
interface Spot {
  name: string;
  trams: string[];
  cones: string[];
}

/**
 * The positions of a side: every seat in Rossio, then (with 3 or 4 players)
 * the trams spread over every other stopping place in turn, two cones on each
 * monument in turn, and seat 0 beside the others in Rossio. With 2 players,
 * both trams in Rossio and one beside it: the small side's places, cones and
 * badges are measured with 3.
 */
function spots(side: 'large' | 'small', players: number): Spot[] {
  const nodes = SIDES[side].nodes.filter((n) => n.kind !== 'junction' && n.kind !== 'rossio').map((n) => n.id);
  const monuments = SIDES[side].nodes.filter((n) => n.kind === 'monument').map((n) => n.id);
  const rossio = (n: number): string[] => Array<string>(n).fill('rossio');
  const out: Spot[] = [{ name: `${players} trams in Rossio`, trams: rossio(players), cones: [] }];
  if (players === 2) {
    out[0].cones.push('carmo');
    out.push({ name: 'seat 0 in Rossio, seat 1 at Glória', trams: ['rossio', 'gloria'], cones: ['castelo'] });
    return out;
  }
  for (let i = 0; i * players < nodes.length; i++) {
    const trams = nodes.slice(i * players, (i + 1) * players);
    // Short of places: the last trams wait in Rossio.
    trams.push(...rossio(players - trams.length));
    out.push({ name: `trams at ${trams.join(', ')}`, trams, cones: [] });
  }
  monuments.forEach((m, i) => out[Math.floor(i / 2) % out.length].cones.push(m));
  out.push({ name: 'seat 0 at Baixa, the others in Rossio', trams: ['baixa', ...rossio(players - 1)], cones: [] });
  return out;
}

/** Sets the stored state to `spot`, keeping the totals of tickets and cards. */
function apply(state: State<GState>, spot: Spot): void {
  const G = state.G;
  spot.trams.forEach((at, i) => (G.players[String(i)].position = at));
  const me = G.players['0'];
  me.bonuses = ['freeMove', 'seats', 'extraAction', 'draw3'];
  const want: ColorCounts = { red: 2, yellow: 12, green: 3, blue: 2 };
  const deck = G.secret!.ticketDeck;
  for (const c of COLORS) {
    for (let n = me.hand![c]; n > want[c]; n--) deck.push(c);
    for (let n = me.hand![c]; n < want[c]; n++) deck.splice(deck.indexOf(c), 1);
  }
  me.hand = want;
  me.handSize = 19;
  G.deckSize = deck.length;
  const cards = CARDS.filter((c) => spot.cones.includes(c.monument)).map((c) => c.id);
  const all = [...G.display.filter((c): c is string => !!c), ...G.secret!.monumentDeck];
  const rest = all.filter((c) => !cards.includes(c));
  G.display = G.display.map((_, i) => cards[i] ?? rest.shift()!);
  G.secret!.monumentDeck = rest;
  G.monumentTop = G.faceUpLeft > 0 ? rest[0] : null;
}

/** What the page measures: the crossings of the map's labels, by name. */
function crossings(args: { names: Record<string, string>; tol: number }): string[] {
  const svg = document.querySelector<SVGSVGElement>('[data-testid="map"]')!;
  const toMap = svg.getScreenCTM()!.inverse();
  const tol = args.tol / toMap.inverse().a;
  type Box = { x0: number; y0: number; x1: number; y1: number };
  const matrix = (el: SVGGraphicsElement) => toMap.multiply(el.getScreenCTM()!);
  const box = (el: SVGGraphicsElement, pad = 0): Box => {
    const b = el.getBBox();
    const m = matrix(el);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [x, y] of [
      [b.x, b.y],
      [b.x + b.width, b.y],
      [b.x, b.y + b.height],
      [b.x + b.width, b.y + b.height],
    ]) {
      const p = new DOMPoint(x, y).matrixTransform(m);
      xs.push(p.x);
      ys.push(p.y);
    }
    return {
      x0: Math.min(...xs) - pad,
      y0: Math.min(...ys) - pad,
      x1: Math.max(...xs) + pad,
      y1: Math.max(...ys) + pad,
    };
  };
  const near = (b: Box, x: number, y: number) =>
    Math.hypot(Math.max(b.x0 - x, 0, x - b.x1), Math.max(b.y0 - y, 0, y - b.y1));
  const far = (b: Box, x: number, y: number) => Math.hypot(Math.max(x - b.x0, b.x1 - x), Math.max(y - b.y0, b.y1 - y));
  const place = (el: Element) => {
    const id = el.closest('[data-testid^="node-"], [data-testid^="dest-"]')?.getAttribute('data-testid') ?? '';
    return args.names[id.replace(/^(node|dest)-/, '')] ?? id;
  };
  const all = <T extends Element>(sel: string) => Array.from(svg.querySelectorAll<T>(sel));

  const labels = all<SVGTextElement>('text.label').map((el) => ({
    // A label of two lines (or a bonus stop's name and bonus) is one text of several lines.
    name: Array.from(el.querySelectorAll('tspan'), (t) => t.textContent).join(' ') || el.textContent,
    el,
    box: box(el),
  }));
  // Boxes and discs (a ring: its stroke only) that no label may cross.
  type Mark = { name: string; box?: Box; disc?: { x: number; y: number; r: number; inner?: number } };
  const marks: Mark[] = [];
  const disc = (el: SVGCircleElement, stroke: number) => {
    const m = matrix(el);
    const c = new DOMPoint(el.cx.baseVal.value, el.cy.baseVal.value).matrixTransform(m);
    return { x: c.x, y: c.y, r: el.r.baseVal.value * m.a + stroke / 2 };
  };
  for (const [sel, what, stroke] of [
    ['circle.stop', 'stop', 2.5],
    ['circle.bonus-stop', 'bonus stop', 2.5],
    ['circle.monument', 'monument', 2.5],
    ['circle.junction', 'junction', 0],
  ] as const)
    for (const el of all<SVGCircleElement>(sel)) marks.push({ name: `${what} ${place(el)}`, disc: disc(el, stroke) });
  for (const el of all<SVGCircleElement>('circle.dest-ring')) {
    const d = disc(el, 5);
    marks.push({ name: `destination ring at ${place(el)}`, disc: { ...d, inner: d.r - 5 } });
  }
  for (const [sel, what, pad] of [
    ['.dest-badge', 'cost badge at', 0.75],
    ['.map-bell', 'push bell at', 0],
    ['.cone', 'cone at', 0.6],
    ['rect.passenger-tray', 'passengers at', 0.5],
    ['rect.rossio', 'the Rossio box', 1.25],
    ['g.tram', 'tram', 1.5],
  ] as const)
    for (const el of all<SVGGraphicsElement>(sel)) {
      const who = sel === 'g.tram' ? `of ${el.getAttribute('aria-label')}` : sel === 'rect.rossio' ? '' : place(el);
      marks.push({ name: `${what} ${who}`.trim(), box: box(el, pad) });
    }

  const found = new Set<string>();
  for (const l of labels) {
    const b = l.box;
    for (const m of marks) {
      if (m.box) {
        const over = Math.min(b.x1, m.box.x1) - Math.max(b.x0, m.box.x0);
        const up = Math.min(b.y1, m.box.y1) - Math.max(b.y0, m.box.y0);
        if (over > tol && up > tol) found.add(`label '${l.name}' crossed by ${m.name}`);
      } else if (m.disc) {
        const { x, y, r, inner } = m.disc;
        if (near(b, x, y) < r - tol && (inner === undefined || far(b, x, y) > inner + tol))
          found.add(`label '${l.name}' crossed by ${m.name}`);
      }
    }
    for (const o of labels) {
      if (o === l || o.el.compareDocumentPosition(l.el) & Node.DOCUMENT_POSITION_FOLLOWING) continue;
      const over = Math.min(b.x1, o.box.x1) - Math.max(b.x0, o.box.x0);
      const up = Math.min(b.y1, o.box.y1) - Math.max(b.y0, o.box.y0);
      if (over > tol && up > tol) found.add(`label '${l.name}' crossed by label '${o.name}'`);
    }
  }

  // Rails: each straight rail and junction curve of the drawn path, sampled.
  const bed = svg.querySelector<SVGPathElement>('.rail-bed')!;
  const half = 3.5;
  const nodes = Object.keys(args.names)
    .map((id) => svg.querySelector(`[data-testid="node-${id}"] circle, [data-testid="node-${id}"] rect`))
    .filter((el): el is SVGGraphicsElement => !!el)
    .map((el) => {
      const b = box(el);
      return {
        id: el.closest('[data-testid]')!.getAttribute('data-testid')!.slice(5),
        x: (b.x0 + b.x1) / 2,
        y: (b.y0 + b.y1) / 2,
      };
    });
  const nearest = (x: number, y: number) => {
    let best = nodes[0];
    for (const n of nodes) if (Math.hypot(n.x - x, n.y - y) < Math.hypot(best.x - x, best.y - y)) best = n;
    return args.names[best.id] ?? best.id;
  };
  for (const d of bed.getAttribute('d')!.split(/(?=M)/)) {
    const seg = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    seg.setAttribute('d', d);
    bed.parentNode!.appendChild(seg);
    const length = seg.getTotalLength();
    const a = seg.getPointAtLength(0);
    const z = seg.getPointAtLength(length);
    const q = /Q\s*([-\d.]+)[ ,]([-\d.]+)/.exec(d);
    const name = q
      ? `the curve at ${nearest(+q[1], +q[2])} junction`
      : `rail ${nearest(a.x, a.y)}–${nearest(z.x, z.y)}`;
    for (let s = 0; s <= length; s += 1.5) {
      const p = seg.getPointAtLength(s);
      for (const l of labels) if (near(l.box, p.x, p.y) < half - tol) found.add(`label '${l.name}' crossed by ${name}`);
    }
    seg.remove();
  }
  return [...found];
}

describe.skipIf(!CHROMIUM)('browser: Lisbon’s map labels are crossed by nothing', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** Every crossing on `side` with `players` trams, over its positions, each line prefixed by the position's name. */
  async function measureSide(side: 'large' | 'small', players: number): Promise<string[]> {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, GAME, players, { firstPlayer: 0 });
    const fresh = (await server.db.fetch(matchID, { state: true })).state as State<GState>;
    expect(fresh.G.side).toBe(side);
    const names = Object.fromEntries(SIDES[side].nodes.map((n) => [n.id, n.kind === 'junction' ? n.id : n.name]));
    let page: Page | null = null;
    const found: string[] = [];
    for (const spot of spots(side, players)) {
      const state = structuredClone(fresh);
      apply(state, spot);
      await server.db.setState(matchID, state);
      if (!page) {
        ({ page } = await openAsSeat(browser, errors, `labels-${side}-${players}`, {
          url: server.url,
          game: GAME,
          matchID,
          playerID: '0',
          credentials: creds[0],
        }));
        await page.setViewportSize({ width: 1366, height: 768 });
      } else await page.reload();
      await page.locator('[data-testid="map"] [data-testid^="dest-"]').first().waitFor({ timeout: UI });
      await page.getByTestId(`tram-${players - 1}`).waitFor({ timeout: UI });
      if (spot === spots(side, players)[0]) await screenshot(page, `lisbon-labels-${side}-${players}`);
      found.push(...(await page.evaluate(crossings, { names, tol: 1 })).map((c) => `[${side}, ${spot.name}] ${c}`));
    }
    await page?.context().close();
    return found;
  }

  it.each([
    ['large', 4],
    ['small', 3],
    ['small', 2],
  ] as const)(
    '%s side, %i players: no label is crossed',
    async (side, players) => {
      const found = await measureSide(side, players);
      expect(found, `${found.length} crossings`).toEqual([]);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    180_000,
  );
});
