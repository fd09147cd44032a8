/**
 * A match nobody starts expires (server/expiry.ts), in Debian's Chromium against the real server: Ana creates a
 * 3-player match and waits in it, Bruno watches, and a visitor reads the join form. When the server removes the
 * match, Ana's and Bruno's pages (told over their sockets) and the visitor's (told when it next asks) say that it
 * expired, not that its creator closed it, and lead back to a lobby that no longer lists it.
 */
import { describe, expect, it } from 'vitest';
import { findChromium, newContext, screenshot, e2eSuite, waitingForPlayers } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const GAME = 'touched-on';
// Long enough for the three pages to open before it passes on a loaded machine (at 4 s, a CI run that shared the
// machine's two cores saw the match expire before the visitor's join form came up).
const EXPIRE_MS = 10_000;

describe.skipIf(!CHROMIUM)('browser: a match that waited too long expires', () => {
  const suite = e2eSuite({ expireOpenAfterMs: EXPIRE_MS });
  const errors = suite.errors;

  it('tells the seated player, a spectator and a visitor on the join form, and the lobby drops it', async () => {
    const { page: ana, matchID, link } = await waitingForPlayers(suite, 'expire', GAME, 3);
    const { page: bruno } = await newContext(suite.browser, errors, 'expire-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('watch').click();
    await bruno.getByTestId('waiting-room').waitFor({ timeout: UI });
    const { page: carla } = await newContext(suite.browser, errors, 'expire-carla');
    await carla.goto(link);
    await carla.getByTestId('join-name').waitFor({ timeout: UI });

    // The match is there until it expires; then every page says so (the sweep looks every EXPIRE_MS / 4).
    for (const page of [ana, bruno, carla]) {
      const gone = page.getByTestId('match-closed');
      await gone.waitFor({ timeout: 3 * EXPIRE_MS + UI });
      const text = await gone.textContent();
      expect(text).toContain('This match expired');
      expect(text).toContain('It waited too long for its players to start');
      expect(text).not.toContain('closed it');
    }
    await screenshot(ana, 'match-expired');
    expect((await suite.server.db.fetch(matchID, { metadata: true })).metadata).toBeUndefined();
    expect(suite.server.logs.some((l) => l.includes('match expired'))).toBe(true);

    // "Back to the lobby": neither "Open matches" nor "Your matches" lists it.
    await ana.getByTestId('back-to-lobby').click();
    await ana.waitForURL((url) => !url.hash.includes('/match/'), { timeout: UI });
    await ana.getByTestId('open-matches').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => ana.getByTestId(`open-${matchID}`).count(), { timeout: UI }).toBe(0);
    expect(await ana.getByTestId(`mine-${matchID}`).count()).toBe(0);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const page of [ana, bruno, carla]) await page.context().close();
  }, 90_000);
});
