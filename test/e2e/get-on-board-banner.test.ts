/**
 * Get on Board's banner keeps one height from plot to plot, so that the map under it stays where the player's finger
 * or mouse expects it, in Debian's Chromium against the real server: a phone held upright (390 × 844) and sideways
 * (844 × 390), a tablet held upright (768 × 1024) and a 1366 × 768 laptop. At each, a hot-seat game on Rome (a human
 * with a long name, 22 letters, against an easy bot, instant pace) is played through the UI from the departure to
 * the third plot's Confirm, the bot plotting in between. Every time the banner changes (its words or its size) the
 * page notes its height and how far below its top the map stands: each must keep one value throughout (on the phone
 * the banner rewrapped between 85 and 133 px as the shape's and the player's words changed, moving the map by up to
 * 48 px; held sideways, "Bot 2 (easy) is plotting" wrapped it from 43 to 71 px). Where the plot panel stands beside
 * the map (sideways, the laptop) the map is at the same place in the window at the start of each plot. The banner's
 * words never run out of it, and a name cut short on screen is whole in its text (what a screen reader reads).
 * Viewport screenshots: artifacts/screenshots/gob-banner-<size>-plot<n>.png.
 */
import { describe, expect, it } from 'vitest';
import { findChromium, e2eSuite, screenshot } from './harness';
import { hotSeatSetupAt } from './get-on-board-steps';

const CHROMIUM = findChromium();
const UI = 10_000;
/** A long name (the setup takes up to 24 characters): it makes the banner's words as long as they get. */
const NAME = 'Bartholomew Christophe';

const SIZES = [
  { name: 'phone', width: 390, height: 844, touch: true, beside: false },
  { name: 'sideways', width: 844, height: 390, touch: true, beside: true },
  { name: 'tablet-upright', width: 768, height: 1024, touch: true, beside: false },
  { name: 'laptop', width: 1366, height: 768, touch: false, beside: true },
] as const;

/** What the page notes each time the banner changes. */
interface Seen {
  height: number;
  /** The map's top less the banner's. */
  mapBelow: number;
  /** How far the banner's words run past its box (0 when they do not). */
  spill: number;
  text: string;
  /** The names in the banner as they show (a screen reader's words left out). */
  names: string[];
}

describe.skipIf(!CHROMIUM)("browser: Get on Board's banner keeps its height from plot to plot", () => {
  const suite = e2eSuite();

  it.each(SIZES)(
    'at $name size ($width × $height) the map stays under a banner of one height',
    async (size) => {
      const { context, page, press } = await hotSeatSetupAt(suite, `gob-banner-${size.name}`, size);
      await page.getByTestId('hs-name-0').fill(NAME);
      await page.getByTestId('hs-kind-1').selectOption('bot');
      await page.getByTestId('hs-level-1').selectOption('easy');
      await press(page.getByTestId('hs-pace-instant'));
      await press(page.getByTestId('hs-start'));
      const departure = page.locator('[data-testid="departure-panel"] button').first();
      await departure.waitFor({ timeout: UI });
      // Sideways, the player scrolls the board up once: the map then stays in view beside the panel.
      if (size.name === 'sideways') await page.getByTestId('gob-board').evaluate((el) => el.scrollIntoView());

      // From the departure on, every change of the banner is noted, as it happens.
      await page.evaluate(() => {
        const w = window as unknown as { __banner: Seen[] };
        w.__banner = [];
        const banner = document.querySelector<HTMLElement>('[data-testid="banner"]')!;
        const note = () => {
          const b = banner.getBoundingClientRect();
          const map = document.querySelector('.gob-map-svg')!.getBoundingClientRect();
          let right = b.right;
          for (const el of banner.querySelectorAll('*')) right = Math.max(right, el.getBoundingClientRect().right);
          w.__banner.push({
            height: Math.round(b.height),
            mapBelow: Math.round(map.top - b.top),
            spill: Math.round(Math.max(right - b.right, banner.scrollWidth - banner.clientWidth)),
            text: banner.innerText.replace(/\s+/g, ' '),
            names: [...banner.querySelectorAll('.gob-banner-name')].map((el) => {
              const shown = el.cloneNode(true) as Element;
              shown.querySelectorAll('.visually-hidden').forEach((h) => h.remove());
              return shown.textContent;
            }),
          });
        };
        note();
        new ResizeObserver(note).observe(banner);
        new MutationObserver(note).observe(banner, { subtree: true, childList: true, characterData: true });
      });
      await press(departure);

      // Three plots, each marker a safe one, the bot plotting in between.
      const mapAt: number[] = [];
      for (let plot = 1; plot <= 3; plot++) {
        await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
        const round = await page.getByTestId('round').textContent();
        mapAt.push(Math.round((await page.locator('.gob-map-svg').boundingBox())!.y));
        await screenshot(page, `gob-banner-${size.name}-plot${plot}`, { fullPage: false });
        for (let i = 0; i < 10 && !(await page.getByTestId('plot-confirm').isEnabled()); i++) {
          const safe = page.locator('.gob-target[data-eliminates="no"]');
          const placed = await page.locator('[data-testid="plot-markers"] li').count();
          await press((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first());
          await expect.poll(() => page.locator('[data-testid="plot-markers"] li').count()).toBe(placed + 1);
        }
        await press(page.getByTestId('plot-confirm'));
        await expect.poll(() => page.getByTestId('round').textContent(), { timeout: 30_000 }).not.toBe(round);
      }

      // The round's ticket number reads at a glance: drawn 7.7 px high on the banner's 22 px card, under a 2.7 px
      // "METRO"; its circle and number fill the card now, the number inside the circle.
      const ticket = await page.locator('[data-testid="banner"] .gob-ticket').evaluate((svg) => {
        const n = svg.querySelector('.gob-ticket-n')!.getBoundingClientRect();
        const circle = svg.querySelector('circle')!.getBoundingClientRect();
        const text = svg.querySelector<SVGTextElement>('.gob-ticket-n')!;
        return {
          px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM()!.a,
          inside: n.left >= circle.left - 0.5 && n.right <= circle.right + 0.5,
          label: svg.querySelector('.gob-ticket-label') !== null,
          number: text.textContent,
        };
      });
      expect(ticket.px, JSON.stringify(ticket)).toBeGreaterThanOrEqual(11);
      expect(ticket.inside, JSON.stringify(ticket)).toBe(true);
      expect(ticket.label).toBe(false);
      const seen = await page.evaluate(() => (window as unknown as { __banner: Seen[] }).__banner);
      const states = [...new Map(seen.map((s) => [`${s.height} ${s.mapBelow}`, s])).values()];
      const listed = states.map((s) => `${s.height} px, map ${s.mapBelow} px below: ${s.text}`);
      // The banner took the bot's turns, both Inspectors and at least three shapes.
      expect(new Set(seen.map((s) => s.text)).size, listed.join('\n')).toBeGreaterThanOrEqual(4);
      expect(
        seen.some((s) => s.text.includes('is plotting')),
        'the bot plotting was seen',
      ).toBe(true);
      // One height, one place of the map under it, throughout.
      expect(new Set(seen.map((s) => s.height)).size, `the banner's heights:\n${listed.join('\n')}`).toBe(1);
      expect(new Set(seen.map((s) => s.mapBelow)).size, `the map under the banner:\n${listed.join('\n')}`).toBe(1);
      // Beside the panel, the map is where it was at the start of each plot.
      if (size.beside) expect(new Set(mapAt).size, `the map's top at each plot: ${mapAt.join(', ')}`).toBe(1);
      // Nothing runs out of the banner; the long name, cut short on screen or not, is whole in its words.
      expect(seen.filter((s) => s.spill > 0).map((s) => `${s.spill} px: ${s.text}`)).toEqual([]);
      expect(seen.some((s) => s.text.includes(`Inspector: ${NAME}`))).toBe(true);
      // The bot's name shows without its level, which its words keep ("Bot 2 (easy)" was cut to "Bot 2 (ea…").
      const shown = new Set(seen.flatMap((s) => s.names));
      expect([...shown].sort()).toEqual([NAME, 'Bot 2'].sort());
      expect(seen.some((s) => s.text.includes('Bot 2 (easy) is plotting'))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // A round begun while the board was shown lit its number up once (a phone review: the player's next plot opened
      // at once, as last to plot and next Inspector, with nothing to say a round had begun); a round the board opens
      // on, after a reload, does not.
      const animation = () => page.getByTestId('round').evaluate((el) => getComputedStyle(el).animationName);
      expect(await animation()).toBe('gob-new-round');
      await page.reload();
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      expect(await animation()).toBe('none');
      expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
