/**
 * Touched On in hot-seat at 1280 × 800, with the keyboard only: focus never rests on the page's body (from where the
 * next Tab starts again at the site's header) when the focused control goes away or is turned off.
 *
 * - The Evader count's + and − at their limit stay focused (marked aria-disabled) and refuse the press; before, they
 *   were disabled while focused, focus fell to the body, and Shift+Tab went on from the hand's far end.
 * - "Next journey" on the journey summary, pressed with Enter, closes it with no move made: focus goes on to the
 *   action panel; before, it stayed on the body (the board moved focus only when the choice or the state changed).
 * - Under a Peak Hour (1 card only): Enter on an Evader, Enter on Play, and focus is on End turn. (This one passed
 *   before the change too: it guards the path the review described.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { TOState } from '../../src/games/touched-on/types';
import { emptyHands, give } from '../games/touched-on/helpers';
import {
  changeStoredHotSeat,
  e2eSuite,
  findChromium,
  focused,
  newContext,
  storedHotSeat,
  type E2ESuite,
  focusTrail,
  watchFocus,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** Presses `key`, then watches focus for `ms`: at most one sample on the body (the frame a control goes away in). */
async function pressKeepingFocus(page: Page, key: string, ms = 800): Promise<void> {
  await watchFocus(page);
  await page.keyboard.press(key);
  await page.waitForTimeout(ms);
  const trail = await focusTrail(page);
  expect(trail.filter((t) => t === 'BODY').length, `focus went to the body: ${trail.join(' ')}`).toBeLessThanOrEqual(1);
  expect(await focused(page)).not.toBe('BODY');
}

/** Tabs until a control whose data-testid is one of `ids` has focus (at most 80 presses). */
async function tabTo(page: Page, ids: string[]): Promise<string> {
  for (let i = 0; i <= 80; i++) {
    const at = await focused(page);
    if (ids.includes(at)) return at;
    await page.keyboard.press('Tab');
  }
  throw new Error(`none of ${ids.join(', ')} within 80 Tabs (focus on ${await focused(page)})`);
}

/**
 * A two-player hot-seat game (Ana, Bruno) whose stored state `change` rewrites; then, as a keyboard player would,
 * Enter on the pass screen shows the board of the seat on turn.
 */
async function hotSeat<R>(suite: E2ESuite, label: string, change: (state: State<TOState>) => R) {
  const { context, page } = await newContext(suite.browser, suite.errors, label, {
    viewport: { width: 1280, height: 800 },
  });
  await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
  await page.getByTestId('hs-players-2').click();
  await page.getByTestId('hs-name-0').fill('Ana');
  await page.getByTestId('hs-name-1').fill('Bruno');
  await page.getByTestId('hs-start').click();
  await page.getByTestId('pass-ready').waitFor({ timeout: UI });
  const found = await changeStoredHotSeat<TOState, R>(page, change);
  await page.getByTestId('hs-resume').click({ timeout: UI });
  await page.getByTestId('pass-ready').waitFor({ timeout: UI });
  await page.getByTestId('pass-ready').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('actions').waitFor({ timeout: UI });
  return { context, page, found };
}

/** The seat on turn holds `mine` (short names, see give()), the other seat two Evaders of 86. */
function deal(state: State<TOState>, mine: string[]): string[] {
  const G = state.G;
  const other = state.ctx.currentPlayer === '0' ? '1' : '0';
  emptyHands(G);
  const got = give(G, state.ctx.currentPlayer, mine);
  give(G, other, ['E86', 'E86']);
  G.drawCount = G.drawPile.length;
  return got;
}

describe.skipIf(!CHROMIUM)('browser: Touched On keeps keyboard focus on the board', () => {
  const suite = e2eSuite();

  it('+ and − at their limit keep focus and refuse the press; nothing is played', async () => {
    const { context, page, found } = await hotSeat(suite, 'to-focus-count', (s) => deal(s, ['E96', 'E96', 'E86']));
    const [a, b] = found;
    await tabTo(page, [`hand-card-${a}`, `hand-card-${b}`]);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: UI }).toBe('play-batch');
    // Back to + (before it: All 2).
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('batch-plus');
    // Both Evaders of 96 are in: + is at its limit, and keeps focus.
    await pressKeepingFocus(page, 'Enter');
    expect(await page.getByTestId('batch-count').textContent()).toBe('2');
    expect(await focused(page)).toBe('batch-plus');
    expect(await page.getByTestId('batch-plus').getAttribute('aria-disabled')).toBe('true');
    // Pressed again, it refuses: still 2.
    await pressKeepingFocus(page, 'Enter');
    expect(await page.getByTestId('batch-count').textContent()).toBe('2');
    expect(await focused(page)).toBe('batch-plus');
    // − down to 0, then once more: focus stays on it, the count at 0.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('batch-minus');
    await pressKeepingFocus(page, 'Enter');
    await pressKeepingFocus(page, 'Enter');
    expect(await page.getByTestId('batch-count').textContent()).toBe('0');
    expect(await page.getByTestId('batch-minus').getAttribute('aria-disabled')).toBe('true');
    await pressKeepingFocus(page, 'Enter');
    expect(await page.getByTestId('batch-count').textContent()).toBe('0');
    expect(await focused(page)).toBe('batch-minus');
    // Tab goes on inside the group, to +, which adds one again.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('batch-plus');
    await pressKeepingFocus(page, 'Enter');
    expect(await page.getByTestId('batch-count').textContent()).toBe('1');
    // Nothing was played meanwhile (before, Enter from the body's Shift+Tab played a hand card).
    const [[, s]] = await storedHotSeat<TOState>(page);
    expect(s.G.turn.played).toBe(0);
    expect(s.G.pending).toBeNull();
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('Enter on "Next journey" closes the journey summary with focus in the action panel, not on the body', async () => {
    const { context, page } = await hotSeat(suite, 'to-focus-summary', (state) => {
      // Journey 2, just dealt: the board opens with the summary of journey 1 (ended by a stall), its button focused.
      const G = state.G;
      const dealer = state.ctx.playOrder[0];
      G.journey = 2;
      G.log = [
        { type: 'journey', journey: 1, dealer },
        { type: 'journeyEnd', journey: 1, reason: 'stall' },
        { type: 'journey', journey: 2, dealer },
      ];
    });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('journey-summary-close');
    await pressKeepingFocus(page, 'Enter');
    await page.getByTestId('journey-summary').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('actions');
    // The next Tab goes on from the panel, not from the site's header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.to-board'))).toBe(true);
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('under a Peak Hour, Enter on an Evader and on Play leaves focus on End turn', async () => {
    const { context, page, found } = await hotSeat(suite, 'to-focus-peak', (state) => {
      // Bruno (or Ana) holds the Peak Hour: the seat on turn may add 1 card, and still holds a Free Tram Zone after.
      const got = deal(state, ['E96', 'E96', 'E86', 'freeTramZone']);
      const other = state.ctx.currentPlayer === '0' ? '1' : '0';
      const [peak] = give(state.G, other, ['peakHour']);
      state.G.players[other].hand!.pop();
      state.G.players[other].handSize = state.G.players[other].hand!.length;
      state.G.peakHours = [{ card: peak, owner: other }];
      return got;
    });
    const [a, b] = found;
    await tabTo(page, [`hand-card-${a}`, `hand-card-${b}`]);
    await pressKeepingFocus(page, 'Enter');
    expect(await focused(page)).toBe('play-batch');
    expect(await page.getByTestId('batch-plus').getAttribute('aria-disabled')).toBe('true');
    await pressKeepingFocus(page, 'Enter', 1500);
    await expect.poll(() => focused(page), { timeout: UI }).toBe('end-turn');
    const [[, s]] = await storedHotSeat<TOState>(page);
    expect(s.G.turn.played).toBe(1);
    expect(suite.errors).toEqual([]);
    await context.close();
  }, 60_000);
});
