/**
 * Hot-seat's end of game and what the shell keeps between seats, in Debian's
 * Chromium against the real server:
 * - the end of a game offers "Play again" (same names, seats, bot levels and
 *   options, a fresh game that replaces the finished one and survives a
 *   reload), "Change players" (the setup form filled in with the last
 *   settings) and "Back to the lobby", over the board's own end screen;
 *   nothing there is styled as a danger. The end comes quickly through
 *   Lisbon's rules: the stored state is marked "final round" before the first
 *   turn.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import path from 'node:path';
import { SCREENSHOTS, e2eSuite, findChromium, newContext, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** boardgame.io's persisted hot-seat matches ([matchID, state] pairs). */
async function storedMatches<G>(page: Page): Promise<[string, State<G>][]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28hs_state'))) ?? '[]') as [string, State<G>][];
}

/** The saved hot-seat game (setup and match id). */
async function savedGame(page: Page): Promise<{ matchID: string; config: unknown }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28:hotseat')))!) as {
    matchID: string;
    config: unknown;
  };
}

describe.skipIf(!CHROMIUM)('browser: hot-seat end of game', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('offers Play again, Change players and Back to the lobby at the end; a replay is a fresh game with the same table', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-end');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-kind-2').selectOption('bot');
    await page.getByTestId('hs-level-2').selectOption('easy');
    await page.getByTestId('hs-faceup-early').click();
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    // The last round: Hana, Hugo and the bot each end a turn, and the game is over.
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
    const first = await savedGame(page);
    const firstSeed = (await storedMatches(page))[0][1].plugins.random.data as { seed: string };

    // The way on is offered over the final scores (the bar sits above the board's end screen), and is not a danger.
    await page.getByTestId('hs-end').waitFor({ timeout: UI });
    await screenshot(page, 'hotseat-end-bar');
    expect(await page.locator('.hotseat-game .danger').count()).toBe(0);
    expect(await page.getByTestId('hs-to-lobby').getAttribute('href')).toBe('#/g/lisbon-tram-28');
    // On a phone its buttons wrap inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = (await page.getByTestId('hs-end').boundingBox())!;
    expect(bar.x).toBeGreaterThanOrEqual(0);
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'hotseat-end-bar-phone.png') });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Change players: the form comes back with the last settings.
    await page.getByTestId('hs-change-players').click();
    await page.getByTestId('hotseat-setup').waitFor({ timeout: UI });
    expect(await page.getByTestId('hs-players-3').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-name-0').inputValue()).toBe('Hana');
    expect(await page.getByTestId('hs-name-1').inputValue()).toBe('Hugo');
    expect(await page.getByTestId('hs-kind-2').inputValue()).toBe('bot');
    expect(await page.getByTestId('hs-level-2').inputValue()).toBe('easy');
    expect(await page.getByTestId('hs-faceup-early').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-first').inputValue()).toBe('0');
    expect(await page.getByTestId('hs-pace-instant').getAttribute('aria-checked')).toBe('true');

    // The finished game is still there to look at; from its end, Play again.
    await page.getByTestId('hs-resume').click();
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await page.getByTestId('hs-play-again').click({ timeout: UI });

    // A fresh game with the same table: Hana (the chosen first player) is asked for first.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Hana');
    const names = await page.locator('[data-testid^="hs-seat-"]').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(['Hana', 'Hugo', 'Bot 3 (easy)']);
    const second = await savedGame(page);
    expect(second.matchID).not.toBe(first.matchID);
    expect(second.config).toEqual(first.config);
    const stored = await storedMatches<GState>(page);
    // The finished game is replaced, not kept beside it.
    expect(stored.map(([id]) => id)).toEqual([second.matchID]);
    const fresh = stored[0][1];
    expect(fresh.ctx.gameover).toBeUndefined();
    expect(fresh.ctx.turn).toBe(1);
    expect(fresh.G.endTriggered).toBe(false);
    expect((fresh.plugins.random.data as { seed: string }).seed).not.toBe(firstSeed.seed);

    // Play goes on, and a reload resumes the new game where it was.
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').click({ timeout: UI });
    await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Hugo');
    await page.reload();
    await expect.poll(() => page.getByTestId('hs-resume-title').textContent(), { timeout: UI }).toBe('Unfinished game');
    await page.getByTestId('hs-resume').click();
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Hugo');
    expect((await storedMatches(page)).map(([id]) => id)).toEqual([second.matchID]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
