/**
 * A player gone from a match without a turn clock, in Debian's Chromium
 * against the real server (clockScale 60: the page offers the clock after the
 * game has waited 1 s on the gone player instead of a minute, and the
 * 1-minute clock lasts 1 s), on Touched On: Ana plays her turn, Bruno closes
 * his page on his. Ana's page offers "Start a turn clock" (a spectator's does
 * not; on a phone it is a 44 px target that stays in view with the page
 * scrolled to the board; a refusal, or a request that does not reach the
 * server, shows in plain words and the button can be pressed again); she
 * starts it from the keyboard, and her page shows the running clock and who
 * started it from the server's answer, before it reads the match again; every
 * other page shows them too, and the easy bot plays Bruno's turn.
 */
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { findGame } from '../../src/games/registry';
import { RawClient } from '../server/harness';
import { createdByAna, findChromium, joinedByLink, newContext, openAsSeat, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: starting a turn clock on a gone player', () => {
  const suite = e2eSuite({ clockScale: 60 });
  const errors = suite.errors;

  it('offers the clock to a seated player once the game has waited on Bruno, gone, and the bot plays his turn', async () => {
    const { page: ana, matchID, link } = await createdByAna(suite, 'start-clock');
    const bruno = await joinedByLink(suite, 'start-clock', link, 'Bruno');

    // Ana (seat 0 starts) plays her turn over a raw socket with her stored seat: the game waits on Bruno.
    const seat = (await ana.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID))!;
    const { credentials } = JSON.parse(seat) as { credentials: string };
    const raw = new RawClient(suite.server.url, { namespace: 'touched-on' });
    await raw.sync(matchID, '0', credentials);
    await raw.playTurn(findGame('touched-on')!, matchID, '0', credentials);
    raw.close();

    // Carla watches.
    const { page: carla } = await newContext(suite.browser, errors, 'start-clock-carla');
    await carla.goto(link);
    await carla.getByTestId('watch').click({ timeout: UI });
    await carla.getByTestId('online-board').waitFor({ timeout: UI });

    // While Bruno is there, nothing is offered, however long the game waits on him.
    await ana.waitForTimeout(1500);
    expect(await ana.getByTestId('clock-offer').count()).toBe(0);

    // Bruno's browser goes (the tab closed): after the (scaled) minute, Ana is offered the clock.
    await bruno.context().close();
    await ana.getByTestId('clock-offer').waitFor({ timeout: UI });
    expect(await ana.getByTestId('clock-offer').textContent()).toMatch(
      /^Bruno seems to be gone\. Start a 1-minute turn clock for everyone: the easy bot plays a turn whose minute runs out\. Start a turn clock$/,
    );
    expect(await ana.getByTestId('turn-clock').count()).toBe(0);
    // The spectator is offered nothing.
    expect(await carla.getByTestId('clock-offer').count()).toBe(0);
    expect(await carla.getByTestId('start-clock').count()).toBe(0);
    await screenshot(ana, 'start-clock-offer');

    // On a phone (touch), Ana's page offers it too: a 44 px target, in view with the page scrolled to the board.
    const { page: phone } = await openAsSeat(
      suite.browser,
      errors,
      'start-clock-phone',
      { url: suite.server.url, game: 'touched-on', matchID, playerID: '0', credentials, playerName: 'Ana' },
      undefined,
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    );
    await phone.getByTestId('clock-offer').waitFor({ timeout: UI });
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await phone.waitForTimeout(200);
    const box = (await phone.getByTestId('start-clock').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await phone.getByTestId('seat-released').count()).toBe(0);
    await screenshot(phone, 'start-clock-offer-phone');
    await phone.context().close();

    // A refusal shows in the page in plain words: the real server refuses the request sent with other credentials.
    const clockRoute = `**/games/touched-on/${matchID}/clock`;
    await ana.route(clockRoute, (route) =>
      route.continue({ postData: JSON.stringify({ playerID: '0', credentials: 'not-these' }) }),
    );
    await ana.getByTestId('start-clock').click();
    await ana.getByTestId('start-clock-error').waitFor({ timeout: UI });
    expect(await ana.getByTestId('start-clock-error').textContent()).toBe(
      "Could not start the turn clock: the server did not accept this browser's credentials for the seat.",
    );
    expect(await ana.getByTestId('start-clock-error').getAttribute('role')).toBe('alert');
    await ana.unroute(clockRoute);
    // The button can be pressed again, as it was.
    await expect.poll(() => ana.getByTestId('start-clock').textContent(), { timeout: UI }).toBe('Start a turn clock');
    expect(await ana.getByTestId('start-clock').isEnabled()).toBe(true);
    // So too when the request does not reach the server.
    await ana.route(clockRoute, (route) => route.abort('connectionrefused'));
    await ana.getByTestId('start-clock').click();
    await expect
      .poll(() => ana.getByTestId('start-clock-error').textContent(), { timeout: UI })
      .toBe('Could not start the turn clock: the server cannot be reached. Check your connection and try again.');
    await ana.unroute(clockRoute);
    await expect.poll(() => ana.getByTestId('start-clock').textContent(), { timeout: UI }).toBe('Start a turn clock');
    expect(await ana.getByTestId('start-clock').isEnabled()).toBe(true);
    expect(await ana.getByTestId('turn-clock').count()).toBe(0);

    // From the keyboard: the button takes the focus and Enter presses it. Ana's page shows the running clock and who
    // started it as soon as the server accepts, from its answer: her page's reads of the match are held until then
    // (before, the button said "Starting…" until the next read, the server's notice or the 20 s poll).
    const before = (await suite.server.db.fetch(matchID, { state: true })).state._stateID;
    const held: Route[] = [];
    const matchRead = (u: URL) => u.pathname === `/games/touched-on/${matchID}`;
    let hold = true;
    await ana.route(matchRead, (route) => (hold ? void held.push(route) : route.continue()));
    await ana.getByTestId('start-clock').focus();
    await ana.keyboard.press('Enter');
    await ana.getByTestId('clock-offer').waitFor({ state: 'detached', timeout: UI });
    await ana.getByTestId('turn-clock').waitFor({ timeout: UI });
    expect(await ana.getByTestId('turn-clock').textContent()).toMatch(/^Clock: \d+:\d\d for /);
    expect(await ana.getByTestId('clock-started').textContent()).toMatch(
      /^You started a 1-minute turn clock, as Bruno seemed to be gone/,
    );
    // The page did ask for the match again (the server's notice, the answer's own read), and had no answer yet.
    expect(held.length).toBeGreaterThan(0);
    hold = false;
    for (const route of held) await route.continue();
    await ana.unroute(matchRead);
    // Every page shows the clock without a reload, and who started it.
    for (const page of [ana, carla]) {
      await page.getByTestId('turn-clock').waitFor({ timeout: UI });
      await page.getByTestId('clock-started').waitFor({ timeout: UI });
    }
    expect(await ana.getByTestId('clock-started').textContent()).toMatch(
      /^You started a 1-minute turn clock, as Bruno seemed to be gone/,
    );
    expect(await carla.getByTestId('clock-started').textContent()).toMatch(
      /^Ana started a 1-minute turn clock, as Bruno seemed to be gone/,
    );

    // The easy bot plays Bruno's turn, and the chat says so.
    await expect
      .poll(async () => (await suite.server.db.fetch(matchID, { state: true })).state._stateID, { timeout: 15_000 })
      .toBeGreaterThan(before);
    await ana.getByTestId('chat').locator('summary').click();
    await expect
      .poll(() => ana.getByTestId('chat-list').textContent(), { timeout: UI })
      .toContain('Bruno ran out of time: the easy bot plays this turn.');
    await screenshot(ana, 'start-clock-started');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const p of [ana, carla]) await p.context().close();
  }, 90_000);
});
