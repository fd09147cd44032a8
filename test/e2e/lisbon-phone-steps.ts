/** Steps the Lisbon phone tests share: a hot-seat game on a touch phone, at Ana's first turn. */
import type { Page } from 'playwright-core';
import { FIRST_BOARD_SCRIPT, type E2ESuite } from './harness';

const UI = 10_000;

/** Fonts loaded and two frames drawn: the layout is settled. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * A 2-seat Lisbon hot-seat game (Ana first, then Bruno, or the two `names` given) on a `width` × `height` touch phone
 * at twice the pixels, the device handed to the first: her board is up. Page errors go to the suite's errors under
 * `label`.
 */
export async function lisbonOnPhone(
  suite: E2ESuite,
  width: number,
  height: number,
  label: string,
  names: readonly [string, string] = ['Ana', 'Bruno'],
): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(FIRST_BOARD_SCRIPT);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.errors.push(`[${label}] pageerror: ${e.message}`));
  await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
  await page.getByTestId('hs-players-2').click();
  await page.getByTestId('hs-name-0').fill(names[0]);
  await page.getByTestId('hs-name-1').fill(names[1]);
  await page.getByTestId('hs-first').selectOption('0');
  await page.getByTestId('hs-start').click();
  await page.getByTestId('pass-ready').tap({ timeout: UI });
  return page;
}
