/**
 * The replay page's words, in Debian's Chromium against the real server, on
 * a Get on Board match played to its end (12 rounds, or fewer when
 * everyone is eliminated, which boardgame.io counts as one turn more, the
 * departures being the first): the steps read as the
 * game's own log does, never as move names; the jump goes by the game's
 * rounds (Setup, then 1 to 12); the page opens at the start with no final
 * scores over it; the ← and → keys step back and on, but not from the slider
 * or the jump's list, which take them. A link to no match, or to another game's match, shows the
 * "No such match" page the match route shows, not the server's text or a
 * crash.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { GobState } from '../../src/games/get-on-board/types';
import { playMatch, seatedMatch } from '../server/play';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: the replay in words', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Get on Board: steps in plain words, a jump by round, opened at the start; bad links say No such match', async () => {
    const m = await seatedMatch(suite.server.url, 'get-on-board', 2);
    const moves = await playMatch('get-on-board', m, 7);
    m.clients.forEach((c) => c.close());
    // The rounds the game played, and boardgame.io's turns (one more: the departures).
    const stored = (await suite.server.db.fetch(m.matchID, { state: true })).state as State<GobState>;
    const rounds = stored.G.round;
    expect(stored.ctx.turn).toBe(rounds + 1);

    const { page, context } = await newContext(suite.browser, errors, 'replay-labels');
    await page.goto(`${suite.server.url}/#/g/get-on-board/replay/${m.matchID}`);
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('gameover').count()).toBe(0);

    // The steps: the game's own log lines, with the round.
    const labels = await page.locator('[data-testid^="replay-log-"]').allTextContents();
    expect(labels).toHaveLength(moves);
    for (const label of labels) {
      expect(label).toMatch(/^(Setup|Round \d+) · /);
      expect(Number(label.match(/^Round (\d+)/)?.[1] ?? 0)).toBeLessThanOrEqual(rounds);
      // No move name: neither camelCase nor a bare "Name: move".
      expect(label).not.toMatch(/[a-z][A-Z]/);
      expect(label).not.toMatch(/: (plot|chooseDeparture|endTurn)$/);
    }
    expect(labels.some((l) => /^Setup · .*departs from/.test(l))).toBe(true);
    expect(labels.some((l) => l.startsWith(`Round ${rounds} · `))).toBe(true);
    expect(labels.some((l) => l.startsWith(`Round ${rounds + 1} `))).toBe(false);

    // The jump goes by round: Setup, 1 … the last round played (12 unless everyone was eliminated before).
    const jump = page.getByTestId('replay-turn');
    expect(await page.locator('label', { has: jump }).textContent()).toMatch(/^Round/);
    const options = await jump.locator('option').allTextContents();
    expect(options).toEqual(['Setup', ...Array.from({ length: rounds }, (_, i) => String(i + 1))]);
    await jump.selectOption(String(rounds));
    const at = Number((await page.getByTestId('replay-step').textContent())!.match(/^Step (\d+)/)![1]);
    expect(labels[at - 1]).not.toMatch(new RegExp(`^Round ${rounds} `));
    expect(labels[at]).toMatch(new RegExp(`^Round ${rounds} · `));
    await screenshot(page, 'replay-labels-gob');

    // The arrow keys step back and on from the page (the focus on the page's body, or on a button of the timeline);
    // in the jump's list or on the slider they are the control's own, one step each, not two.
    const step = async () => Number((await page.getByTestId('replay-step').textContent())!.match(/^Step (\d+)/)![1]);
    await page.getByTestId('replay-first').click();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(step).toBe(2);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(step).toBe(1);
    await page.getByTestId('replay-play').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(step).toBe(2);
    expect(await page.getByTestId('replay-back').getAttribute('aria-keyshortcuts')).toBe('ArrowLeft');
    await page.getByTestId('replay-slider').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(step).toBe(3);
    await page.getByTestId('replay-last').click();
    await page.keyboard.press('ArrowRight');
    expect(await step()).toBe(moves);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(step).toBe(moves - 1);

    // A bogus link, and a Get on Board match under Touched On's replay route.
    await page.goto(`${suite.server.url}/#/g/get-on-board/replay/bogus`);
    await page.getByTestId('match-gone').getByRole('heading', { name: 'No such match' }).waitFor({ timeout: UI });
    expect(await page.getByTestId('match-gone').textContent()).not.toContain('No match bogus');
    await page.goto(`${suite.server.url}/#/g/touched-on/replay/${m.matchID}`);
    await page.getByTestId('match-gone').getByRole('heading', { name: 'No such match' }).waitFor({ timeout: UI });
    expect(await page.getByTestId('match-gone').textContent()).not.toContain('Cannot read');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
