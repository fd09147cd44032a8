/**
 * Boards on tablets, held as an iPad is, with a finger (touch), in Debian's Chromium against the real server:
 * 1024 × 768, 1180 × 820 and 1366 × 1024 landscape, wider than Touched On's phone layout (860 px), where the board
 * takes its desktop layout but is still played with a finger. (Get on Board was checked at these sizes and upright
 * at 768 × 1024 and 820 × 1180 too, and had nothing to fix: its touch rules follow the pointer, not the width.)
 *
 * Touched On: the seat on turn (a known hand: two Evaders of 96, two of 86, an Appeal) puts a batch together with
 * a tap on an Evader, plays it and ends the turn, on its match page. While the batch waits and when End turn is
 * offered, every enabled control of the action panel (the batch's −, + and All, Play, Cancel, End turn), every
 * hand card and the board's "How to play" is a tap target of at least 44 × 44 px, and the pending action's
 * control is in view without scrolling.
 * The mid-journey 3-player position of touched-on-table.test.ts (midJourney: the current carriage on Line 96 holds the inspected player's 3 Evaders and the
 * inspector's 1, the inspected player holds 11 cards): the seat on turn plays its Undercover Inspector on it, and
 * the inspected player, deciding whether to Appeal, sees every card and owner tag of that carriage in the window and
 * clear of their hand (at 1024 × 768 the hand's 11 cards make two rows, which as a tray pinned to the window's
 * bottom covered the carriage).
 * The same on a phone held sideways (844 × 390, phone layout): scrolled to the carriage, every card and owner tag is
 * in the window clear of the banner and of the bottom sheet too (the sheet, 148 px with the Appeal prompt's rows one
 * under another, covered the carriage's foot), and Appeal and Accept the fine are in view and at least 44 px.
 * Screenshots go to artifacts/screenshots/ (`tablet-…`).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {} from '../games/touched-on/helpers';
import { expectInView, findChromium, openAsSeat, e2eSuite, type E2ESuite, screenshot } from './harness';
import { knownMatch, midJourney, storedState, trackerMatch } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

/** The tablets held sideways: wider than the phone layout of either board. */
const TABLETS = [
  { name: 'tablet-1024', width: 1024, height: 768 },
  { name: 'tablet-1180', width: 1180, height: 820 },
  { name: 'tablet-1366', width: 1366, height: 1024 },
] as const;

/** Every hand card, enabled control of Touched On's action panel and "How to play" smaller than 44 px either way. */
function smallTouchedOnTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '.hand-card, [data-testid="actions"] button:enabled, [data-testid="actions"] label, [data-testid="help"] > summary',
      ),
    )
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(
        ({ el, r }) =>
          `${el.getAttribute('data-testid') ?? el.textContent}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}`,
      ),
  );
}

/** A touch page holding seat `seat` of a Touched On match at a size, on its match page once its hand shows. */
async function seatPage(
  suite: E2ESuite,
  at: { matchID: string; creds: string[] },
  seat: string,
  size: { name: string; width: number; height: number },
  motion: 'reduce' | 'no-preference' = 'reduce',
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openAsSeat(
    suite.browser,
    suite.errors,
    `to-${size.name}-${seat}`,
    {
      url: suite.server.url,
      game: 'touched-on',
      matchID: at.matchID,
      playerID: seat,
      credentials: at.creds[Number(seat)],
    },
    undefined,
    { viewport: { width: size.width, height: size.height }, isMobile: true, hasTouch: true, reducedMotion: motion },
  );
  await opened.page.getByTestId('hand').waitFor({ timeout: UI });
  return opened;
}

/** Each card and owner tag of carriage `id` that lies outside the window or meets the hand's box (and, with
 *  `covers`, the boxes of those test ids: a phone's fixed sheet and sticky banner), as the page stands. */
function carriageHidden(page: Page, id: number, covers: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ id, covers }) => {
      const hand = document.querySelector('[data-testid="hand"]')!.getBoundingClientRect();
      const over = covers.map((c) => ({
        c,
        r: document.querySelector(`[data-testid="${c}"]`)!.getBoundingClientRect(),
      }));
      const parts = Array.from(
        document.querySelectorAll(
          `[data-testid="carriage-${id}"] [data-testid^="placed-"], [data-testid="carriage-${id}"] .by`,
        ),
      );
      if (parts.length === 0) return ['no card of the carriage shown'];
      const wrong: string[] = [];
      parts.forEach((el, i) => {
        const b = el.getBoundingClientRect();
        const at = `${el.classList.contains('by') ? 'owner tag' : 'card'} ${i + 1} at y ${b.top.toFixed(0)}–${b.bottom.toFixed(0)}`;
        if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) wrong.push(`${at}: off screen`);
        else if (b.left < hand.right && hand.left < b.right && b.top < hand.bottom && hand.top < b.bottom)
          wrong.push(`${at}: under the hand (top ${hand.top.toFixed(0)})`);
        else
          for (const { c, r } of over)
            if (b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom)
              wrong.push(`${at}: under the ${c} (y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)})`);
      });
      return wrong;
    },
    { id, covers },
  );
}

/**
 * The mid-journey position at a size: the seat on turn plays its Undercover Inspector on the current carriage, and
 * the inspected player's page (`victim`) shows the Appeal prompt.
 */
async function inspected(
  suite: E2ESuite,
  size: { name: string; width: number; height: number },
  /** What the inspected player does before the inspection (scroll their page). */
  before?: (victim: Page) => Promise<unknown>,
) {
  const t = await midJourney(suite.server);
  const { page } = await seatPage(suite, t, t.cur, size);
  await page.getByTestId(`hand-card-${t.undercover}`).tap();
  await page.getByTestId('inspect').waitFor({ timeout: UI });
  const { page: victim } = await seatPage(suite, t, t.prev, size);
  await before?.(victim);
  await page.getByTestId('inspect').tap();
  await victim.getByTestId('appeal-prompt').waitFor({ timeout: UI });
  return { t, page, victim };
}

describe.skipIf(!CHROMIUM)('browser: boards on tablets held sideways (touch)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(TABLETS)(
    'Touched On at $name ($width × $height): a batch played and the turn ended with 44 px tap targets',
    async (size) => {
      const { server } = suite;
      const m = await knownMatch(server);
      const { context, page } = await seatPage(suite, m, m.seat, size, 'no-preference');

      await page.getByTestId(`hand-card-${m.cards.e96[0]}`).tap();
      await page.getByTestId('batch').waitFor({ timeout: UI });
      await page.getByTestId('batch-plus').tap();
      await expect.poll(() => page.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('2');
      // The batch waits: its controls are in view and big enough for a finger.
      await expectInView(page, page.getByTestId('play-batch'), 'Play (the batch)');
      await expectInView(page, page.getByTestId('batch-cancel'), 'Cancel (the batch)');
      expect(await smallTouchedOnTargets(page), 'while the batch waits').toEqual([]);
      await screenshot(page, `tablet-touched-on-${size.name}-batch`, { fullPage: false });
      await page.getByTestId('play-batch').tap();
      await page.getByTestId(`placed-${m.cards.e96[0]}`).waitFor({ timeout: UI });
      await page.getByTestId('end-turn').waitFor({ timeout: UI });
      await expectInView(page, page.getByTestId('end-turn'), 'End turn');
      expect(await smallTouchedOnTargets(page), 'with End turn offered').toEqual([]);
      await page.getByTestId('end-turn').tap();
      await expect
        .poll(async () => (await storedState(server, m.matchID)).ctx.currentPlayer, { timeout: UI })
        .not.toBe(m.seat);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each(TABLETS)(
    'Touched On at $name ($width × $height): the inspected player sees the whole carriage while deciding to Appeal',
    async (size) => {
      const { t, page, victim } = await inspected(suite, size);
      await screenshot(victim, `tablet-touched-on-${size.name}-appeal`, { fullPage: false });
      expect(await carriageHidden(victim, t.exposed), 'the inspected player deciding').toEqual([]);
      await expectInView(victim, victim.getByTestId('appeal'), 'Appeal');
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await page.context().close();
      await victim.context().close();
    },
    60_000,
  );
  it('Touched On at 1366 × 1024, scrolled a little down: the page brings up the carriage and the whole Appeal prompt, clear of the banner', async () => {
    const size = TABLETS[2];
    // The side column taller than the table (How to play open, as a long log makes it in a game), the page scrolled
    // a little down: the column, sticky but with no room left to stick in, starts 60 px under the banner, while the
    // Lines are in view under it.
    const { t, page, victim } = await inspected(suite, size, async (v) => {
      await v.locator('.to-side details summary').first().tap();
      await v.evaluate(() => {
        const side = document.querySelector('.to-side')!.getBoundingClientRect();
        const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
        scrollBy(0, side.top - banner.height + 60);
      });
      // As the review saw it: the column's top, where the prompt will show, under the banner.
      expect(
        await v.evaluate(
          () =>
            document.querySelector('.to-side')!.getBoundingClientRect().top <
            document.querySelector('[data-testid="banner"]')!.getBoundingClientRect().bottom,
        ),
      ).toBe(true);
    });
    // The prompt stands in the side column, level with the seats above the Lines: brought to the carriage alone,
    // the page left the prompt's "Tickets please!" under the sticky banner (a multi-player review).
    const clear = () =>
      victim.evaluate(() => {
        const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
        const prompt = document.querySelector('[data-testid="appeal-prompt"]')!.getBoundingClientRect();
        return { promptTop: Math.round(prompt.top), bannerBottom: Math.round(banner.bottom), bottom: prompt.bottom };
      });
    await expect
      .poll(
        async () => {
          const c = await clear();
          return c.promptTop >= c.bannerBottom && c.bottom <= size.height;
        },
        { timeout: UI },
      )
      .toBe(true);
    expect(await carriageHidden(victim, t.exposed, ['banner'])).toEqual([]);
    await screenshot(victim, 'tablet-touched-on-tablet-1366-appeal-scrolled', { fullPage: false });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
    await victim.context().close();
  }, 60_000);
  it('Touched On at 1024 × 768: a Tram Tracker swap chosen, its button is brought into the window', async () => {
    const size = TABLETS[0];
    const { server } = suite;
    const { matchID, creds, seat, target, tracker } = await trackerMatch(server);
    const { context, page } = await seatPage(suite, { matchID, creds }, seat, size);
    await page.getByTestId(`hand-card-${tracker}`).tap();
    await page.getByTestId(`tracker-target-${target}`).tap();
    const prompt = page.getByTestId('tracker-prompt');
    await prompt.waitFor({ timeout: UI });
    await prompt.locator('[data-testid^="take-"]').first().tap();
    await prompt.locator('[data-testid^="give-"]').first().tap();
    // Both chosen: the button that makes the swap is on screen without scrolling by hand (a multi-player review).
    await expect.poll(() => page.getByTestId('tracker-swap').textContent(), { timeout: UI }).toMatch(/^Take .*, give /);
    // (Polled: the page scrolls after the render that shows the button's new words.)
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const r = document.querySelector('[data-testid="tracker-swap"]')!.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight;
          }),
        { timeout: UI },
      )
      .toBe(true);
    await expectInView(page, page.getByTestId('tracker-swap'), 'Take and give');
    await screenshot(page, 'tablet-touched-on-tablet-1024-tracker', { fullPage: false });
    await page.getByTestId('tracker-swap').tap();
    await prompt.waitFor({ state: 'detached', timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
  it.each([
    { name: 'phone-360x640', width: 360, height: 640 },
    { name: 'phone-390x844', width: 390, height: 844 },
  ])(
    'Touched On on an upright phone ($width × $height): the page brings the inspected carriage clear of the sheet and the banner for the Appeal',
    async (size) => {
      const { t, page, victim } = await inspected(suite, size);
      // Not scrolled by hand: the page takes the player to the carriage, as it takes them to the current Line on
      // their turn (at 360 × 640 the carriage stood at 508–669 px under the Appeal's sheet from 451).
      await expect.poll(() => carriageHidden(victim, t.exposed, ['actions', 'banner']), { timeout: UI }).toEqual([]);
      await screenshot(victim, `touched-on-upright-${size.name}-appeal`, { fullPage: false });
      await expectInView(victim, victim.getByTestId('appeal'), 'Appeal');
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await page.context().close();
      await victim.context().close();
    },
    60_000,
  );
  it('Touched On on a phone held sideways (844 × 390): the inspected player sees the whole carriage clear of the sheet and the banner while deciding to Appeal', async () => {
    const size = { name: 'phone-844x390', width: 844, height: 390 };
    const { t, page, victim } = await inspected(suite, size);
    // Scrolled to just under the banner, as the player would, the carriage shows whole above the sheet.
    await victim.evaluate((id) => {
      const el = document.querySelector(`[data-testid="carriage-${id}"]`)!;
      const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
      window.scrollBy(0, el.getBoundingClientRect().top - banner.height - 4);
    }, t.exposed);
    await screenshot(victim, 'touched-on-landscape-844x390-appeal', { fullPage: false });
    const boxes = await victim.evaluate(
      (id) =>
        ['banner', 'actions', `carriage-${id}`].map((t) => {
          const r = document.querySelector(`[data-testid="${t}"]`)!.getBoundingClientRect();
          return `${t} y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)}`;
        }),
      t.exposed,
    );
    expect(
      await carriageHidden(victim, t.exposed, ['actions', 'banner']),
      `the inspected player deciding (${boxes.join(', ')})`,
    ).toEqual([]);
    await expectInView(victim, victim.getByTestId('appeal'), 'Appeal');
    for (const id of ['appeal', 'accept']) {
      const b = (await victim.getByTestId(id).boundingBox())!;
      expect(b.height, `${id} height`).toBeGreaterThanOrEqual(44);
      expect(b.width, `${id} width`).toBeGreaterThanOrEqual(44);
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
    await victim.context().close();
  }, 60_000);
});
