/**
 * Lisbon's sheet of actions on phones held upright, in Debian's Chromium against the real server (hot-seat, the first
 * player's tram at Baixa, where three passengers wait that she can pay for):
 *  - at 360 × 640 the sheet is 288 px high: the pick-up's main button ("Pick up, pay 3 tickets") shows whole above
 *    the pinned End turn row, and a tap reaches it (a phone review found it cut in half behind that row, with no
 *    hint that the sheet scrolls); while the sheet scrolls, a cue says so ("▲ more" / "▼ more");
 *  - at 390 × 844, "End your turn with 2 actions unused?" covers nothing of the sheet (pinned at its foot, the
 *    question covered the bell's row), and is in view with its answers.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import { changeStoredHotSeat, e2eSuite, findChromium, screenshot } from './harness';
import { lisbonOnPhone, settled } from './lisbon-phone-steps';

const CHROMIUM = findChromium();
const UI = 10_000;

type Box = { left: number; top: number; right: number; bottom: number };

/** The words in view in the sheet that "▲ more" (its ::before) covers, each as "words (y top–bottom)". */
function underCueAbove(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sheet = document.querySelector<HTMLElement>('.lt-sheet')!;
    const cue = getComputedStyle(sheet, '::before');
    if (cue.content === 'none' || cue.display === 'none') return ['no "▲ more"'];
    const s = sheet.getBoundingClientRect();
    const w = parseFloat(cue.width);
    const h = parseFloat(cue.height);
    // Fixed, at its insets; sticky (as it was), at the top of what scrolls, at the end of the sheet's content box.
    const box =
      cue.position === 'fixed'
        ? { left: innerWidth - parseFloat(cue.right) - w, top: innerHeight - parseFloat(cue.bottom) - h }
        : {
            left:
              s.left + sheet.clientLeft + sheet.clientWidth - parseFloat(getComputedStyle(sheet).paddingRight) - 4 - w,
            top: s.top + sheet.clientTop + parseFloat(cue.top),
          };
    const view = { top: s.top + sheet.clientTop, bottom: s.top + sheet.clientTop + sheet.clientHeight };
    const under: string[] = [];
    const walk = document.createTreeWalker(sheet, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const words = (n.textContent ?? '').trim();
      if (!words) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        const top = Math.max(r.top, view.top);
        const bottom = Math.min(r.bottom, view.bottom);
        if (bottom - top < 1) continue;
        if (r.right > box.left && r.left < box.left + w && bottom > box.top && top < box.top + h)
          under.push(`${words.slice(0, 40)} (y ${Math.round(top)}–${Math.round(bottom)})`);
      }
    }
    return under;
  });
}

describe.skipIf(!CHROMIUM)("browser: Lisbon's sheet of actions on a phone", () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** A hot-seat game at `width` × `height` (touch), Ana's turn, her tram at Baixa with 3 passengers she can pay for. */
  async function atBaixa(width: number, height: number): Promise<Page> {
    const page = await lisbonOnPhone(suite, width, height, `sheet ${width}`);
    await page.getByTestId('map').waitFor({ timeout: UI });
    await changeStoredHotSeat<GState>(page, ({ G }) => {
      const none = { red: 0, yellow: 0, green: 0, blue: 0 };
      G.players['0'].position = 'baixa';
      G.players['0'].hand = { red: 3, yellow: 3, green: 3, blue: 3 };
      G.players['0'].seats = { ...none };
      G.stops['baixa'] = { ...none, red: 1, green: 1, blue: 1 };
    });
    await page.getByTestId('hs-resume').tap({ timeout: UI });
    await page.getByTestId('pass-ready').tap({ timeout: UI });
    await page.getByTestId('pickup-none').waitFor({ timeout: UI });
    await settled(page);
    return page;
  }

  it('at 360 × 640, the pick-up shows whole above the pinned End turn row, and a cue says the sheet scrolls', async () => {
    const page = await atBaixa(360, 640);
    const where = () =>
      page.evaluate(() => {
        const rect = (el: Element): Box => {
          const r = el.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const sheet = document.querySelector<HTMLElement>('.lt-sheet')!;
        const main = document.querySelector('[data-testid="pickup-none"]')!;
        const end = document.querySelector('[data-testid="end-turn"]')!.closest('.action-section')!;
        const m = rect(main);
        const hit = document.elementFromPoint((m.left + m.right) / 2, (m.top + m.bottom) / 2);
        const pseudo = (el: Element, which: string) => {
          const s = getComputedStyle(el, which);
          return s.content !== 'none' && s.content !== 'normal' && s.display !== 'none';
        };
        return {
          main: m,
          sheet: rect(sheet),
          end: rect(end),
          endPinned: getComputedStyle(end).position === 'sticky',
          tapReaches: !!hit && main.contains(hit),
          scrolls: sheet.scrollHeight > sheet.clientHeight + 2,
          above: sheet.scrollTop > 2,
          below: sheet.scrollTop + sheet.clientHeight < sheet.scrollHeight - 2,
          cueAbove: pseudo(sheet, '::before'),
          cueBelow: pseudo(end, '::before') || pseudo(sheet, '::after'),
        };
      });
    const l = await where();
    await screenshot(page, 'lisbon-phone-sheet-360', { fullPage: false });
    // The row with End turn is pinned at the sheet's foot, and the sheet is too short for all it holds.
    expect(l.endPinned).toBe(true);
    expect(l.scrolls).toBe(true);
    // The pick-up's button lies whole in the sheet, above the pinned row, and a tap at its centre reaches it.
    expect.soft(l.main.top, 'the button under the sheet top').toBeGreaterThanOrEqual(l.sheet.top);
    expect.soft(l.main.bottom, 'the button above the pinned row').toBeLessThanOrEqual(l.end.top);
    expect.soft(l.tapReaches, 'a tap on the button reaches it').toBe(true);
    // A cue shows each way the sheet scrolls.
    expect.soft(l.above || l.below).toBe(true);
    if (l.above) expect.soft(l.cueAbove, '"▲ more" at the top').toBe(true);
    if (l.below) expect.soft(l.cueBelow, '"▼ more" at the pinned row').toBe(true);
    // The player scrolls the sheet to its top: the cue now says there is more below, and only that (both are read
    // together once the scroll event has come: "▼ more" may have been there before the scroll).
    const cues = async () => {
      const w = await where();
      return { above: w.cueAbove, below: w.cueBelow };
    };
    await page.locator('.lt-sheet').evaluate((e) => e.scrollTo(0, 0));
    await expect
      .poll(cues, { message: 'only "▼ more" with the sheet at its top' })
      .toEqual({ above: false, below: true });
    await page.locator('.lt-sheet').evaluate((e) => e.scrollTo(0, e.scrollHeight));
    await expect
      .poll(cues, { message: 'only "▲ more" with the sheet at its foot' })
      .toEqual({ above: true, below: false });
    await screenshot(page, 'lisbon-phone-sheet-360-foot', { fullPage: false });
    // "▲ more" covers none of the words in view: at the foot, nor with the hint's first line ("Choose a highlighted
    // place on the map. Its number is") just in view at the top (sticky at the top of what scrolls, the cue covered
    // "Its number is", as once a move had scrolled the sheet 46 px).
    expect.soft(await underCueAbove(page), 'the words under "▲ more", at the foot').toEqual([]);
    await page.locator('.lt-sheet').evaluate((sheet) => {
      sheet.scrollTop = 0;
      const range = document.createRange();
      range.selectNodeContents(sheet.querySelector('.hint')!);
      const line = range.getClientRects()[0];
      sheet.scrollTop = line.top - (sheet.getBoundingClientRect().top + sheet.clientTop) - 3;
    });
    await expect.poll(cues, { message: 'both cues with the hint at the top' }).toEqual({ above: true, below: true });
    await screenshot(page, 'lisbon-phone-sheet-360-hint', { fullPage: false });
    expect.soft(await underCueAbove(page), 'the words under "▲ more", the hint at the top').toEqual([]);
    // The pick-up itself.
    await page.getByTestId('pickup-none').tap();
    await expect.poll(() => page.getByTestId('actions-left').textContent(), { timeout: UI }).toMatch(/1 of 2/);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('at 390 × 844, "End your turn with 2 actions unused?" covers nothing of the sheet', async () => {
    const page = await atBaixa(390, 844);
    await page.getByTestId('end-turn').tap();
    await page.getByTestId('end-turn-question').waitFor({ timeout: UI });
    await settled(page);
    await screenshot(page, 'lisbon-phone-sheet-question-390', { fullPage: false });
    // The question and its answers are in the window.
    for (const id of ['end-turn-question', 'end-turn-confirm', 'end-turn-cancel']) {
      const r = (await page.getByTestId(id).boundingBox())!;
      expect(r.y, id).toBeGreaterThanOrEqual(0);
      expect(r.y + r.height, id).toBeLessThanOrEqual(844);
    }
    // Nothing of the sheet shown in it lies under the question's box.
    const covered = await page.evaluate(() => {
      const sheet = document.querySelector('.lt-sheet')!.getBoundingClientRect();
      const group = document.querySelector('[data-testid="end-turn-question"]')!.closest('.action-section')!;
      const q = group.getBoundingClientRect();
      return [...document.querySelectorAll('.lt-sheet button, .lt-sheet p, .lt-sheet h4')]
        .filter((e) => !group.contains(e))
        .filter((e) => {
          const r = e.getBoundingClientRect();
          const shown = r.bottom > sheet.top + 1 && r.top < sheet.bottom - 1;
          return shown && r.bottom > q.top + 1 && r.top < q.bottom - 1;
        })
        .map((e) => e.getAttribute('data-testid') ?? e.textContent.slice(0, 40));
    });
    expect(covered, 'under the question').toEqual([]);
    await page.getByTestId('end-turn-cancel').tap();
    await expect.poll(() => page.getByTestId('end-turn-question').count()).toBe(0);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
