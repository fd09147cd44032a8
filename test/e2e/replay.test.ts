/**
 * Replays in Debian's Chromium against the real server, for Get on Board and
 * Touched On: a match played to its end through raw sockets is listed under
 * "Recent matches"; its replay opens at the start (a shared link gives nothing
 * away) with no mismatch against the stored log, goes to the final position,
 * which shows the final scores the server stored, back to the start and
 * forward again, and plays on its own; showing "every
 * hidden card" reveals a hand a spectator does not see. An unfinished
 * match's replay is refused with a clear page.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, seatedMatch } from '../server/play';
import { findChromium, newContext, screenshot, e2eSuite } from './harness';
import { numberText } from '../../src/games/get-on-board/board/numbers';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: replays', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Get on Board: from Recent matches to the final position, back to the start and on again', async () => {
    const m = await seatedMatch(suite.server.url, 'get-on-board', 2);
    const moves = await playMatch('get-on-board', m, 7);
    m.clients.forEach((c) => c.close());
    const stored = (await suite.server.db.fetch(m.matchID, { state: true })).state;
    const result = stored.ctx.gameover as { scores: Record<string, { total: number; eliminated: boolean }> };

    const { page, context } = await newContext(suite.browser, errors, 'replay-gob');
    await page.goto(`${suite.server.url}/#/g/get-on-board`);
    await page.getByTestId(`recent-${m.matchID}`).getByText('Replay').click({ timeout: UI });
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    expect(await page.getByTestId('replay-problems').count()).toBe(0);
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('gameover').count()).toBe(0);
    // "Show" in words true of every game (Get on Board has no hands: its secrets are departure tickets).
    expect(await page.getByTestId('replay-show-all').locator('option').allTextContents()).toEqual([
      'what a spectator saw',
      "every hidden card, from P0's chair",
      "every hidden card, from P1's chair",
    ]);
    await page.getByTestId('replay-last').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step ${moves} of ${moves}`);
    // The final position is the stored one: the end screen shows the stored totals.
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    for (const [p, s] of Object.entries(result.scores))
      if (!s.eliminated) expect(await page.getByTestId(`final-${p}`).textContent()).toBe(numberText(s.total));
    await screenshot(page, 'replay-gob-end');

    await page.getByTestId('gameover-close').click();
    await page.getByTestId('replay-first').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('turn-who').textContent()).toContain('Everyone chooses a departure');
    await page.getByTestId('replay-forward').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 1 of ${moves}`);
    await page.getByTestId('replay-play').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent(), { timeout: UI }).toBe(`Step 3 of ${moves}`);
    await page.getByTestId('replay-play').click();
    await context.close();
  }, 90_000);

  it("Touched On: every hand hidden as a spectator saw it, shown from a player's chair", async () => {
    const m = await seatedMatch(suite.server.url, 'touched-on', 2, { dealer: 1 });
    const open = await newContext(suite.browser, errors, 'replay-early');
    // Not over yet: refused.
    await open.page.goto(`${suite.server.url}/#/g/touched-on/replay/${m.matchID}`);
    await open.page.getByTestId('replay-error').waitFor({ timeout: UI });
    expect(await open.page.getByTestId('replay-error').textContent()).toContain('not over');
    // Said once, not as an error, with the way to the match being played.
    expect(await open.page.getByText('not over').count()).toBe(1);
    expect(await open.page.getByTestId('replay-error').getByRole('alert').count()).toBe(0);
    await open.page.getByTestId('replay-to-match').click();
    await open.page.getByTestId('match-page').waitFor({ timeout: UI });
    expect(open.page.url()).toContain(`#/g/touched-on/match/${m.matchID}`);
    await open.context.close();

    await playMatch('touched-on', m, 8);
    m.clients.forEach((c) => c.close());
    const { page, context } = await newContext(suite.browser, errors, 'replay-to');
    await page.goto(`${suite.server.url}/#/g/touched-on/replay/${m.matchID}`);
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    expect(await page.getByTestId('replay-problems').count()).toBe(0);
    // The replay opens at the start, where a spectator sees no hand.
    await expect.poll(() => page.getByTestId('replay-step').textContent(), { timeout: UI }).toMatch(/^Step 0 of/);
    // At the start a spectator sees no hand; every hand shows with the switch.
    expect(await page.locator('[data-testid^="hand-card-"]').count()).toBe(0);
    await page.getByTestId('replay-show-all').selectOption('1');
    await expect.poll(() => page.locator('[data-testid^="hand-card-"]').count(), { timeout: UI }).toBeGreaterThan(0);
    await screenshot(page, 'replay-to-all-hands');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('Touched On: a jump to a later journey puts up no summary of one long over over the timeline', async () => {
    const m = await seatedMatch(suite.server.url, 'touched-on', 2, { dealer: 1 });
    await playMatch('touched-on', m, 8);
    m.clients.forEach((c) => c.close());
    const { page, context } = await newContext(suite.browser, errors, 'replay-to-jump');
    await page.goto(`${suite.server.url}/#/g/touched-on/replay/${m.matchID}`);
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    const turns = await page.getByTestId('replay-turn').locator('option').allTextContents();
    // The turn before the last: by then a journey or more has ended, and the turn is not the first of its journey.
    await page.getByTestId('replay-turn').selectOption(turns[turns.length - 2]);
    const where = (await page.locator('.to-board .journey').textContent()) ?? '';
    const [, journey, turn] = /Journey (\d+) · turn (\d+)/.exec(where) ?? [];
    expect(Number(journey)).toBeGreaterThan(1);
    expect(Number(turn)).toBeGreaterThan(1);
    // The journey that ended long before is not summed up again, and nothing covers the timeline.
    expect(await page.getByTestId('journey-summary').count()).toBe(0);
    await page.getByTestId('replay-last').click({ timeout: 3000 });
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
});
