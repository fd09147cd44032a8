/**
 * Touched On's small marks on cards, in Debian's Chromium against the real server (found by a review of a hot-seat
 * game at 360 × 640 and 844 × 390, touch; each check here failed before its fix):
 * - A run of cards on a carriage is tagged with who played it. In a 4-player Line's column (76 px at 360 × 640) the
 *   tag "Alexandra" was 79 px wide (x 99.8–178.9) in its 66 px carriage (106.3–172.5), past the column's edges
 *   (101.3–177.5): the carriage's row of cards was as wide as its widest tag (97 px, "Bartholomew"), not as its
 *   carriage. The tag now keeps within its carriage (60 px), the name cut short with an ellipsis ("Alex…"), whole in
 *   the tag's title. (At 844 × 390 the columns are wide enough: that case passed before too, a guard.)
 * - The tick on a selected card of the hand stood on the card's top right corner, over the last digit of its route
 *   number ("109" read "10", "96" read "9") and its right-hand neighbour's "EVADER". It now hangs under the card, in
 *   the room the lifted card left, and covers no word or number of any card of the hand, within the hand and above
 *   the sheet: on a phone, a phone held sideways and a laptop, an Evader's batch and a Power chosen.
 * Screenshots (of the window) go to artifacts/screenshots/ (`touched-on-marks-…`).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { http } from '../server/harness';
import { e2eSuite, findChromium, holdSeat, newContext, screenshot, type E2ESuite } from './harness';
import { storedState } from './touched-on-position';
import { carriage, emptyHands, give, setPlay } from '../games/touched-on/helpers';

const CHROMIUM = findChromium();
const UI = 10_000;
const NAMES = ['Alexandra', 'Bartholomew', 'Constance', 'Dominique'];

const SIZES: [string, BrowserContextOptions][] = [
  ['360x640', { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true }],
  ['844x390', { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true }],
  ['1280x800', { viewport: { width: 1280, height: 800 } }],
];

type Box = { left: number; right: number; top: number; bottom: number };

/**
 * A 4-seat online match of long names (joined through the lobby API), opened on the page of the seat on turn, which
 * holds two Evaders of 109, two of 96 and a Peak Hour. Line 109's current carriage holds a run of two cards by each
 * of the other three seats; Line 96 a carriage of one card by each.
 */
async function longNames(suite: E2ESuite, label: string, options: BrowserContextOptions) {
  const url = suite.server.url;
  const created = await http(url, '/games/touched-on/create', { method: 'POST', json: { numPlayers: 4 } });
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (const [i, name] of NAMES.entries()) {
    const joined = await http(url, `/games/touched-on/${matchID}/join`, {
      method: 'POST',
      json: { playerID: String(i), playerName: name },
    });
    creds.push(joined.json.playerCredentials as string);
  }
  const state = structuredClone(await storedState(suite.server, matchID));
  const G = state.G;
  const seat = state.ctx.currentPlayer;
  const others = state.ctx.playOrder.filter((p) => p !== seat);
  emptyHands(G);
  const given = give(G, seat, ['E109', 'E109', 'E96', 'E96', 'peakHour']);
  for (const p of others) give(G, p, ['E86', 'E19']);
  carriage(
    G,
    '96',
    others.map((p) => [p, 'E96']),
  );
  const id = carriage(
    G,
    '109',
    others.flatMap((p) => [
      [p, 'E109'],
      [p, 'E109'],
    ]),
  );
  setPlay(G, '109', others[others.length - 1], id);
  G.drawCount = G.drawPile.length;
  await suite.server.db.setState(matchID, state);
  const { context, page } = await newContext(suite.browser, suite.errors, label, {
    reducedMotion: 'reduce',
    ...options,
  });
  await holdSeat(context, {
    game: 'touched-on',
    matchID,
    playerID: seat,
    credentials: creds[Number(seat)],
    playerName: NAMES[Number(seat)],
  });
  await page.goto(`${url}/#/g/touched-on/match/${matchID}`);
  await page.getByTestId('hand').waitFor({ timeout: UI });
  return { context, page, given, seat, others };
}

/** Every run's tag, with its carriage's, its row of cards' and its Line's column's boxes, its title and its words. */
function tags(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return [...document.querySelectorAll('.run .by')].map((by) => ({
      title: by.getAttribute('title'),
      name: by.querySelector('.by-name')!.textContent,
      cut: by.querySelector('.by-name')!.scrollWidth > by.querySelector('.by-name')!.clientWidth,
      tag: box(by),
      cards: box(by.closest('.carriage-cards')!),
      carriage: box(by.closest('.carriage')!),
      column: box(by.closest('[data-testid^="line-col-"]')!),
    }));
  });
}

const within = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;
const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/** The selected cards' ticks, the words and numbers printed on the hand's cards, the hand and the sheet. */
function ticks(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const hand = document.querySelector('[data-testid="hand"]')!;
    const sheet = document.querySelector('[data-testid="actions"]')!;
    return {
      ticks: [...hand.querySelectorAll('.hand-card .tick')].map((t) => ({
        card: t.closest('.hand-card')!.getAttribute('data-testid'),
        box: box(t),
        card_: box(t.closest('.hand-card')!),
      })),
      texts: [...hand.querySelectorAll('.hand-card text')].map((t) => ({
        card: t.closest('.hand-card')!.getAttribute('data-testid'),
        text: t.textContent,
        box: box(t),
      })),
      hand: box(hand),
      // The sheet stands over the hand's foot on a phone only (position: fixed); elsewhere it is beside it.
      sheet: getComputedStyle(sheet).position === 'fixed' ? box(sheet) : null,
      height: innerHeight,
    };
  });
}

describe.skipIf(!CHROMIUM)("browser: Touched On's marks on cards", () => {
  const suite = e2eSuite();

  it.each(SIZES.slice(0, 2))(
    "%s: each run's tag keeps within its carriage and its Line's column, the name whole in its title",
    async (size, options) => {
      const { context, page, others } = await longNames(suite, `to-marks-tags-${size}`, options);
      await page.locator('.run .by').first().waitFor({ timeout: UI });
      await screenshot(page.getByTestId('lines'), `touched-on-marks-tags-${size}`);
      const all = await tags(page);
      expect(all).toHaveLength(3 + 3);
      for (const t of all) {
        const where = JSON.stringify(t);
        // Before, at 360 × 640: "Alexandra" at x 99.8–178.9 in a carriage at 106.3–172.5, a column at 101.3–177.5.
        expect(within(t.tag, t.carriage), `the tag in its carriage: ${where}`).toBe(true);
        expect(within(t.tag, t.column), `the tag in its column: ${where}`).toBe(true);
        expect(within(t.cards, t.carriage), `the row of cards in its carriage: ${where}`).toBe(true);
        // Cut short or not, the tag's title names the player in full.
        expect(
          others.map((p) => `Added by ${NAMES[Number(p)]}`),
          where,
        ).toContain(t.title);
        expect(t.name.length, where).toBeGreaterThan(0);
      }
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(SIZES)(
    '%s: the tick on a chosen card covers no word or number of the hand (an Evader, a Power)',
    async (size, options) => {
      const { context, page, given } = await longNames(suite, `to-marks-tick-${size}`, options);
      // An Evader of 109, then (the batch cancelled) the Peak Hour.
      for (const [card, section, cancel] of [
        [given[0], 'batch', 'batch-cancel'],
        [given[4], 'power-section', 'card-cancel'],
      ]) {
        await page.getByTestId(`hand-card-${card}`).click({ timeout: UI });
        await page.getByTestId(section).waitFor({ timeout: UI });
        // A chosen Power leaves the hand in its place in the page (not pinned above the sheet): the card is scrolled to
        // the window's middle, above the sheet.
        if (section === 'power-section')
          await page.evaluate(
            (id) => document.querySelector(`[data-testid="hand-card-${id}"]`)!.scrollIntoView({ block: 'center' }),
            card,
          );
        await page.waitForTimeout(300);
        await screenshot(page, `touched-on-marks-tick-${size}-${section}`, { fullPage: false });
        const m = await ticks(page);
        expect(m.ticks.length, JSON.stringify(m)).toBeGreaterThan(0);
        for (const t of m.ticks) {
          // Before, at 360 × 640: a tick at x 156.3–176.3, y 433.5–453.5 over "109" (x 136–160.5, y 437.3–453.3) and
          // the next card's "EVADER" (x 171.4–189.5); at 1280 × 800 over the next card's "EVADER", 10 px above the tray.
          const r = (n: number) => Math.round(n * 10) / 10;
          const covered = m.texts
            .filter((x) => overlap(t.box, x.box))
            .map(
              (x) =>
                `${x.card}: "${x.text}" at x ${r(x.box.left)}–${r(x.box.right)}, y ${r(x.box.top)}–${r(x.box.bottom)}`,
            );
          expect(covered, JSON.stringify(t)).toEqual([]);
          // In the hand and in the window, not under the sheet.
          expect(within(t.box, m.hand), JSON.stringify({ t, hand: m.hand })).toBe(true);
          expect(t.box.bottom, JSON.stringify(t)).toBeLessThanOrEqual(m.sheet ? m.sheet.top + 0.5 : m.height);
          expect(t.box.top, JSON.stringify(t)).toBeGreaterThanOrEqual(0);
        }
        await page.getByTestId(cancel).click({ timeout: UI });
        await page.locator('.hand-card .tick').first().waitFor({ state: 'detached', timeout: UI });
      }
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
