/**
 * Lisbon's words on a phone, in Debian's Chromium against the real server: every word Lisbon's board prints outside
 * the map (whose station labels have the tap-loupe and "Zoom in"), measured as drawn, at 360 × 640, 390 × 844 and
 * 844 × 390 on a touch phone, in hot-seat and online games of 2 and 4 players, with every Monument card dealt (the
 * longest names on the display's large cards, the rest in the players' rows), the last round begun, an elevator bonus
 * owned, the help open; in hot-seat also with a move chosen (its other ways to pay open) and with "End your turn?"
 * asked; and then at the end, on the final scores: each is at least 9 px high (its font size times its element's
 * scale on the screen). Before (2026-12-03) two kinds were 8 px, at every one of these sizes and moments: the "VP"
 * under a large card's points (on every card of the display), and a small card's name with a word of 8 letters or
 * more ("Jerónimos", "Praça do Comércio"; in the players' rows and the final scores). Every other text was 9 px or
 * more: the other small cards' names 9, "you", "starts" and the bonuses 10, the tickets' colours and the log's turns
 * 11, the rest 12 and up.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { gameOver } from '../../src/games/lisbon/scoring';
import { boardOf } from '../../src/games/lisbon/legal';
import { changeStoredHotSeat, createJoined, e2eSuite, findChromium, newContext, openAsSeat } from './harness';
import { settled } from './lisbon-phone-steps';

const CHROMIUM = findChromium();
const UI = 10_000;
const GAME = 'lisbon-tram-28';
/** The smallest height a word may be drawn at (CSS px). */
const MIN_PX = 9;
/** A destination whose move pushes nobody. */
const QUIET_DEST = '.lt-mapcol [data-testid^="dest-"]:not([aria-label*="pushes"])';
/** The phones: upright (small and large), and held sideways. */
const PHONES = [
  [360, 640],
  [390, 844],
  [844, 390],
] as const;

/** The cards of the longest names first: they go on display, on the large cards. */
const LONG_FIRST = ['padrao-1', 'jeronimos-1', 'praca-comercio-1', 'torre-belem-1', 'panteao-1'];

/**
 * The display laid with the longest names, every other Monument card dealt to the players' rows in turn, the last
 * round begun and the first seat's first elevator bonus owned.
 */
function dealRows(G: GState): void {
  G.display = G.display.map((_, i) => LONG_FIRST[i]);
  const rest = CARDS.map((c) => c.id).filter((id) => !G.display.includes(id));
  const seats = Object.keys(G.players);
  seats.forEach((p) => (G.players[p].row = []));
  rest.forEach((id, i) => G.players[seats[i % seats.length]].row.push(id));
  if (G.secret) G.secret.monumentDeck = [];
  G.monumentTop = null;
  G.endTriggered = true;
  G.players['0'].bonuses = [boardOf(G, '0').bonuses.red];
}

/**
 * Every text of Lisbon's board outside the map's pictures (the map and its loupe), as drawn: where it is, what it
 * says, and its height on the screen (the font size times the element's scale). Texts hidden, or left to screen
 * readers (`.visually-hidden`), are not drawn and not measured.
 */
function boardWords(): { where: string; text: string; px: number }[] {
  const board = document.querySelector('.lt-board');
  if (!board) return [];
  for (const d of Array.from(board.querySelectorAll('details'))) d.open = true;
  const found: { where: string; text: string; px: number }[] = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n.textContent ?? '').replace(/\u00ad/g, '').trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('.map-wrap, .loupe, .visually-hidden')) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (!Array.from(range.getClientRects()).some((r) => r.width > 0 && r.height > 0)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
    // The element's scale on the screen: the transforms of it and its ancestors.
    let scale = 1;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const t = getComputedStyle(a).transform;
      if (t && t !== 'none') {
        const m = new DOMMatrix(t);
        scale *= Math.hypot(m.a, m.b);
      }
    }
    const px = Math.round(parseFloat(style.fontSize) * scale * 10) / 10;
    const owner = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().replace(/\s+/g, '.')}` : '';
    found.push({ where: `${owner} ${el.tagName.toLowerCase()}${cls}`, text, px });
  }
  return found;
}

/** What the pages measured: how many texts, and those drawn under MIN_PX (each once, with its moment and screen). */
interface Found {
  measured: number;
  small: string[];
}

/** The board's texts at this moment (`what` names it) on each of the phones, added to `found`. */
async function onEveryPhone(page: Page, what: string, found: Found): Promise<void> {
  for (const [width, height] of PHONES) {
    await page.setViewportSize({ width, height });
    await settled(page);
    const words = await page.evaluate(boardWords);
    found.measured += words.length;
    const small = words.filter((w) => w.px < MIN_PX);
    found.small.push(...new Set(small.map((w) => `[${what}, ${width} × ${height}] ${w.where} "${w.text}" ${w.px} px`)));
  }
}

describe.skipIf(!CHROMIUM)('browser: Lisbon’s words legible on a phone', () => {
  const suite = e2eSuite();

  it.each([2, 4])(
    'hot-seat, %i players: every word of the board, during the last round and on the final scores, is 9 px or more',
    async (players) => {
      const { context, page } = await newContext(suite.browser, suite.errors, `lisbon-print-hs-${players}`, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await page.goto(`${suite.server.url}/#/g/${GAME}/hotseat`);
      await page.getByTestId(`hs-players-${players}`).click();
      const names = ['Hana Alexandra Vasconcelos-Ferreira', 'Hugo', 'Inês', 'João'];
      for (let i = 0; i < players; i++) await page.getByTestId(`hs-name-${i}`).fill(names[i]);
      await page.getByTestId('hs-first').selectOption('0');
      await page.getByTestId('hs-start').click();
      await page.getByTestId('pass-ready').tap({ timeout: UI });
      await page.getByTestId('map').waitFor({ timeout: UI });
      await changeStoredHotSeat<GState>(page, ({ G }) => dealRows(G));
      await page.getByTestId('hs-resume').tap({ timeout: UI });
      await page.getByTestId('pass-ready').tap({ timeout: UI });
      await page.getByTestId('map').waitFor({ timeout: UI });
      const found: Found = { measured: 0, small: [] };
      await onEveryPhone(page, `hot-seat ${players}p, play`, found);
      // A move chosen (with the keyboard, as the loupe is the map's): the action panel shows it, with Confirm.
      await page.locator(QUIET_DEST).first().focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-move').waitFor({ timeout: UI });
      // Its other ways to pay opened, where it has some.
      const ways = page.locator('.pay button.link');
      if ((await ways.count()) > 0) await ways.first().tap();
      await onEveryPhone(page, `hot-seat ${players}p, a move chosen`, found);
      await page.getByTestId('cancel-move').tap();
      // Ending the turn early asks first.
      await page.getByTestId('end-turn').tap({ timeout: UI });
      await page.getByTestId('end-turn-confirm').waitFor({ timeout: UI });
      await onEveryPhone(page, `hot-seat ${players}p, ending the turn`, found);
      await page.getByTestId('end-turn-cancel').tap();
      // Every seat ends its turn: the game is over.
      for (let i = 0; i < players; i++) {
        if (i > 0) await page.getByTestId('pass-ready').tap({ timeout: UI });
        await page.getByTestId('end-turn').tap({ timeout: UI });
        await page.getByTestId('end-turn-confirm').tap({ timeout: UI });
      }
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      await onEveryPhone(page, `hot-seat ${players}p, end`, found);
      expect(found.measured).toBeGreaterThan(100);
      expect(found.small).toEqual([]);
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it.each([2, 4])(
    'online, %i players: every word of the board, during the last round and on the final scores, is 9 px or more',
    async (players) => {
      const { server } = suite;
      const { matchID, creds } = await createJoined(server.url, GAME, players, { firstPlayer: 0 });
      const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<GState>);
      dealRows(state.G);
      await server.db.setState(matchID, state);
      const found: Found = { measured: 0, small: [] };
      const { context, page } = await openAsSeat(
        suite.browser,
        suite.errors,
        `lisbon-print-online-${players}`,
        { url: server.url, game: GAME, matchID, playerID: '0', credentials: creds[0] },
        undefined,
        { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      );
      await page.locator('.card-row .mcard').first().waitFor({ timeout: UI });
      await onEveryPhone(page, `online ${players}p, play`, found);
      // The game over, as its last turn leaves it.
      const over = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<GState>);
      over.ctx.gameover = gameOver(over.G, over.ctx.playOrder);
      over._stateID += 1;
      await server.db.setState(matchID, over);
      await page.reload();
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      await onEveryPhone(page, `online ${players}p, end`, found);
      expect(found.measured).toBeGreaterThan(100);
      expect(found.small).toEqual([]);
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
