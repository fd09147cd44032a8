/**
 * The site's pages on a touch phone (390 × 844, and hot-seat held sideways at 844 × 390), in Chromium against the
 * real server:
 * - every control of the games page, a lobby (its "List it under open matches" line, its How to play), the
 *   hot-seat setup, a match under way ("Leave match") and a hot-seat game ("Quit game") is a tap target of
 *   44 × 44 px or more (the boards are checked by their own tests);
 * - so is every control of a replay (its arrows, slider, choices and steps), its page is no wider than the
 *   phone, and its timeline, pinned to the window's bottom, is in reach with the page scrolled to the board and to
 *   its end, on the phone held upright and sideways (844 × 390) and on an upright tablet (768 × 1024);
 * - in a Get on Board hot-seat game, the note that names the seat whose plot it is ("Gia's turn", given when the
 *   device changes hands without the pass screen) covers nothing of the board's banner (the round's ticket), of its
 *   plot panel nor any control, upright and sideways on a phone and on a laptop, also while the player taps markers
 *   and scrolls the page (sideways, it covered the panel's Confirm); and while nothing moves it is not placed again.
 */
import { describe, expect, it } from 'vitest';
import { createJoined, e2eSuite, findChromium, newContext, screenshot, smallControls, holdSeat } from './harness';
import { expectTimelineInReach, playedInProcess } from './replay-match';
import { hotSeatToFirstPlot, placeSafeMarkers } from './get-on-board-steps';

const CHROMIUM = findChromium();
const UI = 10_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The boards, online and in hot-seat, which their own tests check. */
const PAGE_ONLY = '[data-testid="board-wrap"], [data-testid="hs-board"]';

/** Whether two boxes share any area. */
function overlap(a: DOMRect | null, b: DOMRect | null): boolean {
  if (!a || !b || a.width === 0 || b.width === 0) return false;
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

describe.skipIf(!CHROMIUM)("the site's pages on a touch phone", () => {
  const suite = e2eSuite();

  it('makes every control of the pages around the boards a 44 px tap target', async () => {
    const url = suite.server.url;
    const playing = await createJoined(url, 'touched-on', 2);
    const { context, page: p } = await newContext(suite.browser, suite.errors, 'phone-targets', PHONE);
    await holdSeat(context, {
      game: 'touched-on',
      matchID: playing.matchID,
      playerID: '0',
      credentials: playing.creds[0],
    });
    const found: Record<string, string[]> = {};
    const pages: [string, string, string][] = [
      ['games', '#/', 'games'],
      ['lobby', '#/g/touched-on', 'create-submit'],
      ['rules', '#/g/get-on-board/rules', 'how-to-play'],
      ['hot-seat setup', '#/g/lisbon-tram-28/hotseat', 'hs-start'],
      ['match', `#/g/touched-on/match/${playing.matchID}`, 'leave-match'],
    ];
    for (const [name, hash, shown] of pages) {
      await p.goto(`${url}/${hash}`);
      await p.getByTestId(shown).first().waitFor({ timeout: UI });
      if (name === 'lobby') {
        // "List it under open matches": the check box keeps its 20 px, its whole line is the target.
        const line = (await p
          .getByTestId('create-listed')
          .evaluate((e) => e.closest('label')!.getBoundingClientRect().toJSON())) as DOMRect;
        expect(line.height).toBeGreaterThanOrEqual(44);
        const before = await p.getByTestId('create-listed').isChecked();
        await p.touchscreen.tap(line.right - 4, line.bottom - 3);
        expect(await p.getByTestId('create-listed').isChecked()).toBe(!before);
      }
      // Every How to play open, and shut, as a player finds them.
      for (const open of [false, true]) {
        await p.evaluate((o) => document.querySelectorAll('details').forEach((d) => (d.open = o)), open);
        const small = await smallControls(p, PAGE_ONLY);
        if (small.length > 0) found[`${name}${open ? ' (folds open)' : ''}`] = small;
      }
      await screenshot(p, `phone-targets-${name.replaceAll(' ', '-')}`);
    }
    // A hot-seat game under way: its bar's "Quit game".
    await p.goto(`${url}/#/g/get-on-board/hotseat`);
    await p.getByTestId('hs-start').click({ timeout: UI });
    await p.getByTestId('hs-quit').waitFor({ timeout: UI });
    const small = await smallControls(p, PAGE_ONLY);
    if (small.length > 0) found['hot-seat game'] = small;
    await screenshot(p, 'phone-targets-hot-seat-game');
    expect(found).toEqual({});
    await context.close();
  }, 120_000);

  it('makes every control of a replay a 44 px tap target, on a page no wider than the phone, its timeline pinned upright, sideways and on an upright tablet', async () => {
    const { matchID } = await playedInProcess(suite, 'get-on-board', 2, 5);
    const { context, page: p } = await newContext(suite.browser, suite.errors, 'phone-targets-replay', PHONE);
    await p.goto(`${suite.server.url}/#/g/get-on-board/replay/${matchID}`);
    await p.getByTestId('replay-log').waitFor({ timeout: UI });
    // An upright phone, the same held sideways (it scrolled out of view there with the board), an upright tablet.
    for (const { width, height } of [
      { width: 390, height: 844 },
      { width: 844, height: 390 },
      { width: 768, height: 1024 },
    ]) {
      await p.setViewportSize({ width, height });
      await p.evaluate(() => window.scrollTo(0, 0));
      const small = await smallControls(p, '.replay-board');
      await screenshot(p, `phone-targets-replay-${width}x${height}`);
      expect(small, `${width} × ${height}`).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Its timeline, pinned to the window's bottom, is in reach with the page scrolled to the board and to its end.
      await expectTimelineInReach(p);
      await screenshot(p, `phone-targets-replay-${width}x${height}-end`, { fullPage: false });
    }
    await context.close();
  }, 120_000);

  for (const size of [
    { width: 390, height: 844, touch: true },
    { width: 844, height: 390, touch: true },
    { width: 1366, height: 768, touch: false },
  ]) {
    it(`keeps Get on Board's hot-seat "Gia's turn" off the banner, the plot panel and every control at ${size.width} × ${size.height}`, async () => {
      const { page, context } = await newContext(suite.browser, suite.errors, `phone-handed-${size.width}`, {
        viewport: { width: size.width, height: size.height },
        isMobile: size.touch,
        hasTouch: size.touch,
      });
      // Counts the page's calls of document.elementsFromPoint, which only the notes' placing makes (hotseatNotes.ts).
      await context.addInitScript(() => {
        const calls = { n: 0 };
        const own = document.elementsFromPoint.bind(document);
        document.elementsFromPoint = (x: number, y: number) => {
          calls.n++;
          return own(x, y);
        };
        (window as unknown as { __placings: { n: number } }).__placings = calls;
      });
      // The first plot, then the device goes to the other player without the pass screen.
      await hotSeatToFirstPlot(page, suite.server.url);
      const first = await page.locator('[data-testid^="hs-seat-"].acting .chip-name').textContent();
      await placeSafeMarkers(page);
      await page.getByTestId('plot-confirm').click();
      const next = first === 'Ana' ? 'Gia' : 'Ana';
      const handed = page.getByTestId('hs-handed-to');
      await expect.poll(() => handed.textContent(), { timeout: UI }).toBe(`${next}'s turn`);
      // The board as a player has it for a plot: its banner at the window's top (the board scrolls there itself
      // when its map and panel fit under it; the note covered the banner's ticket there).
      await page.evaluate(() => {
        const banner = document.querySelector('[data-testid="banner"]')!;
        window.scrollBy(0, banner.getBoundingClientRect().top);
      });
      // While nothing moves, the note is not placed again: in a stretch of 400 ms in which the page neither changed,
      // scrolled, resized nor ran a transition or an animation, no placing ran (it looked every 200 ms).
      const still = await page.evaluate(async () => {
        const placings = (window as unknown as { __placings: { n: number } }).__placings;
        const notes = document.querySelector('.hotseat-notes')!;
        let moves = 0;
        const moved = () => moves++;
        const changes = new MutationObserver((records) => {
          if (records.some((r) => !notes.contains(r.target))) moved();
        });
        changes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const events = ['scroll', 'resize', 'transitionrun', 'transitionend', 'animationstart', 'animationend'];
        for (const type of events) document.addEventListener(type, moved, true);
        window.addEventListener('resize', moved);
        try {
          const frame = () => new Promise((r) => requestAnimationFrame(r));
          for (let tries = 0; tries < 4; tries++) {
            moves = 0;
            // A placing asked for by a change before this stretch runs at a coming frame (a change seen by a resize
            // observer, a frame later still): counted from three frames on, a change during them counts as a move.
            for (let f = 0; f < 3; f++) await frame();
            const before = placings.n;
            await new Promise((r) => setTimeout(r, 400));
            if (moves === 0) return { quiet: true, placings: placings.n - before };
          }
          return { quiet: false, placings: -1 };
        } finally {
          changes.disconnect();
          for (const type of events) document.removeEventListener(type, moved, true);
          window.removeEventListener('resize', moved);
        }
      });
      expect(still).toEqual({ quiet: true, placings: 0 });
      // Measured over the note's whole time up.
      const seen: string[] = [];
      let measured = 0;
      for (let t = 0; t < 6; t++) {
        const boxes = await page.evaluate(() => {
          const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect().toJSON() ?? null;
          return {
            note: box('[data-testid="hs-handed-to"]'),
            banner: box('[data-testid="banner"]'),
            panel: box('[data-testid="plot-panel"]'),
            confirm: box('[data-testid="plot-confirm"]'),
            // Every control in the window under it: the panel's buttons, the map's targets, a link.
            controls: [
              ...document.querySelectorAll<Element>(
                'button, a[href], input, select, textarea, summary, [role="button"], [tabindex="0"]',
              ),
            ]
              .filter((el) => !el.closest('[data-testid="hs-handed-to"]'))
              .map((el) => ({
                name: el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim(),
                box: el.getBoundingClientRect().toJSON() as DOMRect,
              })),
          };
        });
        if (!boxes.note) break;
        measured++;
        const note = boxes.note as DOMRect;
        expect(note.top, 'the note in the window').toBeGreaterThanOrEqual(0);
        expect(note.bottom, 'the note in the window').toBeLessThanOrEqual(size.height);
        for (const what of ['banner', 'panel', 'confirm'] as const)
          if (overlap(note, boxes[what] as DOMRect | null))
            seen.push(`${what}: note ${JSON.stringify(note)} over ${JSON.stringify(boxes[what])}`);
        for (const c of boxes.controls)
          if (overlap(note, c.box)) seen.push(`${c.name}: note ${JSON.stringify(note)} over ${JSON.stringify(c.box)}`);
        // The window as seen (the note is fixed: a whole page's picture puts it elsewhere).
        if (t === 0 || t === 2)
          await screenshot(page, `phone-handed-${size.width}x${size.height}${t === 2 ? '-scrolled' : ''}`, {
            fullPage: false,
          });
        // The player goes on meanwhile: taps a marker (the panel lists it, and its Confirm moves down), then
        // scrolls the page up a little, so that Confirm, unless the board pins it, stands at the window's foot, where
        // the note stood (on a phone held sideways, the panel beside the map grew until the note hid its Confirm).
        if (t === 1)
          await page.evaluate(() => {
            const confirm = document.querySelector('[data-testid="plot-confirm"]')!.getBoundingClientRect();
            window.scrollBy(0, confirm.bottom - (window.innerHeight - 16));
          });
        else if (t < 4 && !(await page.getByTestId('plot-confirm').isEnabled())) {
          const safe = page.locator('.gob-target[data-eliminates="no"]');
          await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).click();
        }
        await page.waitForTimeout(500);
      }
      // The note was up to be measured (it shows for 4 s), at least twice.
      expect(measured).toBeGreaterThanOrEqual(2);
      expect(seen).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
