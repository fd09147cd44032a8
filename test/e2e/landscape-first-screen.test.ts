/**
 * A phone held sideways (844 × 390): the site's header, the match bar, the page's switches and the chat fold used to
 * fill the first screen, the board starting at y 262 (Lisbon, Touched On). Once the board has drawn, the page now
 * brings it to the top of the window, online and in hot-seat, for every game; held upright, the page stays at its
 * top. The games page shows the first game's ways in on the first screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GobState } from '../../src/games/get-on-board/types';
import { http } from '../server/harness';
import {
  createJoined,
  e2eSuite,
  joinedByLink,
  newContext,
  openAsSeat,
  playOverSockets,
  waitingForPlayers,
} from './harness';
import { hotSeatMidJourney } from './touched-on-position';

const UI = 10_000;
const SIDEWAYS = { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true };
const UPRIGHT = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Where the board lies in the window, once it has drawn (at least half the window high) and the page settled. */
async function boardIn(page: Page, selector: string) {
  await expect
    .poll(() => page.evaluate((sel) => document.querySelector(sel)?.getBoundingClientRect().height ?? 0, selector), {
      timeout: UI,
    })
    .toBeGreaterThan(200);
  await page.waitForTimeout(800);
  return page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    const header = document.querySelector('.app-header')!.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), headerBottom: Math.round(header.bottom), scrollY };
  }, selector);
}

describe('browser: a phone held sideways shows the board first', () => {
  const suite = e2eSuite();

  it("the games page: the first game's ways in are on the first screen", async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'sideways-games', {
      ...SIDEWAYS,
      viewport: { width: 740, height: 360 },
    });
    await page.goto(`${suite.server.url}/#/`);
    const play = page.getByTestId('play-lisbon-tram-28');
    await play.waitFor({ timeout: UI });
    // The foot of its "Play online" lay 87 px under the first screen, under the page's title card (its "Next Stop" in big type, its
    // line on a row of its own), which repeated the header's name.
    for (const id of ['play-lisbon-tram-28', 'hotseat-lisbon-tram-28', 'rules-lisbon-tram-28']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.y + box.height, id).toBeLessThanOrEqual(360);
    }
    await context.close();
  }, 30_000);

  for (const game of ['lisbon-tram-28', 'touched-on', 'get-on-board']) {
    it(`online, ${game}: the board fills the first screen, the header scrolled away`, async () => {
      const { matchID, creds } = await createJoined(suite.server.url, game, 2);
      const at = { url: suite.server.url, game, matchID, playerID: '0', credentials: creds[0] };
      const { context, page } = await openAsSeat(
        suite.browser,
        suite.errors,
        `sideways-${game}`,
        at,
        undefined,
        SIDEWAYS,
      );
      const b = await boardIn(page, '[data-testid="board-wrap"]');
      // Before: the board's top at y 262 (Lisbon, Touched On), the header in full view.
      expect(b.top, JSON.stringify(b)).toBeLessThanOrEqual(40);
      expect(b.bottom, JSON.stringify(b)).toBeGreaterThanOrEqual(350);
      expect(b.headerBottom).toBeLessThanOrEqual(0);
      await context.close();
    }, 30_000);
  }

  it('online, at 740 × 360, a player who joined through the link and waited: once the table fills, the board fills the first screen', async () => {
    const { page: ana, link } = await waitingForPlayers(suite, 'sideways-join', 'touched-on', 3);
    const { context, page } = await newContext(suite.browser, suite.errors, 'sideways-join-bo', {
      ...SIDEWAYS,
      viewport: { width: 740, height: 360 },
    });
    await page.goto(link);
    await page.getByTestId('join-name').fill('Bo');
    // The join button stands under the first screen: tapping it scrolls the page, as a player's thumb would.
    await page.getByTestId('join-submit').tap();
    await page.getByTestId('waiting-room').waitFor({ timeout: UI });
    const waitingAt = await page.evaluate(() => scrollY);
    expect(waitingAt, 'the page was scrolled before the table filled').toBeGreaterThanOrEqual(8);
    // The closed chat shares the row of the sound and notification switches (a row of its own, 61 px, helped push the
    // waiting room's card under the first screen).
    const rows = await page.evaluate(() => {
      const r = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
      return { chat: r('chat'), sound: r('sound-toggle') };
    });
    expect(rows.chat.top, JSON.stringify(rows)).toBeLessThan(rows.sound.bottom);
    const cy = await joinedByLink(suite, 'sideways-join', link, 'Cy');
    const b = await boardIn(page, '[data-testid="board-wrap"]');
    // Before: the page stayed where the waiting room had it (scrollY 33), the match bar and the chat over the board's
    // top, the board at y 81, until Bo's first turn scrolled to its Line.
    expect(b.top, JSON.stringify(b)).toBeLessThanOrEqual(40);
    expect(b.headerBottom, JSON.stringify(b)).toBeLessThanOrEqual(0);
    await cy.context().close();
    await ana.context().close();
    await context.close();
  }, 60_000);

  it('online, Get on Board at 740 × 360 with a player gone: the board stops below the sticky notice, "Your plot" in view', async () => {
    const { url } = suite.server;
    const { matchID, creds } = await createJoined(url, 'get-on-board', 3);
    // The three departures, then a player who does not plot next leaves: the others' pages stick the notice at the top.
    await playOverSockets(url, 'get-on-board', matchID, creds, 3);
    const { state } = await suite.server.db.fetch(matchID, { state: true });
    const plotter = (state as State<GobState>).G.toPlay!;
    const leaver = ['0', '1', '2'].find((p) => p !== plotter)!;
    const left = await http(url, `/games/get-on-board/${matchID}/leave`, {
      method: 'POST',
      json: { playerID: leaver, credentials: creds[Number(leaver)] },
    });
    expect(left.status).toBe(200);
    const at = { url, game: 'get-on-board', matchID, playerID: plotter, credentials: creds[Number(plotter)] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'sideways-left', at, undefined, {
      ...SIDEWAYS,
      viewport: { width: 740, height: 360 },
    });
    await page.getByTestId('left-seats').waitFor({ timeout: UI });
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    await boardIn(page, '[data-testid="board-wrap"]');
    const m = await page.evaluate(() => {
      const notice = document.querySelector('[data-testid="left-seats"]')!.getBoundingClientRect();
      const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
      const heading = document.querySelector('[data-testid="plot-panel"] h2')!;
      const h = heading.getBoundingClientRect();
      const hit = document.elementFromPoint(h.left + h.width / 2, h.top + h.height / 2);
      return {
        notice: Math.round(notice.bottom),
        banner: Math.round(banner.top),
        heading: Math.round(h.top),
        shown: !!hit && heading.contains(hit),
      };
    });
    // Before: the board brought to the window's top, under the 117 px notice (the banner at 9 px, the heading at 70).
    expect(m.banner, JSON.stringify(m)).toBeGreaterThanOrEqual(m.notice - 1);
    expect(m.shown, `the heading is what a tap on it reaches: ${JSON.stringify(m)}`).toBe(true);
    await context.close();
  }, 60_000);

  it('in hot-seat (Lisbon), once the device is taken, the board fills the first screen', async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'sideways-hotseat', SIDEWAYS);
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-ready').click({ timeout: UI });
    const b = await boardIn(page, '[data-testid="hs-board"]');
    expect(b.top, JSON.stringify(b)).toBeLessThanOrEqual(40);
    expect(b.headerBottom).toBeLessThanOrEqual(0);
    // The next player takes the device after the pass screen: the board comes to the top again (before, from the
    // second turn on, it stayed at y 127, the map's foot under the window's edge).
    await page.getByTestId('end-turn').click({ timeout: UI });
    await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    await page.getByTestId('pass-ready').click({ timeout: UI });
    const next = await boardIn(page, '[data-testid="hs-board"]');
    expect(next.top, JSON.stringify(next)).toBeLessThanOrEqual(40);
    expect(next.headerBottom).toBeLessThanOrEqual(0);
    await context.close();
  }, 30_000);

  it("in hot-seat (Touched On) at 740 × 360, the next player's Line and its exposed carriage are clear of the hand and the sheet", async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'sideways-hotseat-to', {
      ...SIDEWAYS,
      viewport: { width: 740, height: 360 },
    });
    // Mid-journey (touched-on-position.ts); the seat on turn plays an Evader and ends the turn, and the next player takes
    // the device: their turn is about the Line played on, its current carriage exposed.
    await hotSeatMidJourney(page, suite.server.url);
    await page.locator('[data-testid^="hand-card-E"][data-playable="yes"]').first().click({ timeout: UI });
    await page.getByTestId('play-batch').click({ timeout: UI });
    await page.getByTestId('end-turn').click({ timeout: UI });
    await page.getByTestId('pass-ready').click({ timeout: UI });
    await boardIn(page, '[data-testid="hs-board"]');
    const m = await page.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return {
          top: Math.round(r.top),
          bottom: Math.round(r.bottom),
          left: Math.round(r.left),
          right: Math.round(r.right),
        };
      };
      return {
        carriage: box('.line-col.current .carriage.current'),
        hand: box('[data-testid="hand"]'),
        sheet: box('[data-testid="actions"]'),
        banner: box('[data-testid="banner"]'),
      };
    });
    const where = JSON.stringify(m);
    // Before: the page brought the board to the window's top after the board had brought up the Line, undoing it: the
    // carriage at 257-424 under the hand (190-304) and the sheet (from 304), the Line's count under the hand's edge.
    // (The hand and the sheet now stand beside the table, held sideways: the carriage is clear of them, above or beside.)
    const clear = (a: typeof m.hand) =>
      m.carriage.bottom <= a.top || m.carriage.right <= a.left || m.carriage.left >= a.right;
    expect(clear(m.hand), `the carriage clear of the hand: ${where}`).toBe(true);
    expect(clear(m.sheet), `the carriage clear of the sheet: ${where}`).toBe(true);
    expect(m.carriage.bottom, `the carriage in the window: ${where}`).toBeLessThanOrEqual(360);
    // (Taller than the room between the banner and the hand, the carriage shows its foot, where the next batch goes.)
    expect(m.carriage.bottom, `the carriage below the banner: ${where}`).toBeGreaterThan(m.banner.bottom + 40);
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 30_000);

  it('held upright, the page stays at its top (Lisbon online, the other player to play)', async () => {
    // (On the player's own turn, Lisbon's sheet of actions has the page scroll the map clear of it: lisbon-screens.)
    const { matchID, creds } = await createJoined(suite.server.url, 'lisbon-tram-28', 2, { firstPlayer: 0 });
    const at = { url: suite.server.url, game: 'lisbon-tram-28', matchID, playerID: '1', credentials: creds[1] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'upright', at, undefined, UPRIGHT);
    const b = await boardIn(page, '[data-testid="board-wrap"]');
    expect(b.scrollY).toBe(0);
    expect(b.headerBottom).toBeGreaterThan(0);
    await context.close();
  }, 30_000);
});
