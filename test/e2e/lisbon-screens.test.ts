/**
 * Lisbon's board on every screen, in Debian's Chromium against the real
 * server: two-player hot-seat games played turn by turn through the board at
 * 1366 × 768, 1920 × 1080 and on a 390 × 844 touch phone, and one turn with
 * the keyboard only. Whenever an action is pending, its controls (Confirm,
 * Cancel, the pick-up) are in the window without scrolling; at 1366 × 768 the
 * map, your tickets, the action panel, the Monument display and every
 * player's row are too; on the phone the map takes the screen's width and
 * every target tapped, in the zoomed pick, is at least 44 px; there, ending
 * a turn early asks in view and the final scores show every player's cards
 * within the screen's width. At 1920 × 1080 the map is drawn at least 1,000 px
 * wide (the game's page is wider than the site's others). A pick-up that would
 * seat nobody says so.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import {
  changeStoredHotSeat,
  createJoined,
  findChromium,
  FIRST_BOARD_SCRIPT,
  newContext,
  openAsSeat,
  screenshot,
  e2eSuite,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
/** A destination whose move pushes nobody (a push may hand the device to the other player). */
const QUIET_DEST = '.lt-mapcol [data-testid^="dest-"]:not([aria-label*="pushes"])';

/** A phone: 390 × 844, touch, mobile viewport; its pages log errors into `errors`. */
async function phoneContext(browser: Browser, errors: string[]) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(FIRST_BOARD_SCRIPT);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`[phone] pageerror: ${e.message}`));
  return { context, page };
}

/** Start a hot-seat game of `players` humans (Hana first, with a long name, then Hugo, Inês, João) and hand Hana the device. */
async function startHotSeat(page: Page, url: string, players = 2): Promise<void> {
  await page.goto(`${url}/#/g/lisbon-tram-28/hotseat`);
  await page.getByTestId(`hs-players-${players}`).click();
  const names = ['Hana Alexandra Vasconcelos-Ferreira', 'Hugo', 'Inês', 'João'];
  for (let i = 0; i < players; i++) await page.getByTestId(`hs-name-${i}`).fill(names[i]);
  await page.getByTestId('hs-first').selectOption('0');
  await page.getByTestId('hs-start').click();
  await page.getByTestId('pass-ready').click({ timeout: UI });
  await page.getByTestId('map').waitFor({ timeout: UI });
}

/** The element's box, which must be shown. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return b;
}

/** Every element matching `selector` lies wholly inside the window as it is now (not scrolled). */
async function expectInView(page: Page, selector: string): Promise<void> {
  const size = page.viewportSize()!;
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    }),
  );
  expect(boxes.length, selector).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.top, `${selector} top`).toBeGreaterThanOrEqual(0);
    expect(b.left, `${selector} left`).toBeGreaterThanOrEqual(0);
    expect(b.bottom, `${selector} bottom`).toBeLessThanOrEqual(size.height);
    expect(b.right, `${selector} right`).toBeLessThanOrEqual(size.width);
  }
}

/** Whether the first element matching `selector` lies wholly inside the window as it is now. */
async function inView(page: Page, selector: string): Promise<boolean> {
  const size = page.viewportSize()!;
  const r = await page
    .locator(selector)
    .first()
    .evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  return r.top >= 0 && r.left >= 0 && r.bottom <= size.height && r.right <= size.width;
}

/** How many actions the banner says are left. */
async function actionsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('actions-left').textContent()) ?? '';
  return Number(/(\d+) of \d+ action/.exec(text)?.[1] ?? NaN);
}

/** On the phone, the map lies in the window, above the sheet of actions fixed at its foot. */
async function mapClearOfSheet(page: Page): Promise<boolean> {
  const map = await box(page, '.lt-mapcol .map-wrap');
  const sheet = await box(page, '.lt-sheet');
  return map.y >= 0 && map.y + map.height <= sheet.y + 1;
}

/** On the phone, the turn's first move, by a tap and the close-up, to a place whose move pushes nobody. */
async function firstPhoneMove(page: Page): Promise<void> {
  const dest = page.locator(QUIET_DEST).first();
  const id = (await dest.getAttribute('data-testid'))!;
  await dest.tap();
  await page.getByTestId(`zoom-${id}`).tap({ timeout: UI });
  await page.getByTestId('confirm-move').tap({ timeout: UI });
  await expect.poll(() => actionsLeft(page)).toBe(1);
}

/** At 1366 × 768: everything a turn needs is on screen at once. */
async function fitsLaptop(page: Page): Promise<void> {
  for (const sel of [
    '[data-testid="map"]',
    '[data-testid="hand"]',
    '[data-testid="actions"]',
    '[data-testid="display"] .display-cards',
    '[data-testid^="display-"]',
    '[data-testid^="player-"]',
    '[data-testid^="player-"] .card-row',
    '[data-testid^="score-"]',
  ])
    await expectInView(page, sel);
  // The ticket deck and the bag stay beside the display, whatever their counts: below it, they took the map's room.
  const cards = await box(page, '[data-testid="display"] .display-cards');
  const supplies = await box(page, '[data-testid="display"] .supplies');
  expect(supplies.x, 'the supplies beside the display').toBeGreaterThanOrEqual(cards.x + cards.width);
  // The banner keeps every player's name, ellipsised if long.
  for (const id of await page
    .locator('[data-testid^="player-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(7)))) {
    const name = page.getByTestId(`banner-score-${id}`).locator('.pname');
    await expect.poll(() => name.isVisible()).toBe(true);
    expect((await name.boundingBox())!.width).toBeGreaterThan(20);
  }
}

/**
 * One action by mouse: a quiet move (checking its controls are in view), or
 * the pick-up where the tram stands when it is offered. Returns what it did.
 */
async function playAction(page: Page, opts: { pickUp?: boolean; check?: (page: Page) => Promise<void> } = {}) {
  const before = await actionsLeft(page);
  if (opts.pickUp && (await page.getByTestId('pickup-none').count()) > 0) {
    await expectInView(page, '[data-testid="pickup-none"]');
    await page.getByTestId('pickup-none').click();
  } else {
    await page.locator(QUIET_DEST).first().click();
    await expectInView(page, '[data-testid="confirm-move"]');
    await expectInView(page, '[data-testid="cancel-move"]');
    await opts.check?.(page);
    await page.getByTestId('confirm-move').click();
  }
  await expect
    .poll(() =>
      page
        .getByTestId('pass-device')
        .count()
        .then(async (n) => n > 0 || (await actionsLeft(page)) < before),
    )
    .toBe(true);
}

/** Play the turn's two actions; the turn then passes to the other player, who takes the device. */
async function playTurn(page: Page, check?: (page: Page) => Promise<void>): Promise<void> {
  await expect.poll(() => page.getByTestId('turn-banner').textContent()).toMatch(/Your turn/);
  await playAction(page, { check });
  if ((await page.getByTestId('pass-device').count()) === 0) await playAction(page, { pickUp: true, check });
  await page.getByTestId('pass-ready').click({ timeout: UI });
}

describe.skipIf(!CHROMIUM)('browser: Lisbon on every screen', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  for (const [width, height, players] of [
    [1366, 768, 4],
    [1920, 1080, 2],
  ]) {
    it(`plays whole turns at ${width} × ${height}, ${players} players, with everything in view`, async () => {
      const { page, context } = await newContext(suite.browser, errors, `lisbon-${width}`);
      await page.setViewportSize({ width, height });
      await startHotSeat(page, suite.server.url, players);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await fitsLaptop(page);
      if (width === 1920) {
        // The game's page takes more of a wide window than the site's others (1,400 px): the map is drawn 1,130 px
        // wide, not 730, everything still in view (fitsLaptop).
        const map = (await page.getByTestId('map').boundingBox())!;
        expect(map.width).toBeGreaterThanOrEqual(1000);
      }
      if (width === 1366) {
        // Ending the turn with actions left asks first; "Keep playing" keeps the turn.
        await page.getByTestId('end-turn').click();
        await expectInView(page, '[data-testid="end-turn-question"]');
        await page.getByTestId('end-turn-cancel').click();
        await expect.poll(() => page.getByTestId('end-turn-question').count()).toBe(0);
        expect(await actionsLeft(page)).toBe(2);
        expect(await page.getByTestId('pass-device').count()).toBe(0);
        // Long names end in an ellipsis, in the banner and the player's row.
        for (const sel of ['[data-testid="banner-score-0"] .pname', '[data-testid="player-0"] .player-name']) {
          const cut = await page
            .locator(sel)
            .evaluate((e) => getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth);
          expect(cut, sel).toBe(true);
        }
        // Each colour has its own shape wherever it shows (here: the bag).
        const shapes = await page
          .locator('[data-testid="bag"] svg[data-color] path')
          .evaluateAll((els) => els.map((e) => `${e.closest('svg')!.dataset.color}:${e.getAttribute('d')}`));
        expect(shapes).toHaveLength(4);
        expect(new Set(shapes.map((x) => x.split(':')[1])).size).toBe(4);
      }
      await playTurn(page, fitsLaptop);
      await screenshot(page, `lisbon-${width}`);
      await playTurn(page);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('fits a 4-player game on a 390 × 844 phone: the display of four cards wraps', async () => {
    const { page, context } = await phoneContext(suite.browser, errors);
    await startHotSeat(page, suite.server.url, 4);
    expect(await page.locator('[data-testid="display"] .display-row > *').count()).toBe(4);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 60_000);

  it("shows every player's row whole on a portrait tablet (820 × 1180, 4 players), none cut off at the side", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'lisbon-tablet');
    await page.setViewportSize({ width: 820, height: 1180 });
    await startHotSeat(page, suite.server.url, 4);
    const rows = page.locator('.lt-players .player-panel');
    await expect.poll(() => rows.count()).toBe(4);
    const area = (await page.locator('.lt-players').boundingBox())!;
    for (const b of await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(b.left).toBeGreaterThanOrEqual(area.x - 1);
      expect(b.right).toBeLessThanOrEqual(area.x + area.width + 1);
      expect(b.width).toBeGreaterThanOrEqual(200);
    }
    expect(await page.locator('.lt-players').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await screenshot(page, 'lisbon-tablet-portrait');
    await context.close();
  }, 60_000);

  it('plays whole turns on a 390 × 844 touch phone: the zoomed pick and the bottom sheet', async () => {
    const { page, context } = await phoneContext(suite.browser, errors);
    await startHotSeat(page, suite.server.url);
    // The map takes the screen's width (but the page's own margins).
    const map = await box(page, '[data-testid="map"]');
    expect(map.width).toBeGreaterThanOrEqual(0.9 * 390);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (let turn = 0; turn < 2; turn++) {
      await expect.poll(() => page.getByTestId('turn-banner').textContent()).toMatch(/Your turn/);
      for (let action = 0; action < 2 && (await page.getByTestId('pass-device').count()) === 0; action++) {
        const before = await actionsLeft(page);
        if (action === 1 && (await page.getByTestId('pickup-none').count()) > 0) {
          await expectInView(page, '[data-testid="pickup-none"]');
          expect((await box(page, '[data-testid="pickup-none"]')).height).toBeGreaterThanOrEqual(44);
          await page.getByTestId('pickup-none').tap();
        } else {
          // On the whole map a ring is smaller than a finger: tapping it opens the zoomed pick.
          const dest = page.locator(QUIET_DEST).first();
          const id = (await dest.getAttribute('data-testid'))!;
          expect((await dest.boundingBox())!.width).toBeLessThan(44);
          await dest.tap();
          await page.getByTestId('loupe').waitFor({ timeout: UI });
          await expect.poll(() => page.getByTestId('loupe-caption').textContent()).not.toBe('');
          const targets = await page
            .locator('[data-testid="loupe"] .dest .dest-ring')
            .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
          expect(targets.length).toBeGreaterThan(0);
          for (const size of targets) expect(size).toBeGreaterThanOrEqual(44);
          await expectInView(page, `[data-testid="zoom-${id}"]`);
          if (turn === 0 && action === 0) await screenshot(page, 'lisbon-phone-loupe');
          await page.getByTestId(`zoom-${id}`).tap();
          await expect.poll(() => page.getByTestId('loupe').count()).toBe(0);
          // The bottom sheet holds Confirm in view, wherever the page is scrolled.
          for (const y of [0, 100_000]) {
            await page.evaluate((to) => window.scrollTo(0, to), y);
            await expectInView(page, '[data-testid="confirm-move"]');
            await expectInView(page, '[data-testid="cancel-move"]');
          }
          for (const sel of ['confirm-move', 'cancel-move'])
            expect((await box(page, `[data-testid="${sel}"]`)).height).toBeGreaterThanOrEqual(44);
          if (turn === 0 && action === 0) await screenshot(page, 'lisbon-phone-confirm');
          await page.getByTestId('confirm-move').tap();
        }
        await expect
          .poll(async () => (await page.getByTestId('pass-device').count()) > 0 || (await actionsLeft(page)) < before)
          .toBe(true);
      }
      await page.getByTestId('pass-ready').tap({ timeout: UI });
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('on the phone, ending a turn early asks in view: the bottom sheet scrolls to the question', async () => {
    const { page, context } = await phoneContext(suite.browser, errors);
    await startHotSeat(page, suite.server.url);
    // One move, to a place with something to do there: the sheet fills (the move, the pick-up, the end).
    await firstPhoneMove(page);
    // "End turn" is the sheet's last control; tapped, it asks, and the question and both answers are on screen.
    await page.getByTestId('end-turn').tap();
    await page.getByTestId('end-turn-question').waitFor({ timeout: UI });
    for (const sel of ['end-turn-question', 'end-turn-confirm', 'end-turn-cancel'])
      await expect.poll(() => inView(page, `[data-testid="${sel}"]`), { message: sel }).toBe(true);
    await screenshot(page, 'lisbon-phone-end-turn-question');
    await page.getByTestId('end-turn-cancel').tap();
    await expect.poll(() => page.getByTestId('end-turn-question').count()).toBe(0);
    expect(await actionsLeft(page)).toBe(1);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('on the phone, the map stays clear of the sheet as it grows after a move, and End turn stays in view', async () => {
    const url = suite.server.url;
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    for (const where of ['hot-seat', 'online'] as const) {
      let page: Page;
      if (where === 'hot-seat') {
        page = (await phoneContext(suite.browser, errors)).page;
        await startHotSeat(page, url);
      } else {
        // Online the match bar stands above the board: the map starts lower, under the sheet.
        const { matchID, creds } = await createJoined(url, 'lisbon-tram-28', 2);
        const { state } = await suite.server.db.fetch(matchID, { state: true });
        const cur = state.ctx.currentPlayer;
        const at = { url, game: 'lisbon-tram-28', matchID, playerID: cur, credentials: creds[Number(cur)] };
        page = (await openAsSeat(suite.browser, errors, 'lisbon-phone-online', at, undefined, phone)).page;
        await page.getByTestId('map').waitFor({ timeout: UI });
      }
      await expect.poll(() => page.getByTestId('turn-banner').textContent()).toMatch(/Your turn/);
      const mapClear = () => mapClearOfSheet(page);
      await expect.poll(mapClear, { message: `${where}: the map at the start` }).toBe(true);
      await firstPhoneMove(page);
      await expect.poll(mapClear, { message: `${where}: the map after the move` }).toBe(true);
      await expect.poll(() => inView(page, '[data-testid="end-turn"]'), { message: `${where}: End turn` }).toBe(true);
      await screenshot(page, `lisbon-phone-after-move-${where}`, { fullPage: false });
      await page.context().close();
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 60_000);

  it('on a 360 × 640 phone online, a turn that begins with the map wholly under the sheet brings the map clear of it', async () => {
    const url = suite.server.url;
    const { matchID, creds } = await createJoined(url, 'lisbon-tram-28', 2, { firstPlayer: 0 });
    const seat = (playerID: string) => ({
      url,
      game: 'lisbon-tram-28',
      matchID,
      playerID,
      credentials: creds[+playerID],
    });
    const { page: ana } = await openAsSeat(suite.browser, errors, 'lisbon-turn-ana', seat('0'));
    const phone = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true };
    const { page } = await openAsSeat(suite.browser, errors, 'lisbon-turn-bruno', seat('1'), undefined, phone);
    await page.getByTestId('map').waitFor({ timeout: UI });
    // Bruno waits at the page's top, where he has sent a message in the chat: the open chat pushes the board down, and
    // as his turn begins the sheet grows over the whole map (focus is still on Send).
    await page.getByTestId('chat').locator('summary').tap();
    await page.getByTestId('chat-input').fill('Your move, Ana');
    await page.getByTestId('chat-send').tap();
    await page.getByTestId('chat-message').waitFor({ timeout: UI });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await mapClearOfSheet(page)).toBe(false);
    await ana.getByTestId('end-turn').click({ timeout: UI });
    await ana.getByTestId('end-turn-confirm').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('turn-banner').textContent(), { timeout: UI }).toMatch(/Your turn/);
    await expect.poll(() => mapClearOfSheet(page), { message: 'the map as the turn begins' }).toBe(true);
    await screenshot(page, 'lisbon-phone-turn-begins-360', { fullPage: false });
    await ana.context().close();
    await page.context().close();
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 60_000);

  it("on the phone, the final scores show each player's Monument cards without scrolling sideways", async () => {
    const { page, context } = await phoneContext(suite.browser, errors);
    await startHotSeat(page, suite.server.url);
    // The last round, with cards in both rows: the stored game is changed, and resumed after a reload.
    await changeStoredHotSeat<GState>(page, ({ G }) => {
      G.endTriggered = true;
      G.players['0'].row = ['padrao-1', 'ajuda-1', 'carmo-2', 'se-2'];
      G.players['1'].row = [
        'estrela-1',
        'chiado-2',
        'castelo-2',
        'torre-belem-1',
        'panteao-1',
        'jeronimos-2',
        'praca-comercio-1',
      ];
    });
    await page.getByTestId('hs-resume').tap({ timeout: UI });
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('pass-ready').tap({ timeout: UI });
      await page.getByTestId('end-turn').tap({ timeout: UI });
      await page.getByTestId('end-turn-confirm').tap({ timeout: UI });
    }
    const over = page.getByTestId('gameover');
    await over.waitFor({ timeout: UI });
    // Hugo's row of 7 cards scrolls in the table's width (it widened the table, the dialog scrolling 57 px sideways
    // at 390 px). At 390 px, on a small 360 px phone (where "Passengers", the last column's head, lay 17 px past the dialog's
    // edge, cut to "Passenger") and held sideways beside the end bar (where a last column of 5 cards made the table
    // 21 px wider than the dialog): the scores fit the dialog's width, nothing hides past its right edge, and each
    // player's cards are in the window's width.
    for (const [width, height] of [
      [390, 844],
      [360, 640],
      [844, 390],
    ]) {
      await page.setViewportSize({ width, height });
      expect(await over.evaluate((e) => e.scrollWidth - e.clientWidth), `${width} px`).toBeLessThanOrEqual(1);
      // Held sideways, beside the end bar, the scores keep off the window's left edge (they stood at x 0).
      if (width > height)
        expect((await over.boundingBox())!.x, 'the scores held sideways: left').toBeGreaterThanOrEqual(8);
      for (const [name, cards] of [
        ['Hugo', 7],
        ['Hana Alexandra Vasconcel', 4],
      ] as const) {
        const row = over.getByRole('group', { name: `${name}'s Monument cards` });
        expect(await row.locator('.mcard').count(), name).toBe(cards);
        await row.scrollIntoViewIfNeeded();
        const r = (await row.boundingBox())!;
        expect(r.x, name).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await screenshot(page, `lisbon-phone-final-scores-${width}`);
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('says so when a pick-up would seat nobody: the button is not the suggested action', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'lisbon-no-seat');
    await page.setViewportSize({ width: 1366, height: 768 });
    await startHotSeat(page, suite.server.url);
    // Hana's tram at Baixa, where 1 passenger waits, of a colour she holds a ticket of (so the pick-up costs 1
    // ticket, not 3 in substitutes: her tickets are dealt at random); both her seats of that colour are taken.
    await changeStoredHotSeat<GState>(page, ({ G }) => {
      const none = { red: 0, yellow: 0, green: 0, blue: 0 };
      const colour = (['red', 'yellow', 'green', 'blue'] as const).find((c) => G.players['0'].hand![c] > 0)!;
      G.players['0'].position = 'baixa';
      G.players['0'].seats = { ...none, [colour]: 2 };
      G.stops['baixa'] = { ...none, [colour]: 1 };
    });
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await page.getByTestId('pass-ready').click({ timeout: UI });
    const pick = page.getByTestId('pickup-none');
    await pick.waitFor({ timeout: UI });
    expect(await pick.textContent()).toBe('Pick up anyway: pay 1 ticket, nobody boards');
    expect(await pick.getAttribute('class')).not.toContain('primary');
    await screenshot(page, 'lisbon-pickup-nobody-boards');
    // It is still allowed (the rules let a player pay for a group that stays).
    await pick.click();
    await expect.poll(() => actionsLeft(page)).toBe(1);
    await expect.poll(() => page.getByTestId('log').textContent()).toContain('picked up nothing at Baixa');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('plays a turn with the keyboard only: Enter chooses and confirms, Esc cancels, focus follows', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'lisbon-keyboard');
    await page.setViewportSize({ width: 1366, height: 768 });
    await startHotSeat(page, suite.server.url);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('data-testid') ?? el?.tagName ?? '';
      });
    const quiet = async () => (await page.locator(QUIET_DEST).first().getAttribute('data-testid'))!;
    // The board starts with focus on the map's first destination; Tab reaches a quiet one in a few presses.
    let tabs = 0;
    const target = await quiet();
    while ((await focused()) !== target && tabs < 30) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    expect(await focused()).toBe(target);
    expect(tabs).toBeLessThan(20);
    // Enter chooses it: focus goes to Confirm. Esc takes the choice back, and focus returns to the place.
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('confirm-move');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('confirm-move').count()).toBe(0);
    await expect.poll(focused).toBe(target);
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('confirm-move');
    // Esc and Enter at once, as fast as keys come: the place is chosen again, and focus stays on Confirm (a frame
    // later, Esc's own return of focus to the place once took it back).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('confirm-move');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await focused()).toBe('confirm-move');
    await expect(page.locator(`.lt-mapcol [data-testid="${target}"]`).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => actionsLeft(page)).toBe(1);
    // After the move, focus is on the next thing to do: the pick-up here, or a place to move to.
    await expect.poll(focused).toMatch(/^(pickup-none|dropoff-|take-bonus|dest-)/);
    if ((await focused()) === 'pickup-none') {
      await page.keyboard.press('Enter');
    } else {
      // A destination that pushes may come first: Tab on to a quiet one.
      const next = await quiet();
      for (let i = 0; i < 30 && (await focused()) !== next; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(next);
      await page.keyboard.press('Enter');
      await expect.poll(focused).toBe('confirm-move');
      await page.keyboard.press('Enter');
    }
    // Both actions spent: the turn passes to Hugo.
    await page.getByTestId('pass-device').waitFor({ timeout: UI });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hugo');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
