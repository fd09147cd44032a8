/**
 * The server goes away mid-game, in Debian's Chromium, on Get on Board: the
 * page shows one "Reconnecting…" message, the board turns read-only (a click
 * on the map does nothing and nothing is sent meanwhile), and when the server
 * is back on the same port and data, the page reconnects by itself and the
 * player's move goes through. On a phone's width, scrolled down to the map,
 * the message is in sight and the bottom sheet stays at the window's foot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import {
  buildClient,
  findChromium,
  releaseBrowser,
  sharedBrowser,
  newContext,
  screenshot,
  startE2EServer,
  type E2EServer,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: the server goes away', () => {
  let server: E2EServer;
  let browser: Browser;
  const dirs: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    buildClient();
    server = await startE2EServer();
    dirs.push(server.dataDir);
    browser = await sharedBrowser();
  }, 60_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('is read-only with one message while the server is down, and plays on after it returns', async () => {
    const { page } = await newContext(browser, errors, 'offline-ana');
    await page.goto(`${server.url}/#/g/get-on-board`);
    await page.getByTestId('player-name').fill('Ana');
    await page.getByTestId('create-kind-1').selectOption('bot');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/match\//, { timeout: UI });
    const matchID = decodeURIComponent(page.url().split('/match/')[1]);
    const button = page.locator('[data-testid="departure-panel"] button').first();
    await button.waitFor({ timeout: UI });
    const stored = async () => (await server.db.fetch(matchID, { state: true })).state;
    // The bot has chosen (or will): wait until only Ana's choice is missing.
    await expect.poll(async () => (await stored()).G.choices['1'] !== null, { timeout: UI }).toBe(true);
    const before = (await stored())._stateID;
    // On a phone's width, scrolled down to the map: the departure panel is the bottom sheet, fixed to the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.gob-mapcol').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY));
    const inWindow = async (testId: string) => {
      const b = (await page.getByTestId(testId).boundingBox())!;
      return b.y >= 0 && b.y + b.height <= 844
        ? 'in the window'
        : `at y ${b.y.toFixed(0)}–${(b.y + b.height).toFixed(0)}`;
    };
    expect(await inWindow('departure-panel')).toBe('in the window');

    // The seat chips: Ana ringed as connected, the bot named a bot (it is always "connected": the server plays it).
    const chip = (seat: number) => page.getByTestId(`seat-chip-${seat}`);
    await expect.poll(() => chip(0).getAttribute('class'), { timeout: UI }).toContain('online');
    expect(await chip(0).getAttribute('title')).toBe('Ana (connected)');
    expect(await chip(1).getAttribute('title')).toMatch(/^Bot 2 \(normal\): a bot, played by the server$/);

    const { port, dataDir } = server;
    await server.close();
    await page.getByTestId('reconnecting').waitFor({ timeout: UI });
    // This browser is offline: the chips no longer vouch for anyone's connection (Ana's kept its ring before).
    expect(await chip(0).getAttribute('class')).not.toMatch(/online|away/);
    expect(await chip(0).getAttribute('title')).toBe('Ana (not known while you are offline)');
    expect(await page.getByText(/Reconnecting/).count()).toBe(1);
    // The message is in sight, and the sheet stays where it was (a filter on the greyed board once made the board
    // the sheet's frame: it fell to the board's foot, 1,200 px down, and the message was 800 px above the window).
    expect(await inWindow('reconnecting')).toBe('in the window');
    expect(await inWindow('departure-panel')).toBe('in the window');
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await page.getByTestId('board-wrap').getAttribute('inert')).not.toBeNull();
    await button.click({ timeout: 1000, force: true }).catch(() => undefined);
    await screenshot(page, 'offline');
    expect(await page.getByTestId('departure-chosen').count()).toBe(0);

    server = await startE2EServer({ port, dataDir });
    dirs.push(server.dataDir);
    await page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId('board-wrap').getAttribute('inert')).toBeNull();
    await expect.poll(() => chip(0).getAttribute('class'), { timeout: UI }).toContain('online');
    // Nothing was sent while the server was away; now Ana's choice goes through.
    expect((await stored())._stateID).toBe(before);
    await button.click();
    await expect.poll(async () => (await stored())._stateID, { timeout: UI }).toBeGreaterThan(before);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 90_000);
});
