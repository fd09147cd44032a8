/**
 * The client's files as Chromium loads them from the real server: the first
 * page downloads no board and no boardgame.io client; opening a game's
 * board loads that board only; every file arrives brotli-compressed; a
 * second visit takes every hashed file from the browser's cache without
 * asking the server; a board that cannot be fetched offers a reload. Prints
 * the compressed bytes each page downloads (docs/operations.md quotes them, under "Sizes").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { builtEntry, createJoined, e2eSuite, findChromium, newContext, ROOT } from './harness';

const CHROMIUM = findChromium();
const UI_TIMEOUT = 10_000;

/** One /build/ file the page asked for, as Chromium's network layer saw it. */
interface Load {
  url: string;
  encoding?: string;
  /** Bytes over the wire (headers included), 0 until finished. */
  bytes: number;
  cached: boolean;
}

/** Records every request of the page for /build/ through the DevTools protocol. */
async function recordLoads(context: BrowserContext, page: Page): Promise<Map<string, Load>> {
  const loads = new Map<string, Load>();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith('/build/'))
      loads.set(e.requestId, { url: new URL(e.request.url).pathname, bytes: 0, cached: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const l = loads.get(e.requestId);
    if (l) l.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const l = loads.get(e.requestId);
    if (!l) return;
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    l.encoding = h['content-encoding'];
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) l.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const l = loads.get(e.requestId);
    if (l) l.bytes = e.encodedDataLength;
  });
  return loads;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const urls = (loads: Map<string, Load>) => new Set([...loads.values()].map((l) => l.url));

/** The files' sizes on disk: as built, and their gzip and brotli copies. */
function sizes(files: Set<string>): string {
  const sum = (ext: string) => [...files].reduce((n, f) => n + fs.statSync(path.join(ROOT, 'public', f + ext)).size, 0);
  return `${files.size} files, ${kb(sum(''))}, ${kb(sum('.gz'))} gzip, ${kb(sum('.br'))} brotli`;
}

/** Start a two-player hot-seat game of the game on this page and show the first player's board. */
async function openHotSeatBoard(page: Page, url: string, game: string): Promise<void> {
  await page.goto(`${url}/#/g/${game}/hotseat`);
  await page.getByTestId('hs-name-0').fill('Hana');
  await page.getByTestId('hs-name-1').fill('Hugo');
  await page.getByTestId('hs-start').click();
  await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
}

describe.skipIf(!CHROMIUM)("the client's files in Chromium", () => {
  const suite = e2eSuite();
  const errors = suite.errors;
  let boards: Record<string, string>;

  beforeAll(() => {
    boards = {
      lisbon: builtEntry('src/games/lisbon/board/Board.tsx'),
      'touched-on': builtEntry('src/games/touched-on/board/Board.tsx'),
      'get-on-board': builtEntry('src/games/get-on-board/board/Board.tsx'),
    };
  });

  it('loads no board on the first page, one board when a game opens, all compressed, then all from the cache', async () => {
    const { context, page } = await newContext(suite.browser, errors, 'assets');
    const first = await recordLoads(context, page);
    await page.goto(`${suite.server.url}/`);
    await page.getByTestId('games').waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');
    const home = urls(first);
    expect(home.has(builtEntry('src/client/main.tsx'))).toBe(true);
    for (const lazy of [
      ...Object.values(boards),
      builtEntry('src/client/OnlineMatch.tsx'),
      builtEntry('src/client/HotSeatGame.tsx'),
    ])
      expect(home.has(lazy), lazy).toBe(false);
    const homeBytes = [...first.values()].reduce((n, l) => n + l.bytes, 0);

    await openHotSeatBoard(page, suite.server.url, 'lisbon');
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');
    const all = urls(first);
    expect(all.has(boards.lisbon)).toBe(true);
    expect(all.has(boards['touched-on'])).toBe(false);
    expect(all.has(boards['get-on-board'])).toBe(false);
    for (const l of first.values()) {
      if (l.url.endsWith('.map')) continue;
      expect(l.encoding, l.url).toBe('br');
      expect(l.cached, l.url).toBe(false);
    }
    const boardBytes = [...first.values()].reduce((n, l) => n + l.bytes, 0);
    console.log(
      `[assets] first page: ${sizes(home)}; ${kb(homeBytes)} over the wire\n` +
        `[assets] with Lisbon's hot-seat board: ${sizes(all)}; ${kb(boardBytes)} over the wire`,
    );

    // A second visit, back to the game: index.html is asked again (no-cache), the hashed files are not.
    const again = await context.newPage();
    const second = await recordLoads(context, again);
    await again.goto(`${suite.server.url}/#/g/lisbon/hotseat`);
    await again.getByTestId('hs-resume').click({ timeout: UI_TIMEOUT });
    await again.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await again.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    expect(second.size).toBeGreaterThan(0);
    for (const l of second.values()) expect(l.cached, l.url).toBe(true);
    await context.close();
  }, 60_000);

  it("opens a game's board first, from a link, with that board only", async () => {
    const { context, page } = await newContext(suite.browser, errors, 'assets-direct');
    const loads = await recordLoads(context, page);
    await openHotSeatBoard(page, suite.server.url, 'touched-on');
    await page.getByTestId('hand').first().waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');
    const all = urls(loads);
    expect(all.has(boards['touched-on'])).toBe(true);
    expect(all.has(boards.lisbon)).toBe(false);
    const bytes = [...loads.values()].reduce((n, l) => n + l.bytes, 0);
    console.log(`[assets] Touched On's hot-seat board opened first: ${sizes(all)}; ${kb(bytes)} over the wire`);
    await context.close();
  }, 60_000);

  it("opens an online match's board first, from its link, with boardgame.io's socket client", async () => {
    const { matchID } = await createJoined(suite.server.url, 'lisbon-tram-28', 2);
    const { context, page } = await newContext(suite.browser, errors, 'assets-online');
    const loads = await recordLoads(context, page);
    await page.goto(`${suite.server.url}/#/g/lisbon/match/${matchID}`);
    await page.getByTestId('watch').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle');
    const all = urls(loads);
    expect(all.has(builtEntry('src/client/OnlineMatch.tsx'))).toBe(true);
    expect(all.has(builtEntry('src/client/HotSeatGame.tsx'))).toBe(false);
    expect(all.has(boards.lisbon)).toBe(true);
    const bytes = [...loads.values()].reduce((n, l) => n + l.bytes, 0);
    console.log(`[assets] Lisbon's online match opened first: ${sizes(all)}; ${kb(bytes)} over the wire`);
    await context.close();
  }, 60_000);

  it('offers a reload when a board cannot be fetched', async () => {
    const { context, page } = await newContext(suite.browser, errors, 'assets-offline');
    await context.route(`**${boards.lisbon}`, (route) => route.abort('internetdisconnected'));
    await openHotSeatBoard(page, suite.server.url, 'lisbon');
    await page.getByTestId('load-failed').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('load-failed').textContent()).resolves.toContain('Could not load the board');
    await context.unroute(`**${boards.lisbon}`);
    await page.getByTestId('load-failed').getByRole('button', { name: 'Reload' }).click();
    // The game was kept, and the reload comes back to it: the board now loads.
    await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await context.close();
  }, 60_000);

  it('threw no uncaught errors in any page', () => {
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  });
});
