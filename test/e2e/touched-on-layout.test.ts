/**
 * Touched On's board at four sizes, in Debian's Chromium against the real
 * server: a 390 × 844 phone (touch), 1280 × 800 and 1366 × 768 laptops and a
 * 1920 × 1080 screen. At each, the seat on turn plays whole turns through the UI (a batch
 * of two Evaders, End turn; the other seat's move over a socket; then the
 * next turn with whatever the hand offers), and whenever an action is
 * pending the test checks, without scrolling, that its controls are on
 * screen; on the phone every control of the hand and the action panel is a
 * tap target of at least 44 × 44 px. Screenshots (of the viewport, as the
 * player sees it) go to artifacts/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  expectInView,
  findChromium,
  FIRST_BOARD_SCRIPT,
  playOverSockets,
  SCREENS,
  e2eSuite,
  screenshot,
} from './harness';
import { knownMatch, storedState } from './touched-on-position';
import { linesHidden } from '../games/touched-on/board/browser/linesHidden';

const CHROMIUM = findChromium();
const UI = 10_000;

/** Every hand card and every enabled control of the action panel that is smaller than 44 px either way. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.hand-card, [data-testid="actions"] button, [data-testid="actions"] label'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(
        ({ el, r }) =>
          `${el.getAttribute('data-testid') ?? el.textContent}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}`,
      ),
  );
}

/** The control that carries out the pending action: the panel's primary button, else its first enabled one. */
async function confirmControl(page: Page): Promise<Locator> {
  const primary = page.locator('[data-testid="actions"] button.primary:enabled');
  await page.locator('[data-testid="actions"] button:enabled').first().waitFor({ timeout: UI });
  return (await primary.count()) > 0 ? primary.first() : page.locator('[data-testid="actions"] button:enabled').first();
}

describe.skipIf(!CHROMIUM)('browser: Touched On at phone, laptop and desktop sizes', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  // And a 1280 × 800 laptop, the smallest window of the laptop's bigger cards.
  it.each([...SCREENS, { name: 'small-laptop', width: 1280, height: 800, touch: false } as const])(
    'plays whole turns at $name size ($width × $height) with the action in view',
    async (size) => {
      const { server, browser } = suite;
      const m = await knownMatch(server);
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: size.touch,
        hasTouch: size.touch,
      });
      await context.addInitScript(FIRST_BOARD_SCRIPT);
      const seatInfo = {
        gameId: 'touched-on',
        matchID: m.matchID,
        playerID: m.seat,
        credentials: m.creds[Number(m.seat)],
        playerName: `Player ${Number(m.seat) + 1}`,
        joinedAt: 0,
      };
      await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seatInfo);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`[to-${size.name}] pageerror: ${e.message}`));
      await page.goto(`${server.url}/#/g/touched-on/match/${m.matchID}`);
      const press = (l: Locator) => (size.touch ? l.tap() : l.click());

      await page.getByTestId(`hand-card-${m.cards.e96[0]}`).waitFor({ timeout: UI });
      // No page wider than the screen (the site's header wraps on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // The board fits the width (the site's own header is the page's, not the board's).
      const board = await page.evaluate(() => {
        const el = document.querySelector('.to-board')!;
        return { right: el.getBoundingClientRect().right, overflow: el.scrollWidth - el.clientWidth };
      });
      expect(board.right).toBeLessThanOrEqual(size.width);
      expect(board.overflow).toBeLessThanOrEqual(0);
      if (size.touch) expect(await smallTargets(page)).toEqual([]);
      // Where the window has room the cards grow, the Line cards too: at the phone's 58 px a card's small print was 5
      // to 8 px high and half the table bare felt (a UX review); at 1920 px wide a card is 96 px.
      const widths = await page.evaluate(() => ({
        // Its layout width: a raised card is tilted, and its box then wider.
        card: document.querySelector<HTMLElement>('.hand-card')!.offsetWidth,
        line: Math.round(document.querySelector('.line-col .cf-line')!.getBoundingClientRect().width),
      }));
      if (size.name === 'laptop' || size.name === 'small-laptop') expect(widths).toEqual({ card: 64, line: 66 });
      if (size.name === 'desktop') expect(widths).toEqual({ card: 96, line: 92 });
      // The journey's first turn, no current Line yet: the Lines' row is in view, not under the hand or the sheet.
      await expect.poll(() => linesHidden(page, 'body', '.line-head, .line-count'), { timeout: UI }).toEqual([]);

      // Turn 1: a batch of both Evaders of 96, then End turn.
      await press(page.getByTestId(`hand-card-${m.cards.e96[0]}`));
      await press(page.getByTestId(`hand-card-${m.cards.e96[1]}`));
      await expect.poll(() => page.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('2');
      await expectInView(page, page.getByTestId('play-batch'), 'Play (the batch)');
      await expectInView(page, page.getByTestId('batch-cancel'), 'Cancel (the batch)');
      // Scrolled back to the top of the page (the seats, the Lines) while the batch waits, the controls stay in view.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectInView(page, page.getByTestId('play-batch'), 'Play (the batch), scrolled to the top');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expectInView(page, page.getByTestId('play-batch'), 'Play (the batch), scrolled to the bottom');
      if (size.touch) expect(await smallTargets(page)).toEqual([]);
      await screenshot(page, `touched-on-${size.name}-batch`, { fullPage: false });
      await press(page.getByTestId('play-batch'));
      await page.getByTestId(`placed-${m.cards.e96[0]}`).waitFor({ timeout: UI });
      await page.getByTestId('end-turn').waitFor({ timeout: UI });
      await expectInView(page, page.getByTestId('end-turn'), 'End turn');
      await press(page.getByTestId('end-turn'));
      // The page itself has seen its turn end: until then its "Your turn" and End turn are the old turn's, and
      // under load the checks below once waited on them while the page caught up.
      await page.getByTestId('end-turn').waitFor({ state: 'detached', timeout: UI });
      await expect
        .poll(async () => (await storedState(server, m.matchID)).ctx.currentPlayer, { timeout: UI })
        .not.toBe(m.seat);

      // The other seat plays over a socket until the turn comes back.
      for (let guard = 0; guard < 10; guard++) {
        const s = await storedState(server, m.matchID);
        if (s.ctx.currentPlayer === m.seat && !s.G.pending) break;
        await playOverSockets(server.url, 'touched-on', m.matchID, m.creds, 1);
      }
      await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });

      // Turn 2: whatever the hand offers, each pending action confirmed from where the page stands.
      const turn = (await storedState(server, m.matchID)).ctx.turn;
      for (let guard = 0; guard < 6; guard++) {
        if ((await storedState(server, m.matchID)).ctx.turn !== turn) break;
        const raised = page.locator('.hand-card[data-playable="yes"]:not(.selected)');
        const sections = page.locator(
          '[data-testid="batch"], [data-testid="inspect-section"], [data-testid="power-section"]',
        );
        if (
          (await sections.count()) === 0 &&
          (await page.getByTestId('end-turn').count()) === 0 &&
          (await raised.count()) > 0
        )
          await press(raised.first());
        const confirm = await confirmControl(page);
        await expectInView(page, confirm, `the pending action's ${await confirm.getAttribute('data-testid')}`);
        if (size.touch) expect(await smallTargets(page)).toEqual([]);
        const before = (await storedState(server, m.matchID))._stateID;
        await press(confirm);
        await expect
          .poll(async () => (await storedState(server, m.matchID))._stateID, { timeout: UI })
          .toBeGreaterThan(before);
      }
      expect((await storedState(server, m.matchID)).ctx.turn).toBeGreaterThan(turn);
      await screenshot(page, `touched-on-${size.name}-after`, { fullPage: false });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
