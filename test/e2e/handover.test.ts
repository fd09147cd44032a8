/**
 * "Play on another device" (src/client/Handover.tsx): a player hands their seat to a phone with a link, shown as a
 * QR code and as text, and both devices then play it; a link that no longer plays its seat, or that would take a
 * second seat in a browser that holds one, or that holds an older key of the seat the browser plays, is refused with
 * its reason (the last link's refusal gone) and leaves nothing behind; a key dropped from the address while the
 * server checks it leaves the page as a plain link opens it, and the late answer keeps nothing. In Debian's Chromium
 * against the real server. A seat released elsewhere is said at once (the server tells its socket), its board put
 * away, with no "Reconnecting…" and no new connection; once the page has said so, the panel gives no link and the
 * match bar no longer offers it; a match that ends with the panel open leaves focus on its final scores. The panel on
 * phones and the match bar's row: handover-phone.test.ts; the copy buttons and the invitation's QR code:
 * handover-share.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { CreateGameReducer } from 'boardgame.io/internal';
import { findGame } from '../../src/games/registry';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';
import { RawClient } from '../server/harness';
import { createJoined, e2eSuite, findChromium, focused, holdSeat, newContext, openAsSeat, screenshot } from './harness';
import { handoverMatch, LOCAL_NOTE, PHONE, readQr, UI } from './handover-helpers';

const CHROMIUM = findChromium();

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
  const match = () => handoverMatch(suite);

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

  // The page hears of the end twice: the board from its socket's update, the match bar (which closes the panel) from
  // the lobby's read that the server's notice asks for. Their order is the network's. This test assumed the board
  // heard first, and failed 1 run in 5 of four browser files beside the `rules` project ('gameover-close', not
  // 'gameover'): the read had come first, or in the same render. Each order is held here.
  it.each(['board', 'lobby'] as const)(
    'a match that ends with the panel open leaves focus on its final scores, not on the page (the %s hearing first)',
    async (first) => {
      const url = suite.server.url;
      // Get on Board: its seeded random game is short (Lisbon's, 2,000 moves, took 30 s to play here).
      const game = 'get-on-board';
      const { matchID, creds } = await createJoined(url, game, 2);
      const { state } = await suite.server.db.fetch(matchID, { state: true });
      const { before, last } = beforeLastMove(game, structuredClone(state), 3);
      await suite.server.db.setState(matchID, before);
      const { context, page } = await newContext(suite.browser, suite.errors, `handover-end-${first}`);
      await holdSeat(context, { game, matchID, playerID: '0', credentials: creds[0] });
      // While `held`, the other one's news waits: the lobby's answers about the match, or the board's updates.
      let held = false;
      const waiting: (() => void)[] = [];
      const release = () => {
        held = false;
        waiting.splice(0).forEach((go) => go());
      };
      if (first === 'board') {
        // Held as they come back (a read sent before the last move may be answered after it).
        await page.route(`**/games/${game}/${matchID}`, async (route) => {
          if (route.request().method() !== 'GET') return route.fallback();
          const response = await route.fetch();
          if (held) await new Promise<void>((go) => waiting.push(go));
          await route.fulfill({ response });
        });
      } else {
        await page.routeWebSocket(/\/socket\.io\//, (ws) => {
          const server = ws.connectToServer();
          ws.onMessage((m) => server.send(m));
          server.onMessage((m) => {
            if (held && typeof m === 'string' && m.startsWith(`42/${game},["update"`)) waiting.push(() => ws.send(m));
            else ws.send(m);
          });
        });
      }
      await page.goto(`${url}/#/g/${game}/match/${matchID}`);
      await page.getByTestId('gob-board').waitFor({ timeout: UI });
      await page.getByTestId('handover-open').click({ timeout: UI });
      await expect.poll(() => focused(page)).toBe('handover-title');
      // The last move comes from elsewhere (the other device, or the other seat): the panel goes with the match's end.
      const elsewhere = new RawClient(url, { namespace: game });
      const scores = page.getByRole('dialog', { name: 'Final scores' });
      try {
        await elsewhere.sync(matchID, last.actor, creds[Number(last.actor)]);
        held = true;
        elsewhere.move(matchID, last.actor, creds[Number(last.actor)], last.move, last.args, before._stateID);
        if (first === 'board') {
          // The final scores leave focus alone while it is in the panel, outside the board (useDialogKeys); the
          // panel, closing, hands it to them whole (focus fell to the page, BODY, before).
          await scores.waitFor({ timeout: UI });
          expect(await focused(page)).toBe('handover-title');
          release();
          await page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
          await expect.poll(() => focused(page)).toBe('gameover');
        } else {
          // The panel closes before the board has shown the scores: focus goes to the page's main region, and the
          // scores, opening, take it at their way out, as at any match's end.
          await page.getByTestId('handover-panel').waitFor({ state: 'detached', timeout: UI });
          await expect.poll(() => focused(page)).toBe('MAIN');
          release();
          await scores.waitFor({ timeout: UI });
          await expect.poll(() => focused(page)).toBe('gameover-close');
        }
        expect(await page.getByTestId('handover-open').count()).toBe(0);
      } finally {
        release();
        elsewhere.close();
      }
      await context.close();
      expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    },
    60_000,
  );
});
