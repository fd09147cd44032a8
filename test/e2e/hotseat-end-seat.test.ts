/**
 * Hot-seat, in Debian's Chromium against the real server: a game of several
 * humans that ends on a bot's move shows its end from the seat of the last
 * human who took the device, as one ending on that human's move does (their
 * hand on the table behind the final scores, their panel marked "you"), not
 * from a spectator's view with no hand; a reload of the finished game shows
 * it from the same seat, or from the first human's when that is forgotten or
 * stored wrong. The end comes quickly through Lisbon's rules: the
 * stored state is marked "final round" before the first turn.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** boardgame.io's persisted hot-seat matches ([matchID, state] pairs). */
async function storedMatches<G>(page: Page): Promise<[string, State<G>][]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28hs_state'))) ?? '[]') as [string, State<G>][];
}

/** Whose board is on screen: the seat whose panel says "you", and whether a hand is shown. */
async function seen(page: Page): Promise<{ you: string[]; hand: number }> {
  const you = await page
    .locator('[data-testid^="player-"]')
    .evaluateAll((els) => els.filter((e) => e.querySelector('.you')).map((e) => e.getAttribute('data-testid')!));
  return { you, hand: await page.getByTestId('hand').count() };
}

describe.skipIf(!CHROMIUM)('browser: hot-seat end from a seat', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it("shows the end of a game a bot's move ended from the last human's seat, also after a reload", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-end-seat');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-kind-2').selectOption('bot');
    await page.getByTestId('hs-level-2').selectOption('easy');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    // The last round: Hana, Hugo and then the bot each end a turn, and the bot's ends the game.
    const entries = await storedMatches<GState>(page);
    entries[0][1].G.endTriggered = true;
    await page.evaluate((v) => localStorage.setItem('lt28hs_state', v), JSON.stringify(entries));
    await page.reload();
    await page.getByTestId('hs-resume').click({ timeout: UI });
    for (const name of ['Hana', 'Hugo']) {
      await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe(name);
      await page.getByTestId('pass-ready').click();
      await page.getByTestId('end-turn').click({ timeout: UI });
      await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    }
    await page.getByTestId('gameover').waitFor({ timeout: 30_000 });
    expect((await storedMatches<GState>(page))[0][1].ctx.currentPlayer).toBe('2');

    // Hugo held the device last: the end is his seat's, his hand behind the final scores.
    expect(await seen(page)).toEqual({ you: ['player-1'], hand: 1 });
    await page.getByTestId('gameover-close').click();
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await screenshot(page, 'hotseat-end-seat-table');

    // The finished game, reloaded: the same seat.
    await page.reload();
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(await seen(page)).toEqual({ you: ['player-1'], hand: 1 });

    // Who held the device forgotten (a new tab), or stored wrong (the bot's seat, a seat that does not exist): the
    // first human's seat.
    for (const holder of [null, '2', '9']) {
      await page.evaluate((h) => {
        const key = 'lt28:hotseat-seats';
        if (h === null) sessionStorage.removeItem(key);
        else sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), holder: h }));
      }, holder);
      await page.reload();
      await page.getByTestId('hs-resume').click({ timeout: UI });
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      expect(await seen(page)).toEqual({ you: ['player-0'], hand: 1 });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
