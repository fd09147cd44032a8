/**
 * Lisbon's "Zoom in" on phones held upright (390 × 844 and 360 × 640, touch), in Debian's Chromium against the real
 * server, in hot-seat on the first player's turn: the zoomed map opens on the player's tram and the places it may go
 * (a phone review found it open at the map's top-left corner, Ajuda and Belém, with the tram and all 10 highlighted
 * places off to the right), its box lies between the turn banner and the sheet of actions, and "Whole map" is in the
 * window and takes a tap without a scroll (it was under the sheet, at y ≈ 820, until the page was scrolled 300 px).
 * After a move made in the zoomed map, the box follows the tram, and the copy of Take back that floats while the page's
 * own is scrolled away stands at the turn banner's end, over none of its words (at the window's corner it covered
 * "1 of 2 actions left" and "Turn 1"). At 360 × 640, with the +1 action bonus, the banner keeping the copy's room is
 * at most one line taller than without it (with the room at the end of its every line it took 4 lines instead of 2).
 * "Zoom in" itself, over the map's top-left corner, takes a tap on the turn's first screen and once a place is chosen,
 * and covers none of the map's names or targets (under the map, a reviewer's tap at its centre found the sheet: at
 * 360 × 640 the button at y 413–457 and the sheet from y 412, once a place was chosen both from y 356; at 390 × 844
 * once a place was chosen).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { changeStoredHotSeat, e2eSuite, findChromium, hiddenUnder, screenshot } from './harness';
import { lisbonOnPhone, settled } from './lisbon-phone-steps';

const CHROMIUM = findChromium();
const UI = 10_000;
/** A destination whose move pushes nobody (a push may hand the device to the other player). */
const QUIET_DEST = '.lt-mapcol [data-testid^="dest-"]:not([aria-label*="pushes"])';

type Box = { left: number; top: number; right: number; bottom: number };

/** The boxes that matter, as the window shows them now. */
function layout(page: Page, seat: string) {
  return page.evaluate((seat) => {
    const rect = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const must = (sel: string) => rect(document.querySelector(sel))!;
    return {
      wrap: must('.lt-mapcol .map-wrap'),
      banner: must('[data-testid="turn-banner"]'),
      sheet: must('.lt-sheet'),
      tram: must(`.lt-mapcol [data-testid="tram-${seat}"]`),
      dests: [...document.querySelectorAll('.lt-mapcol [data-testid^="dest-"] .dest-ring')].map((e) => rect(e)!),
      zoom: must('[data-testid="map-zoom"]'),
    };
  }, seat);
}

const centre = (b: Box) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
const inside = (p: { x: number; y: number }, b: Box) =>
  p.x >= b.left && p.x <= b.right && p.y >= b.top && p.y <= b.bottom;

/** The id of a destination whose move pushes nobody, a tap at its centre reaching it. */
function quietDestination(page: Page): Promise<string | null> {
  return page.evaluate((sel) => {
    for (const d of document.querySelectorAll(sel)) {
      const r = d.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && d.contains(hit)) return d.getAttribute('data-testid');
    }
    return null;
  }, QUIET_DEST);
}

/** A tap at the centre of the element reaches it (nothing stands over it). */
async function tappable(page: Page, testid: string): Promise<boolean> {
  return page.getByTestId(testid).evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
    return !!document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('[data-testid="map-zoom"]');
  });
}

describe.skipIf(!CHROMIUM)('browser: Lisbon, "Zoom in" on a phone', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  for (const [width, height] of [
    [390, 844],
    [360, 640],
  ] as const) {
    it(`at ${width} × ${height}, the zoomed map opens on the tram and its places, and "Whole map" is in view`, async () => {
      const page = await lisbonOnPhone(suite, width, height, `zoom ${width}`);
      await expect.poll(() => page.getByTestId('turn-banner').textContent(), { timeout: UI }).toMatch(/Your turn/);
      await settled(page);

      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').getAttribute('aria-pressed')).toBe('true');
      await settled(page);
      await screenshot(page, `lisbon-phone-zoom-${width}`, { fullPage: false });
      const l = await layout(page, '0');
      // The zoomed box lies between the banner and the sheet: none of it is under either.
      expect.soft(l.wrap.top, 'the box under the banner').toBeGreaterThanOrEqual(l.banner.bottom - 1);
      expect.soft(l.wrap.bottom, 'the box above the sheet').toBeLessThanOrEqual(l.sheet.top + 1);
      // It shows the tram, and at least half the places it may go.
      expect
        .soft(inside(centre(l.tram), l.wrap), `the tram ${JSON.stringify(l.tram)} in ${JSON.stringify(l.wrap)}`)
        .toBe(true);
      expect.soft(l.dests.length).toBeGreaterThan(0);
      const shown = l.dests.filter((d) => inside(centre(d), l.wrap)).length;
      expect
        .soft(shown, `places in the box, of ${l.dests.length}`)
        .toBeGreaterThanOrEqual(Math.ceil(l.dests.length / 2));
      // "Whole map" is in the window, clear of the banner and the sheet, and a tap reaches it.
      expect.soft(l.zoom.top).toBeGreaterThanOrEqual(l.banner.bottom - 1);
      expect.soft(l.zoom.bottom).toBeLessThanOrEqual(l.sheet.top + 1);
      expect.soft(await tappable(page, 'map-zoom'), '"Whole map" takes a tap').toBe(true);
      expect.soft(await page.getByTestId('map-zoom').textContent()).toBe('Whole map');

      // A move made in the zoomed map: the box follows the tram.
      const id = await quietDestination(page);
      expect(id, 'a place to move to, in the box').not.toBeNull();
      await page.getByTestId(id!).tap();
      // At 360 px the zoomed map's places are still under 44 px: the tap opens the close-up, as on the whole map.
      if (width < 390) await page.getByTestId(`zoom-${id}`).tap({ timeout: UI });
      await page.getByTestId('confirm-move').tap({ timeout: UI });
      await expect.poll(() => page.getByTestId('actions-left').textContent(), { timeout: UI }).toMatch(/1 of 2/);
      await expect
        .poll(
          async () => {
            const after = await layout(page, '0');
            return inside(centre(after.tram), after.wrap);
          },
          { message: 'the tram in the box after the move', timeout: UI },
        )
        .toBe(true);
      // The move can be taken back, and the bar's Take back is scrolled away: its copy floats at the banner's end, in
      // room the banner makes for it, inside the banner and over none of its words or any control (at the window's
      // top-right corner it covered "1 of 2 actions left" and "Turn 1"); "Whole map" still takes a tap.
      await page.getByTestId('take-back-float').waitFor({ timeout: UI });
      await screenshot(page, `lisbon-phone-zoom-${width}-take-back`, { fullPage: false });
      const float = (await page.getByTestId('take-back-float').boundingBox())!;
      const banner = (await layout(page, '0')).banner;
      expect.soft(float.y, 'the floating Take back inside the banner').toBeGreaterThanOrEqual(banner.top);
      expect.soft(float.y + float.height).toBeLessThanOrEqual(banner.bottom);
      const under = await hiddenUnder(page, '[data-testid="take-back-float"]', {
        text: '[data-testid="turn-banner"]',
        controls: true,
      });
      expect.soft(under, 'what the floating Take back covers').toEqual([]);
      expect.soft(await tappable(page, 'map-zoom'), '"Whole map" takes a tap with Take back floating').toBe(true);

      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Zoom in');
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await page.context().close();
    }, 60_000);
  }

  for (const [width, height] of [
    [360, 640],
    [390, 844],
  ] as const) {
    it(`at ${width} × ${height}, "Zoom in" takes a tap at the turn's start and once a place is chosen, and hides no target`, async () => {
      const page = await lisbonOnPhone(suite, width, height, `zoom button ${width}`);
      await expect.poll(() => page.getByTestId('turn-banner').textContent(), { timeout: UI }).toMatch(/Your turn/);
      await settled(page);
      // On the turn's first screen the page is scrolled so that the map stands above the sheet of actions: "Zoom in"
      // with it (under the map it lay under the sheet, its centre at y 435 and the sheet's top at y 412).
      await screenshot(page, `lisbon-phone-zoom-button-${width}`, { fullPage: false });
      expect.soft(await tappable(page, 'map-zoom'), '"Zoom in" takes a tap at the turn\'s start').toBe(true);
      // Over the map it covers none of its names, places to go or to place passengers.
      const targets = '.lt-mapcol [data-testid^="dest-"], .lt-mapcol .place, .lt-mapcol [data-testid^="tram-"]';
      const opts = { text: '.lt-mapcol .map', boxes: targets };
      expect.soft(await hiddenUnder(page, '[data-testid="map-zoom"]', opts), 'what "Zoom in" covers').toEqual([]);

      // A place chosen: the sheet grows with the move's detail, and the page scrolls the map above it again.
      const id = await quietDestination(page);
      expect(id, 'a place to move to').not.toBeNull();
      await page.getByTestId(id!).tap();
      // Under 44 px on the whole map, the places open the close-up.
      await page.getByTestId(`zoom-${id}`).tap({ timeout: UI });
      await page.getByTestId('confirm-move').waitFor({ timeout: UI });
      await settled(page);
      await screenshot(page, `lisbon-phone-zoom-button-${width}-chosen`, { fullPage: false });
      expect.soft(await tappable(page, 'map-zoom'), '"Zoom in" takes a tap once a place is chosen').toBe(true);
      expect.soft(await hiddenUnder(page, '[data-testid="map-zoom"]', opts), 'what "Zoom in" covers').toEqual([]);

      // Zoomed, "Whole map" takes a tap too.
      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Whole map');
      await settled(page);
      expect.soft(await tappable(page, 'map-zoom'), '"Whole map" takes a tap').toBe(true);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await page.context().close();
    }, 60_000);
  }

  it("at 360 × 640, with the +1 action bonus, the banner keeping the floating Take back's room is at most one line taller than without it", async () => {
    // Names a little longer than Ana's: "Mariana 0 VP Bruno 0 VP Turn 1" takes 279 px of the banner's 316.
    const page = await lisbonOnPhone(suite, 360, 640, 'banner room 360', ['Mariana', 'Bruno']);
    await expect.poll(() => page.getByTestId('turn-banner').textContent(), { timeout: UI }).toMatch(/Your turn/);
    await changeStoredHotSeat<GState>(page, ({ G }) => {
      G.players['0'].bonuses = ['extraAction'];
    });
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await page.getByTestId('pass-ready').tap({ timeout: UI });
    await expect.poll(() => page.getByTestId('actions-left').textContent(), { timeout: UI }).toMatch(/3 of 3/);
    await page.getByTestId('map-zoom').tap();
    await expect.poll(() => page.getByTestId('map-zoom').getAttribute('aria-pressed')).toBe('true');
    await settled(page);
    const id = await quietDestination(page);
    expect(id, 'a place to move to, in the box').not.toBeNull();
    await page.getByTestId(id!).tap();
    await page.getByTestId(`zoom-${id}`).tap({ timeout: UI });
    await page.getByTestId('confirm-move').tap({ timeout: UI });
    await expect.poll(() => page.getByTestId('actions-left').textContent(), { timeout: UI }).toMatch(/2 of 3/);
    // The bar's Take back is scrolled away: the copy floats at the banner's end, which keeps its room.
    await page.getByTestId('take-back-float').waitFor({ timeout: UI });
    await settled(page);
    await screenshot(page, 'lisbon-phone-banner-room-360', { fullPage: false });
    const withRoom = (await page.getByTestId('turn-banner').boundingBox())!;
    const float = (await page.getByTestId('take-back-float').boundingBox())!;
    expect.soft(float.y, 'the floating Take back inside the banner').toBeGreaterThanOrEqual(withRoom.y);
    expect.soft(float.y + float.height).toBeLessThanOrEqual(withRoom.y + withRoom.height);
    const under = await hiddenUnder(page, '[data-testid="take-back-float"]', {
      text: '[data-testid="turn-banner"]',
      controls: true,
    });
    expect.soft(under, 'what the floating Take back covers').toEqual([]);
    // With the bar in view, the copy and its room go: the banner without them, and the height of one of its lines
    // (from the top of its first line to that of the next: whose turn, then the scores).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('take-back-float').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => page.getByTestId('take-back-room').count()).toBe(0);
    await settled(page);
    const without = (await page.getByTestId('turn-banner').boundingBox())!;
    const line = await page.evaluate(() => {
      const top = (sel: string) =>
        document.querySelector(`[data-testid="turn-banner"] ${sel}`)!.getBoundingClientRect().top;
      return top('.banner-scores') - top('.turn-who');
    });
    expect(line, 'the scores on the line under whose turn it is').toBeGreaterThan(0);
    // With the room at the end of the banner's every line, it was 101.5 px high against 57 (4 lines instead of 2: the
    // actions left wrapped under whose turn it is, "Turn 1" under the scores); it is 80 px, the scores keeping the
    // banner's whole width under the 2 lines beside the room.
    expect(
      withRoom.height - without.height,
      `${withRoom.height} px with the room, ${without.height} without`,
    ).toBeLessThanOrEqual(line);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
