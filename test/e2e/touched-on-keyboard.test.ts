/**
 * Touched On with the keyboard only, in Debian's Chromium against the real
 * server: from a known position the seat on turn Tabs to an Evader in its
 * hand, Enter chooses it and focus moves to Play; Esc cancels and focus goes
 * back to the card; Enter again, Enter on Play, and focus is on End turn;
 * Enter ends the turn, and focus rests on the panel that says who the game
 * waits for. Every control of the board has a name that says what it is.
 */
import { describe, expect, it } from 'vitest';
import { findChromium, openAsSeat, e2eSuite, focused, newContext } from './harness';
import { knownMatch, storedState } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Touched On with the keyboard only', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('plays a whole turn: choose, cancel with Esc, choose again, play, end the turn', async () => {
    const { server, browser } = suite;
    const m = await knownMatch(server);
    const { page, context } = await openAsSeat(browser, errors, 'to-keyboard', {
      url: server.url,
      game: 'touched-on',
      matchID: m.matchID,
      playerID: m.seat,
      credentials: m.creds[Number(m.seat)],
    });
    await page.getByTestId(`hand-card-${m.cards.e96[0]}`).waitFor({ timeout: UI });

    // Every button on the board is named; the hand's cards by what is printed on them.
    const tree = await page.locator('.to-board').ariaSnapshot();
    expect(tree).not.toMatch(/- button(\s*\[[^\]]*\])*:?\s*$/m);
    expect(tree).toContain('button "Evader, line 96"');
    expect(tree).toContain('button "Appeal"');
    expect(tree).toMatch(/button "Line 96, [^"]+: 0 of 9"/);

    // Tab to an Evader of 96.
    const e96 = m.cards.e96.map((id) => `hand-card-${id}`);
    for (let i = 0; i < 80 && !e96.includes(await focused(page)); i++) await page.keyboard.press('Tab');
    const card = await focused(page);
    expect(e96).toContain(card);

    // Enter chooses it: the batch waits, focus is on Play.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('1');
    await expect.poll(() => focused(page)).toBe('play-batch');
    // Esc cancels: no batch, focus back on the card.
    await page.keyboard.press('Escape');
    await page.getByTestId('batch').waitFor({ state: 'detached', timeout: UI });
    expect(await focused(page)).toBe(card);
    // Choose again and play it with Enter.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('play-batch');
    await page.keyboard.press('Enter');
    // (Evaders of one Line are alike: the rules play the first of the hand.)
    await page
      .locator(m.cards.e96.map((id) => `[data-testid="placed-${id}"]`).join(', '))
      .first()
      .waitFor({ timeout: UI });
    // The batch is played: focus moves on to End turn, and Enter ends the turn.
    await expect.poll(() => focused(page), { timeout: UI }).toBe('end-turn');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await storedState(server, m.matchID)).ctx.currentPlayer, { timeout: UI })
      .not.toBe(m.seat);
    await expect.poll(() => focused(page), { timeout: UI }).toBe('actions');
    expect(await page.getByTestId('actions').textContent()).toContain('Waiting for');
    const s = await storedState(server, m.matchID);
    const placed = s.G.lines['96'].carriages.flatMap((c) => c.cards.map((pc) => pc.card));
    expect(placed).toHaveLength(1);
    expect(m.cards.e96).toContain(placed[0]);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
  it('in hot-seat, Enter on the pass screen shows the board with focus on the next step, not the page', async () => {
    const { context, page } = await newContext(suite.browser, errors, 'to-keyboard-hotseat');
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-players-2').click();
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Bruno');
    await page.getByTestId('hs-start').click();
    // Two people at one screen: the pass screen comes first, its button focused; the keyboard player presses Enter.
    await page.getByTestId('pass-ready').waitFor({ timeout: UI });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('pass-ready');
    await page.keyboard.press('Enter');
    await page.getByTestId('actions').waitFor({ timeout: UI });
    // Focus is on the step the board waits for (in the action panel), so the next Tab goes on from there.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="actions"]')), { timeout: UI })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
