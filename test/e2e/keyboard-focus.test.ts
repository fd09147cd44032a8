/**
 * Where focus goes after a keyboard player's main action, in Debian's Chromium against the real server: never to
 * the page's body (where the next Tab starts again from the top of the page). Lisbon: Enter on "Confirm move"
 * with actions left, and Enter on "End turn — draw 4 tickets"; Get on Board: the match page's first
 * focus, Enter on a departure ticket and Enter on Confirm of a plot. Touched On's own test is
 * touched-on-keyboard.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import type { GobState } from '../../src/games/get-on-board/types';
import {
  createJoined,
  e2eSuite,
  findChromium,
  focusTrail,
  openAsSeat,
  watchFocus,
  type E2EServer,
  focused,
} from './harness';
import { RawClient } from '../server/harness';
import { getOnBoard } from '../../src/games/get-on-board/def';

const CHROMIUM = findChromium();
const UI = 10_000;

/**
 * Presses `key`, waits for `done`, then watches focus for `ms` more: it must never have rested on the body, but
 * for one sample (the frame in which the pressed control goes away).
 */
async function pressKeepingFocus(page: Page, key: string, done: () => Promise<unknown>, ms = 2500) {
  await watchFocus(page);
  await page.keyboard.press(key);
  await done();
  await page.waitForTimeout(ms);
  const trail = await focusTrail(page);
  const body = trail.filter((t) => t === 'BODY').length;
  expect(body, `focus went to the body: ${trail.join(' ')}`).toBeLessThanOrEqual(1);
  expect(await focused(page)).not.toBe('BODY');
  return trail;
}

/** Tabs until a control whose data-testid matches `re` has focus (at most `max` presses); returns the count. */
async function tabTo(page: Page, re: RegExp, max = 80): Promise<number> {
  for (let i = 0; i <= max; i++) {
    if (re.test(await focused(page))) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no ${re} within ${max} Tabs (focus on ${await focused(page)})`);
}

async function stored<G>(server: E2EServer, matchID: string): Promise<State<G>> {
  return (await server.db.fetch(matchID, { state: true })).state as State<G>;
}

describe.skipIf(!CHROMIUM)('browser: focus after the main action, with the keyboard', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Lisbon: Confirm move and End turn leave focus on the next thing to do, never on the body', async () => {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, 'lisbon-tram-28', 2, {
      faceUp: 'final',
      firstPlayer: 0,
    });
    const { page, context } = await openAsSeat(browser, errors, 'lisbon-focus', {
      url: server.url,
      game: 'lisbon-tram-28',
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await page.locator('[data-testid="turn-banner"].mine').waitFor({ timeout: UI });
    await page.locator('.lt-mapcol [data-testid^="dest-"]').first().waitFor({ timeout: UI });

    /** Tab to a place, Enter chooses it, Enter on Confirm moves: focus never rests on the body, nor waits for the tram. */
    const moveByKeyboard = async () => {
      const s = await stored<GState>(server, matchID);
      await tabTo(page, /^dest-/);
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), { timeout: UI }).toBe('confirm-move');
      const trail = await pressKeepingFocus(page, 'Enter', () =>
        expect
          .poll(async () => (await stored<GState>(server, matchID))._stateID, { timeout: UI })
          .toBeGreaterThan(s._stateID),
      );
      expect(trail.slice(0, 10).filter((t) => t === 'BODY').length, trail.join(' ')).toBeLessThanOrEqual(1);
    };
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

    // Turn 1: a move with actions left, then End turn (it asks first) with Enter.
    await moveByKeyboard();
    expect((await stored<GState>(server, matchID)).ctx.currentPlayer).toBe('0');
    await page.getByTestId('end-turn').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('end-turn-cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('end-turn-confirm');
    await pressKeepingFocus(page, 'Enter', () =>
      expect.poll(async () => (await stored<GState>(server, matchID)).ctx.currentPlayer, { timeout: UI }).toBe('1'),
    );
    // Focus rests on the actions, which say whom the game waits for.
    expect(await focusedText()).toContain('Waiting for');

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('Tab goes through the board and on out of it: Lisbon past its Monument display, Get on Board past its departures', async () => {
    const { server, browser } = suite;
    const lisbon = await createJoined(server.url, 'lisbon-tram-28', 2, { faceUp: 'final', firstPlayer: 0 });
    const l = await openAsSeat(browser, errors, 'lisbon-tab', {
      url: server.url,
      game: 'lisbon-tram-28',
      matchID: lisbon.matchID,
      playerID: '0',
      credentials: lisbon.creds[0],
    });
    await l.page.locator('.lt-mapcol [data-testid^="dest-"]').first().waitFor({ timeout: UI });
    await tabTo(l.page, /^dest-/);
    // Each display card points out its monument while focused: its blur, a render, took focus back to the map.
    await tabTo(l.page, /^end-turn$/);
    await tabTo(l.page, /^nav-games$/);
    await l.context.close();

    const gob = await createJoined(server.url, 'get-on-board', 2);
    const g = await openAsSeat(browser, errors, 'gob-tab', {
      url: server.url,
      game: 'get-on-board',
      matchID: gob.matchID,
      playerID: '0',
      credentials: gob.creds[0],
    });
    await g.page.getByTestId('departure-panel').waitFor({ timeout: UI });
    await expect
      .poll(() => g.page.evaluate(() => !!document.activeElement?.classList.contains('gob-target')), { timeout: UI })
      .toBe(true);
    await tabTo(g.page, /^departure-\d+$/);
    await tabTo(g.page, /^nav-games$/);
    expect(errors).toEqual([]);
    await g.context.close();
  }, 90_000);

  it('Get on Board: focus starts on the board, and stays on it after a departure and a plot', async () => {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, 'get-on-board', 2);
    const { page, context } = await openAsSeat(browser, errors, 'gob-focus', {
      url: server.url,
      game: 'get-on-board',
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await page.getByTestId('departure-panel').waitFor({ timeout: UI });
    // The page's first focus is on the board: a departure on the map (it took 10 Tabs to reach one).
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.classList.contains('gob-target')), { timeout: UI })
      .toBe(true);

    // Enter keeps the ticket: focus stays on the departure panel, which says whom the game waits for.
    await pressKeepingFocus(page, 'Enter', () => page.getByTestId('departure-chosen').waitFor({ timeout: UI }), 800);
    expect(await focused(page)).toBe('departure-panel');

    // The other player chooses: the plot is this seat's or the other's; focus is still on the board.
    const raw = new RawClient(server.url, { namespace: 'get-on-board' });
    try {
      await raw.sync(matchID, '1', creds[1]);
      const offers = (raw.state as State<GobState>).G.offers['1'];
      const before = raw.state!._stateID;
      await watchFocus(page);
      raw.move(matchID, '1', creds[1], 'chooseDeparture', [{ ticket: offers[0] }], before);
      await page.getByTestId('round').waitFor({ timeout: UI });
      await page.waitForTimeout(800);
      expect((await focusTrail(page)).filter((t) => t === 'BODY').length).toBeLessThanOrEqual(1);
      expect(await focused(page)).not.toBe('BODY');

      const state = await stored<GobState>(server, matchID);
      if (state.G.toPlay !== '0') {
        // Bruno plots first (over the socket): then it is this seat's plot.
        expect(await focused(page)).toBe('waiting');
        await raw.waitFor(() => (raw.state as State<GobState>).G.round > 0, UI, 'round 1');
        const own = raw.state as State<GobState>;
        const [m] = getOnBoard.bots.moves(own.G, own.ctx, '1') as Array<{ move: string; args?: unknown }>;
        const args = m.args === undefined ? [] : Array.isArray(m.args) ? m.args : [m.args];
        raw.move(matchID, '1', creds[1], m.move, args, own._stateID);
        await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      }
      // This seat's plot: focus is on the map's first target; Enter picks markers until the plot is whole.
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      await page.waitForTimeout(300);
      for (let i = 0; i < 12 && (await focused(page)) !== 'plot-confirm'; i++) {
        const onTarget = await page.evaluate(() => !!document.activeElement?.classList.contains('gob-target'));
        expect(onTarget, `focus on ${await focused(page)}`).toBe(true);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(150);
      }
      expect(await focused(page)).toBe('plot-confirm');
      const before2 = (await stored<GobState>(server, matchID))._stateID;
      await pressKeepingFocus(page, 'Enter', () =>
        expect
          .poll(async () => (await stored<GobState>(server, matchID))._stateID, { timeout: UI })
          .toBeGreaterThan(before2),
      );
      const after = await stored<GobState>(server, matchID);
      if (after.G.toPlay === '0') {
        // Bruno plotted first, so this plot ended round 1, and this seat is round 2's Inspector: focus is on the new
        // plot's first target.
        await page
          .getByTestId('round')
          .filter({ hasText: /Round 2/ })
          .waitFor({ timeout: UI });
        expect(await page.evaluate(() => !!document.activeElement?.classList.contains('gob-target'))).toBe(true);
      } else {
        // The turn passed to Bruno: focus rests on the line that says whom the game waits for.
        expect(await focused(page)).toBe('waiting');
      }
    } finally {
      raw.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
