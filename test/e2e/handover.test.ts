/**
 * "Play on another device" (src/client/Handover.tsx): a player hands their seat to a phone with a link, shown as a
 * QR code and as text, and both devices then play it; a link that no longer plays its seat, or that would take a
 * second seat in a browser that holds one, or that holds an older key of the seat the browser plays, is refused with
 * its reason (the last link's refusal gone) and leaves nothing behind; a key dropped from the address while the
 * server checks it leaves the page as a plain link opens it, and the late answer keeps nothing. Opened, the panel
 * takes focus at its title, in view above Touched On's action sheet on a phone held sideways. In Debian's Chromium
 * against the real server. The match bar keeps its three buttons on one row from a 360 px phone to a desktop. Each
 * copy button says in a polite status that it copied, or, the browser refusing, how to copy the link by hand. A seat
 * released elsewhere is said at once (the server tells its socket), its board put away, with no "Reconnecting…" and
 * no new connection; once the page has said so, the panel gives no link and the match bar no longer offers it; a match
 * that ends with the panel open leaves focus on its final scores. Tapped on a phone held sideways before the board has
 * drawn, the panel stays in view: the board's first scroll to the window's top no longer follows.
 */
import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { COPY_FAILED } from '../../src/client/useCopied';
import { give } from '../games/touched-on/helpers';
import { CreateGameReducer } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';
import { RawClient } from '../server/harness';
import {
  builtEntry,
  createJoined,
  createdByAna,
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

const CHROMIUM = findChromium();
const UI = 10_000;
/** What the seat's link and the invitation's QR code both say on a page opened as 127.0.0.1 (LoopbackNote.tsx). */
const LOCAL_NOTE =
  "This page's address (127.0.0.1) names this computer alone: another device cannot open the link. Open the site " +
  'here by an address the other device reaches, and make the link there.';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What the QR code on the page says, read from its pixels (the SVG drawn on a canvas) by a QR decoder. */
async function readQr(page: Page, testid = 'handover-qr'): Promise<string | null> {
  // Drawn once its code has loaded.
  await page.locator(`[data-testid="${testid}"] path`).waitFor({ timeout: UI });
  const { width, height, data } = await page.getByTestId(testid).evaluate(async (svg) => {
    const xml = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, 400, 400);
    const pixels = ctx.getImageData(0, 0, 400, 400);
    return { width: 400, height: 400, data: Array.from(pixels.data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

/**
 * The stored match played on by seeded random legal moves through the game's own reducer, up to its last move: the
 * state before it, and that move with its player.
 */
function beforeLastMove(gameId: string, state: State, seed: number) {
  const def = findGame(gameId)!;
  const reducer = CreateGameReducer({ game: def.game });
  const rng = new Rng(seed);
  let s = state;
  for (let i = 0; i < 3000; i++) {
    const actor = actingPlayerOf(def, s)!;
    const moves = def.game.ai!.enumerate(s.G, s.ctx, actor) as { move: string; args?: unknown[] }[];
    const m = moves[rng.int(moves.length)];
    const last = { actor, move: m.move, args: m.args ?? [] };
    const next = reducer(s, {
      type: 'MAKE_MOVE',
      payload: { type: last.move, args: last.args, playerID: actor },
    } as never);
    expect(next._stateID).toBeGreaterThan(s._stateID);
    if (next.ctx.gameover) return { before: s, last };
    s = next;
  }
  throw new Error(`${gameId}: no end in 3000 moves`);
}

/** The seat a page's browser keeps for the match (src/client/lobbyApi.ts), if any. */
function keptSeat(page: Page, matchID: string) {
  return page.evaluate(
    (id) => JSON.parse(localStorage.getItem(`lt28:seat:${id}`) ?? 'null') as { playerID: string } | null,
    matchID,
  );
}

describe.skipIf(!CHROMIUM)('browser: playing a seat on another device', () => {
  const suite = e2eSuite();

  /** A 2-player Touched On match with both seats joined, seat 0 to play two Evaders of 96 (and an Appeal to keep). */
  async function match() {
    const url = suite.server.url;
    const { matchID, creds } = await createJoined(url, 'touched-on', 2, { dealer: 1 });
    const state = structuredClone((await suite.server.db.fetch(matchID, { state: true })).state as State<TOState>);
    const G = state.G;
    for (const p of Object.values(G.players)) {
      G.drawPile.push(...p.hand!);
      p.hand = [];
      p.handSize = 0;
    }
    const [e1, e2] = give(G, '0', ['E96', 'E96', 'appeal', 'E86']);
    give(G, '1', ['E86', 'E86', 'E86']);
    G.drawCount = G.drawPile.length;
    await suite.server.db.setState(matchID, state);
    return { url, matchID, creds, e1, e2 };
  }

  it('hands the seat over by QR code or link; both devices then play it', async () => {
    const { url, matchID, creds, e1, e2 } = await match();
    const laptop = await openAsSeat(suite.browser, suite.errors, 'handover-laptop', {
      url,
      game: 'touched-on',
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await laptop.page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    await laptop.page.getByTestId('handover-open').click();
    const link = await laptop.page.getByTestId('handover-link').inputValue();
    expect(link).toBe(`${url}/#/g/touched-on/match/${matchID}/as/0/${encodeURIComponent(creds[0])}`);
    expect(await readQr(laptop.page)).toBe(link);
    expect(await laptop.page.getByTestId('handover-panel').textContent()).toContain('seat 1, as Player 1');
    // The test's server is 127.0.0.1's: the panel says that another device cannot open such a link.
    expect(await laptop.page.getByTestId('handover-local').textContent()).toBe(LOCAL_NOTE);
    await screenshot(laptop.page, 'handover-panel');
    // Esc closes it, and focus goes back to the button that opened it.
    await laptop.page.getByTestId('handover-close').focus();
    await laptop.page.keyboard.press('Escape');
    await laptop.page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
    await expect
      .poll(() => laptop.page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('handover-open');

    // The phone opens the link: the seat is its own, and the key is gone from the address bar.
    const phone = await newContext(suite.browser, suite.errors, 'handover-phone', PHONE);
    await phone.page.goto(link);
    await phone.page.getByTestId(`hand-card-${e1}`).waitFor({ timeout: UI });
    expect(phone.page.url()).toBe(`${url}/#/g/touched-on/match/${matchID}`);
    expect((await keptSeat(phone.page, matchID))?.playerID).toBe('0');
    expect(await phone.page.getByTestId('seat-chip-0').textContent()).toContain('(you)');
    expect(await phone.page.getByTestId('handover-error').count()).toBe(0);
    await phone.page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });

    // The phone plays; the laptop, still at the seat, sees the cards land and plays on.
    await phone.page.getByTestId(`hand-card-${e1}`).click();
    await phone.page.getByTestId(`hand-card-${e2}`).click();
    await expect.poll(() => phone.page.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('2');
    await phone.page.getByTestId('play-batch').click();
    await laptop.page.getByTestId(`placed-${e1}`).waitFor({ timeout: UI });
    await laptop.page.getByTestId('end-turn').click({ timeout: UI });
    await phone.page
      .getByTestId('turn-who')
      .filter({ hasText: 'Your turn' })
      .waitFor({ state: 'detached', timeout: UI });
    const { state } = await suite.server.db.fetch(matchID, { state: true });
    expect((state as State<TOState>).ctx.currentPlayer).toBe('1');
    await screenshot(phone.page, 'handover-phone');
    await laptop.context.close();
    await phone.context.close();
    expect(suite.errors).toEqual([]);
  }, 60_000);

  it('refuses a link that no longer plays its seat, or a second seat, with the reason, and keeps nothing', async () => {
    const { url, matchID, creds } = await match();
    const base = `${url}/#/g/touched-on/match/${matchID}`;

    // A key the seat does not have (the seat was joined again since): refused, and the visitor may watch.
    const stranger = await newContext(suite.browser, suite.errors, 'handover-stale');
    await stranger.page.goto(`${base}/as/1/not-the-key`);
    const error = stranger.page.getByTestId('handover-error');
    await error.waitFor({ timeout: UI });
    expect(await error.textContent()).toContain('This link no longer plays seat 2');
    expect(stranger.page.url()).toBe(base);
    expect(await keptSeat(stranger.page, matchID)).toBeNull();
    await stranger.page.getByTestId('join-panel').waitFor({ timeout: UI });
    await stranger.context.close();

    // The seat's player left it: the link's key went with them.
    const leave = await fetch(`${url}/games/touched-on/${matchID}/leave`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerID: '1', credentials: creds[1] }),
    });
    expect(leave.status).toBe(200);
    const late = await newContext(suite.browser, suite.errors, 'handover-left');
    await late.page.goto(`${base}/as/1/${encodeURIComponent(creds[1])}`);
    await late.page.getByTestId('handover-error').waitFor({ timeout: UI });
    expect(await late.page.getByTestId('handover-error').textContent()).toContain('its player has left it');
    expect(await keptSeat(late.page, matchID)).toBeNull();
    await late.context.close();

    // A browser that plays seat 1 keeps it, rather than also taking another seat of the match.
    const holder = await openAsSeat(suite.browser, suite.errors, 'handover-holder', {
      url,
      game: 'touched-on',
      matchID,
      playerID: '0',
      credentials: creds[0],
    });
    await holder.page.getByTestId('online-board').waitFor({ timeout: UI });
    await holder.page.goto(`${base}/as/1/${encodeURIComponent(creds[1])}`);
    await holder.page.getByTestId('handover-error').waitFor({ timeout: UI });
    expect(await holder.page.getByTestId('handover-error').textContent()).toContain(
      'This browser already plays seat 1 of this match, as Player 1',
    );
    expect((await keptSeat(holder.page, matchID))?.playerID).toBe('0');
    expect(await holder.page.getByTestId('seat-chip-0').textContent()).toContain('(you)');
    // A link of its own seat with an older key: the browser plays that seat already, and says so (not "ask the
    // device that plays it for a new one", which is this one).
    await holder.page.goto(`${base}/as/0/an-older-key`);
    // The last link's refusal goes as this one is checked; this one's comes in its place.
    const older =
      'This browser already plays seat 1 of this match, as Player 1; the link holds an older key of the seat';
    await holder.page.getByTestId('handover-error').filter({ hasText: older }).waitFor({ timeout: UI });
    expect(await holder.page.getByTestId('handover-error').count()).toBe(1);
    expect(await holder.page.getByTestId('handover-error').textContent()).not.toContain('seat 2');
    expect(await keptSeat(holder.page, matchID)).toMatchObject({ playerID: '0', credentials: creds[0] });
    await holder.page.getByTestId('online-board').waitFor({ timeout: UI });
    await holder.context.close();
    // The refused keys' requests were answered 403, which Chromium reports in the console; nothing else is there.
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('once the page has said the seat was released, the panel gives no link, and "Other device" is not offered', async () => {
    const { url, matchID, creds } = await match();
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-released', at);
    await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    await page.getByTestId('handover-open').click();
    await page.getByTestId('handover-link').waitFor({ timeout: UI });
    await page.getByTestId('handover-copy').focus();
    // Whether "Connection lost. Reconnecting…" ever shows from now on, and the sockets the page opens.
    await page.evaluate(() => {
      const w = window as unknown as { __sawReconnecting: boolean };
      w.__sawReconnecting = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="reconnecting"]')) w.__sawReconnecting = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    let sockets = 0;
    page.on('websocket', () => sockets++);
    // The seat is left from the other device that plays it: the server frees it, and this page says so.
    const leave = await fetch(`${url}/games/touched-on/${matchID}/leave`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerID: '0', credentials: creds[0] }),
    });
    expect(leave.status).toBe(200);
    // The server tells the seat's socket as it drops it (server/socket-guard.ts `seatReleased`): the page says so at
    // once, where it learned it at its next read of the match, up to 20 s later (OnlineMatch.tsx's POLL_LIVE_MS),
    // saying "Connection lost. Reconnecting…" meanwhile, which never came true.
    await page.getByTestId('seat-released').waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('seat-released').textContent()).toContain('Seat 1 is no longer held by Player 1');
    // The seat's board goes (its socket with it), and nothing tries to reconnect the seat.
    expect(await page.getByTestId('online-board').count()).toBe(0);
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => (window as unknown as { __sawReconnecting: boolean }).__sawReconnecting)).toBe(
      false,
    );
    expect(sockets).toBe(0);
    // The panel, open, says why it has no link (its key no longer plays the seat), where it offered it still.
    await page.getByTestId('handover-released').waitFor({ timeout: UI });
    expect(await page.getByTestId('handover-released').textContent()).toContain('no longer holds seat 1');
    expect(await page.getByTestId('handover-link').count()).toBe(0);
    expect(await page.getByTestId('handover-qr').count()).toBe(0);
    expect(await page.getByTestId('handover-open').count()).toBe(0);
    // Nor "Leave match", whose request the server would refuse (the key is void): the notice offers "Forget it".
    expect(await page.getByTestId('leave-match').count()).toBe(0);
    // Focus was on Copy, gone with the link: it stays in the panel, at its title.
    await expect.poll(() => focused(page)).toBe('handover-title');
    await screenshot(page, 'handover-released');
    // Closed, the panel leaves focus on what the page now offers: forgetting the seat.
    await page.keyboard.press('Escape');
    await page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page)).toBe('seat-forget');
    expect(await page.getByTestId('handover-open').count()).toBe(0);
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('a key dropped from the address while the server checks it leaves the page as a plain link opens it', async () => {
    const { url, matchID, creds } = await match();
    const plain = `#/g/touched-on/match/${matchID}`;
    const { context, page } = await newContext(suite.browser, suite.errors, 'handover-dropped');
    // The server's answer is held back until the address has changed.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/games/touched-on/${matchID}/update`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${url}/${plain}/as/1/${encodeURIComponent(creds[1])}`);
    await page.getByTestId('handover-checking').waitFor({ timeout: UI });
    await page.evaluate((hash) => (window.location.hash = hash), plain);
    // The join form, where "Opening your seat…" stood for good: the answer, once it came, was ignored.
    await page.getByTestId('join-panel').waitFor({ timeout: UI });
    expect(await page.getByTestId('handover-checking').count()).toBe(0);
    const answered = page.waitForResponse(`**/games/touched-on/${matchID}/update`);
    answer();
    await answered;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await keptSeat(page, matchID)).toBeNull();
    expect(await page.getByTestId('join-panel').count()).toBe(1);
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('a match that ends with the panel open leaves focus on its final scores, not on the page', async () => {
    const url = suite.server.url;
    // Get on Board: its seeded random game is short (Lisbon's, 2,000 moves, took 30 s to play here).
    const game = 'get-on-board';
    const { matchID, creds } = await createJoined(url, game, 2);
    const { state } = await suite.server.db.fetch(matchID, { state: true });
    const { before, last } = beforeLastMove(game, structuredClone(state), 3);
    await suite.server.db.setState(matchID, before);
    const at = { url, game, matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-end', at);
    await page.getByTestId('gob-board').waitFor({ timeout: UI });
    await page.getByTestId('handover-open').click({ timeout: UI });
    await expect.poll(() => focused(page)).toBe('handover-title');
    // The last move comes from elsewhere (the other device, or the other seat): the panel goes with the match's end.
    const elsewhere = new RawClient(url, { namespace: game });
    try {
      await elsewhere.sync(matchID, last.actor, creds[Number(last.actor)]);
      elsewhere.move(matchID, last.actor, creds[Number(last.actor)], last.move, last.args, before._stateID);
      const scores = page.getByRole('dialog', { name: 'Final scores' });
      await scores.waitFor({ timeout: UI });
      await page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
      // Get on Board's final scores take no focus of their own: focus, in the panel, fell to the page (BODY) before.
      await expect.poll(() => focused(page)).toBe('gameover');
      expect(await page.getByTestId('handover-open').count()).toBe(0);
    } finally {
      elsewhere.close();
    }
    await context.close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

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
    const sideways = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(
      suite.browser,
      suite.errors,
      'handover-sideways',
      at,
      undefined,
      sideways,
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

  it('tapped on a phone held sideways before the board has drawn, the panel stays in view as the board draws', async () => {
    const { url, matchID, creds } = await match();
    const sideways = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };
    const { context, page } = await newContext(suite.browser, suite.errors, 'handover-sideways-early', sideways);
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
    const sideways = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };
    // Seat 1, waiting: its turn comes as seat 0 plays elsewhere, and Touched On brings the current Line into view.
    const at = { url, game: 'touched-on', matchID, playerID: '1', credentials: creds[1] };
    const { context, page } = await openAsSeat(
      suite.browser,
      suite.errors,
      'handover-turn-comes',
      at,
      undefined,
      sideways,
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
    const { matchID, creds } = await createJoined(url, game, 2);
    // Seeded random legal moves through the game's reducer, up to a plot of seat 0 after which seat 1 plots.
    const reducer = CreateGameReducer({ game: def.game });
    const rng = new Rng(5);
    let state = structuredClone((await suite.server.db.fetch(matchID, { state: true })).state);
    const firstMove = (s: State) =>
      (def.game.ai!.enumerate(s.G, s.ctx, '0') as { move: string; args?: unknown[] }[])[0];
    const apply = (s: State, actor: string, m: { move: string; args?: unknown[] }) =>
      reducer(s, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args ?? [], playerID: actor } } as never);
    for (let i = 0; ; i++) {
      expect(i).toBeLessThan(200);
      const actor = actingPlayerOf(def, state)!;
      const toPlay = (s: State) => (s.G as { toPlay: string | null }).toPlay;
      if (toPlay(state) === '0' && toPlay(apply(state, '0', firstMove(state))) === '1') break;
      const moves = def.game.ai!.enumerate(state.G, state.ctx, actor) as { move: string; args?: unknown[] }[];
      state = apply(state, actor, moves[rng.int(moves.length)]);
    }
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

  it('says in a polite status whether a link was copied, the same for each copy button, and how to copy by hand', async () => {
    const { url, matchID, creds } = await match();
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-copy', at);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const watchLink = `${url}/#/g/touched-on/match/${matchID}`;
    /** The copy button's status: its role, its words, and whether it is seen. */
    const status = (testid: string) =>
      page.getByTestId(testid).evaluate((el) => ({
        role: el.getAttribute('role'),
        text: el.textContent,
        seen: el.getBoundingClientRect().width > 1,
      }));
    // Copied: the status says so to a screen reader (the button says it on the screen).
    await page.getByTestId('copy-watch-link').click({ timeout: UI });
    await expect
      .poll(() => status('copy-status'), { timeout: UI })
      .toEqual({ role: 'status', text: 'Link copied', seen: false });
    expect(await page.getByTestId('copy-watch-link').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(watchLink);
    await page.getByTestId('handover-open').click();
    await page.getByTestId('handover-copy').click();
    await expect
      .poll(() => status('handover-copied'), { timeout: UI })
      .toEqual({ role: 'status', text: 'Link copied', seen: false });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('handover-link').inputValue(),
    );

    // A page without a clipboard (served over plain http by a LAN address): each says how to copy the link by hand.
    await page.evaluate(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await page.getByTestId('handover-copy').click();
    await expect
      .poll(() => status('handover-copied'), { timeout: UI })
      .toEqual({ role: 'status', text: COPY_FAILED, seen: true });
    await page.getByTestId('handover-close').click();
    await page.getByTestId('copy-watch-link').click();
    await expect
      .poll(() => status('copy-status'), { timeout: UI })
      .toEqual({ role: 'status', text: COPY_FAILED, seen: true });
    // The small button holds no field with the link: it comes under the words, to select.
    expect(await page.getByTestId('copy-status-link').inputValue()).toBe(watchLink);
    await screenshot(page, 'copy-failed');
    await context.close();

    // The invitation, as its creator waits for players.
    const ana = await createdByAna(suite, 'copy-invite');
    await ana.page.evaluate(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await ana.page.getByTestId('copy-link').click();
    await expect.poll(() => ana.page.getByTestId('copy-status').textContent(), { timeout: UI }).toBe(COPY_FAILED);
    expect(await ana.page.getByTestId('match-error').count()).toBe(0);
    await ana.page.context().close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('shows the invitation as a QR code too, which a phone at the table scans to the join form', async () => {
    const { page, link } = await createdByAna(suite, 'invite-qr');
    expect(await page.getByTestId('share-qr-box').count()).toBe(0);
    await page.getByTestId('share-qr-toggle').click();
    expect(await page.getByTestId('share-qr-toggle').getAttribute('aria-expanded')).toBe('true');
    const scanned = await readQr(page, 'share-qr');
    expect(scanned).toBe(link);
    await screenshot(page, 'invite-qr');
    // The test's server is on 127.0.0.1, which a real phone could not reach: the page says so, in the panel's words.
    expect(await page.getByTestId('share-local').textContent()).toBe(LOCAL_NOTE);
    const phone = await newContext(suite.browser, suite.errors, 'invite-qr-phone', PHONE);
    await phone.page.goto(scanned!);
    await phone.page.getByTestId('join-panel').getByTestId('join-name').waitFor({ timeout: UI });
    await page.getByTestId('share-qr-toggle').click();
    await page.getByTestId('share-qr-box').waitFor({ state: 'detached', timeout: UI });
    await phone.context.close();
    await page.context().close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);
});
