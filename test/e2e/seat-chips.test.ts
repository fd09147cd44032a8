/**
 * The seat chips above a board (hot-seat's bar, the match bar, the waiting
 * room and the open matches use the same chip): a long name ends in an
 * ellipsis inside the chip, and what follows it (a bot's "thinking…") always
 * shows whole.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, findChromium, newContext } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: seat chips', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('a long name is cut with an ellipsis; a thinking bot’s note shows whole', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'seat-chips');
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    // The longest name the form takes (24 characters), in wide letters.
    const long = 'WMWMWMWMWMWMWMWMWMWMWMWM';
    await page.getByTestId('hs-name-0').fill(long);
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-start').click();
    const chip = page.getByTestId('hs-seat-0');
    await chip.waitFor({ timeout: UI });
    const name = chip.locator('.chip-name');
    expect(await name.textContent()).toBe(long);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await name.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    await context.close();

    // Two bots at a relaxed pace: the one on turn shows its note.
    const bots = await newContext(suite.browser, errors, 'seat-chips-bots');
    await bots.page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    for (const seat of [0, 1]) await bots.page.getByTestId(`hs-kind-${seat}`).selectOption('bot');
    await bots.page.getByTestId('hs-pace-relaxed').click();
    await bots.page.getByTestId('hs-start').click();
    // While a bot is on turn, its note sits whole inside its chip.
    const note = bots.page.locator('[data-testid^="hs-seat-"] .chip-note').first();
    await note.waitFor({ timeout: UI });
    const inside = await note.evaluate((el) => {
      const n = el.getBoundingClientRect();
      const c = el.parentElement!.getBoundingClientRect();
      return n.left >= c.left && n.right <= c.right + 0.5 && el.scrollWidth <= el.clientWidth;
    });
    expect(inside).toBe(true);
    expect(await note.textContent()).toBe('thinking…');
    await bots.context.close();
  }, 60_000);
});
