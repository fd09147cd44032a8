/**
 * A turn clock in Debian's Chromium against the real server (clockScale 60:
 * the 1-minute clock lasts 1 s), on Get on Board and Touched On: Ana creates
 * a match with a 1-minute clock, Bruno joins, nobody moves; the clock shows,
 * runs out, the easy bot plays the absent players' turns (on Get on Board
 * both departures, and the game goes on to the first plot), and the chat
 * says so.
 */
import { describe, expect, it } from 'vitest';
import { findChromium, newContext, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: turn clock', () => {
  const suite = e2eSuite({ clockScale: 60 });
  const errors = suite.errors;

  it.each(['get-on-board', 'touched-on'])(
    '%s: runs out, and the easy bot plays the absent players’ turns',
    async (gameId) => {
      const { page: ana } = await newContext(suite.browser, errors, `clock-ana-${gameId}`);
      await ana.goto(`${suite.server.url}/#/g/${gameId}`);
      await ana.getByTestId('player-name').fill('Ana');
      await ana.getByTestId('create-clock-1m').click();
      await ana.getByTestId('create-submit').click();
      await ana.waitForURL(/\/match\//, { timeout: UI });
      const matchID = decodeURIComponent(ana.url().split('/match/')[1]);
      const link = await ana.getByTestId('share-link').inputValue();
      const { page: bruno } = await newContext(suite.browser, errors, `clock-bruno-${gameId}`);
      await bruno.goto(link);
      await bruno.getByTestId('join-name').fill('Bruno');
      await bruno.getByTestId('join-submit').click();

      // The clock shows once the table is full, then runs out: the bot plays, and the chat says so.
      await ana.getByTestId('turn-clock').waitFor({ timeout: UI });
      // Every time it shows, from here on (the bot's turns start new waits, each a new count from the period).
      await ana.evaluate(() => {
        const w = window as unknown as { clockTexts: string[] };
        w.clockTexts = [];
        const look = () => {
          const t = document.querySelector('[data-testid="turn-clock"]')?.textContent;
          if (t) w.clockTexts.push(t);
        };
        look();
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      expect(await ana.getByTestId('turn-clock').textContent()).toMatch(/for (you|Bruno|you, Bruno)$/);
      await expect
        .poll(async () => (await suite.server.db.fetch(matchID, { state: true })).state._stateID, { timeout: UI })
        .toBeGreaterThan(0);
      await ana.getByTestId('chat').locator('summary').click();
      await expect
        .poll(() => ana.getByTestId('chat-list').textContent(), { timeout: UI })
        .toMatch(/(Ana|Bruno) ran out of time: the easy bot plays this turn\./);
      if (gameId === 'get-on-board') {
        await expect.poll(() => ana.getByTestId('chat-list').textContent()).toContain('Ana ran out of time');
        await expect.poll(() => ana.getByTestId('chat-list').textContent()).toContain('Bruno ran out of time');
        // The game has gone on to the plots. At 1 s a turn, the bot may already have played round 1's.
        await ana
          .getByTestId('round')
          .filter({ hasText: /Round ([1-9]|1[0-2])\/12/ })
          .waitFor({ timeout: UI });
      }
      // A new wait never showed more than the period (the 1-minute clock at 60 times lasts 1 s): it read 0:02 for
      // up to a second as a wait began, as 5:01 on a 5-minute clock (a multi-player review).
      const texts = await ana.evaluate(() => (window as unknown as { clockTexts: string[] }).clockTexts);
      const shownSeconds = texts.flatMap((t) => {
        const m = /Clock: (\d+):(\d\d) /.exec(t);
        return m ? [Number(m[1]) * 60 + Number(m[2])] : [];
      });
      expect(shownSeconds.length).toBeGreaterThan(0);
      expect(Math.max(...shownSeconds), texts.join(' | ')).toBeLessThanOrEqual(1);
      await screenshot(ana, `clock-ana-${gameId}`);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await ana.context().close();
      await bruno.context().close();
    },
    60_000,
  );
});
