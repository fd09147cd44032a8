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
 *    the table behind the closed end screen;
 *  - that table, on a phone, keeps no bare room under its last row for the
 *    turn's sheet, which is gone once the game is over.
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
      // On a phone, the table at the end keeps no room under it for the turn's sheet, which is gone: scrolled to the
      // foot, the board's last row stands just above the page's end bar (the page keeps the bar's room), or above
      // the board's "Final scores" where that floats over the page's foot. Each board kept 45vh there, a bare band
      // of about 400 px at 390 × 844.
      await end.page.setViewportSize({ width: 390, height: 844 });
      const bare = await end.page.evaluate(async () => {
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        await frame();
        window.scrollTo(0, document.documentElement.scrollHeight);
        await frame();
        await frame();
        // From the bar up, the first row where something of the board's own (not its background, nor a fixed sheet)
        // is what a finger would land on.
        const holder = document.querySelector('[data-testid="hs-board"]')!;
        const backdrop = new Set<Element | null>([holder, holder.firstElementChild]);
        const fixed = (el: Element | null): boolean =>
          !!el && el !== holder && (getComputedStyle(el).position === 'fixed' || fixed(el.parentElement));
        const top = document.querySelector('[data-testid="hs-end"]')!.getBoundingClientRect().top;
        for (let y = top - 1; y > 0; y -= 2) {
          for (const x of [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => f * window.innerWidth)) {
            const el = document.elementFromPoint(x, y);
            if (el && holder.contains(el) && !backdrop.has(el) && !fixed(el)) return top - y;
          }
        }
        return top;
      });
      expect(bare, 'bare room between the board’s last row and the end bar, at 390 × 844').toBeLessThanOrEqual(100);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await end.context.close();
    },
    240_000,
  );
});
