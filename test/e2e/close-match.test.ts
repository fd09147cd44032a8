/**
 * Closing a match from the waiting room, in Debian's Chromium against the
 * real server: the creator (Ana) and a second player (Bruno) wait in a
 * 3-player match, a visitor watches; only Ana sees "Close match"; she closes
 * it with the keyboard through the confirmation (Esc backs out first); Bruno's
 * and the watcher's pages (told over their sockets) and a visitor's join form
 * (told when it next asks for the match) say the creator closed it and lead
 * back to the lobby, which no longer lists the match, in "Open matches" or
 * "Your matches".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium, newContext, screenshot, e2eSuite, waitingForPlayers } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const GAME = 'touched-on';

/** The data-testid of the focused element. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

describe.skipIf(!CHROMIUM)('browser: the creator closes a match', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('closes it with the keyboard; the others are told and sent back to a lobby without it', async () => {
    const { page: ana, matchID, link } = await waitingForPlayers(suite, 'close', GAME, 3);

    const { page: bruno } = await newContext(suite.browser, errors, 'close-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('join-name').fill('Bruno');
    await bruno.getByTestId('join-submit').click();
    await bruno.getByTestId('waiting-room').waitFor({ timeout: UI });
    const { page: carla } = await newContext(suite.browser, errors, 'close-carla');
    await carla.goto(link);
    await carla.getByTestId('watch').click();
    await carla.getByTestId('waiting-room').waitFor({ timeout: UI });
    await expect.poll(() => ana.getByTestId('waiting-seat-1').textContent(), { timeout: UI }).toContain('Bruno');
    // A visitor still reading the join form has no socket: the page learns of the close when it next asks.
    const { page: dana } = await newContext(suite.browser, errors, 'close-dana');
    await dana.goto(link);
    await dana.getByTestId('join-name').waitFor({ timeout: UI });

    // Only the creator is offered the button.
    await ana.getByTestId('close-match').waitFor({ timeout: UI });
    expect(await bruno.getByTestId('close-match').count()).toBe(0);
    expect(await carla.getByTestId('close-match').count()).toBe(0);

    // The keyboard: Enter asks first, with the safe answer focused; Esc backs out, to the button.
    await ana.getByTestId('close-match').focus();
    await ana.keyboard.press('Enter');
    const dialog = ana.getByRole('alertdialog', { name: 'Close this match?' });
    await dialog.waitFor({ timeout: UI });
    expect(await dialog.textContent()).toContain('The seated players will be sent back to the lobby.');
    expect(await focused(ana)).toBe('close-keep');
    await screenshot(ana, 'close-match-confirm');
    await ana.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(ana)).toBe('close-match');
    expect((await suite.server.db.fetch(matchID, { metadata: true })).metadata).toBeDefined();

    await ana.keyboard.press('Enter');
    await dialog.waitFor({ timeout: UI });
    await ana.keyboard.press('Tab');
    expect(await focused(ana)).toBe('close-confirm-yes');
    await ana.keyboard.press('Enter');

    // Ana lands in the lobby; the others are told, and offered the way back.
    await ana.waitForURL((url) => !url.hash.includes('/match/'), { timeout: UI });
    await ana.getByTestId('open-matches').waitFor({ timeout: UI });
    for (const page of [bruno, carla, dana]) {
      const closed = page.getByTestId('match-closed');
      await closed.waitFor({ timeout: UI });
      expect(await closed.textContent()).toContain('The creator closed this match');
      expect(await closed.textContent()).toContain('Ana closed it before it started');
    }
    await screenshot(bruno, 'close-match-closed');
    await bruno.getByTestId('back-to-lobby').click();
    await bruno.waitForURL((url) => !url.hash.includes('/match/'), { timeout: UI });
    await bruno.getByTestId('open-matches').waitFor({ timeout: UI });

    // Neither lobby lists the match: not among the open matches, not among "Your matches".
    for (const page of [ana, bruno]) {
      await page.getByTestId('open-matches').getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => page.getByTestId(`open-${matchID}`).count(), { timeout: UI }).toBe(0);
      expect(await page.getByTestId(`mine-${matchID}`).count()).toBe(0);
    }
    expect((await suite.server.db.fetch(matchID, { metadata: true })).metadata).toBeUndefined();
    expect(suite.server.logs.some((l) => l.includes('match closed by its creator'))).toBe(true);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const page of [ana, bruno, carla, dana]) await page.context().close();
  }, 90_000);
});
