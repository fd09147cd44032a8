/**
 * A player who leaves a running match, in Debian's Chromium against the real
 * server, on Touched On: Bruno leaves after a few moves; Ana is told "Bruno
 * left the match", the open-matches list never offers the running match to a
 * stranger, and Ana hands the seat to a bot, which then plays its turns.
 */
import { describe, expect, it } from 'vitest';
import { findGame } from '../../src/games/registry';
import { RawClient } from '../server/harness';
import { createdByAna, findChromium, joinedByLink, newContext, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: a player leaves a running match', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('tells the others, hides the match from strangers, and hands the seat to a bot', async () => {
    const { page: ana, matchID, link } = await createdByAna(suite, 'leaver');
    const bruno = await joinedByLink(suite, 'leaver', link, 'Bruno');

    // A few moves for Ana (seat 0 starts), over a raw socket with her stored seat.
    const seat = (await ana.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID))!;
    const { credentials } = JSON.parse(seat) as { credentials: string };
    const raw = new RawClient(suite.server.url, { namespace: 'touched-on' });
    await raw.sync(matchID, '0', credentials);
    const def = findGame('touched-on')!;
    await raw.playTurn(def, matchID, '0', credentials);
    raw.close();

    // Bruno leaves (he confirms in the page), with his turn due.
    await bruno.getByTestId('leave-match').click();
    await bruno.getByTestId('leave-yes').click({ timeout: UI });
    await bruno.waitForURL((u) => !u.toString().includes('/match/'), { timeout: UI });

    await ana.getByTestId('left-1').waitFor({ timeout: UI });
    expect(await ana.getByTestId('left-1').textContent()).toContain('Bruno left the match');
    // The notice offers the seat to a bot; the match bar does not offer it a second time.
    expect(await ana.getByTestId('hand-to-bot-1').count()).toBe(1);
    expect(await ana.getByTestId('add-bot-1').count()).toBe(0);
    await screenshot(ana, 'leaver-ana');

    // A stranger's open-matches list does not offer it.
    const { page: carla } = await newContext(suite.browser, errors, 'leaver-carla');
    await carla.goto(`${suite.server.url}/#/g/touched-on`);
    await carla.getByTestId('lobby').waitFor({ timeout: UI });
    await carla.getByText('No open matches right now').waitFor({ timeout: UI });
    expect(await carla.getByTestId(`open-${matchID}`).count()).toBe(0);

    const before = (await suite.server.db.fetch(matchID, { state: true })).state._stateID;
    await ana.getByTestId('hand-to-bot-1').click();
    await ana.getByTestId('left-seats').waitFor({ state: 'detached', timeout: UI });
    // The bot plays its turn.
    await expect
      .poll(async () => (await suite.server.db.fetch(matchID, { state: true })).state._stateID, { timeout: 15_000 })
      .toBeGreaterThan(before);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const p of [ana, bruno, carla]) await p.context().close();
  }, 90_000);
});
