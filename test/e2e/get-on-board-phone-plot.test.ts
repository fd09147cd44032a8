/**
 * Get on Board's plot panel on a touch phone, in a hot-seat game of two, in Debian's Chromium against the real
 * server (a phone play-through review):
 * upright on a small phone (360 × 640), a target that eliminates its player turns Confirm into "Confirm and be
 * eliminated": its words are shown, light on the danger red, with a contrast of 4.5:1 or more (they were the site's
 * danger red on the board's, 1.0:1: a red bar with no words).
 * Viewport screenshots: artifacts/screenshots/gob-phone-eliminate-360x640.png.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, e2eSuite, findChromium, newContext } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** The WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** A hot-seat game of Ana and Gia, both departures chosen: the first plot's panel is up. */
async function toFirstPlot(page: Page, url: string) {
  await page.goto(`${url}/#/g/get-on-board/hotseat`);
  await page.getByTestId('hs-name-0').fill('Ana');
  await page.getByTestId('hs-name-1').fill('Gia');
  await page.getByTestId('hs-start').click();
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('pass-device').waitFor({ timeout: UI });
    await page.getByTestId('pass-ready').click();
    const ticket = page.locator('[data-testid="departure-panel"] button').first();
    await ticket.click({ timeout: UI });
    await ticket.waitFor({ state: 'detached', timeout: UI });
  }
  await page.getByTestId('plot-panel').waitFor({ timeout: UI });
}

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

  it('shows "Confirm and be eliminated" in words that contrast with its red, at 360 × 640', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'gob-phone-eliminate', {
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    await toFirstPlot(page, suite.server.url);
    const eliminating = page.locator('.gob-target[data-eliminates="yes"]');
    // Plots are played, the two seats in turn, until a target eliminates its player; it is then tapped.
    const found = await playUntil(page, async () => (await eliminating.count()) > 0);
    expect(found, 'a target that eliminates its player was offered').toBe(true);
    await eliminating.first().click();
    const confirm = page.getByTestId('plot-confirm');
    await expect.poll(() => confirm.textContent()).toBe('Confirm and be eliminated');
    await confirm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'gob-phone-eliminate-360x640.png') });
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
});
