/**
 * Get on Board's plot panel on a touch phone, in a hot-seat game of two, in Debian's Chromium against the real
 * server (a phone play-through review):
 * - upright on a small phone (360 × 640), a target that eliminates its player turns Confirm into "Confirm and be
 *   eliminated": its words are shown, light on the danger red, with a contrast of 4.5:1 or more (they were the
 *   site's danger red on the board's, 1.0:1: a red bar with no words);
 * - held sideways (844 × 390), once a plot of three markers or more is placed, every marker's "Take back" can be
 *   tapped: scrolled into view, the element under its centre is the link itself, not the pinned "Metro extra
 *   marker" / "Clear" / "Confirm" row, and its words fit inside the panel (it sat under that row, and ran into
 *   the panel's right edge); the last marker placed is shown whole as the panel first stands (the markers scroll
 *   in a box of their own above the buttons).
 * - upright on a small phone (360 × 640), at the departures, the page scrolls the banner and the whole map into the
 *   window above the departures' sheet (the page did not scroll at all: only the map's top 72 px of 298 showed; then
 *   the sheet, its intro and each ticket's place three lines long, still covered the map's last 11 px).
 * Viewport screenshots: artifacts/screenshots/gob-phone-eliminate-360x640.png, gob-phone-take-back-844x390.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contrast, e2eSuite, findChromium, newContext, screenshot } from './harness';
import { hotSeatSetupAt, hotSeatToFirstPlot } from './get-on-board-steps';

const CHROMIUM = findChromium();
const UI = 10_000;

/**
 * Plays plots, the two seats in turn, each marker a safe one, until `stop` says so (asked before each marker and
 * once the plot may be confirmed); says whether it did.
 */
async function playUntil(page: Page, stop: () => Promise<boolean>): Promise<boolean> {
  const acting = page.locator('[data-testid^="hs-seat-"].acting .chip-name');
  for (let plot = 0; plot < 24; plot++) {
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    const round = await page.getByTestId('round').textContent();
    const who = await acting.textContent();
    if (await placeUntilConfirm(page, stop)) return true;
    await page.getByTestId('plot-confirm').click();
    await expect
      .poll(
        async () => (await page.getByTestId('round').textContent()) !== round || (await acting.textContent()) !== who,
        { timeout: UI },
      )
      .toBe(true);
  }
  return false;
}

/** Places safe markers (any marker when none is safe) until Confirm is enabled; stops early when `stop` says so. */
async function placeUntilConfirm(page: Page, stop: () => Promise<boolean>) {
  for (let i = 0; i < 10 && !(await page.getByTestId('plot-confirm').isEnabled()); i++) {
    if (await stop()) return true;
    const safe = page.locator('.gob-target[data-eliminates="no"]');
    const placed = await page.locator('[data-testid="plot-markers"] li').count();
    await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).click();
    await expect.poll(() => page.locator('[data-testid="plot-markers"] li').count()).toBe(placed + 1);
  }
  return stop();
}

describe.skipIf(!CHROMIUM)("browser: Get on Board's plot panel on a phone", () => {
  const suite = e2eSuite();

  it('shows the whole map above the departures at 360 × 640, the banner in the window', async () => {
    const { context, page, press } = await hotSeatSetupAt(suite, 'gob-phone-departure', {
      width: 360,
      height: 640,
      touch: true,
    });
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await press(page.getByTestId('hs-pace-instant'));
    await press(page.getByTestId('hs-start'));
    await page.locator('[data-testid="departure-panel"] button').first().waitFor({ timeout: UI });
    const seen = () =>
      page.evaluate(() => {
        const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
        const map = document.querySelector('.gob-map-svg')!.getBoundingClientRect();
        const sheet = document.querySelector('.gob-action-slot')!.getBoundingClientRect();
        return {
          bannerTop: Math.round(banner.top),
          shown: Math.round(Math.min(map.bottom, sheet.top) - Math.max(map.top, banner.bottom, 0)),
          map: Math.round(map.height),
          sheet: Math.round(sheet.height),
          intro: Math.round(document.querySelector('.gob-departure-intro')!.getBoundingClientRect().height),
          ticket: Math.round(document.querySelector('.gob-departure')!.getBoundingClientRect().height),
        };
      });
    // The page scrolls once the board is laid out (before: the banner at y 215, 72 px of the 298 px map shown), and
    // the whole map then shows between the banner, in the window, and the sheet (the sheet's words, three lines of
    // intro and of each ticket's place, covered the map's last 11 px: 287 of 298 shown).
    const whole = async () => {
      const m = await seen();
      return m.bannerTop >= 0 && m.shown >= m.map ? 'the whole map' : JSON.stringify(m);
    };
    await expect.poll(whole, { timeout: UI }).toBe('the whole map');
    console.log(`departures at 360 × 640: ${JSON.stringify(await seen())}`);
    await screenshot(page, 'gob-phone-departure-360x640', { fullPage: false });
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  });

  it('shows "Confirm and be eliminated" in words that contrast with its red, at 360 × 640', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'gob-phone-eliminate', {
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    await hotSeatToFirstPlot(page, suite.server.url);
    const eliminating = page.locator('.gob-target[data-eliminates="yes"]');
    // Plots are played, the two seats in turn, until a target eliminates its player; it is then tapped.
    const found = await playUntil(page, async () => (await eliminating.count()) > 0);
    expect(found, 'a target that eliminates its player was offered').toBe(true);
    await eliminating.first().click();
    const confirm = page.getByTestId('plot-confirm');
    await expect.poll(() => confirm.textContent()).toBe('Confirm and be eliminated');
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'gob-phone-eliminate-360x640', { fullPage: false });
    const look = await confirm.evaluate((b) => {
      const s = getComputedStyle(b);
      return { color: s.color, background: s.backgroundColor };
    });
    const ratio = contrast(look.color, look.background);
    expect(ratio, `Confirm's words ${look.color} on ${look.background}`).toBeGreaterThanOrEqual(4.5);
    // Its words are painted where the button is: the element under its centre is the button.
    const hit = await confirm.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!el && b.contains(el);
    });
    expect(hit).toBe(true);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps every "Take back" tappable, clear of the pinned buttons, when held sideways (844 × 390)', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'gob-phone-take-back', {
      viewport: { width: 844, height: 390 },
      isMobile: true,
      hasTouch: true,
    });
    await hotSeatToFirstPlot(page, suite.server.url);
    // The player scrolls the board up, as its first screen asks sideways: map and panel then fill the window.
    await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
    // Plots are played until one of three markers or more is placed whole.
    const markers = page.locator('[data-testid="plot-markers"] li');
    const whole = async () => (await page.getByTestId('plot-confirm').isEnabled()) && (await markers.count()) >= 3;
    expect(await playUntil(page, whole), 'a plot of three markers or more').toBe(true);
    await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
    const n = await markers.count();
    await screenshot(page, 'gob-phone-take-back-844x390', { fullPage: false });
    const found: string[] = [];
    // As the panel first stands: no part of a "Take back" that shows is under the buttons, and each one's words fit
    // its box, inside the panel.
    const seen = await page.getByTestId('plot-panel').evaluate((panel) => {
      const actions = panel.querySelector('.gob-actions')!.getBoundingClientRect();
      const box = panel.getBoundingClientRect();
      return [...panel.querySelectorAll<HTMLElement>('[data-testid^="take-back-"]')].map((b) => {
        // The part of the link that shows: its box cut by every box that clips it.
        const own = b.getBoundingClientRect();
        let r = own;
        let [top, bottom, left, right] = [r.top, r.bottom, r.left, r.right];
        for (let el = b.parentElement; el; el = el.parentElement) {
          if (getComputedStyle(el).overflowY === 'visible') continue;
          r = el.getBoundingClientRect();
          [top, bottom] = [Math.max(top, r.top), Math.min(bottom, r.bottom)];
          [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
        }
        [top, bottom] = [Math.max(top, 0), Math.min(bottom, window.innerHeight)];
        const shows = bottom - top > 0.5 && right - left > 0.5;
        const under =
          shows &&
          top < actions.bottom - 0.5 &&
          bottom > actions.top + 0.5 &&
          left < actions.right &&
          right > actions.left;
        const words = document.createRange();
        words.selectNodeContents(b);
        const text = words.getBoundingClientRect();
        return {
          id: b.dataset.testid!,
          under,
          whole:
            top <= own.top + 0.5 && bottom >= own.bottom - 0.5 && left <= own.left + 0.5 && right >= own.right - 0.5,
          fits: b.scrollWidth <= b.clientWidth + 0.5 && text.right <= box.right - 0.5,
        };
      });
    });
    // The marker just placed is shown whole, its "Take back" clear of everything.
    if (!seen[n - 1]?.whole) found.push(`take-back-${n - 1}, the last marker's: not wholly shown`);
    for (const l of seen) {
      if (l.under) found.push(`${l.id}: shows under the panel's buttons`);
      if (!l.fits) found.push(`${l.id}: its words run past its box or the panel's edge`);
    }
    // Each one, brought into view as a finger scrolls, is what a tap at its centre reaches.
    for (let i = n - 1; i >= 0; i--) {
      const link = page.getByTestId(`take-back-${i}`);
      await link.scrollIntoViewIfNeeded();
      const m = await link.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {
          under: el ? (el.closest('button')?.textContent ?? el.tagName) : 'nothing',
          hit: !!el && b.contains(el),
          inWindow: r.top >= 0 && r.bottom <= window.innerHeight,
        };
      });
      if (!m.hit) found.push(`take-back-${i}: under its centre is "${m.under}"`);
      if (!m.inWindow) found.push(`take-back-${i}: out of the window`);
    }
    // Confirm is in the window, unmoved by any of that.
    const confirm = (await page.getByTestId('plot-confirm').boundingBox())!;
    if (confirm.y < 0 || confirm.y + confirm.height > 390) found.push('Confirm: out of the window');
    expect(found).toEqual([]);
    // The last marker's Take back, tapped where it stands, takes it back.
    await page.getByTestId(`take-back-${n - 1}`).tap();
    await expect.poll(() => page.locator('[data-testid="plot-markers"] li').count()).toBe(n - 1);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
  it('fits the departures, the plot panel and the shape beside the map on a small phone held sideways (740 × 360)', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'gob-phone-sideways-small', {
      viewport: { width: 740, height: 360 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    // A long name, in the banner as the Inspector or the plotter beside the shape.
    await page.getByTestId('hs-name-1').fill('Bartholomew Christophe');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-ready').click();
    await page.locator('[data-testid="departure-panel"] button').first().waitFor({ timeout: UI });
    await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
    const found: string[] = [];
    // The two departure tickets stand whole in the side column and the window, which has nothing to scroll sideways
    // (side by side they ran 10 px past the column's edge and 6 px below the window).
    const departures = await page.getByTestId('departure-panel').evaluate((panel) => {
      const side = panel.closest('.gob-side')!;
      const col = side.getBoundingClientRect();
      return {
        sideways: side.scrollWidth - side.clientWidth,
        out: [...panel.querySelectorAll('button')].flatMap((b) => {
          const r = b.getBoundingClientRect();
          return r.right > col.right + 0.5 || r.bottom > window.innerHeight + 0.5 || r.top < 0
            ? [`${b.dataset.testid}: ${Math.round(r.right)} x ${Math.round(r.bottom)}`]
            : [];
        }),
      };
    });
    if (departures.sideways > 0) found.push(`the side column scrolls ${departures.sideways} px sideways`);
    for (const o of departures.out) found.push(`departure out of the column or the window: ${o}`);
    await screenshot(page, 'gob-phone-sideways-departure-740x360', { fullPage: false });
    await page.locator('[data-testid="departure-panel"] button').first().click();
    await page.getByTestId('pass-ready').click();
    await page.locator('[data-testid="departure-panel"] button').first().click();
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });

    // Plots are played until one is whole with the Metro extra marker offered.
    const offered = async () =>
      (await page.getByTestId('plot-confirm').isEnabled()) && (await page.getByTestId('add-extra').count()) > 0;
    expect(await playUntil(page, offered), 'a whole plot with the Metro extra marker offered').toBe(true);
    /** The panel as it stands: its buttons' row, the marker list's box and the last marker's row, the shape's label. */
    const measure = () =>
      page.getByTestId('plot-panel').evaluate((panel) => {
        const list = panel.querySelector('[data-testid="plot-markers"]')!;
        const box = list.getBoundingClientRect();
        const last = list.lastElementChild!.getBoundingClientRect();
        const label = document.querySelector('.gob-banner-shape-label')!;
        return {
          actions: Math.round(panel.querySelector('.gob-actions')!.getBoundingClientRect().height),
          list: Math.round(box.height),
          lastWhole: last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5,
          shapeCut: label.scrollWidth - label.clientWidth,
          panelBottom: Math.round(panel.getBoundingClientRect().bottom),
        };
      });
    await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
    for (const moment of ['whole', 'choosing the extra marker']) {
      if (moment !== 'whole') await page.getByTestId('add-extra').click();
      const m = await measure();
      // Its buttons on one row (Metro extra marker, Clear and Confirm took two: 104 px), under a marker list that
      // shows its last marker whole in a box of two rows at least (it was cut to 39 px).
      if (m.actions > 60) found.push(`${moment}: the buttons take ${m.actions} px, more than a row`);
      if (m.list < 80) found.push(`${moment}: the marker list shows ${m.list} px`);
      if (!m.lastWhole) found.push(`${moment}: the last marker is not whole in its box`);
      if (m.panelBottom > 360) found.push(`${moment}: the panel ends at ${m.panelBottom} px, below the window`);
      // The banner shows the shape in full ("2 markers, straight or 1 t…" beside "Inspector: Bot 3 (nor…").
      if (m.shapeCut > 0) found.push(`${moment}: the banner cuts the shape by ${m.shapeCut} px`);
    }
    await screenshot(page, 'gob-phone-sideways-extra-740x360', { fullPage: false });
    expect(found).toEqual([]);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 180_000);
});
