/**
 * The page scrolls Touched On's board makes by itself, in Debian's Chromium against the real server, with smooth
 * scrolling (no reduced motion):
 * - a Tram Tracker's chooser at 1024 × 768 (a tablet held sideways) picks a card to take, which brings the swap's
 *   button into the window with a smooth scroll; "Play on another device" opened in the next frame, while that
 *   scroll is under way, stays in view, its title focused: the scroll stops where it stands (scrollIntoViewFor in
 *   src/client/boardHooks.ts), as the board's scroll to the current Line does. (The Tracker's own smooth
 *   `scrollIntoView` carried on, and threw the panel out of the window: its title's top at -58 px.)
 * Screenshots go to artifacts/screenshots/ (`touched-on-scroll-…`).
 */
import { describe, expect, it } from 'vitest';
import {} from '../games/touched-on/helpers';
import { e2eSuite, expectInView, findChromium, focused, openAsSeat, screenshot } from './harness';
import { trackerMatch } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Touched On scrolls the page by itself only as the player expects', () => {
  const suite = e2eSuite();

  it("1024 × 768: opened while the Tram Tracker's smooth scroll to its swap is under way, the panel of Play on another device stays in view", async () => {
    const { server } = suite;
    const { matchID, creds, seat, target, tracker } = await trackerMatch(server, true);
    const at = { url: server.url, game: 'touched-on', matchID, playerID: seat, credentials: creds[Number(seat)] };
    const size = { viewport: { width: 1024, height: 768 }, isMobile: true, hasTouch: true };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'to-scroll-tracker', at, undefined, size);
    await page.getByTestId(`hand-card-${tracker}`).tap({ timeout: UI });
    await page.getByTestId(`tracker-target-${target}`).tap();
    await page.getByTestId('tracker-prompt').waitFor({ timeout: UI });
    await page.waitForTimeout(1000);
    // From the page's top, a card to take chosen: the swap's button, below the window, is brought into it with a
    // smooth scroll; the panel is opened in the next frame, while that scroll is under way (clicks in the page: no
    // scroll of Playwright's own in between).
    const from = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          window.scrollTo({ top: 0, behavior: 'instant' });
          document.querySelector<HTMLElement>('[data-testid="tracker-prompt"] [data-testid^="take-"]')!.click();
          requestAnimationFrame(() => {
            // Where the swap's button stands in the page, the cards to give shown above it.
            const swap = document.querySelector('[data-testid="tracker-swap"]')!.getBoundingClientRect().bottom;
            document.querySelector<HTMLElement>('[data-testid="handover-open"]')!.click();
            done(swap + window.scrollY);
          });
        }),
    );
    // The scroll is one to make, and a long one: the swap's button stands over 200 px below the window, further than
    // the panel's title stands from the page's top (153 px). With 131 px (smaller hands, and the match page's
    // controls two rows high on a wide screen since 2026-12-01) the old scroll no longer carried the title out.
    expect(from, "the swap's foot in the page").toBeGreaterThan(968);
    await page.getByTestId('handover-title').waitFor({ timeout: UI });
    await page.waitForTimeout(1500);
    await screenshot(page, 'touched-on-scroll-tracker-handover', { fullPage: false });
    expect(await focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);
});
