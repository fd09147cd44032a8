/**
 * Old links and "Your matches" in Debian's Chromium against the real server:
 * an invitation to a match that has ended says so and offers its replay (and
 * still its final position), not "Join this match"; "Your matches" offers a
 * finished online match as "See the end", as hot-seat does; and when the
 * server cannot be reached, "Your matches" keeps where each match last stood
 * (over, the other players) and says the server cannot be reached, until a
 * later look succeeds.
 */
import { describe, expect, it } from 'vitest';
import { playMatch, seatedMatch } from '../server/play';
import { e2eSuite, findChromium, holdSeat, newContext, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: stale links and Your matches', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** A two-player Get on Board match played to its end (seat names P0, P1). */
  async function finished() {
    const m = await seatedMatch(suite.server.url, 'get-on-board', 2);
    await playMatch('get-on-board', m, 11);
    m.clients.forEach((c) => c.close());
    return m;
  }

  it('an invitation to a finished match says it is over and offers the replay and the final position', async () => {
    const m = await finished();
    const { page, context } = await newContext(suite.browser, errors, 'stale-invite');
    await page.goto(`${suite.server.url}/#/g/get-on-board/match/${m.matchID}`);
    const panel = page.getByTestId('join-panel');
    await panel.getByRole('heading', { name: 'This match is over' }).waitFor({ timeout: UI });
    expect(await panel.textContent()).not.toContain('Every seat is taken');
    await screenshot(page, 'stale-invite');
    // The replay.
    await page.getByTestId('join-replay').click({ timeout: UI });
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    expect(page.url()).toContain(`/replay/${m.matchID}`);
    // Back to the invitation: the final position, as a spectator sees it.
    await page.goBack();
    await page.getByTestId('watch').click({ timeout: UI });
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('Your matches: a finished match is "See the end"; with the server unreachable its status stays and says so', async () => {
    const m = await finished();
    const { page, context } = await newContext(suite.browser, errors, 'stale-mine');
    await holdSeat(context, {
      game: 'get-on-board',
      matchID: m.matchID,
      playerID: '0',
      credentials: m.creds[0],
      playerName: 'P0',
    });
    await page.goto(`${suite.server.url}/#/`);
    const row = page.getByTestId(`mine-${m.matchID}`);
    await expect.poll(() => page.getByTestId(`mine-status-${m.matchID}`).textContent(), { timeout: UI }).toBe('over');
    expect(await page.getByTestId(`resume-${m.matchID}`).textContent()).toBe('See the end');
    expect(await row.textContent()).toContain('with P1');
    expect(await page.getByTestId('mine-unreachable').count()).toBe(0);

    // The server goes away: the next looks fail.
    await page.route('**/matches/status**', (r) => r.abort('connectionrefused'));
    await page.getByTestId('mine-unreachable').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('mine-unreachable').textContent()).toContain('cannot be reached');
    expect(await page.getByTestId(`mine-status-${m.matchID}`).textContent()).toBe('over');
    expect(await row.textContent()).toContain('with P1');
    expect(await page.getByTestId(`resume-${m.matchID}`).textContent()).toBe('See the end');
    await screenshot(page, 'stale-mine-unreachable');

    // It comes back: the line goes at the next look.
    await page.unroute('**/matches/status**');
    await page.getByTestId('mine-unreachable').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByTestId(`mine-status-${m.matchID}`).textContent()).toBe('over');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
});
