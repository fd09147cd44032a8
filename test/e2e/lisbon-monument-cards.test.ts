/**
 * Lisbon's Monument cards name their monument whole, in Debian's Chromium
 * against the real server: with 2, 3 and 4 players, all 22 Monument cards
 * shown at once (in the players' rows, small cards, and the display, large
 * ones), on a 390 × 844 touch phone, at 1366 × 768 and at 1920 × 1080. On
 * every card shown, each word of the name is on one line (no word broken,
 * "Jeró-nimos" or "Descobri-mentos"), inside its card and clear of the
 * ticket halves on its edges, in letters of at least 9 px (legible on a
 * phone). Before (2026-12-03) the small cards set a name with a word of 8
 * letters or more ("Jerónimos", "Praça do Comércio") in 8 px, and every small
 * card's name at 1366 × 768 with 3 or 4 players; a small card with such a
 * name is 62 px wide now, and every name 9 px.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { createJoined, e2eSuite, findChromium, screenshot, SCREENS } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const GAME = 'lisbon-tram-28';
/** The smallest font size a card's name may have (CSS px). */
const MIN_FONT_PX = 9;

/** The cards of the longest names (and longest words) first: they go on display, on the large cards. */
const LONG_FIRST = ['padrao-1', 'jeronimos-1', 'praca-comercio-1', 'torre-belem-1', 'panteao-1'];

/** The display laid with the longest names, and every other Monument card dealt to the players' rows, in turn. */
function dealRows(state: State<GState>): void {
  const G = state.G;
  G.display = G.display.map((_, i) => LONG_FIRST[i]);
  const rest = CARDS.map((c) => c.id).filter((id) => !G.display.includes(id));
  const seats = Object.keys(G.players);
  seats.forEach((p) => (G.players[p].row = []));
  rest.forEach((id, i) => G.players[seats[i % seats.length]].row.push(id));
  G.secret!.monumentDeck = [];
  G.monumentTop = null;
}

/** What the page finds wrong with the names of the Monument cards it shows, and how many it measured. */
function measureNames(minFont: number): { checked: number; names: string[]; large: string[]; problems: string[] } {
  const problems: string[] = [];
  const names = new Set<string>();
  const large = new Set<string>();
  let checked = 0;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('.mcard-name'))) {
    const card = el.closest<HTMLElement>('.mcard')!;
    const box = card.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(card).visibility === 'hidden') continue;
    checked++;
    const name = (el.textContent ?? '').replace(/\u00ad/g, '');
    names.add(name);
    if (!card.classList.contains('mini')) large.add(name);
    const where = `'${name}' on a ${card.classList.contains('mini') ? 'small' : 'large'} card`;
    const halves = Array.from(card.querySelectorAll('.half'), (h) => h.getBoundingClientRect());
    const vp = card.querySelector('.mcard-vp')?.getBoundingClientRect();
    const font = parseFloat(getComputedStyle(el).fontSize);
    if (font < minFont) problems.push(`${where}: ${font} px letters`);
    // The name in larger letters leaves the VP and the passengers needed inside the card.
    for (const part of Array.from(card.querySelectorAll('.mcard-vp, .mcard-need'))) {
      const r = part.getBoundingClientRect();
      if (r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5)
        problems.push(`${where}: its ${part.className} runs out of the card`);
    }
    // Each word of the name: the lines its letters are set on.
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) {
      problems.push(`${where}: not one text`);
      continue;
    }
    const raw = text.textContent ?? '';
    for (const m of raw.matchAll(/[^\s]+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      const word = m[0].replace(/\u00ad/g, '');
      if (lines.size > 1) problems.push(`${where}: '${word}' broken over ${lines.size} lines`);
      for (const r of rects) {
        const out = r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5;
        if (out || r.bottom > box.bottom + 0.5) problems.push(`${where}: '${word}' runs out of the card`);
        // The ticket halves on the card's edges are drawn over the name: no letter may lie under one.
        const across = (h: DOMRect) => Math.min(r.right, h.right) - Math.max(r.left, h.left);
        const down = (h: DOMRect) => Math.min(r.bottom, h.bottom) - Math.max(r.top, h.top);
        if (halves.some((h) => across(h) > 0.5 && down(h) > 0.5))
          problems.push(`${where}: '${word}' runs under a ticket half`);
        if (vp && across(vp) > 0.5 && down(vp) > 0.5) problems.push(`${where}: '${word}' runs into its VP`);
      }
    }
  }
  return { checked, names: [...names].sort(), large: [...large].sort(), problems: [...new Set(problems)] };
}

describe.skipIf(!CHROMIUM)('browser: Lisbon’s Monument cards name their monument whole', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each([4, 3, 2])(
    '%i players: no word of a monument’s name is broken, on the phone, the laptop and the desktop',
    async (players) => {
      const { server, browser } = suite;
      const { matchID, creds } = await createJoined(server.url, GAME, players, { firstPlayer: 0 });
      const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<GState>);
      dealRows(state);
      await server.db.setState(matchID, state);
      const everyName = [...new Set(CARDS.map((c) => c.monument))].length;
      const found: string[] = [];
      for (const screen of SCREENS) {
        // Seat 0's page (its seat in localStorage, as after joining), on this screen: the phone with a finger.
        const context = await browser.newContext({
          viewport: { width: screen.width, height: screen.height },
          isMobile: screen.touch,
          hasTouch: screen.touch,
        });
        const seat = {
          gameId: GAME,
          matchID,
          playerID: '0',
          credentials: creds[0],
          playerName: 'Player 1',
          joinedAt: 0,
        };
        await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(`[cards-${players}-${screen.name}] pageerror: ${e.message}`));
        await page.goto(`${server.url}/#/g/${GAME}/match/${matchID}`);
        await page.locator('.card-row .mcard').first().waitFor({ state: 'attached', timeout: UI });
        await screenshot(page, `lisbon-monument-cards-${players}-${screen.name}`);
        const { checked, names, large, problems } = await page.evaluate(measureNames, MIN_FONT_PX);
        // Every monument's name was measured, on small cards and large ones.
        expect(names, screen.name).toHaveLength(everyName);
        expect(checked, screen.name).toBeGreaterThanOrEqual(CARDS.length);
        // The longest names on large cards too (Padrão dos Descobrimentos by whatever name the card gives it).
        expect(large, screen.name).toEqual(expect.arrayContaining(['Jerónimos', 'Praça do Comércio']));
        expect(
          large.some((n) => n.startsWith('Padrão')),
          screen.name,
        ).toBe(true);
        found.push(...problems.map((p) => `[${screen.name}] ${p}`));
        await context.close();
      }
      expect(found).toEqual([]);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    120_000,
  );

  it('a row of Monument cards too long for its panel fades out on the side that hides cards, at 1366 × 768', async () => {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, GAME, 4, { firstPlayer: 0 });
    const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<GState>);
    dealRows(state);
    // The last seat keeps two cards, a row that fits (the cards taken from it are simply off the table).
    state.G.players['3'].row = state.G.players['3'].row.slice(0, 2);
    await server.db.setState(matchID, state);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const seat = { gameId: GAME, matchID, playerID: '0', credentials: creds[0], playerName: 'Player 1', joinedAt: 0 };
    await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`[cards-fade] pageerror: ${e.message}`));
    await page.goto(`${server.url}/#/g/${GAME}/match/${matchID}`);
    const row = page.locator('[data-testid="player-0"] .card-row');
    await row.locator('.mcard').first().waitFor({ timeout: UI });
    /** A row's hidden side as the board tells it, and the mask the page paints over the row. */
    const look = (r = row) =>
      r.evaluate((el) => ({
        more: el.getAttribute('data-more'),
        mask: getComputedStyle(el).maskImage,
        cut: el.scrollWidth > el.clientWidth + 1,
      }));
    // Five cards in a laptop's player row: the last is cut, and the right edge fades.
    const start = await look();
    expect(start.cut).toBe(true);
    expect(start.more).toBe('right');
    expect(start.mask).toContain('linear-gradient');
    await screenshot(page, 'lisbon-monument-row-fade');
    // Scrolled to its end: nothing more on the right, the cards passed fade out on the left.
    await row.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(async () => (await look()).more, { timeout: UI }).toBe('left');
    await row.evaluate((el) => (el.scrollLeft = 40));
    await expect.poll(async () => (await look()).more, { timeout: UI }).toBe('both');
    // A row that fits shows whole, with no fade.
    const short = await look(page.locator('[data-testid="player-3"] .card-row'));
    expect(short).toEqual({ more: null, mask: 'none', cut: false });
    await context.close();
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 60_000);
});
