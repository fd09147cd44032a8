/**
 * The waiting room as a spectator sees it, in Debian's Chromium against the real server: someone who opens a
 * waiting match's link and watches has no link above (the bar says "You are watching") and no bots to seat, so
 * they are not told to "Share the link above, or fill the open seat with a bot" (the seated player still is); a
 * reload goes on watching, and "Take a seat" in the bar leads to the join form. And
 * the link of a full match says so in its heading, not "Join this match" above "Every seat is taken".
 */
import { describe, expect, it } from 'vitest';
import { createJoined, e2eSuite, findChromium, newContext, screenshot, waitingForPlayers } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: the waiting room of a spectator', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('tells a spectator the game starts when the seats fill, with no link or bot to offer', async () => {
    const { page: ana, link } = await waitingForPlayers(suite, 'spectator-wait', 'get-on-board', 3);
    const seated = await ana.getByTestId('waiting-room').textContent();
    expect(seated).toContain('Share the link above, or fill the open seats with bots.');

    const { page: eve } = await newContext(suite.browser, errors, 'spectator-wait-eve', {
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    await eve.goto(link);
    await eve.getByTestId('watch').tap({ timeout: UI });
    await eve.getByTestId('waiting-room').waitFor({ timeout: UI });
    const watching = (await eve.getByTestId('waiting-room').textContent()) ?? '';
    expect(watching).toContain('The game starts when every seat is taken: 2 seats are still open.');
    expect(watching).not.toContain('Share the link');
    expect(watching).not.toMatch(/bot/i);
    expect(await eve.getByTestId('fill-bots').count()).toBe(0);
    await screenshot(eve, 'waiting-spectator-360x640');
    // A reload goes on watching; a watcher who wants to play after all takes a seat from the bar.
    await eve.reload();
    await eve.getByTestId('waiting-room').waitFor({ timeout: UI });
    expect(await eve.getByTestId('join-panel').count()).toBe(0);
    await eve.getByTestId('take-seat').tap({ timeout: UI });
    await eve.getByTestId('join-name').fill('Eve');
    await eve.getByTestId('join-submit').tap();
    await eve.getByTestId('waiting-room').waitFor({ timeout: UI });
    expect(await eve.getByTestId('watching').count()).toBe(0);
    expect(await eve.getByTestId('waiting-room').textContent()).toContain('1 seat is still open');
    // Seated, a reload is the seat's, not the watcher's it was before.
    await eve.reload();
    await eve.getByTestId('waiting-room').waitFor({ timeout: UI });
    expect(await eve.getByTestId('fill-bots').count()).toBe(1);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await ana.context().close();
    await eve.context().close();
  }, 60_000);

  it('heads a full match’s join panel as full, not "Join this match"', async () => {
    const { matchID } = await createJoined(suite.server.url, 'touched-on', 2);
    const { page: eve } = await newContext(suite.browser, errors, 'spectator-full-eve');
    await eve.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
    const panel = eve.getByTestId('join-panel');
    await eve.getByText('Every seat is taken').waitFor({ timeout: UI });
    const heading = (await panel.locator('h2').textContent()) ?? '';
    expect(heading).not.toContain('Join this match');
    expect(heading).toBe('This match is full');
    await screenshot(eve, 'join-panel-full');
    await eve.context().close();
  }, 60_000);
});
