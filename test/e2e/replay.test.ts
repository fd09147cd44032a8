/**
 * Replays in Debian's Chromium against the real server, for Get on Board,
 * Touched On and Lisbon: a match played to its end through raw sockets is listed under
 * "Recent matches"; its replay opens at the start (a shared link gives nothing
 * away) with no mismatch against the stored log, goes to the final position,
 * which shows the final scores the server stored, back to the start and
 * forward again, and plays on its own; showing "every
 * hidden card" reveals a hand a spectator does not see. An unfinished
 * match's replay is refused with a clear page.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playMatch, seatedMatch } from '../server/play';
import { expectTimelineInReach, playedInProcess } from './replay-match';
import { findChromium, newContext, screenshot, e2eSuite } from './harness';
import { numberText } from '../../src/games/get-on-board/board/numbers';

const CHROMIUM = findChromium();
const UI = 10_000;
/** A click that fails fast when something covers the button (a dialog's backdrop). */
const FREE = { timeout: 2000 };

/** What is at the centre of the replay's button `testid`: the button itself, when nothing covers it. */
async function atCentreOf(page: Page, testid: string): Promise<string> {
  return page.getByTestId(testid).evaluate((b, id) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === b || b.contains(hit) ? id : `${hit?.tagName}.${hit?.className}`;
  }, testid);
}

const stepOf = (page: Page) => page.getByTestId('replay-step').textContent();

/**
 * With the end screen up at the last step, Step back and Last are what shows at their centres and work: one step
 * back puts the end screen away, Last brings it back.
 */
async function backAndLastPastEndScreen(page: Page, moves: number): Promise<void> {
  expect(await atCentreOf(page, 'replay-back')).toBe('replay-back');
  await page.getByTestId('replay-back').click(FREE);
  await expect.poll(() => stepOf(page)).toBe(`Step ${moves - 1} of ${moves}`);
  expect(await page.getByTestId('gameover').count()).toBe(0);
  expect(await atCentreOf(page, 'replay-last')).toBe('replay-last');
  await page.getByTestId('replay-last').click(FREE);
  await expect.poll(() => stepOf(page)).toBe(`Step ${moves} of ${moves}`);
  await page.getByTestId('gameover').waitFor({ timeout: UI });
}

/** Scrolled to the page's end and the list's, whether the list's last step is what shows at three points of it. */
function lastStepSeen(page: Page): Promise<boolean> {
  return page
    .locator('.replay-log li')
    .last()
    .evaluate((li) => {
      li.closest('.replay-log')!.scrollTop = 1e6;
      window.scrollTo(0, document.documentElement.scrollHeight);
      const r = li.getBoundingClientRect();
      return [r.top + 2, r.top + r.height / 2, r.bottom - 2].every((y) =>
        li.contains(document.elementFromPoint(r.left + 20, y)),
      );
    });
}

/**
 * How many pixels of the chosen option of "Seen by" its box cuts off (0 when the whole of it shows): its text's width
 * in the select's font against the box's inside, less 24 px for the arrow.
 */
function choiceCut(page: Page): Promise<number> {
  return page.getByTestId('replay-show-all').evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const probe = document.createElement('span');
    probe.textContent = select.selectedOptions[0].text;
    Object.assign(probe.style, { font: style.font, whiteSpace: 'pre', position: 'absolute', visibility: 'hidden' });
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    return Math.max(0, Math.ceil(text - room));
  });
}

/**
 * Lisbon's final scores in a replay are whole: nothing of the panel is cut off (each row and Close is what shows
 * at its own centre), the board's columns stay inside the board, and the supplies under the map, the widest row
 * of the board, end inside their column (a board narrower than the window lays out for cut them off at the right).
 */
async function expectWholeLisbonEnd(page: Page, players: number) {
  // Nothing of the panel is cut off (each row and Close is what shows at its own centre), and the board's
  // columns stay inside the board.
  const layout = await page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect();
    const panel = document.querySelector('[data-testid="gameover"]')!;
    const seen = (el: Element) => {
      const r = box(el);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.height > 0 && !!hit && el.contains(hit);
    };
    const board = box(document.querySelector('.lt-board')!);
    return {
      cut: [panel, panel.parentElement!].map((e) => e.scrollHeight - e.clientHeight),
      rows: [...panel.querySelectorAll('[data-testid^="final-"] td:first-child, [data-testid="gameover-close"]')].map(
        seen,
      ),
      spill: [...document.querySelectorAll('.lt-main > *')].map((c) => Math.round(box(c).bottom - board.bottom)),
      // The supplies under the map, the widest row of the board: cut off at its right in a board too narrow.
      ticketsPast: Math.round(
        box(document.querySelector('[data-testid="ticket-deck"]')!).right -
          box(document.querySelector('.lt-mapcol')!).right,
      ),
    };
  });
  for (const cut of layout.cut) expect(cut).toBeLessThanOrEqual(1);
  // The board has about the width it has in a match: nothing of it is cut off at the right.
  expect(layout.ticketsPast).toBeLessThanOrEqual(0);
  expect(layout.rows).toEqual(new Array(players + 1).fill(true));
  for (const spill of layout.spill) expect(spill).toBeLessThanOrEqual(1);
}

describe.skipIf(!CHROMIUM)('browser: replays', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Get on Board: from Recent matches (kept up to date) to the final position, back to the start and on again', async () => {
    const m = await seatedMatch(suite.server.url, 'get-on-board', 2);
    // The lobby is open while the match is played: its Recent matches list takes the match once it ends (it was
    // read only when the lobby opened).
    const { page, context } = await newContext(suite.browser, errors, 'replay-gob');
    await page.goto(`${suite.server.url}/#/g/get-on-board`);
    await page.getByTestId('lobby').waitFor({ timeout: UI });
    const moves = await playMatch('get-on-board', m, 7);
    m.clients.forEach((c) => c.close());
    const stored = (await suite.server.db.fetch(m.matchID, { state: true })).state;
    const result = stored.ctx.gameover as {
      scores: Record<string, { total: number; eliminated: boolean }>;
      winners: string[];
    };

    // The row says who won, by the names the seats joined with (P0, P1).
    const row = page.getByTestId(`recent-${m.matchID}`);
    await row.waitFor({ timeout: 10_000 + UI });
    const won = result.winners.map((p) => `P${p}`);
    expect(await row.getByTestId('recent-outcome').textContent()).toBe(
      won.length === 1 ? `${won[0]} won` : won.length === 0 ? 'No winner' : `${won.join(' and ')} shared the win`,
    );
    await row.getByText('Replay').click();
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    expect(await page.getByTestId('replay-problems').count()).toBe(0);
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('gameover').count()).toBe(0);
    // "Seen by" in words true of every game (Get on Board has no hands: its secrets are departure tickets): a
    // spectator, or a player by name alone, what that means said around it.
    const show = page.getByTestId('replay-show-all');
    expect(await show.locator('option').allTextContents()).toEqual(['a spectator', 'P0', 'P1']);
    expect(await show.locator('optgroup').getAttribute('label')).toBe('a player, every hidden card shown');
    await page.getByTestId('replay-last').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step ${moves} of ${moves}`);
    // The final position is the stored one: the end screen shows the stored totals.
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    for (const [p, s] of Object.entries(result.scores))
      if (!s.eliminated) expect(await page.getByTestId(`final-${p}`).textContent()).toBe(numberText(s.total));
    await screenshot(page, 'replay-gob-end');
    // The end screen leaves the timeline free: back and last take their click and work, no "Look at the map" first.
    await backAndLastPastEndScreen(page, moves);
    // Not a modal: it takes no focus, and its button says what it does.
    expect(await page.getByTestId('gameover').evaluate((d) => d.contains(document.activeElement))).toBe(false);
    expect(await page.getByTestId('gameover-close').textContent()).toBe('Close');

    await page.getByTestId('gameover-close').click();
    await page.getByTestId('replay-first').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('turn-who').textContent()).toContain('Everyone chooses a departure');
    await page.getByTestId('replay-forward').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent()).toBe(`Step 1 of ${moves}`);
    await page.getByTestId('replay-play').click();
    await expect.poll(() => page.getByTestId('replay-step').textContent(), { timeout: UI }).toBe(`Step 3 of ${moves}`);
    await page.getByTestId('replay-play').click();
    // On an upright tablet the steps go under the board, and the sheet saying whom the game waits for stays in the
    // board's flow, not over them: the list's last step shows whole at the page's end.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await lastStepSeen(page)).toBe(true);
    await context.close();
  }, 90_000);

  it('Lisbon: the final scores at the last step leave the timeline free, and match the stored result', async () => {
    const { matchID, moves, gameover } = await playedInProcess(suite, 'lisbon-tram-28', 2, 28);
    const result = gameover as { winner: string; scores: Record<string, { total: number }> };
    const { page, context } = await newContext(suite.browser, errors, 'replay-lisbon');
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/replay/${matchID}`);
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    await expect.poll(() => stepOf(page), { timeout: UI }).toBe(`Step 0 of ${moves}`);
    expect(await page.getByTestId('replay-problems').count()).toBe(0);
    expect(await page.getByTestId('gameover').count()).toBe(0);
    await page.getByTestId('replay-last').click(FREE);
    await expect.poll(() => stepOf(page)).toBe(`Step ${moves} of ${moves}`);
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    // The stored result: every seat's total, the winner named.
    for (const [p, s] of Object.entries(result.scores))
      expect(await page.getByTestId(`final-${p}`).locator('b').textContent()).toBe(String(s.total));
    expect(await page.getByTestId('gameover').locator('h2').textContent()).toContain(`P${result.winner}`);
    await screenshot(page, 'replay-lisbon-end');
    // Whole, with the steps under the board (1400 × 900) and beside it (1920 × 1080).
    await expectWholeLisbonEnd(page, Object.keys(result.scores).length);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expectWholeLisbonEnd(page, Object.keys(result.scores).length);
    await screenshot(page, 'replay-lisbon-end-1920');
    // On a phone the actions' sheet, empty at the end, is not left as a strip at the bottom with room kept for it.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.lt-sheet').isVisible()).toBe(false);
    expect(await page.locator('.lt-board').evaluate((b) => getComputedStyle(b).paddingBottom)).toBe('0px');
    // A step before, the sheet says whom the game waits for in the board's flow, not over the list of steps under
    // the board: the list's last step shows whole at the page's end.
    await page.getByTestId('replay-back').click(FREE);
    await expect.poll(() => stepOf(page)).toBe(`Step ${moves - 1} of ${moves}`);
    expect(await lastStepSeen(page)).toBe(true);
    // The timeline, pinned to the window's bottom, is in reach with the page scrolled to its end.
    await expectTimelineInReach(page);
    await page.getByTestId('replay-last').click(FREE);
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    // The scores closed, their "Final scores" button stands above the timeline, over nothing of it.
    await page.getByTestId('gameover-close').click(FREE);
    expect(await atCentreOf(page, 'show-scores')).toBe('show-scores');
    const [reopen, first] = await Promise.all(
      ['show-scores', 'replay-first'].map((id) => page.getByTestId(id).boundingBox()),
    );
    expect(reopen!.y + reopen!.height).toBeLessThanOrEqual(first!.y);
    await page.getByTestId('show-scores').click(FREE);
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // A panel, not a modal: no focus taken, nothing over the timeline; back and last take their click and work.
    expect(await page.getByTestId('gameover').evaluate((d) => d.contains(document.activeElement))).toBe(false);
    await backAndLastPastEndScreen(page, moves);
    expect(await page.getByTestId('gameover-close').textContent()).toBe('Close');
    await page.getByTestId('gameover-close').click(FREE);
    expect(await page.getByTestId('gameover').count()).toBe(0);
    // The board is still there under it, at the last step.
    expect(await stepOf(page)).toBe(`Step ${moves} of ${moves}`);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
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
    // Nor as an error in the browser's console (a refused request for the replay was logged as one).
    expect(errors.filter((e) => e.startsWith('[replay-early]'))).toEqual([]);
    await open.page.getByTestId('replay-to-match').click();
    await open.page.getByTestId('match-page').waitFor({ timeout: UI });
    expect(open.page.url()).toContain(`#/g/touched-on/match/${m.matchID}`);
    await open.context.close();

    await playMatch('touched-on', m, 8);
    m.clients.forEach((c) => c.close());
    // A player of a long name (the lobby takes up to 40 characters): the "Show" choice names their chair.
    const { metadata } = await suite.server.db.fetch(m.matchID, { metadata: true });
    metadata.players[1].name = 'Maximiliana Rodríguez-Santos';
    await suite.server.db.setMetadata(m.matchID, metadata);
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
    // On a phone the steps go under the board, and nothing of the board stands over them: the list's last step
    // shows whole at the page's end.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await lastStepSeen(page)).toBe(true);
    // The page is no wider than a phone: "Seen by" and its longest choice (a player's chair) keep inside it, the
    // chosen name whole (its 28 letters were cut short at 360 px), what it means beside it. The timeline, pinned to
    // the window's bottom, is in reach at the page's end, and covers nothing of the list's last step.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 740 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: UI }).toBe(width);
      expect(await choiceCut(page)).toBe(0);
      expect(await page.getByTestId('replay-show-note').isVisible()).toBe(true);
      expect(await lastStepSeen(page)).toBe(true);
      await expectTimelineInReach(page);
    }
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
    // The list of steps follows the timeline: the last step is in sight in it (the list stayed at its top), and
    // the page did not scroll for it.
    const scrolled = await page.evaluate(() => scrollY);
    const inList = () =>
      page.getByTestId('replay-log').evaluate((box) => {
        const row = box.querySelector('li.current')!.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return box.scrollHeight > box.clientHeight && row.top >= b.top - 1 && row.bottom <= b.bottom + 1;
      });
    await expect.poll(inList, { timeout: UI }).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    expect(await page.locator('[data-testid="replay-log"] li[aria-current="step"]').count()).toBe(1);
    // Play at the last step plays the match again from its start.
    await page.getByTestId('gameover-close').click();
    await page.getByTestId('replay-play').click();
    await expect
      .poll(async () => Number(/Step (\d+)/.exec((await page.getByTestId('replay-step').textContent()) ?? '')?.[1]))
      .toBeLessThan(5);
    await page.getByTestId('replay-first').click();
    await expect.poll(inList, { timeout: UI }).toBe(true);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
  it('Touched On: the journey summary, stepped or played into, leaves the timeline free, as does the end screen', async () => {
    const m = await seatedMatch(suite.server.url, 'touched-on', 2, { dealer: 1 });
    await playMatch('touched-on', m, 8);
    m.clients.forEach((c) => c.close());
    const { page, context } = await newContext(suite.browser, errors, 'replay-to-summary');
    await page.goto(`${suite.server.url}/#/g/touched-on/replay/${m.matchID}`);
    await page.getByTestId('replay-page').waitFor({ timeout: UI });
    const journeyAt = async () =>
      Number(/Journey (\d+)/.exec((await page.locator('.to-board .journey').textContent()) ?? '')?.[1]);
    // The last turn of the first journey (a jump: the board opens afresh there), then one step at a time into the second.
    const turns = await page.getByTestId('replay-turn').locator('option').allTextContents();
    let before = turns[0];
    for (const t of turns) {
      await page.getByTestId('replay-turn').selectOption(t);
      if ((await journeyAt()) > 1) break;
      before = t;
    }
    await page.getByTestId('replay-turn').selectOption(before);
    expect(await journeyAt()).toBe(1);
    for (let i = 0; i < 60 && (await page.getByTestId('journey-summary').count()) === 0; i++)
      await page.getByTestId('replay-forward').click(FREE);
    await page.getByTestId('journey-summary').waitFor({ timeout: UI });
    expect(await journeyAt()).toBe(2);
    // Nothing covers the timeline: the step forward is at its own place.
    expect(await atCentreOf(page, 'replay-forward')).toBe('replay-forward');
    await screenshot(page, 'replay-to-summary');
    const step = Number(/Step (\d+)/.exec((await stepOf(page)) ?? '')?.[1]);
    const last = Number(/of (\d+)/.exec((await stepOf(page)) ?? '')?.[1]);
    // Not a modal: the step forward keeps its focus, the summary's button says what it does.
    expect(await page.getByTestId('journey-summary').evaluate((d) => d.contains(document.activeElement))).toBe(false);
    expect(await page.getByTestId('journey-summary-close').textContent()).toBe('Close');
    // With the summary up, forward and back take their click and work.
    expect(await atCentreOf(page, 'replay-forward')).toBe('replay-forward');
    await page.getByTestId('replay-forward').click(FREE);
    await expect.poll(() => stepOf(page)).toBe(`Step ${step + 1} of ${last}`);
    expect(await atCentreOf(page, 'replay-back')).toBe('replay-back');
    await page.getByTestId('replay-back').click(FREE);
    await expect.poll(() => stepOf(page)).toBe(`Step ${step} of ${last}`);
    // Play goes on with the summary up; Pause takes its click.
    await page.getByTestId('replay-play').click(FREE);
    await expect.poll(() => stepOf(page), { timeout: UI }).toBe(`Step ${step + 2} of ${last}`);
    await page.getByTestId('replay-play').click(FREE);
    expect(await page.getByTestId('replay-play').textContent()).toBe('Play');
    await page.getByTestId('journey-summary-close').click(FREE);
    expect(await page.getByTestId('journey-summary').count()).toBe(0);

    // The end screen too.
    await page.getByTestId('replay-last').click(FREE);
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(await page.getByTestId('gameover').evaluate((d) => d.contains(document.activeElement))).toBe(false);
    expect(await atCentreOf(page, 'replay-back')).toBe('replay-back');
    await page.getByTestId('replay-back').click(FREE);
    await expect.poll(() => stepOf(page)).toBe(`Step ${last - 1} of ${last}`);
    await page.getByTestId('replay-last').click(FREE);
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(await page.getByTestId('gameover-close').textContent()).toBe('Close');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
