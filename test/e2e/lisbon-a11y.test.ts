/**
 * axe-core (its npm package, injected into the page) on Lisbon's board and
 * its end screen, in Debian's Chromium against the real server: a two-player
 * hot-seat game, checked on the turn's start, with a destination chosen, and
 * on the end screen. The end comes quickly through the rules: the stored
 * hot-seat state is marked "final round" before the first turn, so the game
 * ends when both players have ended their turns. Then a phone: the zoomed
 * pick open, and the bottom sheet with a destination chosen. Fails on any
 * serious or critical violation.
 */
import { describe, expect, it } from 'vitest';
import type { GState } from '../../src/games/lisbon/types';
import { violations } from './axe';
import { changeStoredHotSeat, findChromium, newContext, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Lisbon accessibility (axe-core)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('the board, a chosen destination and the end screen', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'a11y-lisbon');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    // The last face-up card is out (as if taken): this round is the last.
    await changeStoredHotSeat<GState>(page, (s) => {
      s.G.endTriggered = true;
    });
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await page.getByTestId('pass-ready').click({ timeout: UI });
    await page.getByTestId('map').waitFor({ timeout: UI });
    await page.getByTestId('final-round').waitFor({ timeout: UI });

    const found: string[] = (await violations(page)).map((v) => `board: ${v}`);
    await page.locator('[data-testid^="dest-"]').first().click();
    await page.getByTestId('confirm-move').waitFor({ timeout: UI });
    found.push(...(await violations(page)).map((v) => `destination chosen: ${v}`));
    await page.getByTestId('cancel-move').click();

    for (const name of ['Hana', 'Hugo']) {
      if (name === 'Hugo') await page.getByTestId('pass-ready').click({ timeout: UI });
      await expect.poll(() => page.getByTestId('turn-banner').textContent()).toMatch(/Your turn/);
      await page.getByTestId('end-turn').click({ timeout: UI });
      await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    }
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await screenshot(page, 'lisbon-a11y-end');
    found.push(...(await violations(page)).map((v) => `end screen: ${v}`));
    expect(found).toEqual([]);
    await context.close();
  }, 60_000);

  it('on a touch phone: the zoomed pick and the bottom sheet', async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`[a11y-phone] pageerror: ${e.message}`));
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-start').tap();
    await page.getByTestId('pass-ready').tap({ timeout: UI });
    await page.getByTestId('map').waitFor({ timeout: UI });
    const dest = page.locator('.lt-mapcol [data-testid^="dest-"]').first();
    const id = (await dest.getAttribute('data-testid'))!;
    await dest.tap();
    await page.getByTestId('loupe').waitFor({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `zoomed pick: ${v}`);
    await page.getByTestId(`zoom-${id}`).tap();
    await page.getByTestId('confirm-move').waitFor({ timeout: UI });
    found.push(...(await violations(page)).map((v) => `bottom sheet: ${v}`));
    expect(found).toEqual([]);
    await context.close();
  }, 60_000);
});
