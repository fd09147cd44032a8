/** Steps of a Get on Board game in the browser that several tests share. */
import type { Locator, Page } from 'playwright-core';
import { newContext, type E2ESuite } from './harness';

const UI = 10_000;

/**
 * A context of its own at `screen`'s size (a touch phone's or tablet's when it says `touch`), its page on Get on
 * Board's hot-seat setup, its page's errors noted in the suite's as "[<label>] pageerror: …"; `press` taps on a touch
 * screen and clicks elsewhere.
 */
export async function hotSeatSetupAt(
  suite: E2ESuite,
  label: string,
  screen: { width: number; height: number; touch: boolean },
) {
  const { context, page } = await newContext(suite.browser, suite.errors, label, {
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.touch,
    hasTouch: screen.touch,
  });
  const press = (l: Locator) => (screen.touch ? l.tap() : l.click());
  await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
  return { context, page, press };
}

/**
 * Hot-seat, at the departures: each of the `humans` takes the device at the pass screen and keeps the first
 * departure offered. Returns their names, in the order the pass screen named them.
 */
export async function hotSeatDepartures(page: Page, humans: number): Promise<string[]> {
  const named: string[] = [];
  for (let i = 0; i < humans; i++) {
    await page.getByTestId('pass-device').waitFor({ timeout: UI });
    named.push((await page.getByTestId('pass-name').textContent()) ?? '');
    await page.getByTestId('pass-ready').click();
    const ticket = page.locator('[data-testid="departure-panel"] button').first();
    await ticket.click({ timeout: UI });
    await ticket.waitFor({ state: 'detached', timeout: UI });
  }
  return named;
}

/** Hot-seat of Ana and Gia from its setup page at `url`, both departures chosen, to the first plot's panel. */
export async function hotSeatToFirstPlot(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#/g/get-on-board/hotseat`);
  await page.getByTestId('hs-name-0').fill('Ana');
  await page.getByTestId('hs-name-1').fill('Gia');
  await page.getByTestId('hs-start').click();
  await hotSeatDepartures(page, 2);
  await page.getByTestId('plot-panel').waitFor({ timeout: UI });
}

/** Places safe markers (any marker when none is safe) until the plot may be confirmed; does not confirm it. */
export async function placeSafeMarkers(page: Page): Promise<void> {
  for (let i = 0; i < 8 && !(await page.getByTestId('plot-confirm').isEnabled()); i++) {
    const safe = page.locator('.gob-target[data-eliminates="no"]');
    await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).click();
  }
}
