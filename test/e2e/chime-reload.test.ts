/**
 * The "your move" chime after a reload, in Debian's Chromium against the real
 * server (Get on Board, whose departures wait on everyone from the start).
 * A page reloaded on the player's turn has had no user gesture, so the browser
 * would not let an audio context start: the page must make none (no context
 * left suspended for good, no "AudioContext was not allowed to start"
 * warning), skip that chime quietly, start the audio at the first gesture (a
 * press of the Sound switch here) and chime on a running context at the next
 * "your move".
 *
 * AudioContext is the browser's own, wrapped by an init script that records
 * every context made and the state of its context at each note.
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
  window.__audio = { contexts: [], notes: [] };
  const Orig = window.AudioContext;
  window.AudioContext = class extends Orig {
    constructor(...a) { super(...a); window.__audio.contexts.push(this); }
  };
  const osc = Orig.prototype.createOscillator;
  Orig.prototype.createOscillator = function () {
    const o = osc.call(this);
    const ctx = this;
    const start = o.start;
    o.start = function (...a) { window.__audio.notes.push(ctx.state); return start.apply(this, a); };
    return o;
  };
})();`;

/** The states of the page's audio contexts now, and the state of its context at each note played. */
const audio = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as { __audio: { contexts: AudioContext[]; notes: string[] } }).__audio;
    return { contexts: a.contexts.map((c) => c.state), notes: [...a.notes] };
  });

describe.skipIf(!CHROMIUM)('browser: the chime after a reload', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('no suspended audio before a gesture; the first gesture starts it; the next your-move chimes', async () => {
    const gameId = 'get-on-board';
    const created = await http(suite.server.url, `/games/${gameId}/create`, {
      method: 'POST',
      json: { numPlayers: 2 },
    });
    const matchID = created.json.matchID as string;
    const joined = await http(suite.server.url, `/games/${gameId}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    const creds = joined.json.playerCredentials as string;
    const { context, page } = await newContext(suite.browser, errors, 'chime-reload');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/AudioContext/i.test(m.text())) warnings.push(`${m.type()}: ${m.text()}`);
    });
    await context.addInitScript(RECORD);
    await page.goto(`${suite.server.url}/#/g/${gameId}/match/${matchID}`);
    await page.getByTestId('join-name').fill('Bruno');
    await page.getByTestId('join-submit').click();
    await expect.poll(() => page.title(), { timeout: UI }).toContain('(Your move)');

    // Reloaded on his turn: the page has had no gesture since. (Playwright's own page calls count as gestures in
    // Chromium, so the page is read through the DevTools protocol alone until the first click.)
    const cdp = await context.newCDPSession(page);
    const read = async <T>(expression: string): Promise<T> =>
      ((await cdp.send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: T } }).result
        .value;
    await page.reload();
    await expect.poll(() => read<string>('document.title'), { timeout: UI }).toContain('(Your move)');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await read<boolean>('navigator.userActivation.hasBeenActive')).toBe(false);
    const before = await read<{ contexts: string[]; notes: string[] }>(
      '({ contexts: window.__audio.contexts.map((c) => c.state), notes: window.__audio.notes })',
    );
    // No context left suspended, no note played into one.
    expect(before.contexts.filter((s) => s !== 'running')).toEqual([]);
    expect(before.notes.filter((s) => s !== 'running')).toEqual([]);
    expect(warnings).toEqual([]);

    // The Sound switch, off and on: a gesture, which starts the audio.
    await page.getByTestId('sound-toggle').click();
    await expect.poll(() => page.getByTestId('sound-toggle').textContent()).toBe('Sound off');
    await page.getByTestId('sound-toggle').click();
    await expect.poll(() => page.getByTestId('sound-toggle').textContent()).toBe('Sound on');
    await expect.poll(async () => (await audio(page)).contexts, { timeout: UI }).toEqual(['running']);

    // His departure, then Ana's moves until the game waits for him again: the chime plays, on a running context.
    await page.locator('[data-testid="departure-panel"] button').first().click();
    await page.getByTestId('departure-chosen').waitFor({ timeout: UI });
    await expect.poll(() => page.title()).not.toContain('(Your move)');
    const raw = new RawClient(suite.server.url, { namespace: gameId });
    await raw.sync(matchID, '0', creds);
    const def = findGame(gameId)!;
    await raw.waitFor(() => !!raw.state, 5000, 'the state');
    for (let i = 0; i < 40; i++) {
      const state = raw.state as State;
      if (actingPlayerOf(def, state) === '1') break;
      const options = def.game.ai!.enumerate(state.G, state.ctx, '0') as { move: string; args?: unknown[] }[];
      raw.move(matchID, '0', creds, options[0].move, options[0].args ?? [], state._stateID);
      await raw.waitFor(() => (raw.state?._stateID ?? 0) > state._stateID, 5000, `Ana's ${options[0].move}`);
    }
    await expect.poll(() => page.title(), { timeout: UI }).toContain('(Your move)');
    await expect.poll(async () => (await audio(page)).notes, { timeout: UI }).toEqual(['running', 'running']);
    expect((await audio(page)).contexts).toEqual(['running']);
    expect(warnings).toEqual([]);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    raw.close();
    await context.close();
  }, 60_000);
});
