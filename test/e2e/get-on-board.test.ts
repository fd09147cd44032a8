/**
 * Get on Board in the real app, in Debian's Chromium against the real server:
 * a hot-seat game on Rome (a human seat played through the UI, marker by
 * marker, against a bot; one turn with the keyboard only; checked at
 * 1366 × 768 and on a phone held sideways) to the end screen, and an online Paris match of two
 * browser contexts with bots in the other two seats, over several rounds; a
 * plot in the making kept across a reload, online in the tab only (nothing is
 * sent until Confirm) and in hot-seat. Screenshots go to artifacts/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GobState } from '../../src/games/get-on-board/types';
import { createJoined, findChromium, newContext, openAsSeat, playOverSockets, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** Choose the first departure offered on the page. */
async function chooseDeparture(page: Page): Promise<void> {
  const button = page.locator('[data-testid="departure-panel"] button').first();
  await button.waitFor({ timeout: UI });
  await button.click();
  // The choice is made: the offer goes (others may still be choosing, or round 1 has begun).
  await page.locator('[data-testid="departure-panel"] button').first().waitFor({ state: 'detached', timeout: UI });
}

/**
 * Plot one turn through the map: click a safe target until the plot is whole
 * (an eliminating one only if nothing else is offered), then Confirm.
 * Returns how many markers were clicked.
 */
async function plotTurn(page: Page, opts: { takeBackOnce?: boolean; extra?: boolean } = {}): Promise<number> {
  const panel = page.getByTestId('plot-panel');
  await panel.waitFor({ timeout: UI });
  let clicks = 0;
  let tookBack = false;
  for (let guard = 0; guard < 8; guard++) {
    const confirm = page.getByTestId('plot-confirm');
    if (await confirm.isEnabled()) break;
    const safe = page.locator('.gob-target[data-eliminates="no"]');
    const target = (await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first();
    await target.click();
    clicks++;
    if (opts.takeBackOnce && !tookBack) {
      // Take the first marker back, then place it again.
      await page.getByTestId('take-back-0').click();
      await expect.poll(() => page.getByTestId('plot-markers').count()).toBe(0);
      tookBack = true;
      clicks--;
    }
  }
  if (opts.extra && (await page.getByTestId('add-extra').count()) > 0) {
    const markers = page.locator('[data-testid="plot-markers"] li');
    const placed = await markers.count();
    // Asked for, the extra marker's choice is dropped by Esc, and by "Cancel extra", the plot's markers kept (Esc took
    // back the plot's last marker, the choice still asked for); each time the offer comes back.
    for (const drop of ['Escape', 'cancel-extra']) {
      await page.getByTestId('add-extra').click();
      // The panel now asks where it goes, says that Confirm sends the plot without it, and offers the button no more.
      await expect.poll(() => page.getByTestId('plot-prompt').textContent()).toMatch(/, or confirm without it\.$/);
      expect(await page.getByTestId('add-extra').count()).toBe(0);
      if (drop === 'Escape') await page.keyboard.press('Escape');
      else await page.getByTestId(drop).click();
      await page.getByTestId('add-extra').waitFor({ timeout: UI });
      expect(await markers.count(), `markers after ${drop}`).toBe(placed);
      expect(await page.getByTestId('cancel-extra').count()).toBe(0);
    }
    await page.getByTestId('add-extra').click();
    await page.locator('.gob-target').first().click();
  }
  await page.getByTestId('plot-confirm').click();
  return clicks;
}

/** The box of an element in the page, which must exist. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** At 1366 × 768 the whole map and Confirm show at once, without scrolling. */
async function fitsLaptop(page: Page): Promise<void> {
  const map = await box(page, '.gob-map-svg');
  const confirm = await box(page, '[data-testid="plot-confirm"]');
  expect(map.y + map.height).toBeLessThanOrEqual(768);
  expect(confirm.y + confirm.height).toBeLessThanOrEqual(768);
  expect(confirm.x + confirm.width).toBeLessThanOrEqual(1366);
}

/**
 * On a phone held sideways the plot panel sits beside the map: with the board scrolled up, the whole map and
 * Confirm are in view at once, side by side. (Tap target sizes with a finger: get-on-board-layout.test.ts.)
 */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 844, height: 390 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(844);
  await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
  const map = await box(page, '.gob-map-svg');
  const confirm = await box(page, '[data-testid="plot-confirm"]');
  expect(map.y).toBeGreaterThanOrEqual(0);
  expect(map.y + map.height).toBeLessThanOrEqual(390);
  expect(confirm.y).toBeGreaterThanOrEqual(0);
  expect(confirm.y + confirm.height).toBeLessThanOrEqual(390);
  expect(confirm.x).toBeGreaterThanOrEqual(map.x + map.width);
  await screenshot(page, 'gob-hotseat-phone');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Plot one turn with the keyboard only: Tab to the map's targets, Enter on safe ones, Esc once, Enter on Confirm. */
async function plotByKeyboard(page: Page): Promise<void> {
  await page.getByTestId('plot-panel').waitFor({ timeout: UI });
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return '';
      if (el.classList.contains('gob-target')) return `target:${el.getAttribute('data-eliminates')}`;
      return el.getAttribute('data-testid') ?? el.tagName;
    });
  for (let i = 0; i < 60 && !(await focused()).startsWith('target'); i++) await page.keyboard.press('Tab');
  expect(await focused()).toMatch(/^target/);
  let escaped = false;
  for (let guard = 0; guard < 12 && (await focused()) !== 'plot-confirm'; guard++) {
    // Skip a target that would eliminate when a safe one follows.
    const safe = await page.locator('.gob-target[data-eliminates="no"]').count();
    if ((await focused()) === 'target:yes' && safe > 0) {
      await page.keyboard.press('Tab');
      continue;
    }
    await page.keyboard.press('Enter');
    if (!escaped && (await page.getByTestId('plot-markers').count()) > 0 && (await focused()) !== 'plot-confirm') {
      // Esc takes the last marker back, and focus returns to the map's targets.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('plot-markers').count()).toBe(0);
      await expect.poll(focused).toMatch(/^target/);
      escaped = true;
    }
  }
  expect(await focused()).toBe('plot-confirm');
  await page.keyboard.press('Enter');
}

describe.skipIf(!CHROMIUM)('browser: Get on Board', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('plays a hot-seat game on Rome through the map to the end screen', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'gob-hotseat');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/`);
    await page.getByTestId('play-get-on-board').click();
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await expect.poll(() => page.getByTestId('hs-map').textContent()).toContain('Rome');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();

    await chooseDeparture(page);
    await screenshot(page, 'gob-hotseat-departure');
    let turns = 0;
    while ((await page.getByTestId('gameover').count()) === 0) {
      // Either my plot comes, or the game ends (by the bot's turn or my elimination).
      await page
        .locator('[data-testid="plot-panel"], [data-testid="gameover"], [data-testid="waiting"]:has-text("eliminated")')
        .first()
        .waitFor({ timeout: 30_000 });
      if ((await page.getByTestId('plot-panel').count()) === 0) {
        if ((await page.getByTestId('gameover').count()) > 0) break;
        await page.getByTestId('gameover').waitFor({ timeout: 60_000 });
        break;
      }
      const round = await page.getByTestId('round').textContent();
      if (turns === 0) await fitsLaptop(page);
      if (turns === 1) await fitsPhone(page);
      // Round 1 (no plot can eliminate yet) with the keyboard only; then the mouse, with a take-back.
      if (turns === 0) await plotByKeyboard(page);
      else await plotTurn(page, { takeBackOnce: turns === 1, extra: turns >= 3 });
      if (turns === 1) await page.setViewportSize({ width: 1366, height: 768 });
      turns++;
      if (turns === 1) await screenshot(page, 'gob-hotseat-round1');
      // Wait for the round to move on (or the end).
      await expect
        .poll(
          async () =>
            (await page.getByTestId('gameover').count()) > 0 ||
            (await page.getByTestId('round').textContent()) !== round,
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(turns).toBeLessThanOrEqual(12);
    }
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await screenshot(page, 'gob-hotseat-end');
    const text = (await page.getByTestId('gameover').textContent()) ?? '';
    expect(text).toMatch(/Ana|Bot/);
    expect(text).toContain('Connections');
    // Every total shows without scrolling: the Total row comes first, under the names, inside the table's box.
    const wrap = await box(page, '[data-testid="gameover"] .gob-table-wrap');
    const totals = page.locator('[data-testid="gameover"] [data-testid^="final-"]');
    expect(await totals.count()).toBe(2);
    for (const total of await totals.all()) {
      const b = (await total.boundingBox())!;
      expect(b.y + b.height, 'a total: bottom').toBeLessThanOrEqual(Math.min(768, wrap.y + wrap.height));
    }
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 240_000);

  it('plays an online Paris match: two browsers and two bots, several rounds', async () => {
    const { page: ana } = await newContext(suite.browser, errors, 'gob-ana');
    // Ana plays on a laptop: the match page's invitation, switches and chat sit above the board.
    await ana.setViewportSize({ width: 1366, height: 768 });
    await ana.goto(`${suite.server.url}/`);
    await ana.getByTestId('play-get-on-board').click();
    await ana.getByTestId('lobby').waitFor({ timeout: UI });
    await ana.getByTestId('player-name').fill('Ana');
    await ana.getByTestId('create-players-4').click();
    await expect.poll(() => ana.getByTestId('create-map').textContent()).toContain('Paris');
    // The map field is a label over one line (not "Map:", "Paris" and the player count in three rows).
    const mapField = await ana.getByTestId('create-map').boundingBox();
    expect(mapField!.height, 'the map field').toBeLessThanOrEqual(56);
    await ana.getByTestId('create-kind-2').selectOption('bot');
    await ana.getByTestId('create-kind-3').selectOption('bot');
    await ana.getByTestId('create-submit').click();
    await ana.waitForURL(/\/match\//, { timeout: UI });
    const matchID = decodeURIComponent(ana.url().split('/match/')[1]);
    const link = await ana.getByTestId('share-link').inputValue();

    const { page: bruno } = await newContext(suite.browser, errors, 'gob-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('join-panel').waitFor({ timeout: UI });
    await bruno.getByTestId('join-name').fill('Bruno');
    await bruno.getByTestId('join-submit').click();

    // Everyone chooses at once: both tabs say the game waits for them.
    await bruno.locator('[data-testid="departure-panel"] button').first().waitFor({ timeout: UI });
    await expect.poll(() => bruno.title()).toContain('(Your move)');
    await expect.poll(() => ana.title()).toContain('(Your move)');
    await chooseDeparture(ana);
    await expect.poll(() => ana.title()).not.toContain('(Your move)');
    await chooseDeparture(bruno);
    await screenshot(bruno, 'gob-online-departures');
    const fetchState = async () => (await suite.server.db.fetch(matchID, { state: true })).state as State<GobState>;
    await expect.poll(async () => (await fetchState()).G.round, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    // Several rounds: whoever's plot it is plays it through their map; the bots play theirs on the server.
    const pages: Record<string, Page> = { '0': ana, '1': bruno };
    let plotted = 0;
    for (let guard = 0; guard < 40; guard++) {
      const s = await fetchState();
      if (s.G.round > 3 || s.G.result) break;
      const p = s.G.toPlay;
      if (p !== null && pages[p] && !s.G.players[p].eliminated) {
        const page = pages[p];
        await page.getByTestId('turn-who').filter({ hasText: 'Your plot' }).waitFor({ timeout: UI });
        // Her plot brings the whole map and Confirm into her window.
        if (page === ana)
          await expect
            .poll(
              () =>
                fitsLaptop(page).then(
                  () => true,
                  () => false,
                ),
              { timeout: UI },
            )
            .toBe(true);
        const logBefore = s.G.log.length;
        await plotTurn(page);
        plotted++;
        await expect.poll(async () => (await fetchState()).G.log.length, { timeout: UI }).toBeGreaterThan(logBefore);
      } else {
        // A bot is plotting: wait for the state to move on.
        const before = s._stateID;
        await expect.poll(async () => (await fetchState())._stateID, { timeout: 30_000 }).toBeGreaterThan(before);
      }
    }
    const end = await fetchState();
    expect(end.G.round).toBeGreaterThan(3);
    expect(plotted).toBeGreaterThanOrEqual(4);
    // Both browsers see every line drawn, and each other's sheet summary.
    for (const page of [ana, bruno]) {
      for (const p of end.G.order) {
        if (end.G.players[p].line.length > 1)
          await expect.poll(() => page.locator(`.gob-route[data-player="${p}"]`).count()).toBeGreaterThan(0);
      }
    }
    await bruno.getByTestId('sheet-0').click();
    await bruno.getByTestId('sheet-full-0').waitFor({ timeout: UI });
    await screenshot(ana, 'gob-online-ana');
    await screenshot(bruno, 'gob-online-bruno');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await ana.context().close();
    await bruno.context().close();
  }, 240_000);
  it('keeps the markers of a plot in the making across a reload, and sends nothing before Confirm', async () => {
    const { server } = suite;
    const { matchID, creds } = await createJoined(server.url, 'get-on-board', 2);
    // Both departures are chosen over sockets: round 1 begins.
    expect(await playOverSockets(server.url, 'get-on-board', matchID, creds, 2)).toBe(2);
    const fetchState = async () => (await server.db.fetch(matchID, { state: true })).state as State<GobState>;
    const start = await fetchState();
    expect(start.G.round).toBe(1);
    const seat = start.G.toPlay!;
    // Every frame the page sends its socket.
    const sent: string[] = [];
    const { page, context } = await openAsSeat(
      suite.browser,
      errors,
      'gob-draft',
      { url: server.url, game: 'get-on-board', matchID, playerID: seat, credentials: creds[Number(seat)] },
      (p) => p.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload)))),
    );
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    const markers = () => page.locator('[data-testid="plot-markers"] li').allTextContents();

    // One marker placed, not confirmed; the reload brings it back.
    await page.locator('.gob-target[data-eliminates="no"]').first().click();
    await expect.poll(markers, { timeout: UI }).toHaveLength(1);
    const placed = await markers();
    // Whether one marker makes the plot whole depends on the round's card (the deal is the server's, unseeded).
    const whole = await page.getByTestId('plot-confirm').isEnabled();
    const key = `lt28:gob-plot:${matchID}:${seat}:1`;
    expect(await page.evaluate((k) => sessionStorage.getItem(k), key)).not.toBeNull();
    await page.reload();
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    await expect.poll(markers, { timeout: UI }).toEqual(placed);
    // The plot stands where it stood (the map offers the next marker from there, not the first again).
    expect(await page.getByTestId('plot-confirm').isEnabled()).toBe(whole);
    // Nothing was sent: the server's match is as the sockets left it, and no plot went out.
    expect((await fetchState())._stateID).toBe(start._stateID);
    expect(sent.filter((f) => f.includes('"plot"'))).toEqual([]);

    // The plot confirmed: it is sent once, and the tab keeps nothing more.
    await plotTurn(page);
    await expect
      .poll(async () => (await fetchState()).G.log.length, { timeout: UI })
      .toBeGreaterThan(start.G.log.length);
    expect(sent.filter((f) => f.includes('"plot"'))).toHaveLength(1);
    await expect.poll(() => page.evaluate((k) => sessionStorage.getItem(k), key), { timeout: UI }).toBeNull();
    await page.reload();
    await page.getByTestId('turn-who').waitFor({ timeout: UI });
    expect(await page.getByTestId('plot-panel').count()).toBe(0);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
  it('keeps the markers of a hot-seat plot in the making across a reload', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'gob-hotseat-draft');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await chooseDeparture(page);
    await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
    const markers = () => page.locator('[data-testid="plot-markers"] li').allTextContents();
    await page.locator('.gob-target[data-eliminates="no"]').first().click();
    await expect.poll(markers, { timeout: UI }).toHaveLength(1);
    const placed = await markers();
    await page.reload();
    const ready = page.getByTestId('pass-ready');
    await page.locator('[data-testid="plot-panel"], [data-testid="pass-ready"]').first().waitFor({ timeout: UI });
    if ((await ready.count()) > 0) await ready.click();
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    await expect.poll(markers, { timeout: UI }).toEqual(placed);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
});
