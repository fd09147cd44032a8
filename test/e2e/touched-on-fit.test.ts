/**
 * Touched On's board fitted to its window, in Debian's Chromium against the real server (defects found by
 * reviews; each check here failed before its fix):
 * - On a 390 × 844 phone in hot-seat, the journey summary the next player sees once they take the device (journey 2
 *   just dealt) stood centred over the page, its foot (y 530) over the hand pinned above the action sheet (from
 *   y 511). It now stands at the window's top, clear of the hand and the sheet, wholly in the window.
 * - At 1366 × 1024 (a tablet held sideways), the board left 441 px of bare felt under the hand (hand's foot at
 *   y 583). The table now fills the board's height: the Lines take the room, the hand is a tray at the window's
 *   foot, and its cards are bigger (85 px high before, 106 now).
 * - Online, once the player on turn has left the running match, the board's status read "Waiting for Player 1 to
 *   play…" on a page opened after the leave (boardgame.io's match data lists the seat with no name). It now says
 *   the seat is empty. (A page open at the time of the leave, which boardgame.io sends no new match data, says so
 *   too: test/e2e/leaver.test.ts, for every game.)
 * Screenshots (of the window) go to artifacts/screenshots/ (`touched-on-fit-…`).
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { http } from '../server/harness';
import {
  changeStoredHotSeat,
  e2eSuite,
  findChromium,
  newContext,
  playOverSockets,
  type E2ESuite,
  screenshot,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET: BrowserContextOptions = { viewport: { width: 1366, height: 1024 }, isMobile: false, hasTouch: true };

type Box = { top: number; bottom: number; left: number; right: number };

/** The box of the element with this test id, rounded (null when there is none). */
function boxOf(page: Page, id: string): Promise<Box | null> {
  return page.evaluate((testid) => {
    const el = document.querySelector(`[data-testid="${testid}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {
      top: Math.round(r.top),
      bottom: Math.round(r.bottom),
      left: Math.round(r.left),
      right: Math.round(r.right),
    };
  }, id);
}

const apart = (a: Box, b: Box) => a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;

/** Journey 2 just dealt, journey 1 ended by a stall with seat 0 first: a board opened now shows the summary. */
function journeyTwo(state: State<TOState>): void {
  const G = state.G;
  const dealer = state.ctx.playOrder[0];
  G.journey = 2;
  G.log = [
    { type: 'journey', journey: 1, dealer },
    { type: 'finish', player: '0', place: 1, exp: 2 },
    { type: 'journeyEnd', journey: 1, reason: 'stall' },
    { type: 'journey', journey: 2, dealer },
  ] as TOState['log'];
}

/** A 2-seat online match, Ana in seat 0 and Bruno in seat 1 (joined through the lobby API): its ID and credentials. */
async function anaAndBruno(suite: E2ESuite) {
  const url = suite.server.url;
  const created = await http(url, '/games/touched-on/create', { method: 'POST', json: { numPlayers: 2 } });
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (const [i, name] of ['Ana', 'Bruno'].entries()) {
    const joined = await http(url, `/games/touched-on/${matchID}/join`, {
      method: 'POST',
      json: { playerID: String(i), playerName: name },
    });
    creds.push(joined.json.playerCredentials as string);
  }
  return { matchID, creds };
}

/** A page holding `seat` of the match (as after joining it), on the match's page, once the board shows. */
async function openSeat(
  suite: E2ESuite,
  label: string,
  at: { matchID: string; creds: string[]; seat: string },
  options: BrowserContextOptions,
) {
  const { context, page } = await newContext(suite.browser, suite.errors, label, {
    reducedMotion: 'reduce',
    ...options,
  });
  const info = {
    gameId: 'touched-on',
    matchID: at.matchID,
    playerID: at.seat,
    credentials: at.creds[Number(at.seat)],
    playerName: at.seat === '0' ? 'Ana' : 'Bruno',
    joinedAt: 0,
  };
  await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), info);
  await page.goto(`${suite.server.url}/#/g/touched-on/match/${at.matchID}`);
  await page.getByTestId('actions').waitFor({ timeout: UI });
  return { context, page };
}

describe.skipIf(!CHROMIUM)('browser: Touched On fits its window', () => {
  const suite = e2eSuite();

  it('390 × 844, hot-seat: the journey summary after the pass stands clear of the hand and the sheet', async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'to-fit-summary', PHONE);
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Bruno');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-ready').waitFor({ timeout: UI });
    await changeStoredHotSeat<TOState>(page, journeyTwo);
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await page.getByTestId('pass-ready').click({ timeout: UI });
    await page.getByTestId('journey-summary').waitFor({ timeout: UI });
    await page.waitForTimeout(600);
    await screenshot(page, 'touched-on-fit-summary-phone', { fullPage: false });
    const summary = (await boxOf(page, 'journey-summary'))!;
    const hand = (await boxOf(page, 'hand'))!;
    const sheet = (await boxOf(page, 'actions'))!;
    const where = JSON.stringify({ summary, hand, sheet });
    // Before: the summary at y 314–530, over the pinned hand at y 511–636.
    expect(
      { clearOfHand: apart(summary, hand), clearOfSheet: apart(summary, sheet), inWindow: summary.top >= 0 },
      where,
    ).toEqual({ clearOfHand: true, clearOfSheet: true, inWindow: true });
    // It still closes as before, and the hand is there to play from.
    await page.getByTestId('journey-summary-close').click();
    await page.getByTestId('journey-summary').waitFor({ state: 'detached', timeout: UI });
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('1366 × 1024 (a tablet held sideways): no bare felt under the hand; the Lines and the hand grow', async () => {
    const { matchID, creds } = await anaAndBruno(suite);
    const state = (await suite.server.db.fetch(matchID, { state: true })).state as State<TOState>;
    const { context, page } = await openSeat(
      suite,
      'to-fit-tablet',
      { matchID, creds, seat: state.ctx.currentPlayer },
      TABLET,
    );
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await page.waitForTimeout(600);
    await screenshot(page, 'touched-on-fit-tablet-1366x1024', { fullPage: false });
    const m = await page.evaluate(() => {
      const r = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
      const hand = r('[data-testid="hand"]');
      const card = r('[data-testid^="hand-card-"]');
      const line = r('[data-testid^="line-col-"]');
      return {
        underHand: Math.round(innerHeight - hand.bottom),
        cardHeight: Math.round(card.height),
        lineHeight: Math.round(line.height),
      };
    });
    // Before: 441 px under the hand, cards 85 px high, a Line 94 px high.
    expect(m.underHand, JSON.stringify(m)).toBeLessThanOrEqual(16);
    expect(m.cardHeight, JSON.stringify(m)).toBeGreaterThanOrEqual(100);
    expect(m.lineHeight, JSON.stringify(m)).toBeGreaterThanOrEqual(300);
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it.each([
    [740, 360],
    [390, 844],
  ])(
    '%i × %i, online, the final scores closed: "Final scores" stands within the seat panels\' width and the board, above the end bar',
    async (width, height) => {
      const { matchID, creds } = await anaAndBruno(suite);
      const state = structuredClone((await suite.server.db.fetch(matchID, { state: true })).state as State<TOState>);
      const over = {
        winner: '0',
        scores: { '0': { total: 9, cards: 2, exp: [] }, '1': { total: 5, cards: 1, exp: [] } },
      };
      state.G.gameOver = over;
      state.ctx.gameover = over;
      await suite.server.db.setState(matchID, state);
      const size = { viewport: { width, height }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const };
      const { context, page } = await newContext(suite.browser, suite.errors, `to-fit-reopen-${width}`, size);
      const seat = {
        gameId: 'touched-on',
        matchID,
        playerID: '0',
        credentials: creds[0],
        playerName: 'Ana',
        joinedAt: 0,
      };
      await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
      await page.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
      await page.getByTestId('gameover-close').tap({ timeout: UI });
      await page.getByTestId('show-scores').waitFor({ timeout: UI });
      const measure = () =>
        page.evaluate(() => {
          const box = (el: Element) => {
            const r = el.getBoundingClientRect();
            return {
              top: Math.round(r.top),
              bottom: Math.round(r.bottom),
              left: Math.round(r.left),
              right: Math.round(r.right),
            };
          };
          const q = (sel: string) => box(document.querySelector(sel)!);
          return {
            button: q('[data-testid="show-scores"]'),
            seats: q('[data-testid="seats"]'),
            board: q('.to-board'),
            bar: q('[data-testid="game-over-bar"]'),
          };
        });
      const m = await measure();
      await screenshot(page, `touched-on-fit-reopen-${width}`, { fullPage: false });
      const where = JSON.stringify(m);
      // Before, at 740 × 360: 612–728 px across, past the seat panels' right edge (720) and the board's (726).
      expect(m.button.left, `the button's left edge: ${where}`).toBeGreaterThanOrEqual(m.seats.left);
      expect(m.button.right, `the button's right edge: ${where}`).toBeLessThanOrEqual(m.seats.right);
      expect(m.button.bottom, `the button above the end bar: ${where}`).toBeLessThanOrEqual(m.bar.top);
      expect(m.button.top, where).toBeGreaterThanOrEqual(0);
      // Scrolled to the page's end, it is in the board, not across its foot (228–272 px against the board's foot at
      // 258 before, at 740 × 360).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const end = await measure();
      await screenshot(page, `touched-on-fit-reopen-${width}-end`, { fullPage: false });
      const there = JSON.stringify(end);
      expect(end.button.top, `scrolled to the end: ${there}`).toBeGreaterThanOrEqual(end.board.top);
      expect(end.button.bottom, `scrolled to the end: ${there}`).toBeLessThanOrEqual(end.board.bottom);
      expect(end.button.right, `scrolled to the end: ${there}`).toBeLessThanOrEqual(end.seats.right);
      expect(end.button.bottom, `scrolled to the end: ${there}`).toBeLessThanOrEqual(end.bar.top);
      await page.getByTestId('show-scores').tap();
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('online: once the player on turn has left, the status says their seat is empty, not that it waits for them', async () => {
    const url = suite.server.url;
    const { matchID, creds } = await anaAndBruno(suite);
    // The first move: the match is under way (a leave now keeps it going with the seat open).
    expect(await playOverSockets(url, 'touched-on', matchID, creds, 1)).toBe(1);
    const state = (await suite.server.db.fetch(matchID, { state: true })).state as State<TOState>;
    const gone = state.ctx.currentPlayer;
    const left = await http(url, `/games/touched-on/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: gone, credentials: creds[Number(gone)] },
    });
    expect(left.status).toBe(200);
    const stays = gone === '0' ? '1' : '0';
    const { context, page } = await openSeat(suite, 'to-fit-left', { matchID, creds, seat: stays }, {});
    await page.getByTestId(`left-${gone}`).waitFor({ timeout: UI });
    const status = (await page.getByTestId('waiting').textContent()) ?? '';
    await screenshot(page, 'touched-on-fit-left', { fullPage: false });
    // Before: "Waiting for Player 1 to play…" (the name gone with the seat).
    expect(status).toBe(
      `Seat ${Number(gone) + 1} is empty: its player left. The game goes on once someone takes the seat.`,
    );
    // The board still calls the leaver by their name (the notice says "Ana left"), not "Player 1".
    const leaver = gone === '0' ? 'Ana' : 'Bruno';
    const board = (await page.getByTestId('board-wrap').textContent()) ?? '';
    expect(board).toContain(leaver);
    expect(board).not.toContain(`Player ${Number(gone) + 1}`);
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
