/**
 * "Play on another device" (src/client/Handover.tsx) on phones and tablets, in Debian's Chromium against the real
 * server: the match bar keeps its three buttons on one row from a 360 px phone to a desktop. Opened, the panel takes
 * focus at its title, in view above Touched On's action sheet on a phone held sideways. Tapped on a phone held
 * sideways before the board has drawn, the panel stays in view: the board's first scroll to the window's top no
 * longer follows; nor does a turn's or a plot's scroll coming round while it is open.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';
import { RawClient } from '../server/harness';
import {
  builtEntry,
  createJoined,
  e2eSuite,
  expectInView,
  findChromium,
  focused,
  hiddenUnder,
  holdSeat,
  newContext,
  openAsSeat,
  screenshot,
} from './harness';
import { handoverMatch, PHONE, SIDEWAYS, UI } from './handover-helpers';

const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('browser: playing a seat on another device', () => {
  const suite = e2eSuite();
  const match = () => handoverMatch(suite);

  it.each([
    [360, 640],
    [390, 844],
    [844, 390],
    [768, 1024],
    [1400, 900],
  ])(
    'at %i × %i the match bar keeps "Link to watch", "Play on another device" and "Leave" on one row',
    async (w, h) => {
      const { url, matchID, creds } = await match();
      const touch = w < 1000;
      const size = { viewport: { width: w, height: h }, isMobile: touch, hasTouch: touch };
      const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
      const { context, page } = await openAsSeat(suite.browser, suite.errors, `handover-bar-${w}`, at, undefined, size);
      await page.getByTestId('handover-open').waitFor({ timeout: UI });
      // One row: the buttons' boxes share some height (aligned at their feet, they differ in height on a desktop).
      const boxes = await page.evaluate(() =>
        ['copy-watch-link', 'handover-open', 'leave-match'].map((id) => {
          const r = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
        }),
      );
      const what = boxes.map((b) => `${b.top}–${b.bottom}`).join(', ');
      expect(Math.max(...boxes.map((b) => b.top)), what).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
      await context.close();
    },
    30_000,
  );

  it('opened on a phone held sideways, the panel takes focus at its title, in view above the action sheet', async () => {
    const { url, matchID, creds } = await match();
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(
      suite.browser,
      suite.errors,
      'handover-sideways',
      at,
      undefined,
      SIDEWAYS,
    );
    await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    // Once drawn, the board is brought to the window's top on a phone held sideways (shortScreen.ts), as the page
    // opens: the player then scrolls up to the match bar, as the tap below does. (A tap before the board has drawn,
    // which that scroll then no longer follows, is the next test's.)
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: UI }).toBeGreaterThan(8);
    await page.getByTestId('handover-open').tap();
    await page.locator('[data-testid="handover-qr"] path').waitFor({ timeout: UI });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await screenshot(page, 'handover-panel-844x390');
    // A screen reader starts at the title and reads on to the warning; Close, focused before, stood under the sheet.
    expect(await focused(page)).toBe('handover-title');
    const title = page.getByTestId('handover-title');
    expect(await title.getAttribute('id')).toBe(
      await page.getByTestId('handover-panel').getAttribute('aria-labelledby'),
    );
    await expectInView(page, title, 'the title');
    await expectInView(page, page.getByTestId('handover-qr'), 'the QR code');
    const under = '[data-testid="handover-title"], [data-testid="handover-qr"], :focus';
    expect(await hiddenUnder(page, '[data-testid="actions"]', { boxes: under })).toEqual([]);
    // Esc closes it from there, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page)).toBe('handover-open');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it("opened while the board's own smooth scroll to the Line is under way, the panel stays in view: the scroll stops", async () => {
    const { url, matchID, creds } = await match();
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-smooth', at, undefined, SIDEWAYS);
    await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    await page.locator('.hand-card[data-playable="yes"]').first().waitFor({ timeout: UI });
    await page.waitForTimeout(1000);
    // From the page's top, choosing a card brings its Line into view with a smooth scroll; the panel is opened in the
    // next frame, while that scroll is under way (clicks in the page: no scroll of Playwright's own in between).
    // Carried on, the scroll threw the panel's focused title out of the window (the title's top at -266 px).
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          window.scrollTo({ top: 0, behavior: 'instant' });
          document.querySelector<HTMLElement>('.hand-card[data-playable="yes"]')!.click();
          requestAnimationFrame(() => {
            document.querySelector<HTMLElement>('[data-testid="handover-open"]')!.click();
            done();
          });
        }),
    );
    await page.getByTestId('handover-title').waitFor({ timeout: UI });
    await page.waitForTimeout(1500);
    expect(await focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('tapped on a phone held sideways before the board has drawn, the panel stays in view as the board draws', async () => {
    const { url, matchID, creds } = await match();
    const { context, page } = await newContext(suite.browser, suite.errors, 'handover-sideways-early', SIDEWAYS);
    // Seat 1, whom the game does not wait for: Touched On brings the current Line into view as one's turn starts (a
    // scroll of its own, which a tap before the board drew does not stop either).
    await holdSeat(context, { game: 'touched-on', matchID, playerID: '1', credentials: creds[1] });
    // The board's code is held back until "Other device" has been tapped, as on a slow connection.
    const boardCode = builtEntry('src/games/touched-on/board/Board.tsx');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (u) => u.pathname === boardCode,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${url}/#/g/touched-on/match/${matchID}`);
    await page.getByTestId('handover-open').tap({ timeout: UI });
    await expect.poll(() => focused(page)).toBe('handover-title');
    expect(await page.getByTestId('turn-who').count()).toBe(0);
    release();
    await page.getByTestId('turn-who').waitFor({ timeout: UI });
    expect(await page.getByTestId('turn-who').textContent()).not.toContain('Your turn');
    // The board drawn, at its full height, and a few frames for its first scroll (shortScreen.ts) to come.
    await expect
      .poll(() => page.getByTestId('board-wrap').evaluate((el) => el.getBoundingClientRect().height), { timeout: UI })
      .toBeGreaterThan(390 / 2);
    for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    await page.waitForTimeout(200);
    await screenshot(page, 'handover-panel-844x390-early');
    // It came after the tap, and threw the panel's title out of the window (above it).
    expect(await focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('open on a phone held sideways as the turn comes round, the panel stays in view: the Line waits', async () => {
    const { url, matchID, creds } = await match();
    // Seat 1, waiting: its turn comes as seat 0 plays elsewhere, and Touched On brings the current Line into view.
    const at = { url, game: 'touched-on', matchID, playerID: '1', credentials: creds[1] };
    const { context, page } = await openAsSeat(
      suite.browser,
      suite.errors,
      'handover-turn-comes',
      at,
      undefined,
      SIDEWAYS,
    );
    await page.getByTestId('turn-who').waitFor({ timeout: UI });
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: UI }).toBeGreaterThan(8);
    await page.getByTestId('handover-open').tap();
    await expect.poll(() => focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title, opened');
    const seat0 = new RawClient(url, { namespace: 'touched-on' });
    try {
      let state = await seat0.sync(matchID, '0', creds[0]);
      const def = findGame('touched-on')!;
      const batch = (def.game.ai!.enumerate(state.G, state.ctx, '0') as { move: string; args?: unknown[] }[]).find(
        (m) => m.move === 'playEvaders' && (m.args?.[0] as { count?: number } | undefined)?.count === 2,
      )!;
      for (const [move, args] of [
        [batch.move, batch.args ?? []],
        ['endTurn', []],
      ] as const) {
        const before = state._stateID;
        seat0.move(matchID, '0', creds[0], move, [...args], before);
        await seat0.waitFor(() => seat0.state!._stateID > before, UI, move);
        state = seat0.state!;
      }
    } finally {
      seat0.close();
    }
    await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    await page.waitForTimeout(200);
    await screenshot(page, 'handover-panel-844x390-turn');
    // The Line's scroll at the turn's start threw the panel's title out of the window (above it).
    expect(await focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title, as the turn came');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it("open on an upright phone as Get on Board's plot comes round, the panel stays in view: the map waits", async () => {
    const url = suite.server.url;
    const game = 'get-on-board';
    const def = findGame(game)!;
    // Seeded random legal moves through the game's reducer, up to a plot of seat 0 after which seat 1 plots.
    const reducer = CreateGameReducer({ game: def.game });
    const rng = new Rng(5);
    const firstMove = (s: State) =>
      (def.game.ai!.enumerate(s.G, s.ctx, '0') as { move: string; args?: unknown[] }[])[0];
    const apply = (s: State, actor: string, m: { move: string; args?: unknown[] }) =>
      reducer(s, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args ?? [], playerID: actor } } as never);
    const toPlay = (s: State) => (s.G as { toPlay: string | null }).toPlay;
    const listed = (s: State, p: string) =>
      def.game.ai!.enumerate(s.G, s.ctx, p) as { move: string; args?: unknown[] }[];
    /** The position, played from a new match's deal; null when that deal's game ended first (a seat eliminated). */
    const reach = (from: State): State | null => {
      let state = from;
      for (let i = 0; i < 400; i++) {
        // (The match's deal is the server's own, so the way there differs from run to run: a seat with no plot to
        // make, its first move undefined, failed the test once; a game over before it, with no seat to move, another.)
        const first = toPlay(state) === '0' ? firstMove(state) : undefined;
        if (first && toPlay(apply(state, '0', first)) === '1') return state;
        // The seat the game waits for, else any seat with a move listed (in the departures every seat chooses).
        const mover = [actingPlayerOf(def, state), '0', '1'].find((p) => p != null && listed(state, p).length > 0);
        if (mover == null) return null;
        const moves = listed(state, mover);
        state = apply(state, mover, moves[rng.int(moves.length)]);
      }
      return null;
    };
    let found: { matchID: string; creds: string[]; state: State } | undefined;
    for (let attempt = 0; attempt < 5 && !found; attempt++) {
      const { matchID, creds } = await createJoined(url, game, 2);
      const state = reach(structuredClone((await suite.server.db.fetch(matchID, { state: true })).state));
      if (state) found = { matchID, creds, state };
    }
    expect(found, 'a deal reaching a plot of seat 0 before one of seat 1').toBeDefined();
    const { matchID, creds, state } = found!;
    await suite.server.db.setState(matchID, state);
    const at = { url, game, matchID, playerID: '1', credentials: creds[1] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-gob-plot', at, undefined, PHONE);
    await page.getByTestId('gob-board').waitFor({ timeout: UI });
    await page.getByTestId('handover-open').tap();
    await expect.poll(() => focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title, opened');
    const seat0 = new RawClient(url, { namespace: game });
    try {
      const own = await seat0.sync(matchID, '0', creds[0]);
      const m = firstMove(own);
      seat0.move(matchID, '0', creds[0], m.move, m.args ?? [], own._stateID);
      await seat0.waitFor(() => seat0.state!._stateID > own._stateID, UI, 'the plot');
    } finally {
      seat0.close();
    }
    await page.getByTestId('turn-who').filter({ hasText: 'Your' }).waitFor({ timeout: UI });
    for (let i = 0; i < 3; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    await page.waitForTimeout(200);
    // Keeping the map clear of the plot's sheet as the plot began threw the panel's title out of the window.
    expect(await focused(page)).toBe('handover-title');
    await expectInView(page, page.getByTestId('handover-title'), 'the title, as the plot came');
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);
});
