/**
 * Touched On's board on a phone, held sideways and upright, in Debian's Chromium against the real server (found by a
 * play-through; each check here failed before its fix):
 * - Held sideways (844 × 390, 740 × 360, 915 × 412), hot-seat, mid-journey: the hand pinned over the table's foot and
 *   the sheet under it left 37 to 220 px of the table under the banner (at 844 × 390 the hand from y 220, the sheet
 *   from 334), and scrolled to the current carriage the Line's card and its count stood under the banner (y -124 to
 *   -21). The hand and the sheet now stand in a column beside the table: the current Line's card, count and current
 *   carriage show whole between the banner and the window's foot, clear of the hand and the sheet, on the turn and
 *   with a batch or an Inspector chosen, and the chosen card shows in the hand.
 * - Held upright (360 × 640, 390 × 844), an Inspector or a Power chosen: the hand was no longer pinned, and the chosen
 *   card stood under the sheet or below the window (y 674–750 at 360 × 640). It is pinned above the sheet now.
 * - Held upright with a hand of 11 cards, the pinned hand and the sheet took 254 px of a 360 × 640 window (40 %) and
 *   278 px of a 390 × 844 one (33 %); now 196 (31 %) and 219 (26 %), the cards still tap targets of 44 px.
 * - At each of these moments, every word printed on a card of the hand, the carriages and the Lines' cards is at least
 *   9 px high on the screen, whole on its card and clear of the card fanned over it. Before (2026-12-03): the Powers'
 *   names 5.4 to 6.2 px (Appeal in the hand, Priority Seat in a carriage), "Undercover" and "Authorised" 5.5, "Evader"
 *   5.7 to 6.6, the corner labels ("EVADER", "INSPECTOR", "POWER") 3.2 to 3.7 and the Lines' termini 3.6 to 4.9 at
 *   360 × 640 and 844 × 390; now every one of them 9.5 px or more (the termini are left off a phone's Line cards).
 * - Held sideways with four players (844 × 390), the same checks hold: Line 109's column beside the other three.
 * - The miniatures (a seat's face-down fan, the Peak Hour in front of a seat, the Exp cards won, the Exp under a
 *   Line, the draw, discard and Exp piles, the used Powers) are held to the same 9 px. Before (2026-12-03): the fans'
 *   "Touched On" 3.3 px, the Exp under a Line 3.0, the draw and Exp piles' words 6.0, the Peak Hour's name 7.0, the
 *   used Powers' names 7.5 and the Exp won's "Exp" 8.0, at 360 × 640, 390 × 844 and 844 × 390 alike. A miniature now
 *   prints no words but its route number or its value (10 px and up); the used Powers' names are printed under their
 *   pile, at 11 px, and the discard's top card is 40 px wide (its "Inspector" was 8.4 px at 36).
 * Screenshots (of the window) go to artifacts/screenshots/ (`touched-on-landscape-…`).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';
import { hotSeatMidJourney } from './touched-on-position';
import { violations } from './axe';

const CHROMIUM = findChromium();
const UI = 10_000;

type Box = { left: number; top: number; right: number; bottom: number };

/** What the checks look at, measured with getBoundingClientRect (rounded); null where it is not on the page. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return {
        left: Math.round(r.left),
        top: Math.round(r.top),
        right: Math.round(r.right),
        bottom: Math.round(r.bottom),
      };
    };
    const q = (sel: string) => box(document.querySelector(sel));
    return {
      banner: q('[data-testid="banner"]')!,
      hand: q('[data-testid="hand"]')!,
      sheet: q('[data-testid="actions"]')!,
      head: q('.line-col.current .line-head')!,
      count: q('.line-col.current .line-count')!,
      carriage: q('.line-col.current .carriage.current')!,
      cards: [...document.querySelectorAll('[data-testid="hand"] .hand-card')].map((el) => box(el)!),
      selected: q('[data-testid="hand"] .hand-card.selected'),
      // Carriage labels that run past their Line's column.
      spilt: [...document.querySelectorAll('.carriage-label')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const col = el.closest('.line-col')!.getBoundingClientRect();
          return el.scrollWidth > el.clientWidth + 1 || r.right > col.right || r.left < col.left;
        })
        .map((el) => el.textContent),
      width: innerWidth,
      height: innerHeight,
    };
  });
}

/**
 * Every word printed on a card of the board (the hand, the carriages, the Lines' cards, and the miniatures of the
 * seats, the Lines' Exp and the piles), as drawn: its height on the screen (its font size in the card's units times
 * the card's scale, from getScreenCTM), and whether it spills out of its card or runs under the next card fanned over
 * this one in its run.
 */
function cardWords(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.to-board svg.cf')].flatMap((svg) => {
      const card = svg.getBoundingClientRect();
      const next = svg.closest('.ccard')?.nextElementSibling?.getBoundingClientRect();
      const over = next && Math.abs(next.top - card.top) < 10 ? next : null;
      return [...svg.querySelectorAll('text')].flatMap((t) => {
        const r = t.getBoundingClientRect();
        if (!t.textContent || r.width === 0) return [];
        const m = t.getScreenCTM()!;
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        return [
          {
            word: `${svg.getAttribute('aria-label')!.replace(/:.*/, '')}: "${t.textContent}"`,
            px: Math.round(px * 10) / 10,
            spills: r.left < card.left - 1 || r.right > card.right + 1,
            cut: over !== null && r.right > over.left + 1,
          },
        ];
      });
    }),
  );
}

/**
 * The cards' words at this moment (`where` names it) are 9 px high or more, whole on their cards and uncovered.
 * `minis`: the position has every kind of miniature (`setPilesAndSeats`), and each is there to be measured.
 */
async function expectLegibleCards(page: Page, where: string, minis = true) {
  const words = await cardWords(page);
  expect(words.length, where).toBeGreaterThan(10);
  if (!minis) return expectWhole(words, where);
  const missing = await page.evaluate(() =>
    [
      '.to-seat .backs',
      '.in-front',
      '.to-seat .exp-row',
      '.line-exp',
      '[data-testid="exp-pile"]',
      '.used-powers',
    ].filter((sel) => !document.querySelector(`${sel} svg.cf`)),
  );
  expect(missing, `miniatures missing, ${where}`).toEqual([]);
  expectWhole(words, where);
  // The used Powers' names, which their miniatures leave off, are printed under their pile, as high as the rest.
  const used = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="used-names"]');
    return el && { text: el.textContent, px: parseFloat(getComputedStyle(el).fontSize) };
  });
  expect(used?.text, `the used Powers' names, ${where}`).toBe('Tram Tracker, Feet On Seat');
  expect(used!.px, `the used Powers' names, ${where}`).toBeGreaterThanOrEqual(9);
}

/** Each of these words 9 px high or more, whole on its card and uncovered. */
function expectWhole(words: Awaited<ReturnType<typeof cardWords>>, where: string) {
  const small = words.filter((w) => w.px < 9).map((w) => `${w.word} ${w.px} px`);
  expect(small, `card words under 9 px, ${where}`).toEqual([]);
  const hidden = words.filter((w) => w.spills || w.cut).map((w) => `${w.word}${w.spills ? ' spills' : ' cut'}`);
  expect(hidden, `card words off their card or under the next, ${where}`).toEqual([]);
}

const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inWindow = (a: Box, w: number, h: number) => a.left >= 0 && a.top >= 0 && a.right <= w && a.bottom <= h;

/**
 * A 3-seat hot-seat game in a phone of `width` × `height`, mid-journey (touched-on-position.ts), on Ana's turn, with
 * Powers used, a Peak Hour in play and Exp won (`setPilesAndSeats`).
 */
async function midJourneyTurn(
  suite: ReturnType<typeof e2eSuite>,
  label: string,
  width: number,
  height: number,
  players: 3 | 4 = 3,
) {
  const { context, page } = await newContext(suite.browser, suite.errors, label, {
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  await hotSeatMidJourney(page, suite.server.url, players, true);
  await page.locator('[data-testid="hand"] .hand-card[data-playable="yes"]').first().waitFor({ timeout: UI });
  await page.waitForTimeout(600);
  return { context, page };
}

describe.skipIf(!CHROMIUM)('browser: Touched On on a phone held sideways and upright', () => {
  const suite = e2eSuite();

  it.each([
    [844, 390, 3],
    [740, 360, 3],
    [915, 412, 3],
    [844, 390, 4],
  ] as const)(
    '%i × %i, hot-seat, mid-journey, %i players: the current Line (card, count, carriage) shows whole beside the hand and the sheet, the cards legible',
    async (width, height, players) => {
      const { context, page } = await midJourneyTurn(suite, `to-sideways-${width}`, width, height, players);
      /** The current Line and the hand as the player sees them now (`what` names the moment). */
      const check = async (what: string) => {
        await page.waitForTimeout(500);
        await screenshot(page, `touched-on-landscape-${width}-${players}p-${what}`, { fullPage: false });
        const m = await measure(page);
        const where = `${what}: ${JSON.stringify(m)}`;
        // Before, at 844 × 390: the card and the count under the banner (y -124 to -69), the carriage from y -15.
        for (const [name, b] of [
          ['the Line card', m.head],
          ['its count', m.count],
          ['the current carriage', m.carriage],
        ] as const) {
          expect(inWindow(b, width, height), `${name} in the window, ${where}`).toBe(true);
          expect(b.top, `${name} below the banner, ${where}`).toBeGreaterThanOrEqual(m.banner.bottom);
          expect(meets(b, m.hand), `${name} clear of the hand, ${where}`).toBe(false);
          expect(meets(b, m.sheet), `${name} clear of the sheet, ${where}`).toBe(false);
        }
        // The table's room: the window under the banner, less what the hand and the sheet cover of the Line's column
        // (before: 183 px of 353 at 844 × 390, the hand from y 220).
        const covers = [m.hand, m.sheet].filter((b) => b.left < m.carriage.right && m.carriage.left < b.right);
        const foot = Math.min(height, ...covers.map((b) => b.top));
        expect(foot - m.banner.bottom, `the table's room, ${where}`).toBeGreaterThanOrEqual(
          0.9 * (height - m.banner.bottom),
        );
        // Each carriage's label within its Line's column (at 915 × 412 "Current carriage · exposed" ran over the next).
        expect(m.spilt, `carriage labels past their column, ${where}`).toEqual([]);
        // Every card of the hand is in the window, over neither the sheet nor the table's Line, and a 44 px target.
        const off = m.cards.filter((c) => !inWindow(c, width, height) || meets(c, m.sheet) || c.right - c.left < 44);
        expect(off, `hand cards out of view, under the sheet or small, ${where}`).toEqual([]);
        await expectLegibleCards(page, what);
        return m;
      };
      await check('turn');
      // The docked column (the table's and the side's boxes laid out with `display: contents`) keeps the board's
      // landmarks and names: axe finds no serious or critical violation there.
      if (width === 844 && players === 3) expect(await violations(page)).toEqual([]);
      // A batch: the Line stays in view, the chosen card in the hand, Play in the window.
      await page.locator('[data-testid^="hand-card-E"][data-playable="yes"]').first().tap();
      await page.getByTestId('play-batch').waitFor({ timeout: UI });
      const batch = await check('batch');
      expect(batch.selected, 'the chosen Evader').not.toBeNull();
      const play = (await page.getByTestId('play-batch').boundingBox())!;
      expect(play.y + play.height, 'Play in the window').toBeLessThanOrEqual(height);
      await page.getByTestId('batch-cancel').tap();
      // An Inspector: it asks to inspect the current carriage, which shows; the chosen card shows in the hand.
      await page.locator('[data-testid^="hand-card-U"]').first().tap();
      await page.getByTestId('inspect').waitFor({ timeout: UI });
      const inspector = await check('inspector');
      expect(inspector.selected && inWindow(inspector.selected, width, height), 'the chosen Inspector in view').toBe(
        true,
      );
      const inspect = (await page.getByTestId('inspect').boundingBox())!;
      expect(inspect.y + inspect.height, 'Inspect in the window').toBeLessThanOrEqual(height);
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    [360, 640],
    [390, 844],
  ])(
    '%i × %i, hot-seat: an Inspector or a Power chosen, the chosen card stays in view above the sheet, the current carriage too',
    async (width, height) => {
      const { context, page } = await midJourneyTurn(suite, `to-upright-choice-${width}`, width, height);
      for (const [what, card, control] of [
        ['inspector', 'U', 'inspect'],
        ['power', 'P-appeal', 'shed-appeal'],
      ] as const) {
        await page.locator(`[data-testid^="hand-card-${card}"]`).first().tap();
        await page.getByTestId(control).waitFor({ timeout: UI });
        await page.waitForTimeout(500);
        await screenshot(page, `touched-on-landscape-upright-${width}-${what}`, { fullPage: false });
        const m = await measure(page);
        const where = `${what}: ${JSON.stringify(m)}`;
        expect(m.selected, where).not.toBeNull();
        await expectLegibleCards(page, what);
        // Before, at 360 × 640: the hand in the page's flow, the chosen card at y 674–750, under the window's foot.
        expect(inWindow(m.selected!, width, height), `the chosen card in the window, ${where}`).toBe(true);
        expect(m.selected!.bottom, `the chosen card above the sheet, ${where}`).toBeLessThanOrEqual(m.sheet.top);
        expect(m.selected!.top, `the chosen card below the banner, ${where}`).toBeGreaterThanOrEqual(m.banner.bottom);
        // What it asks next: its button, in the sheet; and the current carriage (what an Inspector inspects) above the
        // hand, its foot at least in view.
        const button = (await page.getByTestId(control).boundingBox())!;
        expect(button.y + button.height, `${control} in the window`).toBeLessThanOrEqual(height);
        expect(m.carriage.bottom, `the current carriage above the hand, ${where}`).toBeLessThanOrEqual(m.hand.top);
        expect(m.carriage.bottom, `the current carriage below the banner, ${where}`).toBeGreaterThan(
          m.banner.bottom + 40,
        );
        await page.getByTestId('card-cancel').tap();
      }
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    [360, 640],
    [390, 844],
  ])(
    '%i × %i, hot-seat, a hand of 11 cards on turn: the pinned hand and the sheet take less than 32 %% of the window',
    async (width, height) => {
      const { context, page } = await newContext(suite.browser, suite.errors, `to-upright-11-${width}`, {
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      });
      await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
      await page.getByTestId('hs-name-0').fill('Ana');
      await page.getByTestId('hs-name-1').fill('Bruno');
      await page.getByTestId('hs-start').click();
      await page.getByTestId('pass-ready').click({ timeout: UI });
      await page.locator('[data-testid="hand"].pinned .hand-card').nth(10).waitFor({ timeout: UI });
      await page.waitForTimeout(500);
      await screenshot(page, `touched-on-landscape-upright-${width}-11-cards`, { fullPage: false });
      const m = await measure(page);
      const where = JSON.stringify(m);
      expect(m.cards.length, where).toBe(11);
      // Their heights together (the hand stands in its place above the sheet where the table is shorter than the window).
      // Before: 254 px of 640 (40 %), 278 of 844 (33 %).
      const taken = m.hand.bottom - m.hand.top + m.sheet.bottom - m.sheet.top;
      expect(taken, `the hand and the sheet, ${where}`).toBeLessThan(0.32 * m.height);
      // Still every card whole in the window, above the sheet, a 44 px target, clear of its neighbours' faces.
      const off = m.cards.filter(
        (c) => !inWindow(c, width, height) || c.bottom > m.sheet.top || c.right - c.left < 44 || c.bottom - c.top < 44,
      );
      expect(off, where).toEqual([]);
      await expectLegibleCards(page, '11 cards', false);
      // The hand's title is still there for a screen reader.
      expect(await page.locator('[data-testid="hand"] h3').textContent()).toContain('Your hand (11)');
      expect(suite.errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
