/**
 * The Get on Board board pieces in Debian's Chromium: a standalone page
 * (browser/harness.tsx, bundled with esbuild, CSS included) opened from a
 * temp dir over file://. Clicking, tapping and keying a target report the
 * pick; hovering reports a preview; the map and the sheet fit a 1366 × 768
 * screen and an 844 × 390 phone held sideways with no horizontal scrolling,
 * with tap targets ≥ 44 px; on the real maps no place or street name, departure
 * number or site letter runs into another or into a stop; the end screen shows
 * every player's total without scrolling, on a laptop and on a phone; the plot
 * panel's heading wraps a long shape's words under "Your plot:".
 * Screenshots go to artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { findChromium, screenshot } from '../../../e2e/harness';
import { boardPage, type BoardPage } from '../../../board-page';

const CHROMIUM = findChromium();
if (!CHROMIUM) console.warn('[get-on-board board] SKIPPED: no Chromium found; the browser test did not run.');

describe.skipIf(!CHROMIUM)('Get on Board board pieces in Chromium', () => {
  let board: BoardPage;

  beforeAll(async () => {
    board = await boardPage(
      path.join(__dirname, 'browser', 'harness.tsx'),
      'gob-board',
      'body{margin:0;background:#f3efe6}' +
        // On a laptop the page keeps the map within the screen's height; on a phone it follows the width.
        '@media (min-width: 1000px){.harness-map{--gob-map-max-height:calc(100vh - 44px)}}',
    );
  }, 60_000);

  afterAll(() => board?.close());

  async function open(
    view: 'map' | 'big' | 'sheet' | 'sheet-out' | 'paris' | 'rome' | 'end' | 'plot',
    width: number,
    height: number,
    touch = false,
  ): Promise<Page> {
    return board.open({ width, height, hash: view, touch });
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, name);
  }

  const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  const picks = (page: Page) => page.evaluate(() => window.__gobPicks);
  const target = (page: Page, to: string) => page.locator(`[data-target="${to}"]`);

  it('picks a target by click and by keyboard, previews on hover, and fits a 1366 × 768 screen', async () => {
    const page = await open('map', 1366, 768);
    await target(page, '3,4').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1366);

    await target(page, '4,5').hover();
    await expect.poll(() => page.getByTestId('hover').textContent()).toBe('Preview: 4,5');
    await page.mouse.move(2, 2);
    await expect.poll(() => page.getByTestId('hover').textContent()).toBe('Pick the next intersection.');

    await target(page, '3,4').click();
    expect(await picks(page)).toEqual(['3,4']);
    // The eliminating target is still a target (the parent warns before sending).
    await target(page, '4,3').click();
    expect(await picks(page)).toEqual(['3,4', '4,3']);

    // Keyboard: the targets are in the tab order with their accessible names.
    await page
      .getByRole('button', { name: 'Go to 4,5 — Metro entrance, Piramide, objective site C, along Via del Corso' })
      .focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press(' ');
    expect(await picks(page)).toEqual(['3,4', '4,3', '4,5', '3,4']);
    expect(await page.getByRole('button', { name: /eliminates you/ }).count()).toBe(1);

    await page.mouse.move(2, 2);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const map = await page.getByTestId('gob-map').boundingBox();
    expect(map!.y + map!.height).toBeLessThanOrEqual(768);
    await shot(page, 'gob-map');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('fits an 844 × 390 phone in landscape, with tap targets of 44 px or more, and takes a tap', async () => {
    for (const view of ['map', 'big'] as const) {
      const page = await open(view, 844, 390, true);
      await target(page, '3,4').waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(844);
      const box = await page.locator('[data-target="4,5"] .gob-target-hit').boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await target(page, '4,5').tap();
      expect(await picks(page)).toEqual(['4,5']);
      if (view === 'big') await shot(page, 'gob-map-phone');
      await page.close();
    }
    expect(board.errors).toEqual([]);
  }, 60_000);

  it.each(['paris', 'rome'] as const)(
    'sets every name and badge of the %s map clear of the others and of the stops',
    async (view) => {
      const page = await open(view, 1366, 768);
      await page.locator('.gob-stop').first().waitFor();
      // Each name's, badge's and stop's box on screen, shrunk by a pixel (touching is not overlapping).
      const clashes = await page.evaluate(() => {
        const boxes = (selector: string, kind: string) =>
          [...document.querySelectorAll(selector)].map((el) => {
            const r = el.getBoundingClientRect();
            const stop = el.closest('.gob-stop')?.getAttribute('data-point') ?? '';
            const what = `${kind} ${el.textContent?.trim() || stop}`;
            // A round halo is tested as the circle it is, not its square box.
            const round = el.tagName === 'circle';
            return { what, stop, round, x0: r.left + 1, y0: r.top + 1, x1: r.right - 1, y1: r.bottom - 1 };
          });
        const labels = [
          ...boxes('.gob-place-name', 'name'),
          ...boxes('.gob-street-name', 'street'),
          ...boxes('.gob-departure-no', 'departure'),
          ...boxes('.gob-site', 'site'),
        ];
        const halos = boxes('.gob-stop-halo', 'stop');
        const out: string[] = [];
        type Box = (typeof labels)[number];
        const meet = (a: Box, b: Box): boolean => {
          if (!(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1)) return false;
          if (!b.round) return true;
          const [cx, cy, r] = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, (b.x1 - b.x0) / 2];
          const dx = Math.max(a.x0 - cx, 0, cx - a.x1);
          const dy = Math.max(a.y0 - cy, 0, cy - a.y1);
          return dx * dx + dy * dy < r * r;
        };
        // Two place names must not run into each other either: 2 px apart at least.
        const apart = (a: Box, b: Box): boolean =>
          !a.what.startsWith('name') || !b.what.startsWith('name')
            ? !meet(a, b)
            : !meet({ ...a, x0: a.x0 - 2, x1: a.x1 + 2 }, b);
        labels.forEach((a, i) => {
          for (const b of labels.slice(i + 1))
            if (!apart(a, b) && (a.stop === '' || a.stop !== b.stop)) out.push(`${a.what} / ${b.what}`);
          // A stop's own badges sit on its halo by design; a name never does, nor anything on another stop.
          for (const h of halos)
            if (meet(a, h) && (h.stop !== a.stop || a.what.startsWith('name'))) out.push(`${a.what} / ${h.what}`);
        });
        return out;
      });
      expect(clashes).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it('shows the sheet, compact sheets, icons and tickets, on a screen and on a phone', async () => {
    const page = await open('sheet', 1366, 768);
    await page.getByTestId('gob-sheet').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(1366);
    expect(await page.locator('[data-zone="grannies"] [data-crossed="yes"]').count()).toBe(4);
    await shot(page, 'gob-sheet');
    await page.setViewportSize({ width: 844, height: 390 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(844);
    await page.close();

    const out = await open('sheet-out', 844, 390);
    await out.getByRole('status').filter({ hasText: 'Eliminated' }).waitFor();
    expect(await scrollWidth(out)).toBeLessThanOrEqual(844);
    await shot(out, 'gob-sheet-eliminated');
    expect(board.errors).toEqual([]);
    await out.close();
  }, 60_000);

  it.each([
    ['laptop', 1366, 768],
    ['phone', 390, 844],
  ] as const)(
    "shows every player's total on the end screen without scrolling, on a %s",
    async (name, width, height) => {
      const page = await open('end', width, height, name === 'phone');
      const over = page.getByTestId('gameover');
      await over.waitFor();
      const wrap = (await over.locator('.gob-table-wrap').boundingBox())!;
      for (const p of ['0', '1', '2']) {
        const cell = (await page.getByTestId(`final-${p}`).boundingBox())!;
        // On the screen, and in the part of the table its box shows (not scrolled out of it).
        expect(cell.y, `total ${p}: top`).toBeGreaterThanOrEqual(Math.max(0, wrap.y) - 1);
        expect(cell.y + cell.height, `total ${p}: bottom`).toBeLessThanOrEqual(
          Math.min(height, wrap.y + wrap.height) + 1,
        );
        // Three players fit across a phone: no total runs out of the table's box sideways.
        expect(cell.x, `total ${p}: left`).toBeGreaterThanOrEqual(wrap.x - 1);
        expect(cell.x + cell.width, `total ${p}: right`).toBeLessThanOrEqual(wrap.x + wrap.width + 1);
      }
      // The players' columns are as wide as each other, the eliminated player's too.
      const widths = await over
        .locator('thead th:not(:first-child)')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
      expect(widths).toHaveLength(3);
      for (const w of widths)
        expect(Math.abs(w - widths[0]), `column widths ${widths.join(', ')}`).toBeLessThanOrEqual(1);
      await expect.poll(() => page.getByTestId('final-1').textContent()).toBe('73');
      expect(await page.getByTestId('final-1').getAttribute('class')).toBe('gob-winner');
      await shot(page, `gob-end-${name}`);
      expect(board.errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it.each([360, 300])(
    'wraps a long shape\'s words under "Your plot:" in the plot heading, on a %i px phone',
    async (width) => {
      const page = await open('plot', width, 640, true);
      const heading = page.getByTestId('plot-panel').locator('h2');
      await heading.waitFor();
      // The shape's words, line by line: where each line starts.
      const lines = await heading.evaluate((h) => {
        const words = [...h.querySelectorAll('*'), h]
          .flatMap((el) => [...el.childNodes])
          .find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('straight or 1 turn'))!;
        const range = document.createRange();
        range.selectNodeContents(words);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = [...new Set(boxes.map((r) => Math.round(r.top)))].sort((a, b) => a - b);
        return tops.map((top) =>
          Math.round(Math.min(...boxes.filter((r) => Math.round(r.top) === top).map((r) => r.left))),
        );
      });
      const lead = (await heading.locator('.gob-plot-heading-lead').boundingBox())!;
      const seen = `"Your plot:" at ${Math.round(lead.x)}, the shape's lines at ${lines.join(', ')}`;
      expect(lines.length, seen).toBeGreaterThan(1);
      // Its lines after the first start where "Your plot:" does: one block of words, not a second column beside it.
      for (const left of lines.slice(1)) expect(Math.abs(left - lead.x), seen).toBeLessThanOrEqual(1);
      await shot(page, `gob-plot-heading-${width}`);
      expect(board.errors).toEqual([]);
      await page.close();
    },
    60_000,
  );
});
