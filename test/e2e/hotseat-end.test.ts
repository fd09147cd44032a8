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
 * - Touched On: the player a Tram Tracker takes from is told which card went
 *   and which came when they next take the device (their board is mounted
 *   afresh after the pass screen), and only on their own screen.
 * - While a bot plays after a human's turn, with other humans at the table,
 *   no hand is on screen and a notice says so; the next human gets the pass
 *   screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import type { TOState } from '../../src/games/touched-on/types';
import { give } from '../games/touched-on/helpers';
import path from 'node:path';
import { violations } from './axe';
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

  /** Starts a Lisbon hot-seat game of Hana, Hugo and an easy bot, after `options` set the rest of the form. */
  async function lisbonForThree(page: Page, options: () => Promise<unknown>) {
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-kind-2').selectOption('bot');
    await page.getByTestId('hs-level-2').selectOption('easy');
    await options();
    await page.getByTestId('hs-start').click();
  }

  it('offers Play again, Change players and Back to the lobby at the end; a replay is a fresh game with the same table', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-end');
    await page.setViewportSize({ width: 1366, height: 768 });
    await lisbonForThree(page, async () => {
      await page.getByTestId('hs-faceup-early').click();
      await page.getByTestId('hs-first').selectOption('0');
      await page.getByTestId('hs-pace-instant').click();
    });
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
    expect(await violations(page)).toEqual([]);
    expect(await page.getByTestId('hs-to-lobby').getAttribute('href')).toBe('#/g/lisbon-tram-28');
    // On a phone its buttons wrap inside the screen, and the final scores stop above it: their last button is not
    // under the bar.
    await page.setViewportSize({ width: 390, height: 600 });
    const bar = (await page.getByTestId('hs-end').boundingBox())!;
    expect(bar.x).toBeGreaterThanOrEqual(0);
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    await page.getByTestId('gameover-close').scrollIntoViewIfNeeded();
    const dialog = (await page.getByTestId('gameover').boundingBox())!;
    expect(dialog.y + dialog.height).toBeLessThanOrEqual(bar.y);
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

  it("tells the Tram Tracker's target, once they hold the device, which card went and which came", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-tracker');
    // Every toast shown, with the part of the game it showed in (set by the test).
    await context.addInitScript(() => {
      const w = window as unknown as { __toasts: { text: string; phase: string }[]; __phase: string };
      w.__toasts = [];
      w.__phase = 'start';
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="toast"]')) {
          if (seen.has(el)) continue;
          seen.add(el);
          w.__toasts.push({ text: el.textContent ?? '', phase: w.__phase });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const phase = (p: string) => page.evaluate((v) => ((window as unknown as { __phase: string }).__phase = v), p);
    const toasts = () =>
      page.evaluate(() => (window as unknown as { __toasts: { text: string; phase: string }[] }).__toasts);

    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Bruno');
    // Bruno deals: Ana, to his left, starts.
    await page.getByTestId('hs-dealer-1').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    // Ana holds a Tram Tracker, a Priority Seat and an Evader of 96; Bruno an Evader of 86 and an Authorised Inspector 96.
    const entries = await storedMatches<TOState>(page);
    const G = entries[0][1].G;
    expect(entries[0][1].ctx.currentPlayer).toBe('0');
    for (const p of Object.values(G.players)) {
      G.drawPile.push(...p.hand!);
      p.hand = [];
      p.handSize = 0;
    }
    const [tracker, , e96] = give(G, '0', ['tramTracker', 'prioritySeat', 'E96']);
    const [e86, a96] = give(G, '1', ['E86', 'A96']);
    G.drawCount = G.drawPile.length;
    await page.evaluate((v) => localStorage.setItem('lt28hs_state', v), JSON.stringify(entries));
    await page.reload();
    await page.getByTestId('hs-resume').click({ timeout: UI });

    await phase('ana');
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Ana');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId(`hand-card-${tracker}`).click({ timeout: UI });
    await page.getByTestId('tracker-target-1').click();
    await page.getByTestId(`take-${a96}`).click({ timeout: UI });
    await page.getByTestId(`give-${e96}`).click();
    await page.getByTestId('tracker-swap').click();

    // Bruno's turn: the pass screen, then his hand, with the news.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Bruno');
    await phase('bruno');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId(`hand-card-${e96}`).waitFor({ timeout: UI });
    const told = 'Ana took your Authorised Inspector 96 and gave you Evader 96.';
    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: UI }).toContain(told);
    await screenshot(page, 'hotseat-tracker-target-told');
    // Ana's screen never showed it, and Bruno is told once.
    expect((await toasts()).filter((t) => t.text === told).map((t) => t.phase)).toEqual(['bruno']);

    // Bruno plays his Evader of 86; back at Ana's screen, nothing of Bruno's swap shows.
    await page.getByTestId(`hand-card-${e86}`).click();
    await page.getByTestId('play-batch').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Ana');
    await phase('ana again');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await page.waitForTimeout(500);
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("hides the last human's hand while a bot plays, and says so", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-bot-turn');
    await lisbonForThree(page, () => page.getByTestId('hs-first').selectOption('0'));
    for (const name of ['Hana', 'Hugo']) {
      await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe(name);
      await page.getByTestId('pass-ready').click();
      await page.getByTestId('end-turn').click({ timeout: UI });
      await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    }
    // Bot 3's turn (at the relaxed pace): the table, but nobody's hand, and why.
    await page.getByTestId('hs-bot-turn').waitFor({ timeout: UI });
    expect(await page.getByTestId('hs-bot-turn').textContent()).toMatch(/Bot 3 \(easy\) is playing/);
    expect(await page.getByTestId('map').count()).toBe(1);
    expect(await page.getByTestId('hand').count()).toBe(0);
    await screenshot(page, 'hotseat-bot-turn');
    // Then Hana, behind the pass screen.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: 30_000 }).toBe('Hana');
    expect(await page.getByTestId('hs-bot-turn').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
