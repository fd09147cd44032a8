/**
 * Touched On's banner during a decision, online, in Debian's Chromium against the real server: someone watching the
 * match (and a player who neither decides nor has the turn) read "Player 1's turn" beside "Waiting for Player 1"
 * while Player 1 chose what to swap with a Tram Tracker, the same thing twice. Now the banner says one thing, who
 * decides what ("Player 1 is choosing a card to swap with Player 2 (Tram Tracker)"; the target reads "with you"), and
 * the same for an Appeal ("Player 3 is deciding whether to Appeal Player 1's inspection"), on a laptop and, wrapped
 * within the banner, on a 360 px phone and a 600 px tablet, where the sentence is set smaller so that the banner
 * over the table grows by two lines at most; the players' own views stay as they were: the chooser's "Your turn" and
 * "Your choice", the inspector's "Your turn" and "Waiting for …", the inspected player's "… 's turn" and "You are
 * inspected!".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { TOState } from '../../src/games/touched-on/types';
import { emptyHands, give } from '../games/touched-on/helpers';
import { createJoined, e2eSuite, findChromium, newContext, openAsSeat, screenshot, type E2ESuite } from './harness';
import { midJourney } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true };
const SMALL_TABLET = { viewport: { width: 600, height: 900 }, isMobile: true, hasTouch: true };
type Options = typeof LAPTOP | typeof PHONE | typeof SMALL_TABLET;

/** `Player N`, as createJoined names the seats. */
const name = (seat: string) => `Player ${Number(seat) + 1}`;

/** A page holding `seat`, on the match's page once its board shows. */
async function seatPage(suite: E2ESuite, at: { matchID: string; creds: string[] }, seat: string, options: Options) {
  const { page } = await openAsSeat(
    suite.browser,
    suite.errors,
    `to-decision-${seat}-${options.viewport.width}`,
    {
      url: suite.server.url,
      game: 'touched-on',
      matchID: at.matchID,
      playerID: seat,
      credentials: at.creds[Number(seat)],
    },
    undefined,
    options,
  );
  await page.getByTestId('banner').waitFor({ timeout: UI });
  return page;
}

/** A page watching the match without a seat ("Watch without joining"). */
async function spectatorPage(suite: E2ESuite, matchID: string, options: Options, label: string): Promise<Page> {
  const { page } = await newContext(suite.browser, suite.errors, label, options);
  await page.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
  await page.getByTestId('watch').click({ timeout: UI });
  await page.getByTestId('banner').waitFor({ timeout: UI });
  return page;
}

/** What the banner says of whose turn it is, and its badge of a decision awaited ('' when it has none). */
async function banner(page: Page): Promise<{ who: string; wait: string }> {
  return page.evaluate(() => ({
    who: document.querySelector('[data-testid="turn-who"]')?.textContent ?? '',
    wait: document.querySelector('[data-testid="banner"] .badge.wait')?.textContent ?? '',
  }));
}

/** Whether the banner's line shows whole within the banner (a phone wraps it rather than cut it). */
function fitsBanner(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
    const who = document.querySelector<HTMLElement>('[data-testid="turn-who"]')!;
    const w = who.getBoundingClientRect();
    return who.scrollWidth <= who.clientWidth + 1 && w.left >= b.left && w.right <= b.right && w.bottom <= b.bottom;
  });
}

describe.skipIf(!CHROMIUM)("browser: Touched On's banner while a player decides", () => {
  const suite = e2eSuite();

  it('says once who chooses with a Tram Tracker, to someone watching, the target and the third player', async () => {
    const { server } = suite;
    const { matchID, creds } = await createJoined(server.url, 'touched-on', 3);
    const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
    const G = state.G;
    const chooser = state.ctx.currentPlayer;
    const order = state.ctx.playOrder;
    const target = order[(order.indexOf(chooser) + 1) % order.length];
    const third = order.find((p) => p !== chooser && p !== target)!;
    emptyHands(G);
    const [tracker] = give(G, chooser, ['tramTracker', 'E96', 'E96', 'E86']);
    give(G, target, ['E96', 'E86', 'E86', 'U']);
    give(G, third, ['E19', 'E19', 'E86']);
    G.drawCount = G.drawPile.length;
    await server.db.setState(matchID, state);

    const chooserPage = await seatPage(suite, { matchID, creds }, chooser, LAPTOP);
    const targetPage = await seatPage(suite, { matchID, creds }, target, LAPTOP);
    const thirdPage = await seatPage(suite, { matchID, creds }, third, PHONE);
    const watcher = await spectatorPage(suite, matchID, LAPTOP, 'to-decision-watcher');
    const watcherPhone = await spectatorPage(suite, matchID, PHONE, 'to-decision-watcher-phone');
    await expect.poll(() => banner(watcher), { timeout: UI }).toEqual({ who: `${name(chooser)}'s turn`, wait: '' });

    await chooserPage.getByTestId(`hand-card-${tracker}`).click();
    await chooserPage.getByTestId(`tracker-target-${target}`).click();
    await chooserPage.getByTestId('tracker-prompt').waitFor({ timeout: UI });

    const said = `${name(chooser)} is choosing a card to swap with ${name(target)} (Tram Tracker)`;
    for (const page of [watcher, watcherPhone, thirdPage])
      await expect.poll(() => banner(page), { timeout: UI }).toEqual({ who: said, wait: '' });
    await expect
      .poll(() => banner(targetPage), { timeout: UI })
      .toEqual({ who: `${name(chooser)} is choosing a card to swap with you (Tram Tracker)`, wait: '' });
    // The chooser's own: their turn, and the choice theirs.
    expect(await banner(chooserPage)).toEqual({ who: 'Your turn', wait: 'Your choice' });
    // On a phone the sentence wraps within the banner.
    for (const page of [watcherPhone, thirdPage]) expect(await fitsBanner(page)).toBe(true);
    await screenshot(watcher, 'touched-on-decision-tracker-watcher');
    await screenshot(watcherPhone, 'touched-on-decision-tracker-watcher-phone');

    // The swap made, the banner says whose turn it is again.
    const prompt = chooserPage.getByTestId('tracker-prompt');
    await prompt.locator('[data-testid^="take-"]').first().click();
    await prompt.locator('[data-testid^="give-"]').first().click();
    await chooserPage.getByTestId('tracker-swap').click();
    await expect.poll(() => banner(watcher), { timeout: UI }).toEqual({ who: `${name(chooser)}'s turn`, wait: '' });
    for (const page of [chooserPage, targetPage, thirdPage, watcher, watcherPhone]) await page.context().close();
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 90_000);

  it('says once who decides whether to Appeal, to someone watching and the third player', async () => {
    const t = await midJourney(suite.server);
    const order = ['0', '1', '2'];
    const third = order.find((p) => p !== t.cur && p !== t.prev)!;
    const inspector = await seatPage(suite, t, t.cur, LAPTOP);
    const victim = await seatPage(suite, t, t.prev, LAPTOP);
    const thirdPage = await seatPage(suite, t, third, PHONE);
    const watcher = await spectatorPage(suite, t.matchID, LAPTOP, 'to-decision-appeal-watcher');
    const small = await spectatorPage(suite, t.matchID, SMALL_TABLET, 'to-decision-appeal-small');
    const heights = (pages: Page[]) =>
      Promise.all(pages.map((p) => p.getByTestId('banner').evaluate((el) => el.getBoundingClientRect().height)));
    const before = await heights([thirdPage, small, watcher]);

    await inspector.getByTestId(`hand-card-${t.undercover}`).click();
    await inspector.getByTestId('inspect').click();
    await victim.getByTestId('appeal-prompt').waitFor({ timeout: UI });

    const said = `${name(t.prev)} is deciding whether to Appeal ${name(t.cur)}'s inspection`;
    for (const page of [watcher, thirdPage])
      await expect.poll(() => banner(page), { timeout: UI }).toEqual({ who: said, wait: '' });
    await expect.poll(() => banner(small), { timeout: UI }).toEqual({ who: said, wait: '' });
    expect(await fitsBanner(thirdPage)).toBe(true);
    expect(await fitsBanner(small)).toBe(true);
    // Set smaller after the name on a phone or a tablet, the sentence grows the banner over the table by two lines at
    // 360 px (47 px before, three), by one at 600 (50 before, two more rows) and not at all on a laptop.
    const grown = (await heights([thirdPage, small, watcher])).map((h, i) => Math.round(h - before[i]));
    expect(grown[0], 'the banner grown at 360 px').toBeLessThanOrEqual(36);
    expect(grown[1], 'the banner grown at 600 px').toBeLessThanOrEqual(20);
    expect(grown[2], 'the banner grown at 1366 px').toBe(0);
    // The players' own: the inspector's turn, waiting for the Appeal; the inspected player asked.
    expect(await banner(inspector)).toEqual({ who: 'Your turn', wait: `Waiting for ${name(t.prev)}` });
    expect(await banner(victim)).toEqual({ who: `${name(t.cur)}'s turn`, wait: 'You are inspected!' });
    await screenshot(watcher, 'touched-on-decision-appeal-watcher');
    for (const page of [inspector, victim, thirdPage, watcher, small]) await page.context().close();
    expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  }, 90_000);
});
