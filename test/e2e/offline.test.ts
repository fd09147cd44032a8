/**
 * The server goes away mid-game, in Debian's Chromium, on Get on Board: the
 * page shows one "Reconnecting…" message, the board turns read-only (a click
 * on the map does nothing and nothing is sent meanwhile), and when the server
 * is back on the same port and data, the page reconnects by itself and the
 * player's move goes through. On a phone's width, scrolled down to the map,
 * the message is in sight and the bottom sheet stays at the window's foot.
 * The server drops the page's socket itself (a chatty page over a tiny event
 * budget, server/socket-guard.ts): the page reconnects by itself (socket.io
 * does not after a server's disconnect), reads the match at once and plays
 * on; a page whose every new socket the server drops tries again after
 * growing waits, never in a tight loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import {
  buildClient,
  createJoined,
  e2eSuite,
  findChromium,
  openAsSeat,
  releaseBrowser,
  sharedBrowser,
  newContext,
  screenshot,
  startE2EServer,
  type E2EServer,
  type E2ESuite,
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

/** The stored stateID of a match on the suite's server. */
async function storedStateID(suite: E2ESuite, matchID: string): Promise<number> {
  return (await suite.server.db.fetch(matchID, { state: true })).state._stateID;
}

/**
 * A 2-player Get on Board match with seat 0's page, both departures still to choose: its page, the button of
 * its first ticket, and what it does (the sockets it opens, its reads of the match, when each began).
 */
async function seatPage(suite: E2ESuite, label: string) {
  const { url } = suite.server;
  const { matchID, creds } = await createJoined(url, 'get-on-board', 2);
  const seen = { sockets: [] as number[], reads: [] as number[] };
  const at = { url, game: 'get-on-board', matchID, playerID: '0', credentials: creds[0] };
  const { page } = await openAsSeat(suite.browser, suite.errors, label, at, (p) => {
    p.on('websocket', () => seen.sockets.push(Date.now()));
    p.on('request', (r) => {
      if (new URL(r.url()).pathname === `/games/get-on-board/${matchID}`) seen.reads.push(Date.now());
    });
  });
  const button = page.locator('[data-testid="departure-panel"] button').first();
  await button.waitFor({ timeout: UI });
  return { page, matchID, button, seen };
}

describe.skipIf(!CHROMIUM)('browser: the server drops the page socket for flooding it', () => {
  // A budget a chatty page exhausts: its sync leaves 3 events, the refill is next to none, and the second packet
  // dropped over it gets the socket disconnected (server/socket-guard.ts), as a flood is.
  const suite = e2eSuite({ socketLimits: { eventsPerSecond: 0.01, burst: 8, syncCost: 5, maxDropped: 2 } });

  it('reconnects by itself, reads the match at once, and plays on', async () => {
    const { page, matchID, button, seen } = await seatPage(suite, 'dropped-chat');
    expect(seen.sockets).toHaveLength(1);
    // Five messages in a row (the chat's own limit, src/shared/chat.ts): the last two are over the socket's budget.
    await page.getByTestId('chat').locator('summary').click();
    for (let i = 1; i <= 5; i++) {
      await page.getByTestId('chat-input').fill(`Message ${i}`);
      await page.getByTestId('chat-input').press('Enter');
    }
    await page.getByTestId('reconnecting').waitFor({ timeout: UI });
    const dropped = Date.now();
    await screenshot(page, 'dropped-reconnecting');
    // socket.io does not reconnect a socket the server dropped: "Reconnecting…" stood for good before.
    await page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 5_000 });
    expect(seen.sockets).toHaveLength(2);
    // The match was read at the drop and again once back (the page read it again only at its 20-s poll before).
    expect(seen.reads.filter((t) => t >= dropped - 1_000).length).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('seat-released').count()).toBe(0);
    // On the new socket, with a budget of its own, the seat's choice goes through.
    const before = await storedStateID(suite, matchID);
    await button.click();
    await expect.poll(() => storedStateID(suite, matchID), { timeout: UI }).toBeGreaterThan(before);
    await page.getByTestId('departure-chosen').waitFor({ timeout: UI });
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe.skipIf(!CHROMIUM)('browser: the server drops every new socket of the page', () => {
  // A sync costs more than the whole budget: every sync is dropped, and the socket disconnected with it.
  const suite = e2eSuite({ socketLimits: { eventsPerSecond: 0.01, burst: 4, syncCost: 5, maxDropped: 1 } });

  it('tries again with a growing wait, not in a loop', async () => {
    const { url } = suite.server;
    const { matchID, creds } = await createJoined(url, 'get-on-board', 2);
    const sockets: number[] = [];
    const at = { url, game: 'get-on-board', matchID, playerID: '0', credentials: creds[0] };
    const { page } = await openAsSeat(suite.browser, suite.errors, 'dropped-always', at, (p) =>
      p.on('websocket', () => sockets.push(Date.now())),
    );
    await expect.poll(() => sockets.length, { timeout: UI }).toBeGreaterThan(0);
    await page.waitForTimeout(8_000);
    // Waits of 0.5, 1, 2 and 4 s (matchNotices.ts REDIAL_MS): 4 or 5 sockets in 8 s; one, left down, before.
    const first = sockets[0];
    const within = sockets.filter((t) => t - first <= 8_000);
    expect(within.length, `sockets opened at ${within.map((t) => t - first).join(', ')} ms`).toBeGreaterThanOrEqual(3);
    expect(within.length, `sockets opened at ${within.map((t) => t - first).join(', ')} ms`).toBeLessThanOrEqual(6);
    const gaps = within.slice(1).map((t, i) => t - within[i]);
    expect(
      gaps.every((g, i) => i === 0 || g >= gaps[i - 1]),
      `gaps ${gaps.join(', ')} ms`,
    ).toBe(true);
    expect(await page.getByTestId('board-loading').count()).toBe(1);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
