/**
 * "Your move" alerts in Debian's Chromium against the real server, for
 * Touched On and Get on Board: Bruno plays in the browser and switches
 * notifications on (granted in his browser context); his tab is then hidden
 * and Ana, a raw socket client, plays until the game waits for Bruno. His tab
 * gets the "(Your move)" title, the alert icon and one notification; the
 * chime plays unless he switched the sound off; the lobby's "Your matches"
 * says "your move" for that match.
 *
 * The page's Notification and AudioContext are the browser's own, wrapped by
 * an init script that only records their use; document.hidden is set by the
 * test (headless Chromium has no hidden tabs).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { http, RawClient } from '../server/harness';
import { findChromium, newContext, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

const RECORD = `(() => {
  window.__notes = [];
  window.__chimes = 0;
  const Orig = window.Notification;
  if (Orig) {
    class Recorded extends Orig {
      constructor(title, options) {
        super(title, options);
        window.__notes.push({ title, body: options && options.body });
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Orig.permission });
    Recorded.requestPermission = (...a) => Orig.requestPermission(...a);
    window.Notification = Recorded;
  }
  const osc = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__chimes++; return osc.call(this); };
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => !!window.__hidden });
})();`;

/** Ana (seat 0, a raw socket) makes legal moves until the game waits for seat 1. */
async function playUntilBruno(raw: RawClient, gameId: string, matchID: string, creds: string): Promise<number> {
  const def = findGame(gameId)!;
  let moves = 0;
  for (let i = 0; i < 40; i++) {
    const state = raw.state as State;
    const acting = actingPlayerOf(def, state);
    if (acting === '1') return moves;
    expect(acting).toBe('0');
    const options = def.game.ai!.enumerate(state.G, state.ctx, '0') as { move: string; args?: unknown[] }[];
    const before = state._stateID;
    raw.move(matchID, '0', creds, options[0].move, options[0].args ?? [], before);
    await raw.waitFor(() => (raw.state?._stateID ?? 0) > before, 5000, `Ana's move ${options[0].move}`);
    moves++;
  }
  throw new Error('the game never waited for Bruno');
}

describe.skipIf(!CHROMIUM)('browser: your-move alerts', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** A 2-player match with Ana seated over HTTP and Bruno joined in the browser, notifications on. */
  async function setUp(gameId: string, setupData: unknown, label: string) {
    const created = await http(suite.server.url, `/games/${gameId}/create`, {
      method: 'POST',
      json: { numPlayers: 2, setupData },
    });
    const matchID = created.json.matchID as string;
    const joined = await http(suite.server.url, `/games/${gameId}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    const creds = joined.json.playerCredentials as string;
    const { context, page } = await newContext(suite.browser, errors, label);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    await context.addInitScript(RECORD);
    await page.goto(`${suite.server.url}/#/g/${gameId}/match/${matchID}`);
    await page.getByTestId('join-name').fill('Bruno');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('notify-toggle').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('notify-toggle').getAttribute('aria-pressed')).toBe('true');
    // Toggle buttons named once, their state in aria-pressed: the name was "Notifications on" once pressed, and the
    // sound's "Sound on" / "Sound off" ("Sound off, not pressed" to a screen reader).
    await page
      .getByRole('button', { name: 'Notify me when it is my move', exact: true, pressed: true })
      .waitFor({ timeout: UI });
    expect(await page.getByTestId('notify-toggle').textContent()).toBe('Notify me when it is my move: on');
    await page.getByRole('button', { name: 'Sound', exact: true, pressed: true }).waitFor({ timeout: UI });
    const raw = new RawClient(suite.server.url, { namespace: gameId });
    await raw.sync(matchID, '0', creds);
    return { matchID, creds, page, raw, context };
  }

  const icon = (page: Page) => page.locator('link[rel="icon"]').getAttribute('data-alert');

  it('Touched On: a hidden tab gets the title, the icon, a notification and the chime', async () => {
    // Seat 1 deals, so Ana (seat 0) starts.
    const { matchID, creds, page, raw, context } = await setUp('touched-on', { dealer: 1 }, 'alerts-to');
    expect(await page.title()).not.toContain('(Your move)');
    await page.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
    const moves = await playUntilBruno(raw, 'touched-on', matchID, creds);
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.title(), { timeout: UI }).toContain('(Your move)');
    expect(await icon(page)).toBe('yes');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes), { timeout: UI })
      .toEqual([{ title: 'Your move', body: expect.stringContaining('Touched On') }]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __chimes: number }).__chimes)).toBe(2);
    // The lobby's "Your matches" says so too, in another tab of the same browser.
    const lobbyTab = await context.newPage();
    await lobbyTab.goto(`${suite.server.url}/#/g/touched-on`);
    await expect
      .poll(() => lobbyTab.getByTestId(`mine-status-${matchID}`).textContent(), { timeout: UI })
      .toBe('your move');
    expect(await lobbyTab.getByTestId(`mine-${matchID}`).textContent()).toContain('with Ana');
    raw.close();
    await context.close();
  }, 60_000);

  it('Get on Board: no chime with the sound off, and nothing while the tab is visible', async () => {
    const { matchID, creds, page, raw, context } = await setUp('get-on-board', undefined, 'alerts-gob');
    await page.getByTestId('sound-toggle').click();
    await expect.poll(() => page.getByTestId('sound-toggle').textContent()).toBe('Sound off');
    await page.getByRole('button', { name: 'Sound', exact: true, pressed: false }).waitFor({ timeout: UI });
    // Departures are chosen at once: Bruno's tab says so from the start, visible, so no notification.
    await expect.poll(() => page.title(), { timeout: UI }).toContain('(Your move)');
    await page.locator('[data-testid="departure-panel"] button').first().click();
    await page.getByTestId('departure-chosen').waitFor({ timeout: UI });
    await expect.poll(() => page.title()).not.toContain('(Your move)');
    expect(await icon(page)).toBe('no');
    // (The departure's "your move" came before the sound was switched off: one chime then.)
    const chimes = await page.evaluate(() => (window as unknown as { __chimes: number }).__chimes);
    expect(chimes).toBe(2);
    await page.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
    await playUntilBruno(raw, 'get-on-board', matchID, creds);
    await expect.poll(() => page.title(), { timeout: UI }).toContain('(Your move)');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __notes: unknown[] }).__notes.length), { timeout: UI })
      .toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __chimes: number }).__chimes)).toBe(chimes);
    // The setting is kept in this browser.
    await page.reload();
    await expect.poll(() => page.getByTestId('sound-toggle').textContent(), { timeout: UI }).toBe('Sound off');
    raw.close();
    await context.close();
  }, 60_000);
});
