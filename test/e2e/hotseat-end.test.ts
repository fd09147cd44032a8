/**
 * Hot-seat's end of game and what the shell keeps between seats, in Debian's
 * Chromium against the real server:
 * - the end of a game offers "Play again" (same names, seats, bot levels and
 *   options, a fresh game that replaces the finished one and survives a
 *   reload), "Change players" (the setup form filled in with the last
 *   settings) and "Back to the lobby", over the board's own end screen;
 *   nothing there is styled as a danger. The end comes quickly through
 *   Lisbon's rules: the stored state is marked "final round" before the first
 *   turn.
 * - A game of several humans that ends on a bot's move shows its end from the
 *   seat of the last human who took the device, as one ending on that human's
 *   move does (their hand on the table behind the final scores, their panel
 *   marked "you"), not from a spectator's view with no hand; a reload of the
 *   finished game shows it from the same seat, or from the first human's when
 *   that is forgotten or stored wrong.
 * - Touched On: the player a Tram Tracker takes from is told which card went
 *   and which came when they next take the device (their board is mounted
 *   afresh after the pass screen), and only on their own screen.
 * - What a seat's screen has not shown yet survives a reload: when the page is
 *   reloaded after Ana's Tram Tracker swap but before Bruno takes the device,
 *   he is still told, once (a second reload does not tell him again). The
 *   shell stores that in sessionStorage for the saved game only, each state's
 *   log cut to what it adds; a stored value that cannot be read is ignored,
 *   and quitting the game forgets it (the setup comes back filled in with
 *   the quit game's names, seats and options, as after "Change players").
 * - While a bot plays after a human's turn, with other humans at the table,
 *   no hand is on screen and a notice says so; the next human gets the pass
 *   screen.
 * - The pass screen comes only when the next player's screen shows something
 *   a spectator's does not: in Get on Board, while the departures are chosen,
 *   and never once every departure is public.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { GState } from '../../src/games/lisbon/types';
import type { TOState } from '../../src/games/touched-on/types';
import { emptyHands, give } from '../games/touched-on/helpers';
import { violations } from './axe';
import { hotSeatDepartures, placeSafeMarkers } from './get-on-board-steps';
import {
  expectInView,
  changeStoredHotSeat,
  e2eSuite,
  findChromium,
  focused,
  newContext,
  screenshot,
  storedHotSeat,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const SEATS_KEY = 'lt28:hotseat-seats';

/** The saved hot-seat game (setup and match id). */
async function savedGame(page: Page): Promise<{ matchID: string; config: unknown }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28:hotseat')))!) as {
    matchID: string;
    config: unknown;
  };
}

/** What the shell stored of its seats' screens, as JSON. */
const storedSeats = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), SEATS_KEY);

/** Whose board is on screen: the seat whose panel says "you", and whether a hand is shown. */
async function seen(page: Page): Promise<{ you: string[]; hand: number }> {
  const you = await page
    .locator('[data-testid^="player-"]')
    .evaluateAll((els) => els.filter((e) => e.querySelector('.you')).map((e) => e.getAttribute('data-testid')!));
  return { you, hand: await page.getByTestId('hand').count() };
}

/** Each of `names` in turn takes the device at the pass screen and ends a turn. */
async function endTurns(page: Page, names: string[]) {
  for (const name of names) {
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe(name);
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').click({ timeout: UI });
    await page.getByTestId('end-turn-confirm').click({ timeout: UI });
  }
}

/** After a reload, the game comes back by itself (not the setup's card), at the pass screen: hands the device to `name`. */
async function resumeAs(page: Page, name: string) {
  await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe(name);
  await page.getByTestId('pass-ready').click();
}

/**
 * Records every toast shown, with the part of the game it showed in (set by the test through `phase`); both are
 * kept in sessionStorage, so across reloads.
 */
async function recordToasts(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const w = window as unknown as { __phase: string };
    w.__phase = sessionStorage.getItem('test:phase') ?? 'start';
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        if (seen.has(el)) continue;
        seen.add(el);
        const all = JSON.parse(sessionStorage.getItem('test:toasts') ?? '[]') as unknown[];
        all.push({ text: el.textContent ?? '', phase: w.__phase });
        sessionStorage.setItem('test:toasts', JSON.stringify(all));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const phase = (p: string) =>
    page.evaluate((v) => {
      (window as unknown as { __phase: string }).__phase = v;
      sessionStorage.setItem('test:phase', v);
    }, p);
  const toasts = async () =>
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('test:toasts'))) ?? '[]') as {
      text: string;
      phase: string;
    }[];
  return { phase, toasts };
}

describe.skipIf(!CHROMIUM)('browser: hot-seat end of game', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** Starts a Lisbon hot-seat game of Hana, Hugo and an easy bot, after `options` set the rest of the form. */
  async function lisbonForThree(page: Page, options: () => Promise<unknown>) {
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-kind-2').selectOption('bot');
    await page.getByTestId('hs-level-2').selectOption('easy');
    await options();
    await page.getByTestId('hs-start').click();
  }

  /**
   * Starts {@link lisbonForThree}'s game with Hana first (`options` must choose her) and plays its last round to the
   * end: the stored state is marked "final round" before the first turn, the game is resumed after a reload, Hana and
   * Hugo each end a turn, and then the bot.
   */
  async function lisbonLastRound(page: Page, options: () => Promise<unknown>) {
    await lisbonForThree(page, options);
    await page.getByTestId('pass-device').waitFor({ timeout: UI });
    await changeStoredHotSeat<GState>(page, (st) => {
      st.G.endTriggered = true;
    });
    await page.getByTestId('hs-resume').click({ timeout: UI });
    await endTurns(page, ['Hana', 'Hugo']);
    await page.getByTestId('gameover').waitFor({ timeout: 30_000 });
  }

  /**
   * A Touched On hot-seat game of Ana and Bruno, Ana first, from the Tram Tracker position (stored, then the page
   * reloaded): Ana holds a Tram Tracker, a Priority Seat and an Evader of 96; Bruno an Evader of 86 and an Authorised
   * Inspector 96. In the 'ana' part of the game, Ana plays her Tram Tracker on Bruno: she takes his Authorised
   * Inspector 96 and gives him her Evader of 96, and the pass screen asks for Bruno. Returns the match's id and the
   * Evaders.
   */
  async function anaTracksBruno(page: Page, phase: (p: string) => Promise<unknown>) {
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Bruno');
    // Bruno deals: Ana, to his left, starts.
    await page.getByTestId('hs-dealer-1').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    const entries = await storedHotSeat<TOState>(page);
    const G = entries[0][1].G;
    expect(entries[0][1].ctx.currentPlayer).toBe('0');
    emptyHands(G);
    const [tracker, , e96] = give(G, '0', ['tramTracker', 'prioritySeat', 'E96']);
    const [e86, a96] = give(G, '1', ['E86', 'A96']);
    G.drawCount = G.drawPile.length;
    await page.evaluate((v) => localStorage.setItem('lt28hs_state', v), JSON.stringify(entries));
    await page.reload();

    await phase('ana');
    await resumeAs(page, 'Ana');
    await page.getByTestId(`hand-card-${tracker}`).click({ timeout: UI });
    await page.getByTestId('tracker-target-1').click();
    await page.getByTestId(`take-${a96}`).click({ timeout: UI });
    await page.getByTestId(`give-${e96}`).click();
    await page.getByTestId('tracker-swap').click();
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Bruno');
    return { matchID: entries[0][0], e96, e86 };
  }

  it('offers Play again, Change players and Back to the lobby at the end; a replay is a fresh game with the same table', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-end');
    await page.setViewportSize({ width: 1366, height: 768 });
    // The last round: Hana, Hugo and the bot each end a turn, and the game is over.
    await lisbonLastRound(page, async () => {
      await page.getByTestId('hs-faceup-early').click();
      await page.getByTestId('hs-first').selectOption('0');
      await page.getByTestId('hs-pace-instant').click();
    });
    const first = await savedGame(page);
    const firstSeed = (await storedHotSeat(page))[0][1].plugins.random.data as { seed: string };

    // The way on is offered over the final scores (the bar sits above the board's end screen), and is not a danger.
    await page.getByTestId('hs-end').waitFor({ timeout: UI });
    // The final scores take focus at their way out ("Look at the board"), and Esc closes them: focus had stayed on the
    // page's body, and the keyboard walked the dimmed board behind them first.
    await expect.poll(() => focused(page)).toBe('gameover-close');
    await page.keyboard.press('Escape');
    await page.getByTestId('gameover').waitFor({ state: 'detached', timeout: UI });
    // Closed, focus goes to the button that opens them again (it went to the action sheet).
    await expect.poll(() => focused(page)).toBe('show-scores');
    await page.getByTestId('show-scores').click();
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await screenshot(page, 'hotseat-end-bar');
    expect(await page.locator('.hotseat-game .danger').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    expect(await page.getByTestId('hs-to-lobby').getAttribute('href')).toBe('#/g/lisbon-tram-28');
    // One row at every width (two would be 94 px high or more): its words and long labels where they fit, its long
    // labels alone up to 1,024 px, its short ones up to 700 px (two rows there before, from 481 px up).
    for (const width of [1366, 1025, 1024, 701, 700, 600, 481]) {
      await page.setViewportSize({ width, height: 768 });
      const box = (await page.getByTestId('hs-end').boundingBox())!;
      expect(box.height, `${width} px: the end bar's height`).toBeLessThan(width > 700 ? 70 : 60);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    // On a phone its buttons wrap inside the screen, and the final scores stop above it: their last button is not
    // under the bar.
    await page.setViewportSize({ width: 390, height: 600 });
    const bar = (await page.getByTestId('hs-end').boundingBox())!;
    expect(bar.x).toBeGreaterThanOrEqual(0);
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    await page.getByTestId('gameover-close').scrollIntoViewIfNeeded();
    const dialog = (await page.getByTestId('gameover').boundingBox())!;
    expect(dialog.y + dialog.height).toBeLessThanOrEqual(bar.y);
    await screenshot(page, 'hotseat-end-bar-phone', { fullPage: false });
    await page.setViewportSize({ width: 1366, height: 768 });
    // With the final scores closed to look at the board, the page scrolls far enough for the board's last row (the
    // Monument display and the tickets) to come out from under the bar.
    await page.getByTestId('gameover-close').click();
    await page.getByTestId('show-scores').waitFor({ timeout: UI });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const board = (await page.getByTestId('hs-board').boundingBox())!;
    const barThen = (await page.getByTestId('hs-end').boundingBox())!;
    expect(board.y + board.height, 'the board’s bottom, scrolled to the end').toBeLessThanOrEqual(barThen.y);
    await page.getByTestId('show-scores').click();
    await page.getByTestId('gameover').waitFor({ timeout: UI });

    // Change players: the form comes back with the last settings, from the page's top (it opened where the board
    // had been scrolled).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByTestId('hs-change-players').click();
    await page.getByTestId('hotseat-setup').waitFor({ timeout: UI });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('hs-players-3').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-name-0').inputValue()).toBe('Hana');
    expect(await page.getByTestId('hs-name-1').inputValue()).toBe('Hugo');
    expect(await page.getByTestId('hs-kind-2').inputValue()).toBe('bot');
    expect(await page.getByTestId('hs-level-2').inputValue()).toBe('easy');
    expect(await page.getByTestId('hs-faceup-early').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-first').inputValue()).toBe('0');
    expect(await page.getByTestId('hs-pace-instant').getAttribute('aria-checked')).toBe('true');

    // The finished game is still there to look at; from its end, Play again.
    await page.getByTestId('hs-resume').click();
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    await page.getByTestId('hs-play-again').click({ timeout: UI });

    // A fresh game with the same table: Hana (the chosen first player) is asked for first.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Hana');
    const names = await page.locator('[data-testid^="hs-seat-"]').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(['Hana', 'Hugo', 'Bot 3 (easy)']);
    const second = await savedGame(page);
    expect(second.matchID).not.toBe(first.matchID);
    expect(second.config).toEqual(first.config);
    const stored = await storedHotSeat<GState>(page);
    // The finished game is replaced, not kept beside it.
    expect(stored.map(([id]) => id)).toEqual([second.matchID]);
    const fresh = stored[0][1];
    expect(fresh.ctx.gameover).toBeUndefined();
    expect(fresh.ctx.turn).toBe(1);
    expect(fresh.G.endTriggered).toBe(false);
    expect((fresh.plugins.random.data as { seed: string }).seed).not.toBe(firstSeed.seed);

    // Play goes on, and a reload resumes the new game where it was.
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').click({ timeout: UI });
    await page.getByTestId('end-turn-confirm').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Hugo');
    await page.reload();
    await resumeAs(page, 'Hugo');
    expect((await storedHotSeat(page)).map(([id]) => id)).toEqual([second.matchID]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('on a touch phone, the end bar’s ways on are 44 px targets, and the final scores stop above the bar', async () => {
    for (const [width, height] of [
      [390, 844],
      [600, 900],
      [360, 640],
    ]) {
      const { page, context } = await newContext(suite.browser, errors, `hotseat-end-touch-${width}`, {
        viewport: { width, height },
        isMobile: true,
        hasTouch: true,
      });
      await lisbonLastRound(page, async () => {
        await page.getByTestId('hs-first').selectOption('0');
        await page.getByTestId('hs-pace-instant').click();
      });
      // Before: 37 px high on a phone.
      const heights = await page
        .locator('[data-testid="hs-end"] :is(button, .button)')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(heights.length).toBe(3);
      for (const h of heights) expect(h, `${width} × ${height}: a button of the end bar`).toBeGreaterThanOrEqual(44);
      // One row, 60 px, on an upright phone (two rows before, 108 px) and up to 700 px wide (two rows, 116 px, at 481,
      // 600 and 700 px before), its short labels named in full; the final scores stop above it.
      for (const w of width === 600 ? [481, 600, 700] : [width]) {
        await page.setViewportSize({ width: w, height });
        await page.getByTestId('gameover-close').scrollIntoViewIfNeeded();
        const bar = (await page.getByTestId('hs-end').boundingBox())!;
        expect(bar.height, `${w} × ${height}: the end bar's height`).toBeLessThanOrEqual(60);
        expect(bar.x).toBeGreaterThanOrEqual(0);
        expect(bar.x + bar.width).toBeLessThanOrEqual(w);
        await page.getByRole('button', { name: 'Change players' }).waitFor({ timeout: UI });
        await page.getByRole('link', { name: 'Back to the lobby' }).waitFor({ timeout: UI });
        await screenshot(page, `hotseat-end-phone-${w}x${height}`, { fullPage: false });
        const dialog = (await page.getByTestId('gameover').boundingBox())!;
        expect(dialog.y + dialog.height, `${w} × ${height}: the final scores above the bar`).toBeLessThanOrEqual(bar.y);
      }
      if (width === 390) {
        // Held sideways, the final scores take the window's height (270 px above the bar before), and the bar, with
        // Play again, stands beside them (it was hidden until they were closed).
        await page.setViewportSize({ width: 844, height: 390 });
        await expect
          .poll(async () => {
            const b = await page.getByTestId('hs-end').boundingBox();
            const d = await page.getByTestId('gameover').boundingBox();
            return !!b && !!d && d.x + d.width <= b.x;
          })
          .toBe(true);
        const whole = (await page.getByTestId('gameover').boundingBox())!;
        expect(whole.height, 'the final scores held sideways').toBeGreaterThanOrEqual(320);
        await expectInView(page, page.getByTestId('hs-play-again'), 'Play again beside the final scores');
        await screenshot(page, 'hotseat-end-sideways-844x390', { fullPage: false });
        await page.getByTestId('gameover-close').tap();
        await page.getByTestId('hs-end').waitFor({ timeout: UI });
        await page.getByTestId('show-scores').tap();
        await expectInView(page, page.getByTestId('hs-play-again'), 'Play again beside the final scores, reopened');
      }
      await context.close();
    }
  }, 90_000);

  it("shows the end of a game a bot's move ended from the last human's seat, also after a reload", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-end-seat');
    await page.setViewportSize({ width: 1366, height: 768 });
    // The last round: Hana, Hugo and then the bot each end a turn, and the bot's ends the game.
    await lisbonLastRound(page, async () => {
      await page.getByTestId('hs-first').selectOption('0');
      await page.getByTestId('hs-pace-instant').click();
    });
    expect((await storedHotSeat<GState>(page))[0][1].ctx.currentPlayer).toBe('2');

    // Hugo held the device last: the end is his seat's, his hand behind the final scores.
    expect(await seen(page)).toEqual({ you: ['player-1'], hand: 1 });
    await page.getByTestId('gameover-close').click();
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await screenshot(page, 'hotseat-end-seat-table');

    // The finished game, reloaded: the same seat, the end itself (not the setup's card).
    await page.reload();
    await page.getByTestId('gameover').waitFor({ timeout: UI });
    expect(await seen(page)).toEqual({ you: ['player-1'], hand: 1 });

    // Who held the device forgotten (as if the seats' memory were lost), or stored wrong (the bot's seat, a seat
    // that does not exist): the first human's seat.
    for (const holder of [null, '2', '9']) {
      await page.evaluate(
        ([key, h]) => {
          if (h === null) sessionStorage.removeItem(key);
          else sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), holder: h }));
        },
        [SEATS_KEY, holder] as const,
      );
      await page.reload();
      await page.getByTestId('gameover').waitFor({ timeout: UI });
      expect(await seen(page)).toEqual({ you: ['player-0'], hand: 1 });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("tells the Tram Tracker's target, once they hold the device, which card went and which came", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-tracker');
    const { phase, toasts } = await recordToasts(context, page);
    const { e96, e86 } = await anaTracksBruno(page, phase);

    // Bruno's turn: the pass screen (now up), then his hand, with the news.
    await phase('bruno');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId(`hand-card-${e96}`).waitFor({ timeout: UI });
    const told = 'Ana took your Authorised Inspector 96 and gave you Evader 96.';
    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: UI }).toContain(told);
    await screenshot(page, 'hotseat-tracker-target-told');
    // Ana's screen never showed it, and Bruno is told once.
    expect((await toasts()).filter((t) => t.text === told).map((t) => t.phase)).toEqual(['bruno']);

    // Bruno plays his Evader of 86; back at Ana's screen, nothing of Bruno's swap shows.
    await page.getByTestId(`hand-card-${e86}`).click();
    await page.getByTestId('play-batch').click({ timeout: UI });
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Ana');
    await phase('ana again');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await page.waitForTimeout(500);
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("tells the Tram Tracker's target after a reload which card went and which came, once", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-tracker-reload');
    const { phase, toasts } = await recordToasts(context, page);
    const { matchID, e96 } = await anaTracksBruno(page, phase);

    // The page is reloaded before Bruno takes the device: he is still told, on his screen.
    await phase('reloaded');
    await page.reload();
    await phase('bruno');
    await resumeAs(page, 'Bruno');
    await page.getByTestId(`hand-card-${e96}`).waitFor({ timeout: UI });
    const told = 'Ana took your Authorised Inspector 96 and gave you Evader 96.';
    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: UI }).toContain(told);
    await screenshot(page, 'hotseat-tracker-target-told-after-reload');

    // Once: his screen showed it, so another reload does not tell him again.
    await phase('bruno again');
    await page.reload();
    await resumeAs(page, 'Bruno');
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await page.waitForTimeout(500);
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);

    // What is stored: this match's, each human seat's states from its last screen on, the first one whole and the
    // others' logs cut to the entries they add, and nothing but what a board is given.
    const stored = JSON.parse((await storedSeats(page))!) as {
      matchID: string;
      trails: Record<string, Record<string, unknown>[]>;
    };
    expect(stored.matchID).toBe(matchID);
    expect(Object.keys(stored.trails).sort()).toEqual(['0', '1']);
    const anaTrail = stored.trails['0'];
    // Ana's screen last showed her swap; Bruno's views since are hers to be given when she next holds the device.
    expect(anaTrail.length).toBeGreaterThan(1);
    for (const s of Object.values(stored.trails).flat())
      expect(Object.keys(s).every((k) => ['G', 'ctx', '_stateID', 'logFrom'].includes(k))).toBe(true);
    const [first, ...rest] = anaTrail as { G: TOState; logFrom?: { log: number } }[];
    expect(first.logFrom).toBeUndefined();
    expect(first.G.log.length).toBeGreaterThan(0);
    for (const s of rest) expect(s.logFrom?.log).toBeGreaterThan(0);

    // A stored value that cannot be read is ignored: the game resumes as ever, with nothing told.
    for (const broken of [
      '{not json',
      JSON.stringify({ v: 1, matchID, holder: 7, trails: { '1': [{ G: 1 }], '0': 'x' } }),
      JSON.stringify({
        v: 1,
        matchID,
        holder: '0',
        trails: { '1': [{ G: {}, ctx: {}, _stateID: 1, logFrom: { log: 9 } }] },
      }),
    ]) {
      await page.evaluate(([key, v]) => sessionStorage.setItem(key, v), [SEATS_KEY, broken]);
      await page.reload();
      await resumeAs(page, 'Bruno');
      await page.getByTestId('hand').waitFor({ timeout: UI });
    }
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);

    // Quitting the game asks first, in the page (no browser dialog); Esc keeps the game; quitting forgets it.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByTestId('hs-quit').click();
    await page.getByTestId('hs-quit-confirm').waitFor({ timeout: UI });
    expect(await page.getByTestId('hs-quit-confirm').textContent()).toContain('Quit this game?');
    await page.keyboard.press('Escape');
    await page.getByTestId('hs-quit-confirm').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page), { timeout: UI }).toBe('hs-quit');
    expect(await page.getByTestId('hotseat-game').count()).toBe(1);
    await page.getByTestId('hs-quit').click();
    await page.getByTestId('hs-quit-yes').click({ timeout: UI });
    await page.getByTestId('hotseat-setup').waitFor({ timeout: UI });
    expect(dialogs).toEqual([]);
    expect(await storedSeats(page)).toBeNull();
    // The setup comes back filled in with the quit game's table (names, seats, options), as "Change players" does.
    expect(await page.getByTestId('hs-players-2').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-name-0').inputValue()).toBe('Ana');
    expect(await page.getByTestId('hs-name-1').inputValue()).toBe('Bruno');
    expect(await page.getByTestId('hs-kind-1').inputValue()).toBe('human');
    expect(await page.getByTestId('hs-dealer-1').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('hs-resume-card').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('passes the device without the pass screen once nothing is secret (Get on Board after the departures)', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-gob-pass');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Gia');
    await page.getByTestId('hs-start').click();
    // Each player's departure offer is theirs alone: each takes the device at the pass screen and chooses.
    const named = await hotSeatDepartures(page, 2);
    expect(named.sort()).toEqual(['Ana', 'Gia']);
    // From here on everything is public: count every pass screen that appears.
    await page.evaluate(() => {
      const w = window as unknown as { passScreens: number };
      w.passScreens = document.querySelector('[data-testid="pass-device"]') ? 1 : 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (
              n instanceof Element &&
              (n.matches('[data-testid="pass-device"]') || n.querySelector('[data-testid="pass-device"]'))
            )
              w.passScreens++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Three plots in a row, each on the board of the seat whose turn it is, with no pass screen between them.
    const plotters: string[] = [];
    for (let plot = 0; plot < 3; plot++) {
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      const acting = page.locator('[data-testid^="hs-seat-"].acting');
      const plotter = (await acting.locator('.chip-name').textContent()) ?? '';
      plotters.push(plotter);
      // The board looks as the last one did ("Your plot"): the page names the seat whose plot it is now, in the
      // window (the page has scrolled to the map).
      if (plot > 0 && plotter !== plotters[plot - 1]) {
        const handed = page.getByTestId('hs-handed-to');
        await expect.poll(() => handed.textContent(), { timeout: UI }).toBe(`${plotter}'s turn`);
        const b = (await handed.boundingBox())!;
        expect(b.y >= 0 && b.y + b.height <= 768).toBe(true);
        await screenshot(page, `hotseat-gob-handed-${plot}`);
      }
      const before = await storedHotSeat<unknown>(page);
      await placeSafeMarkers(page);
      await page.getByTestId('plot-confirm').click();
      await expect
        .poll(async () => (await storedHotSeat<unknown>(page))[0]?.[1]._stateID, { timeout: UI })
        .toBeGreaterThan(before[0]?.[1]._stateID ?? -1);
    }
    expect(plotters.slice(0, 2).sort()).toEqual(['Ana', 'Gia']);
    expect(await page.evaluate(() => (window as unknown as { passScreens: number }).passScreens)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("says a bot plays in the window's corner, not above the board, and says nothing of hands when nothing is secret", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-gob-bot');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Gia');
    await page.getByTestId('hs-kind-2').selectOption('bot');
    await page.getByTestId('hs-level-2').selectOption('easy');
    await page.getByTestId('hs-start').click();
    await hotSeatDepartures(page, 2);
    const boardTops: number[] = [];
    const seen = () => page.evaluate(() => (window as unknown as { botNote?: unknown }).botNote ?? null);
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    // (The bot's own departure is secret: while it chooses, the note says hands stay hidden.) From the first plot on,
    // the first time the bot's note shows: its words, whether it is fixed, and where the board then stands on the page.
    await page.evaluate(() => {
      const w = window as unknown as { botNote?: { text: string; position: string; boardTop: number } };
      const look = () => {
        const note = document.querySelector('[data-testid="hs-bot-turn"]');
        const board = document.querySelector('[data-testid="hs-board"]');
        if (!note || !board || w.botNote) return;
        w.botNote = {
          text: note.textContent ?? '',
          position: getComputedStyle(note.parentElement!).position,
          boardTop: Math.round(board.getBoundingClientRect().top + scrollY),
        };
      };
      look();
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    });
    for (let plot = 0; plot < 6 && !(await seen()); plot++) {
      await page.getByTestId('plot-panel').waitFor({ timeout: UI });
      boardTops.push(
        await page.evaluate(() =>
          Math.round(document.querySelector('[data-testid="hs-board"]')!.getBoundingClientRect().top + scrollY),
        ),
      );
      await placeSafeMarkers(page);
      await page.getByTestId('plot-confirm').click();
      await page.waitForTimeout(300);
    }
    await expect.poll(seen, { timeout: 30_000 }).not.toBeNull();
    const note = (await seen()) as { text: string; position: string; boardTop: number };
    // Everything is public after the departures: no hand to hide, and no pass screen to promise.
    expect(note.text).toBe('Bot 3 (easy) is playing.');
    expect(note.position).toBe('fixed');
    // The board stayed where it stood while the humans plotted (the note in the page's flow pushed it down 60 px).
    expect(boardTops.length).toBeGreaterThan(0);
    expect(note.boardTop).toBe(boardTops[boardTops.length - 1]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("hides the last human's hand while a bot plays, and says so", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-bot-turn');
    await lisbonForThree(page, () => page.getByTestId('hs-first').selectOption('0'));
    await endTurns(page, ['Hana', 'Hugo']);
    // Bot 3's turn (at the relaxed pace): the table, but nobody's hand, and why.
    await page.getByTestId('hs-bot-turn').waitFor({ timeout: UI });
    expect(await page.getByTestId('hs-bot-turn').textContent()).toBe(
      'Bot 3 (easy) is playing. Hands stay hidden until the next player takes the device.',
    );
    expect(await page.getByTestId('map').count()).toBe(1);
    expect(await page.getByTestId('hand').count()).toBe(0);
    await screenshot(page, 'hotseat-bot-turn');
    // On a phone the note is in smaller type: two lines, not three (90 px high at 390 px wide, over Touched On's piles).
    await page.setViewportSize({ width: 390, height: 844 });
    const noteHeight = async () => (await page.getByTestId('hs-bot-turn').boundingBox())?.height ?? 0;
    await expect.poll(noteHeight, { timeout: UI }).toBeGreaterThan(0);
    expect(await noteHeight()).toBeLessThanOrEqual(60);
    // Then Hana, behind the pass screen.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: 30_000 }).toBe('Hana');
    expect(await page.getByTestId('hs-bot-turn').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
