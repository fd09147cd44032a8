/**
 * What a keyboard or screen-reader user meets around the boards, in Debian's Chromium (found by a review at
 * 1280 × 800, keyboard only): the focus ring's contrast, the games page's links named with their game, a page
 * change that names the new page and starts focus at its top, Lisbon's "End your turn?" question handing focus
 * back to "End turn", and the pass-the-device screen, which is not a modal dialog. Joining, watching and taking a
 * seat on an invitation's page keep focus on the page (found by a review of the pages around the boards).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contrast, e2eSuite, focused, newContext, waitingForPlayers } from './harness';

const UI = 10_000;
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The focused element's outline colour and the background behind it (its nearest ancestor with one). */
async function ringOnFocused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    let bg = 'rgb(255, 255, 255)';
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = getComputedStyle(p).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
        bg = c;
        break;
      }
    }
    return { outline: style.outlineColor, width: style.outlineWidth, bg, text: el.textContent };
  });
}

/** Tab until the focused element's text matches `text` (at most 40 presses). */
async function tabTo(page: Page, text: RegExp) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (text.test(await page.evaluate(() => document.activeElement?.textContent ?? ''))) return;
  }
  throw new Error(`no focusable element reads ${text}`);
}

describe('browser: focus and names for keyboard and screen-reader users', () => {
  const suite = e2eSuite();

  it('draws a focus ring of at least 3:1 against what is behind it, on the page and in the header', async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'ring', DESKTOP);
    await page.goto(`${suite.server.url}/#/`);
    await page.getByTestId('games').waitFor({ timeout: UI });
    await tabTo(page, /^Games$/);
    const header = await ringOnFocused(page);
    expect(contrast(header.outline, header.bg), JSON.stringify(header)).toBeGreaterThanOrEqual(3);
    await tabTo(page, /^Play online/);
    const link = await ringOnFocused(page);
    // Before: rgba(29, 78, 137, 0.35) on white, about 1.7:1.
    expect(link.outline).not.toMatch(/rgba/);
    expect(contrast(link.outline, link.bg), JSON.stringify(link)).toBeGreaterThanOrEqual(3);
    await context.close();
  }, 30_000);

  it("names each game's links with the game, and a new page says its name and starts focus at its top", async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'names', DESKTOP);
    await page.goto(`${suite.server.url}/#/`);
    await page.getByTestId('games').waitFor({ timeout: UI });
    // Three "Play online" links read alike in a screen reader's list of links; each now names its game.
    expect(await page.getByRole('link', { name: 'Play online', exact: true }).count()).toBe(0);
    for (const name of ['28 Trams of Lisbon', 'Touched On', 'Get on Board: Paris & Rome']) {
      expect(await page.getByRole('link', { name: `Play online (${name})`, exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: `Hot-seat (${name})`, exact: true }).count()).toBe(1);
    }
    expect(await page.title()).toBe('Next Stop · transit board games');
    // The first page loaded moves nothing.
    expect(await page.getByTestId('page-said').textContent()).toBe('');

    await page.getByRole('link', { name: 'Play online (Touched On)' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('lobby').waitFor({ timeout: UI });
    await expect.poll(() => page.title()).toBe('Lobby · Touched On · Next Stop');
    expect(await page.getByTestId('page-said').textContent()).toBe('Lobby · Touched On');
    // Focus starts at the page's content (it was on the body, and Tab began again at the header).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    await page.getByTestId('nav-hotseat').click();
    await expect.poll(() => page.title()).toBe('Hot-seat · Touched On · Next Stop');
    await context.close();
  }, 30_000);

  it('an invitation: no link to share before joining; Join, "Watch without joining" and "Take a seat" leave focus on the page, not its body', async () => {
    const { page: ana, link } = await waitingForPlayers(suite, 'focus-join', 'touched-on', 3);
    const { context, page } = await newContext(suite.browser, suite.errors, 'focus-join-bo', DESKTOP);
    await page.goto(link);
    await page.getByTestId('join-name').waitFor({ timeout: UI });
    // Before: "Invite with this link" and its Copy above "Join this match", to someone not yet in it.
    expect(await page.getByTestId('share-link').count(), 'a link to share before joining').toBe(0);
    // Nor a wait they are not part of yet ("Waiting for 2 more"): the seats open, as the chips show them.
    expect(await page.getByTestId('seats-open').textContent()).toBe('2 seats open');
    // Watch without joining, by the keyboard: focus was left on the page's body as the join form went.
    await page.getByTestId('watch').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('watching').waitFor({ timeout: UI });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('MAIN');
    // Take a seat: the join form is back, its name field focused.
    await page.getByTestId('take-seat').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: UI }).toBe('join-name');
    await page.getByTestId('join-name').fill('Bo');
    await page.getByTestId('join-submit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('share-link').waitFor({ timeout: UI });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('MAIN');
    await context.close();
    await ana.context().close();
    expect(suite.errors).toEqual([]);
  }, 60_000);

  it('hands focus back to "End turn" when the player keeps playing (Lisbon), and keeps Tab inside "Quit this game?"', async () => {
    const { context, page } = await newContext(suite.browser, suite.errors, 'end-turn', DESKTOP);
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-start').click();
    // Hot-seat's pass screen: a dialog in the page's flow, not a modal one (Tab reaches the header and Quit game).
    expect(await page.getByTestId('pass-device').getAttribute('aria-modal')).toBeNull();
    await page.getByTestId('pass-ready').click({ timeout: UI });
    const endTurn = page.getByTestId('end-turn');
    await endTurn.focus({ timeout: UI });
    await page.keyboard.press('Enter');
    await page.getByTestId('end-turn-question').waitFor({ timeout: UI });
    expect(await focused(page)).toBe('end-turn-cancel');
    await page.keyboard.press('Escape');
    await page.getByTestId('end-turn-question').waitFor({ state: 'detached', timeout: UI });
    // Before: focus fell to the page's body.
    expect(await focused(page)).toBe('end-turn');
    await page.keyboard.press('Enter');
    await page.getByTestId('end-turn-cancel').waitFor({ timeout: UI });
    await page.keyboard.press('Enter');
    await page.getByTestId('end-turn-question').waitFor({ state: 'detached', timeout: UI });
    expect(await focused(page)).toBe('end-turn');

    // "Quit this game?" holds the keyboard until answered: Tab goes round its two buttons (it went on into the map).
    await page.getByTestId('hs-quit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('hs-quit-confirm').waitFor({ timeout: UI });
    const round: string[] = [];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      round.push(await focused(page));
    }
    expect(round).toEqual(['hs-quit-yes', 'hs-quit-keep', 'hs-quit-yes', 'hs-quit-keep']);
    await page.keyboard.press('Escape');
    await page.getByTestId('hs-quit-confirm').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page)).toBe('hs-quit');
    await context.close();
  }, 30_000);
});
