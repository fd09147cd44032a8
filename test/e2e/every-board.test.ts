/**
 * What every game's board must pass, for every game in the registry, so a
 * new game is held to it without a line here (each game's own browser tests
 * add its turns through the UI, its keyboard play and its colour marks):
 *  - a seat's board, in a hot-seat game against a bot, fits the screen's
 *    width at 390×844 (touch), 1366×768 and 1920×1080: the page never
 *    scrolls sideways;
 *  - the board marks its banner with BOARD_BANNER, once, as the page's
 *    floating Take back looks for it there (src/client/TakeBack.tsx);
 *  - axe-core finds no serious or critical violation on that board (at
 *    1366×768), on the end screen of a game played through by bots, and on
 *    the table behind the closed end screen.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_BANNER } from '../../src/games/common/board-props';
import { GAMES } from '../../src/games/registry';
import { botsToTheEnd, violations } from './axe';
import { e2eSuite, findChromium, newContext, SCREENS, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: every game’s board', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(GAMES.map((g) => [g.alias, g.id] as const))(
    '%s: a seat’s board fits every screen and passes axe; so do the end screen and the table behind it',
    async (alias, id) => {
      const found: string[] = [];
      for (const size of SCREENS) {
        const context = await suite.browser.newContext({
          viewport: { width: size.width, height: size.height },
          isMobile: size.touch,
          hasTouch: size.touch,
        });
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(`[every-board ${alias} ${size.name}] pageerror: ${e.message}`));
        await page.goto(`${suite.server.url}/#/g/${id}/hotseat`);
        await page.getByTestId('hs-name-0').fill('Ana');
        await page.getByTestId('hs-kind-1').selectOption('bot');
        await page.getByTestId('hs-level-1').selectOption('easy');
        await page.getByTestId('hs-pace-instant').click();
        await page.getByTestId('hs-start').click();
        await page.getByTestId('hotseat-game').waitFor({ timeout: UI });
        // The bot's opening moves, if any, come first: the board then waits for Ana (her seat acting, her board's
        // code loaded), once its fonts and images are in and two frames have been laid out.
        await page.locator('[data-testid="hs-seat-0"].acting').waitFor({ timeout: UI });
        await page.getByTestId('code-loading').waitFor({ state: 'detached', timeout: UI });
        await page.evaluate(async () => {
          await document.fonts.ready;
          await Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined)));
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${size.name}: the page is wider than the screen`).toBeLessThanOrEqual(0);
        const banners = await page.locator(`[data-testid="hs-board"] .${BOARD_BANNER}`).count();
        expect(banners, `${size.name}: the board's banners marked ${BOARD_BANNER}`).toBe(1);
        await screenshot(page, `every-board-${alias}-${size.name}`);
        if (size.name === 'laptop') found.push(...(await violations(page)).map((v) => `board: ${v}`));
        await context.close();
      }
      const end = await newContext(suite.browser, errors, `every-board-${alias}-end`);
      await botsToTheEnd(end.page, suite.server.url, id, 2, 150_000);
      found.push(...(await violations(end.page)).map((v) => `end screen: ${v}`));
      await end.page.getByTestId('gameover-close').click();
      await end.page.getByTestId('gameover').waitFor({ state: 'detached', timeout: UI });
      found.push(...(await violations(end.page)).map((v) => `the table at the end: ${v}`));
      expect(found).toEqual([]);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await end.context.close();
    },
    240_000,
  );
});
