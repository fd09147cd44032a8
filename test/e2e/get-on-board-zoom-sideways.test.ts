/**
 * Get on Board's map zoom on a phone held sideways, in Debian's Chromium against the real server (a phone review:
 * held upright the banner offers "Zoom in", held sideways there was none, and the map's streets and stops were drawn
 * tiny, 0.39 px a map unit at 844 × 390). At 844 × 390 and 740 × 360 (touch), in a hot-seat game of Ana against an
 * easy bot on Rome, once the board is scrolled up (as its first screen asks sideways):
 * - "Zoom in" is shown, a tap target of 44 px or more, in the window, over none of the banner's words, of the map, of
 *   the plot panel nor of any control, and the banner stays one line (the map and Confirm still fit the window);
 * - tapped, the map is drawn at least twice as large in a box that stays where the map was, clear of the plot panel;
 * - a whole plot is played on the zoomed map, each marker tapped where it stands (the box has moved to show every
 *   target about to be tapped: nothing scrolls it but the board), and confirmed; the next plot opens zoomed, its
 *   targets in the box;
 * - "Whole map" goes back to the whole map.
 * And at 844 × 390, against two bots at the relaxed pace, the zoomed map follows each bot's plot while Ana waits (the
 * box stayed on Ana's line: every bot's plot was made out of its view).
 * Measured figures are logged ("gob zoom sideways: …"). Viewport screenshots: artifacts/screenshots/
 * gob-zoom-sideways-<size>-{whole,zoomed}.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, findChromium, hiddenUnder, screenshot } from './harness';
import { hotSeatSetupAt, placeSafeMarkers } from './get-on-board-steps';

const CHROMIUM = findChromium();
const UI = 10_000;

type Box = { left: number; top: number; right: number; bottom: number };

/** The map as drawn: px per map unit, its box, and the plot panel's and the zoom toggle's boxes (null: not shown). */
const measure = (page: Page) =>
  page.evaluate(() => {
    const rect = (el: Element | null): Box | null => {
      const r = el?.getBoundingClientRect();
      return r && r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
    };
    const svg = document.querySelector<SVGSVGElement>('.gob-map-svg')!;
    return {
      scale: svg.getScreenCTM()!.a,
      box: rect(document.querySelector('.gob-map-box'))!,
      panel: rect(document.querySelector('[data-testid="plot-panel"]')),
      zoom: rect(document.querySelector('[data-testid="map-zoom"]')),
      banner: rect(document.querySelector('[data-testid="banner"]'))!,
      confirm: rect(document.querySelector('[data-testid="plot-confirm"]')),
      sideways: document.documentElement.scrollWidth - window.innerWidth,
    };
  });

const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, b: Box) =>
  a.left >= b.left - 0.5 && a.top >= b.top - 0.5 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
const round = (b: Box | null) =>
  b && `x ${Math.round(b.left)}–${Math.round(b.right)}, y ${Math.round(b.top)}–${Math.round(b.bottom)}`;

describe.skipIf(!CHROMIUM)("browser: Get on Board's map zoom on a phone held sideways", () => {
  const suite = e2eSuite();

  it.each([
    { width: 844, height: 390 },
    { width: 740, height: 360 },
  ])(
    'offers "Zoom in" clear of the map and the plot panel, and plays a plot zoomed, at $width × $height',
    async ({ width, height }) => {
      const size = `${width}x${height}`;
      const { context, page } = await hotSeatSetupAt(suite, `gob-zoom-${size}`, { width, height, touch: true });
      await page.getByTestId('hs-name-0').fill('Ana');
      await page.getByTestId('hs-kind-1').selectOption('bot');
      await page.getByTestId('hs-level-1').selectOption('easy');
      await expect.poll(() => page.getByTestId('hs-map').textContent()).toContain('Rome');
      await page.getByTestId('hs-pace-instant').tap();
      await page.getByTestId('hs-start').tap();
      const departure = page.locator('[data-testid="departure-panel"] button').first();
      await departure.waitFor({ timeout: UI });
      await departure.tap();
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      const scrollUp = () => page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
      await scrollUp();
      await screenshot(page, `gob-zoom-sideways-${size}-whole`, { fullPage: false });

      // The whole map, and the toggle beside it.
      const whole = await measure(page);
      console.log(
        `gob zoom sideways: ${size} whole map: ${whole.scale.toFixed(3)} px a map unit (a street ${(whole.scale * 10).toFixed(1)} px wide), map box ${round(whole.box)}, banner ${round(whole.banner)}, zoom ${round(whole.zoom)}`,
      );
      expect(whole.zoom, '"Zoom in" is shown').not.toBeNull();
      const zoom = whole.zoom!;
      expect(Math.min(zoom.right - zoom.left, zoom.bottom - zoom.top), 'its tap target').toBeGreaterThanOrEqual(44);
      expect(inside(zoom, { left: 0, top: 0, right: width, bottom: height }), `"Zoom in" in the window`).toBe(true);
      expect(meets(zoom, whole.box), `"Zoom in" (${round(zoom)}) over the map (${round(whole.box)})`).toBe(false);
      expect(meets(zoom, whole.panel!), `"Zoom in" over the plot panel (${round(whole.panel)})`).toBe(false);
      expect(
        await hiddenUnder(page, '[data-testid="map-zoom"]', {
          text: '[data-testid="banner"], [data-testid="plot-panel"]',
          boxes: '.gob-target, [data-testid="plot-panel"] button',
          controls: true,
        }),
      ).toEqual([]);
      // The banner stays one line: the map and Confirm still fit the window under it.
      expect(whole.banner.bottom - whole.banner.top, 'the banner is one line').toBeLessThanOrEqual(45);
      expect(whole.box.bottom, 'the map in the window').toBeLessThanOrEqual(height + 0.5);
      expect(whole.confirm!.bottom, 'Confirm in the window').toBeLessThanOrEqual(height + 0.5);

      // Zoomed: drawn at least twice as large, in a box where the map was, clear of the plot panel.
      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Whole map');
      const zoomed = await measure(page);
      console.log(
        `gob zoom sideways: ${size} zoomed: ${zoomed.scale.toFixed(3)} px a map unit (a street ${(zoomed.scale * 10).toFixed(1)} px wide), map box ${round(zoomed.box)}`,
      );
      await screenshot(page, `gob-zoom-sideways-${size}-zoomed`, { fullPage: false });
      expect(zoomed.scale / whole.scale, 'the zoomed map against the whole').toBeGreaterThanOrEqual(2);
      expect(inside(zoomed.box, { left: 0, top: zoomed.banner.bottom, right: width, bottom: height })).toBe(true);
      expect(meets(zoomed.box, zoomed.panel!), 'the zoomed map under the plot panel').toBe(false);
      expect(zoomed.sideways, 'the page scrolls sideways by').toBeLessThanOrEqual(0);

      // A whole plot on the zoomed map: each target tapped where it stands, shown in the box without a scroll.
      const markers = page.locator('[data-testid="plot-markers"] li');
      const round0 = await page.getByTestId('round').textContent();
      for (let i = 0; i < 10 && !(await page.getByTestId('plot-confirm').isEnabled()); i++) {
        const safe = page.locator('.gob-target[data-eliminates="no"]');
        const target = (await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first();
        const where = `target ${await target.getAttribute('data-target')}`;
        const ring = (await target.locator('.gob-target-ring').boundingBox())!;
        const box = (await measure(page)).box;
        const r = { left: ring.x, top: ring.y, right: ring.x + ring.width, bottom: ring.y + ring.height };
        expect(inside(r, box), `${where} (${round(r)}) in the map's box (${round(box)})`).toBe(true);
        const x = ring.x + ring.width / 2;
        const y = ring.y + ring.height / 2;
        const reached = await target.evaluate((t, [x, y]) => t.contains(document.elementFromPoint(x, y)), [x, y]);
        expect(reached, `a tap at ${where}'s centre reaches it`).toBe(true);
        const placed = await markers.count();
        await page.touchscreen.tap(x, y);
        await expect.poll(() => markers.count()).toBe(placed + 1);
      }
      await page.getByTestId('plot-confirm').tap();
      // The bot plots at once: the next plot opens, still zoomed, its targets in the box.
      await expect
        .poll(async () => (await page.getByTestId('round').textContent()) !== round0, { timeout: 30_000 })
        .toBe(true);
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      await scrollUp();
      expect(await page.getByTestId('map-zoom').textContent()).toBe('Whole map');
      const next = await measure(page);
      const first = (await page.locator('.gob-target .gob-target-ring').first().boundingBox())!;
      const f = { left: first.x, top: first.y, right: first.x + first.width, bottom: first.y + first.height };
      expect(inside(f, next.box), `the next plot's first target (${round(f)}) in the box (${round(next.box)})`).toBe(
        true,
      );

      // (For the record, not a check: how much of the bot's latest plot the zoomed box shows as Ana's plot opens on
      // her line's end.)
      const shown = await page.evaluate(() => {
        const plot = document.querySelector('.gob-latest[data-latest="1"]')?.getBoundingClientRect();
        const box = document.querySelector('.gob-map-box')!.getBoundingClientRect();
        if (!plot) return 'none drawn';
        const w = Math.max(0, Math.min(plot.right, box.right) - Math.max(plot.left, box.left));
        const h = Math.max(0, Math.min(plot.bottom, box.bottom) - Math.max(plot.top, box.top));
        return `${Math.round((100 * w * h) / (plot.width * plot.height || 1))}% of its box in view`;
      });
      console.log(`gob zoom sideways: ${size} the bot's latest plot as Ana's next plot opens zoomed: ${shown}`);

      // "Whole map" goes back.
      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Zoom in');
      expect(Math.abs((await measure(page)).scale - whole.scale), 'the whole map again').toBeLessThan(0.01);
      expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    120_000,
  );
  it("follows each bot's plot on the zoomed map while Ana waits, at 844 × 390", async () => {
    // Ana against two easy bots on Rome at the relaxed pace (700 ms before each bot's move). Zoomed, the box stayed on
    // Ana's line while the others plotted: their plots were made out of view (none of the bot's latest plot in the
    // box as Ana's next plot opened, above).
    const { context, page } = await hotSeatSetupAt(suite, 'gob-zoom-watch', { width: 844, height: 390, touch: true });
    await page.getByTestId('hs-players-3').tap();
    await page.getByTestId('hs-name-0').fill('Ana');
    for (const seat of [1, 2]) {
      await page.getByTestId(`hs-kind-${seat}`).selectOption('bot');
      await page.getByTestId(`hs-level-${seat}`).selectOption('easy');
    }
    await expect.poll(() => page.getByTestId('hs-map').textContent()).toContain('Rome');
    await page.getByTestId('hs-pace-relaxed').tap();
    await page.getByTestId('hs-start').tap();
    const departure = page.locator('[data-testid="departure-panel"] button').first();
    await departure.waitFor({ timeout: UI });
    await departure.tap();
    await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
    await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());
    await page.getByTestId('map-zoom').tap();
    await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Whole map');

    /**
     * While a bot is to plot and the newest plot (in the stored game's log) is the other bot's, drawn as its latest
     * plot: whether its end's ring is in the map's box. Null at any other moment.
     */
    const watching = () =>
      page.evaluate(() => {
        type Entry = { player?: string; plot?: string[] };
        const stored = JSON.parse(localStorage.getItem('lt28hs_state') ?? '[]') as [
          string,
          { G: { toPlay: string | null; log: Entry[] } },
        ][];
        const G = stored[0]?.[1]?.G;
        if (!G || G.toPlay === null || G.toPlay === '0') return null;
        const newest = [...G.log].reverse().find((e) => e.plot && e.plot.length > 0);
        if (!newest || newest.player === '0' || document.querySelector('[data-testid="plot-panel"]')) return null;
        const drawn = document.querySelector(`.gob-latest[data-latest="${newest.player}"]`);
        if (drawn?.getAttribute('data-points') !== newest.plot!.join(' ')) return null;
        const ring = drawn.querySelector('.gob-latest-end')!.getBoundingClientRect();
        const box = document.querySelector('.gob-map-box')!.getBoundingClientRect();
        const [x, y] = [ring.left + ring.width / 2, ring.top + ring.height / 2];
        return {
          player: newest.player!,
          end: newest.plot!.at(-1)!,
          inBox: x >= box.left && x <= box.right && y >= box.top && y <= box.bottom,
        };
      });

    const seen: { player: string; end: string; inBox: boolean }[] = [];
    for (let plots = 0; plots < 4 && seen.length < 2; plots++) {
      await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
      await placeSafeMarkers(page);
      await page.getByTestId('plot-confirm').click();
      await page.getByTestId('plot-panel').waitFor({ state: 'detached', timeout: UI });
      // The bots' plots, sampled until Ana's next plot (or the end).
      for (let i = 0; i < 200; i++) {
        const now = await watching();
        if (now && !seen.some((s) => s.player === now.player && s.end === now.end)) seen.push(now);
        if ((await page.locator('[data-testid="plot-panel"], [data-testid="gameover"]').count()) > 0) break;
        await page.waitForTimeout(40);
      }
    }
    console.log(`gob zoom sideways: bots' plots seen while Ana waits: ${JSON.stringify(seen)}`);
    expect(seen.length, "a bot's plot made while the other bot is still to plot").toBeGreaterThan(0);
    expect(seen.filter((s) => !s.inBox)).toEqual([]);
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
