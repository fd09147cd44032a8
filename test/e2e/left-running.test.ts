/**
 * The page of a running match, opened again by the player who left it, in
 * Debian's Chromium against the real server, for every game: Player 1 leaves
 * after the first move ("Leave match"), then goes back to the match's link.
 * As a visitor now, they read that the game is under way with seat 1 open
 * (not "Waiting for 1 more", as if the table were still filling), get no
 * invitation box (a running match invites nobody: the link is one small
 * button), and are spoken to about the seat they left ("You left this
 * match"), not told of themselves in the third person; the join form offers
 * that seat. Player 2, still seated, reads "Player 1 left the match" as ever.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry';
import { createJoined, e2eSuite, findChromium, newContext, openAsSeat, playOverSockets } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: the page of a running match after leaving it', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(GAMES.map((g) => g.id))(
    '%s: says the game is under way and speaks to the leaver',
    async (game) => {
      const url = suite.server.url;
      const { matchID, creds } = await createJoined(url, game, 2);
      // The first move: the match has started.
      expect(await playOverSockets(url, game, matchID, creds, 1)).toBe(1);

      // Player 1's seat in this browser's storage, as after joining (set once, not on every load).
      const { context: first, page } = await newContext(suite.browser, errors, `left-running-${game}-p1`);
      await page.goto(`${url}/#/g/${game}`);
      const seat = { gameId: game, matchID, playerID: '0', credentials: creds[0], playerName: 'Player 1', joinedAt: 0 };
      await page.evaluate((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
      await page.goto(`${url}/#/g/${game}/match/${matchID}`);
      await page.getByTestId('leave-match').click({ timeout: UI });
      await page.getByTestId('leave-yes').click({ timeout: UI });
      await page.waitForURL((u) => !u.toString().includes('/match/'), { timeout: UI });

      // Back to the match's link, as a visitor now.
      await page.goto(`${url}/#/g/${game}/match/${matchID}`);
      await page.getByTestId('join-name').waitFor({ timeout: UI });

      // The seats bar: the game is under way with seat 1 open, not a table waiting to fill.
      await expect.poll(() => page.getByTestId('seats-status').textContent(), { timeout: UI }).toContain('open');
      const status = (await page.getByTestId('seats-status').textContent()) ?? '';
      expect(status).not.toContain('Waiting for');
      expect(await page.getByTestId('seats-open').textContent()).toContain('Game under way: seat 1 is open');
      // No invitation box: the link is one small button.
      expect(await page.getByTestId('share-link').count()).toBe(0);
      expect(await page.getByTestId('copy-watch-link').count()).toBe(1);
      // Spoken to, not of.
      expect(await page.getByTestId('left-0').count()).toBe(0);
      expect(await page.getByTestId('left-own-0').textContent()).toContain('You left this match');
      expect(await page.getByTestId('join-seat').inputValue()).toBe('0');
      expect(await page.getByTestId('join-under-way').count()).toBe(1);

      // Player 2, still seated, is told of Player 1 in the third person and may hand the seat to a bot.
      const second = await openAsSeat(suite.browser, errors, `left-running-${game}-p2`, {
        url,
        game,
        matchID,
        playerID: '1',
        credentials: creds[1],
      });
      const p2 = second.page;
      await p2.getByTestId('left-0').waitFor({ timeout: UI });
      expect(await p2.getByTestId('left-0').textContent()).toContain('Player 1 left the match');
      expect(await p2.getByTestId('hand-to-bot-0').count()).toBe(1);
      expect(await p2.getByTestId('share-link').count()).toBe(0);
      expect(await p2.getByTestId('seats-open').textContent()).toContain('Game under way: seat 1 is open');

      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      for (const c of [first, second.context]) await c.close();
    },
    60_000,
  );
});
