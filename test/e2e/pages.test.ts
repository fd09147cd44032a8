/**
 * The client's smaller pages and states in Chromium against the real server:
 * a bad match link, asking before a new hot-seat game replaces an unfinished
 * one, the way back to the lobby after an online game ends, the name error
 * that goes once a name is typed, and a spectator's match bar, and the
 * players' view of who watches.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GAMES } from '../../src/games/registry';
import { PLAYER_COLOURS, playerShape } from '../../src/games/get-on-board/board/palette';
import { seatShape } from '../../src/games/touched-on/board/SeatMark';
import { http } from '../server/harness';
import {
  backToHotSeatSetup,
  changeStoredHotSeat,
  createJoined,
  e2eSuite,
  findChromium,
  newContext,
  openAsSeat,
  playOverSockets,
  screenshot,
} from './harness';

const CHROMIUM = findChromium();
const UI_TIMEOUT = 10_000;
/** A phone held upright, with touch. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The game whose matches end in the fewest moves (at most 26 with two players), for the end of an online game. */
const SHORT_GAME = 'get-on-board';

describe.skipIf(!CHROMIUM)('pages and states of the client', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  async function page(label: string): Promise<Page> {
    return (await newContext(suite.browser, errors, label)).page;
  }

  /** A 2-player Touched On match with Ana in seat 1 and seat 2 open, and her seat as this site's pages store it. */
  async function anaSeated() {
    const created = await http(suite.server.url, '/games/touched-on/create', {
      method: 'POST',
      json: { numPlayers: 2 },
    });
    const matchID = created.json.matchID as string;
    const joined = await http(suite.server.url, `/games/touched-on/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    return {
      gameId: 'touched-on',
      matchID,
      playerID: '0',
      credentials: joined.json.playerCredentials as string,
      playerName: 'Ana',
      joinedAt: 0,
    };
  }

  it.each([
    ['a game the site does not have', '#/g/no-such-game/match/abc', 'No such match'],
    ['a match id that does not decode', '#/g/lisbon/match/%E0%A4%A', 'No such match'],
    ['an old-style link that does not decode', '#/match/%ZZ', 'No such match'],
    ['a game that does not exist', '#/g/no-such-game', 'No such game'],
  ])('explains %s, with a way back to the games', async (_, hash, title) => {
    const p = await page('not-found');
    await p.goto(`${suite.server.url}/${hash}`);
    await p.getByTestId('not-found').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('not-found').locator('h2').textContent()).resolves.toBe(title);
    await p.getByTestId('back-to-games').click();
    await p.getByTestId('games').waitFor({ timeout: UI_TIMEOUT });
    await p.context().close();
  });

  it('shows each game with a picture of its own on the games page, on a wide screen and a phone, and atop its pages', async () => {
    const p = await page('games-pictures');
    const drawings = new Set<string>();
    for (const [width, height, least] of [
      [1366, 768, 120],
      [390, 844, 80],
    ] as const) {
      await p.setViewportSize({ width, height });
      await p.goto(`${suite.server.url}/`);
      await p.getByTestId('games').waitFor({ timeout: UI_TIMEOUT });
      for (const { id } of GAMES) {
        const picture = p.getByTestId(`game-${id}`).locator('.game-picture svg');
        const box = (await picture.boundingBox())!;
        expect(box, `${id} at ${width} px`).not.toBeNull();
        expect(box.width, `${id} at ${width} px`).toBeGreaterThanOrEqual(least * 0.7);
        expect(box.height / box.width, id).toBeCloseTo(2 / 3, 1);
        // A drawing, not an empty frame: shapes of several colours.
        const fills = await picture.evaluate(
          (svg) => new Set([...svg.querySelectorAll('[fill]')].map((e) => e.getAttribute('fill'))).size,
        );
        expect(fills, id).toBeGreaterThanOrEqual(4);
        drawings.add(await picture.evaluate((svg) => svg.innerHTML));
      }
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 1366) {
        // Three cards on a row: their ways in on one line at the cards' foot, however long a title or pitch (Get on
        // Board's wrapped title put its buttons 27 px lower than its neighbours').
        const tops = new Set<number>();
        for (const { id } of GAMES) tops.add(Math.round((await p.getByTestId(`play-${id}`).boundingBox())!.y));
        expect([...tops], 'the tops of the games\' "Play online"').toHaveLength(1);
      }
      await screenshot(p, `games-page-${width}`);
    }
    expect(drawings.size).toBe(GAMES.length);
    // The same picture, smaller, heads each game's pages; the games page has the site's mark instead.
    expect(await p.getByTestId('home').locator('svg').count()).toBe(0);
    for (const { id } of GAMES) {
      await p.goto(`${suite.server.url}/#/g/${id}`);
      await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
      const mark = p.getByTestId('home').locator('.brand-picture svg');
      expect((await mark.boundingBox())!.height, id).toBeGreaterThanOrEqual(32);
      expect(drawings.has(await mark.evaluate((svg) => svg.innerHTML)), id).toBe(true);
    }
    await p.context().close();
  });

  it("opens a game's How to play from the games page, unfolded and in view", async () => {
    const p = await page('how-to-play');
    await p.setViewportSize({ width: 390, height: 700 });
    await p.goto(`${suite.server.url}/`);
    await p.getByTestId('rules-touched-on').click();
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    expect(p.url()).toMatch(/#\/g\/touched-on\/rules$/);
    // The rules are open (the Power cards listed) and on screen, though the lobby's forms come first.
    await p.getByTestId('power-list').waitFor({ timeout: UI_TIMEOUT });
    const help = p.getByTestId('how-to-play');
    await expect.poll(() => help.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(700);
    expect(await help.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(-1);
    // The lobby's own link leaves it folded, from the rules' page too (the page is not loaded again).
    await p.evaluate(() => (window.location.hash = '#/g/touched-on'));
    await expect.poll(() => p.getByTestId('power-list').isVisible(), { timeout: UI_TIMEOUT }).toBe(false);
    await p.reload();
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    expect(await p.getByTestId('power-list').isVisible()).toBe(false);
    await p.context().close();
  });

  it('opens each page at its top, not as far down as the page it came from', async () => {
    const p = await page('scroll-top');
    await p.setViewportSize({ width: 390, height: 700 });
    await p.goto(`${suite.server.url}/#/g/get-on-board`);
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => p.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // From the lobby's foot to the games page, through the header's link.
    await p.getByTestId('nav-games').click();
    await p.getByTestId('games').waitFor({ timeout: UI_TIMEOUT });
    expect(await p.evaluate(() => window.scrollY)).toBe(0);
    // And from the foot of the games page to the last game's lobby.
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => p.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await p.getByTestId('play-get-on-board').click();
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    expect(await p.evaluate(() => window.scrollY)).toBe(0);
    await p.context().close();
  });

  it("keeps the match page's controls above the board to a few rows on a phone", async () => {
    const context = await suite.browser.newContext(PHONE);
    const heights: Record<string, number> = {};
    for (const game of ['lisbon-tram-28', 'touched-on', 'get-on-board']) {
      const { matchID, creds } = await createJoined(suite.server.url, game, 2);
      const seat = { gameId: game, matchID, playerID: '0', credentials: creds[0], playerName: 'Player 1', joinedAt: 0 };
      const p = await context.newPage();
      await p.goto(`${suite.server.url}/#/g/${game}`);
      await p.evaluate((st) => localStorage.setItem(`lt28:seat:${st.matchID}`, JSON.stringify(st)), seat);
      await p.goto(`${suite.server.url}/#/g/${game}/match/${matchID}`);
      await p.getByTestId('alert-switches').waitFor({ timeout: UI_TIMEOUT });
      await p.getByTestId('board-wrap').waitFor({ timeout: UI_TIMEOUT });
      // The match has been read: every seat is taken, so the bar offers the watch link.
      await p.getByTestId('copy-watch-link').waitFor({ timeout: UI_TIMEOUT });
      const top = (sel: string) =>
        p
          .locator(sel)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top);
      const above = async () =>
        (heights[game] = Math.round(
          (await top('[data-testid="board-wrap"]')) - (await top('[data-testid="match-page"]')),
        ));
      // Once the page has settled (the board's cards may still be moving in): a few rows, nothing out of the screen.
      await expect.poll(above, { timeout: UI_TIMEOUT, message: game }).toBeLessThanOrEqual(210);
      await expect
        .poll(() => p.evaluate(() => document.documentElement.scrollWidth), { timeout: UI_TIMEOUT, message: game })
        .toBeLessThanOrEqual(390);
      await screenshot(p, `match-controls-phone-${game}`);
      await p.close();
    }
    console.log('controls above the board', heights);
    await context.close();
  });

  it('marks each seat as its board does: the shape beside the name in the seat rows, the chips and the pass screen', async () => {
    const p = await page('seat-marks');
    const shapeIn = (sel: string) => p.locator(`${sel} [data-shape]`).first().getAttribute('data-shape');
    // Get on Board: the setup's seat rows, up to five.
    await p.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await p.getByTestId('hs-players-5').click({ timeout: UI_TIMEOUT });
    for (let i = 0; i < 5; i++)
      expect(await shapeIn(`[data-testid="hs-seat-${i}"]`)).toBe(playerShape(PLAYER_COLOURS[i]));
    // Touched On: four humans; the rows, then the chips and the pass screen, then the board beside them.
    await p.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await p.getByTestId('hs-players-4').click({ timeout: UI_TIMEOUT });
    for (let i = 0; i < 4; i++) {
      expect(await shapeIn(`[data-testid="hs-seat-${i}"]`)).toBe(seatShape(String(i)));
      if (i > 0) await p.getByTestId(`hs-kind-${i}`).selectOption('human');
      await p.getByTestId(`hs-name-${i}`).fill(`Name${i}`);
    }
    await p.getByTestId('hs-start').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    const acting = Number((await p.getByTestId('pass-name').textContent())!.replace('Name', ''));
    expect(await shapeIn('.pass-card')).toBe(seatShape(String(acting)));
    for (let i = 0; i < 4; i++) expect(await shapeIn(`[data-testid="hs-seat-${i}"]`)).toBe(seatShape(String(i)));
    await p.getByTestId('pass-ready').click();
    await p.getByTestId('hand').waitFor({ timeout: UI_TIMEOUT });
    // The board's own marks (outside the shell's bar of chips), seat by seat.
    const boardShapes = await p
      .locator('.seat-mark[data-seat]')
      .evaluateAll((els) =>
        Object.fromEntries(
          els
            .filter((e) => !e.closest('.match-bar'))
            .map((e) => [e.getAttribute('data-seat'), e.getAttribute('data-shape')]),
        ),
      );
    for (let i = 0; i < 4; i++) expect(boardShapes[String(i)]).toBe(await shapeIn(`[data-testid="hs-seat-${i}"]`));
    // Lisbon's seats are its trams' colours, with no shapes: a dot of the colour.
    await p.goto(`${suite.server.url}/#/g/lisbon/hotseat`);
    await p.getByTestId('hs-seat-0').locator('.seat-dot').waitFor({ timeout: UI_TIMEOUT });
    await p.context().close();
  });

  it("makes the setup forms' toggle buttons finger-sized on a phone, with a line between wrapped rows", async () => {
    const context = await suite.browser.newContext(PHONE);
    const p = await context.newPage();
    const small: string[] = [];
    for (const game of ['lisbon', 'touched-on', 'get-on-board'])
      for (const where of ['', '/hotseat']) {
        await p.goto(`${suite.server.url}/#/g/${game}${where}`);
        await p.locator('.segmented button').first().waitFor({ timeout: UI_TIMEOUT });
        const most = p.locator('[data-testid$="-players-4"], [data-testid$="-players-5"]').last();
        if ((await most.count()) > 0) await most.tap();
        small.push(
          ...(
            await p.locator('.segmented button').evaluateAll((els) =>
              els
                .map((e) => [e.textContent, e.getBoundingClientRect().height] as const)
                .filter(([, h]) => h < 44)
                .map(([t, h]) => `"${t}" ${Math.round(h)} px`),
            )
          ).map((f) => `${game}${where}: ${f}`),
        );
      }
    expect(small).toEqual([]);
    // Touched On's first dealer, with four players, wraps: its rows are parted by a line, as its buttons are.
    await p.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await p.getByTestId('hs-players-4').tap({ timeout: UI_TIMEOUT });
    const row = p.locator('.segmented', { has: p.locator('[data-testid="hs-dealer-random"]') });
    const tops = await row
      .locator('button')
      .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().top)))]);
    expect(tops.length).toBeGreaterThan(1);
    expect(await row.evaluate((el) => getComputedStyle(el).rowGap)).toBe('1px');
    await context.close();
  });

  it("makes the lobby's check box a finger-sized target on a phone", async () => {
    const context = await suite.browser.newContext(PHONE);
    const p = await context.newPage();
    await p.goto(`${suite.server.url}/#/g/touched-on`);
    const box = p.getByTestId('create-listed');
    await box.waitFor({ timeout: UI_TIMEOUT });
    const input = (await box.boundingBox())!;
    const line = (await p.locator('label.check', { has: box }).boundingBox())!;
    expect(Math.min(input.width, input.height)).toBeGreaterThanOrEqual(20);
    expect(line.height).toBeGreaterThanOrEqual(44);
    // A tap on the words toggles it.
    const before = await box.isChecked();
    await p.locator('label.check', { has: box }).tap({ position: { x: line.width - 10, y: line.height / 2 } });
    expect(await box.isChecked()).toBe(!before);
    await context.close();
  });

  it('makes the small buttons of "Your matches", the open matches and the match page finger-sized on a phone', async () => {
    // One match whose seat 1 this browser holds, with seat 2 open (so it is listed), and one to join.
    const seat = await anaSeated();
    const { matchID } = seat;
    const context = await suite.browser.newContext(PHONE);
    await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
    const p = await context.newPage();
    const heights = (scope: string) =>
      p
        .locator(`${scope} button.small, ${scope} .button.small`)
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).offsetParent)
            .map((e) => `${e.textContent.trim()}: ${Math.round(e.getBoundingClientRect().height)}`),
        );
    await p.goto(`${suite.server.url}/`);
    await p.getByTestId(`resume-${matchID}`).waitFor({ timeout: UI_TIMEOUT });
    // "Play" and "Forget" side by side: a slip of the finger must not forget the seat.
    const mine = await heights('[data-testid="my-matches"]');
    expect(mine).toHaveLength(2);
    for (const h of mine) expect(Number(h.split(': ')[1]), h).toBeGreaterThanOrEqual(44);
    await p.goto(`${suite.server.url}/#/g/touched-on`);
    await p.locator('#open-title').waitFor({ timeout: UI_TIMEOUT });
    await expect
      .poll(async () => (await heights('.card')).some((h) => h.startsWith('Join')), { timeout: UI_TIMEOUT })
      .toBe(true);
    for (const h of await heights('.card')) expect(Number(h.split(': ')[1]), h).toBeGreaterThanOrEqual(44);
    // The match page: the sound and notification switches above the board.
    await p.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
    await p.getByTestId('waiting-room').waitFor({ timeout: UI_TIMEOUT });
    const bar = await heights('[data-testid="match-page"]');
    expect(bar.length).toBeGreaterThan(0);
    for (const h of bar) expect(Number(h.split(': ')[1]), h).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('lists "Your matches" first and asks before forgetting the seat of a match that is not over', async () => {
    const seat = await anaSeated();
    const { matchID } = seat;
    const { context, page: p } = await newContext(suite.browser, errors, 'forget');
    await p.goto(`${suite.server.url}/`);
    await p.evaluate((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
    await p.reload();
    await p.getByTestId(`resume-${matchID}`).waitFor({ timeout: UI_TIMEOUT });
    // A returning player finds their matches above the games.
    const mine = (await p.getByTestId('my-matches').boundingBox())!;
    const firstGame = (await p.getByTestId(`game-${GAMES[0].id}`).boundingBox())!;
    expect(mine.y).toBeLessThan(firstGame.y);

    // Forget asks first; Esc keeps the seat and gives the keyboard back to the button.
    await expect.poll(() => p.getByTestId(`mine-status-${matchID}`).textContent()).toBe('waiting for players');
    await p.getByTestId(`forget-${matchID}`).click();
    await p.getByTestId('forget-confirm').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('forget-confirm').textContent()).resolves.toContain('Forget Ana’s seat?');
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('forget-keep');
    await p.keyboard.press('Escape');
    await expect.poll(() => p.getByTestId('forget-confirm').count()).toBe(0);
    await expect
      .poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe(`forget-${matchID}`);
    expect(await p.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID)).not.toBeNull();
    // "Keep it" keeps it too; "Forget the seat" forgets it.
    await p.getByTestId(`forget-${matchID}`).click();
    await p.getByTestId('forget-keep').click();
    expect(await p.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID)).not.toBeNull();
    await p.getByTestId(`forget-${matchID}`).click();
    await p.getByTestId('forget-yes').click();
    await expect.poll(() => p.getByTestId('my-matches').count()).toBe(0);
    expect(await p.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID)).toBeNull();

    // The waiting room of that match speaks of its one open seat in the singular.
    await p.evaluate((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
    await p.goto(`${suite.server.url}/#/g/touched-on/match/${matchID}`);
    await p.getByTestId('waiting-room').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('waiting-room').textContent()).resolves.toContain(
      'Share the link above, or fill the open seat with a bot.',
    );
    await context.close();
  });

  it("explains a match that does not exist, with a way back to its game's lobby", async () => {
    const p = await page('no-match');
    await p.goto(`${suite.server.url}/#/g/touched-on/match/no-such-match`);
    await p.getByTestId('match-gone').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('match-gone').locator('h2').textContent()).resolves.toBe('No such match');
    await p.getByTestId('back-to-lobby').click();
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    expect(p.url()).toMatch(/#\/g\/touched-on$/);
    await p.context().close();
  });

  it('asks before a new hot-seat game replaces an unfinished one', async () => {
    const p = await page('hotseat-replace');
    const start = async (first: string) => {
      await p.getByTestId('hs-name-0').fill(first);
      await p.getByTestId('hs-name-1').fill('Hugo');
      await p.getByTestId('hs-first').selectOption('0');
      await p.getByTestId('hs-start').click();
    };
    await p.goto(`${suite.server.url}/#/g/lisbon/hotseat`);
    await start('Hana');
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    // A reload comes back to the game itself, at the pass screen.
    await p.reload();
    await expect.poll(() => p.getByTestId('pass-name').textContent(), { timeout: UI_TIMEOUT }).toBe('Hana');
    // Back on the setup page, the game is kept: a new one is not started without asking.
    await backToHotSeatSetup(p);
    await p.getByTestId('hs-resume-card').waitFor({ timeout: UI_TIMEOUT });
    await start('Nina');
    await p.getByTestId('hs-replace').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('hs-replace').textContent()).resolves.toContain('Hana, Hugo');
    await p.getByTestId('hs-replace-cancel').click();
    await expect(p.getByTestId('hs-replace').count()).resolves.toBe(0);
    await p.getByTestId('hs-resume').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('pass-name').textContent()).resolves.toBe('Hana');
    // Asked again and confirmed: the new game replaces it.
    await backToHotSeatSetup(p);
    await start('Nina');
    await p.getByTestId('hs-replace-confirm').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('pass-name').textContent()).resolves.toBe('Nina');
    await backToHotSeatSetup(p);
    await expect(p.getByTestId('hs-resume-card').textContent()).resolves.toContain('Nina, Hugo');
    await p.context().close();
  });

  it("asks before 'Discard it' throws an unfinished hot-seat game away; a finished one goes at once", async () => {
    const p = await page('hotseat-discard');
    await p.goto(`${suite.server.url}/#/g/lisbon/hotseat`);
    await p.getByTestId('hs-name-0').fill('Hana');
    await p.getByTestId('hs-name-1').fill('Hugo');
    await p.getByTestId('hs-start').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await backToHotSeatSetup(p);
    const saved = () => p.evaluate(() => localStorage.getItem('lt28:hotseat'));
    // "Discard it", beside "Resume", asks first: Esc or "Keep it" keeps the game, focus back on the button.
    await p.getByTestId('hs-discard').click({ timeout: UI_TIMEOUT });
    await p.getByTestId('hs-discard-confirm').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('hs-discard-confirm').textContent()).resolves.toContain('Hana, Hugo');
    expect(await saved()).not.toBeNull();
    await p.keyboard.press('Escape');
    await expect.poll(() => p.getByTestId('hs-discard-confirm').count()).toBe(0);
    await p.getByTestId('hs-discard').click();
    await p.getByTestId('hs-discard-keep').click();
    await expect.poll(() => p.getByTestId('hs-discard-confirm').count()).toBe(0);
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('hs-discard');
    expect(await saved()).not.toBeNull();
    // Confirmed, the game is gone, after a reload too.
    await p.getByTestId('hs-discard').click();
    await p.getByTestId('hs-discard-yes').click();
    await expect.poll(() => p.getByTestId('hs-resume-card').count()).toBe(0);
    expect(await saved()).toBeNull();
    await p.reload();
    await p.getByTestId('hotseat-setup').waitFor({ timeout: UI_TIMEOUT });
    expect(await p.getByTestId('hs-resume-card').count()).toBe(0);
    // A finished game has nothing left to lose: it is discarded at once.
    await p.getByTestId('hs-name-0').fill('Hana');
    await p.getByTestId('hs-name-1').fill('Hugo');
    await p.getByTestId('hs-start').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await changeStoredHotSeat(p, (s) => {
      s.ctx.gameover = { winner: '0' };
    });
    await expect(p.getByTestId('hs-resume-title').textContent()).resolves.toBe('Finished game');
    await p.getByTestId('hs-discard').click();
    await expect.poll(() => p.getByTestId('hs-resume-card').count()).toBe(0);
    expect(await p.getByTestId('hs-discard-confirm').count()).toBe(0);
    await p.context().close();
  });

  it('starts a new hot-seat game at once when there is none to lose', async () => {
    const p = await page('hotseat-fresh');
    await p.goto(`${suite.server.url}/#/g/lisbon/hotseat`);
    await p.getByTestId('hs-name-0').fill('Hana');
    await p.getByTestId('hs-name-1').fill('Hugo');
    await p.getByTestId('hs-start').click();
    await p.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('hs-replace').count()).resolves.toBe(0);
    await p.context().close();
  });

  it('ends an online game with one bar above the end screen: the rematch, the replay and the lobby, and the final scores stop above it', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, SHORT_GAME, 2);
    await playOverSockets(suite.server.url, SHORT_GAME, matchID, creds, 100);
    const stored = await suite.server.db.fetch(matchID, { state: true });
    expect(stored.state.ctx.gameover).toBeDefined();
    const { context, page: p } = await openAsSeat(suite.browser, errors, 'game-over', {
      url: suite.server.url,
      game: SHORT_GAME,
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    const bar = p.getByTestId('game-over-bar');
    await bar.waitFor({ timeout: UI_TIMEOUT });
    // Every way on from the end is in that one bar: nothing else floats over the board.
    await bar.getByTestId('rematch-play-again').waitFor({ timeout: UI_TIMEOUT });
    await expect(bar.getByTestId('watch-replay').count()).resolves.toBe(1);
    await expect(bar.getByTestId('to-lobby').count()).resolves.toBe(1);
    await screenshot(p, 'online-game-over');
    for (const size of [
      { width: 360, height: 640 },
      { width: 390, height: 700 },
      { width: 481, height: 700 },
      { width: 600, height: 700 },
      { width: 700, height: 700 },
      { width: 701, height: 700 },
      { width: 1366, height: 768 },
    ]) {
      await p.setViewportSize(size);
      if (size.width < 700) await screenshot(p, `online-game-over-${size.width}`);
      const dialog = (await p.getByTestId('gameover').boundingBox())!;
      const box = (await bar.boundingBox())!;
      // The final scores end above the bar, so that nothing of them is hidden.
      expect(dialog.y + dialog.height, `${size.width} px: the final scores run under the bar`).toBeLessThanOrEqual(
        box.y,
      );
      expect(dialog.y).toBeGreaterThanOrEqual(0);
      expect(box.x, `${size.width} px: the bar leaves the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      // One row at every width (two would be 94 px high or more): its long labels where they fit, above 700 px, its
      // short ones below (two rows before from 481 to 600 px, 110 px high, the long labels and their words shown).
      expect(box.height, `${size.width} px: the game-over bar's height`).toBeLessThan(size.width > 700 ? 70 : 60);
      // Every button of the bar lies inside it, and so inside the screen.
      for (const b of await bar.locator('a, button').all()) {
        const r = (await b.boundingBox())!;
        expect(r.x, `${size.width} px: a button leaves the bar`).toBeGreaterThanOrEqual(box.x);
        expect(r.x + r.width, `${size.width} px: a button leaves the bar`).toBeLessThanOrEqual(box.x + box.width);
      }
    }
    // On an upright phone (360 × 640, touch) the bar is one row, 60 px high (three rows, 156 px, before: a quarter of
    // the window once the final scores were closed), its ways on 44 px targets named in full, also with a rematch
    // ready ("Join the rematch", its widest) and for someone watching it ("See the rematch").
    const phone = await openAsSeat(
      suite.browser,
      errors,
      'game-over-phone',
      { url: suite.server.url, game: SHORT_GAME, matchID, playerID: '0', credentials: creds[0] },
      undefined,
      { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true },
    );
    const watcher = await newContext(suite.browser, errors, 'game-over-phone-watch', {
      viewport: { width: 360, height: 640 },
      isMobile: true,
      hasTouch: true,
    });
    const oneRow = async (page: Page, first: string, what: string) => {
      const phoneBar = page.getByTestId('game-over-bar');
      await phoneBar.getByTestId(first).waitFor({ timeout: UI_TIMEOUT });
      // An upright phone, and wider up to a tablet's (two rows before: 116 px at 481 to 700 px wide, and with a
      // rematch ready up to 1,001 px, its sentences shown; 147 px at 481 px), one row with the long labels above 700 px.
      for (const width of [360, 481, 600, 700, 768, 1000]) {
        await page.setViewportSize({ width, height: 640 });
        const box = (await phoneBar.boundingBox())!;
        expect(box.height, `${what}: the bar's height at ${width} × 640`).toBeLessThanOrEqual(width > 700 ? 64 : 60);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        for (const b of await phoneBar.locator('a, button').all()) {
          const r = (await b.boundingBox())!;
          expect(r.x, `${what}: a way on leaves the bar`).toBeGreaterThanOrEqual(box.x);
          expect(r.x + r.width, `${what}: a way on leaves the bar`).toBeLessThanOrEqual(box.x + box.width);
          expect(r.height, `${what}: a way on's height`).toBeGreaterThanOrEqual(44);
          expect(r.width, `${what}: a way on's width`).toBeGreaterThanOrEqual(44);
        }
        await phoneBar.getByRole('link', { name: 'Watch the replay' }).waitFor({ timeout: UI_TIMEOUT });
        await phoneBar.getByRole('link', { name: 'Back to the lobby' }).waitFor({ timeout: UI_TIMEOUT });
        await screenshot(page, `online-game-over-phone-${first}-${width}`, { fullPage: false });
      }
      await page.setViewportSize({ width: 360, height: 640 });
    };
    await oneRow(phone.page, 'rematch-play-again', 'a player');
    await phone.page.getByTestId('gameover-close').click();
    await oneRow(phone.page, 'rematch-play-again', 'the final scores closed');
    const again = await http(suite.server.url, `/games/${SHORT_GAME}/${matchID}/playAgain`, {
      method: 'POST',
      json: { playerID: '1', credentials: creds[1] },
    });
    expect(again.status).toBe(200);
    await phone.page.reload();
    await oneRow(phone.page, 'rematch-join', 'a rematch ready');
    await watcher.page.goto(`${suite.server.url}/#/g/${SHORT_GAME}/match/${matchID}`);
    await watcher.page.getByTestId('watch').click({ timeout: UI_TIMEOUT });
    await oneRow(watcher.page, 'rematch-watch', 'someone watching');
    await phone.context.close();
    await watcher.context.close();
    // Clickable even with the game's own end screen open.
    await p.getByTestId('to-lobby').click();
    await p.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    expect(p.url()).toMatch(new RegExp(`#/g/${SHORT_GAME}$`));
    await context.close();
  }, 90_000);

  it('shows no game-over bar while the game goes on', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, SHORT_GAME, 2);
    const { context, page: p } = await openAsSeat(suite.browser, errors, 'not-over', {
      url: suite.server.url,
      game: SHORT_GAME,
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await p.getByTestId('log').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('game-over-bar').count()).resolves.toBe(0);
    await context.close();
  });

  it('clears "Enter your name first" once a name is typed, in the lobby and on a match link', async () => {
    const p = await page('name-first');
    await p.goto(`${suite.server.url}/#/g/lisbon`);
    await p.getByTestId('player-name').fill('');
    await p.getByTestId('create-submit').click();
    const error = p.getByText('Enter your name first');
    await error.waitFor({ timeout: UI_TIMEOUT });
    await p.getByTestId('player-name').pressSequentially('A');
    await error.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    const res = await fetch(`${suite.server.url}/games/lisbon-tram-28/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ numPlayers: 2 }),
    });
    const { matchID } = (await res.json()) as { matchID: string };
    await p.evaluate(() => localStorage.removeItem('lt28:name'));
    await p.goto(`${suite.server.url}/#/g/lisbon/match/${matchID}`);
    await p.getByTestId('join-name').waitFor({ timeout: UI_TIMEOUT });
    await p.getByTestId('join-name').fill('');
    await p.getByTestId('join-submit').click();
    await error.waitFor({ timeout: UI_TIMEOUT });
    await p.getByTestId('join-name').pressSequentially('B');
    await error.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await p.context().close();
  });

  it('tells a spectator they are watching, and offers them no invitation link', async () => {
    const { matchID } = await createJoined(suite.server.url, 'lisbon-tram-28', 2);
    const p = await page('spectator');
    await p.goto(`${suite.server.url}/#/g/lisbon/match/${matchID}`);
    await p.getByTestId('watch').click({ timeout: UI_TIMEOUT });
    await p.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('watching').textContent()).resolves.toContain('You are watching');
    await screenshot(p, 'spectator');
    await expect(p.getByTestId('share-link').count()).resolves.toBe(0);
    await expect(p.getByText('Invite with this link').count()).resolves.toBe(0);
    await p.context().close();
  });

  it('offers a seated player of a full match a small button for the link to watch, not the invitation', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, 'lisbon-tram-28', 2);
    const { context, page: p } = await openAsSeat(suite.browser, errors, 'seated', {
      url: suite.server.url,
      game: 'lisbon-tram-28',
      matchID,
      playerID: '1',
      credentials: creds[1],
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const button = p.getByTestId('copy-watch-link');
    await button.waitFor({ timeout: UI_TIMEOUT });
    await expect(p.getByTestId('share-link').count()).resolves.toBe(0);
    await expect(p.getByText('Invite with this link').count()).resolves.toBe(0);
    await expect(p.getByTestId('watching').count()).resolves.toBe(0);
    await button.click();
    await expect.poll(() => button.textContent(), { timeout: UI_TIMEOUT }).toBe('Link copied');
    await expect(p.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${suite.server.url}/#/g/lisbon-tram-28/match/${encodeURIComponent(matchID)}`,
    );
    await context.close();
  });

  it('shows the players how many watch, and a spectator how many others do', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, 'lisbon-tram-28', 2);
    const { context, page: seat } = await openAsSeat(suite.browser, errors, 'watched-seat', {
      url: suite.server.url,
      game: 'lisbon-tram-28',
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await seat.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect(seat.getByTestId('spectators').count()).resolves.toBe(0);
    const watch = async (label: string) => {
      const p = await page(label);
      await p.goto(`${suite.server.url}/#/g/lisbon/match/${matchID}`);
      await p.getByTestId('watch').click({ timeout: UI_TIMEOUT });
      await p.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
      return p;
    };
    const first = await watch('watcher-1');
    const second = await watch('watcher-2');
    // The server tells every page of the match at once (matchChanged); within UI_TIMEOUT, long before a page's own 20 s poll.
    const shows = (p: Page, text: string) =>
      p.waitForFunction((t) => document.querySelector('[data-testid="spectators"]')?.textContent?.trim() === t, text, {
        timeout: UI_TIMEOUT,
      });
    await shows(seat, '2 watching');
    await shows(first, '1 other watching');
    await screenshot(seat, 'watched-seat');
    await second.context().close();
    await shows(seat, '1 watching');
    await first.getByTestId('spectators').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await first.context().close();
    await seat.getByTestId('spectators').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await context.close();
  });

  it('threw no uncaught errors in any page', () => {
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  });
});
