/**
 * "Take back" in Debian's Chromium against the real server, on Lisbon and
 * Touched On: a player makes an action through the board, takes it back with
 * the button (or Ctrl+Z), the stored position is the one before it, and the
 * other player's page says so; an action that drew (Lisbon's drop-off refills
 * the display from the deck, Touched On's draw) cannot be taken back, by the
 * button or the shortcut. Touched On's take-back is made after a reload of the
 * page, which then holds no history of its own. No page logs a console error
 * (boardgame.io's client, which has no undo history, used to log "No moves to
 * undo" on every take-back). On a phone held sideways, while the bar's button is
 * scrolled away, a copy of it floats at the end of the turn banner, over none of
 * its words, for a while after each action.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import type { TOState } from '../../src/games/touched-on/types';
import { carriage, emptyHands, give, setPlay, toTop } from '../games/touched-on/helpers';
import { craftPosition } from './fixture';
import { createJoined, e2eSuite, findChromium, hiddenUnder, newContext, openAsSeat, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: taking back', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  /** A match of `game` with every seat joined (seat 0 first), its state edited by `edit` before anyone moves. */
  async function match<G>(game: string, numPlayers: number, setupData: unknown, edit: (s: State<G>) => void) {
    const url = suite.server.url;
    const { matchID, creds } = await createJoined(url, game, numPlayers, setupData);
    const state = structuredClone((await suite.server.db.fetch(matchID, { state: true })).state as State<G>);
    edit(state);
    // The turn's first position to go back to is the edited one (as boardgame.io sets it up).
    state._undo = [{ G: state.G, ctx: state.ctx, plugins: state.plugins }];
    await suite.server.db.setState(matchID, state);
    /** Seat `playerID`'s page, in a browser context with `options` (a size, touch). */
    const seat = async (playerID: string, options: BrowserContextOptions = {}) =>
      (
        await openAsSeat(
          suite.browser,
          errors,
          `take-back-${game}-${playerID}`,
          { url, game, matchID, playerID, credentials: creds[Number(playerID)] },
          undefined,
          options,
        )
      ).page;
    const stored = async () => (await suite.server.db.fetch(matchID, { state: true })).state as State<G>;
    return { matchID, seat, stored };
  }

  /** Waits until the stored state has moved past `stateID`; returns it. */
  async function movedPast<G>(stored: () => Promise<State<G>>, stateID: number): Promise<State<G>> {
    await expect.poll(async () => (await stored())._stateID, { timeout: UI }).toBeGreaterThan(stateID);
    return stored();
  }

  /** The take-back button is there and disabled, and Ctrl+Z changes nothing. */
  async function cannotTakeBack<G>(page: Page, stored: () => Promise<State<G>>) {
    const button = page.getByTestId('take-back');
    await expect.poll(() => button.isDisabled(), { timeout: UI }).toBe(true);
    const before = await stored();
    await page.locator('body').press('Control+z');
    await new Promise((r) => setTimeout(r, 500));
    expect((await stored())._stateID).toBe(before._stateID);
  }

  it('lisbon: a move is taken back to the stop it left; a drop-off cannot be', async () => {
    let plan!: ReturnType<typeof craftPosition>;
    const m = await match<GState>('lisbon-tram-28', 2, { firstPlayer: 0 }, (s) => {
      plan = craftPosition(s);
    });
    const ana = await m.seat('0');
    const bruno = await m.seat('1');
    await ana.getByTestId('map').waitFor({ timeout: UI });
    await bruno.getByTestId('map').waitFor({ timeout: UI });
    const start = await m.stored();
    // Nothing to take back before the first action.
    await expect.poll(() => ana.getByTestId('take-back').isDisabled(), { timeout: UI }).toBe(true);
    expect(await bruno.getByTestId('take-back').count()).toBe(0);

    await ana.getByTestId(`dest-${plan.to}`).click({ timeout: UI });
    await ana.getByTestId('confirm-move').click({ timeout: UI });
    const moved = await movedPast(m.stored, start._stateID);
    expect(moved.G.players['0'].position).toBe(plan.to);
    await ana.getByTestId('take-back').click({ timeout: UI });
    const back = await movedPast(m.stored, moved._stateID);
    expect(back.G).toEqual(start.G);
    await bruno.getByTestId('take-back-notice').filter({ hasText: 'Player 1 took back their last action.' }).waitFor({
      timeout: UI,
    });
    await screenshot(bruno, 'take-back-lisbon-bruno');

    // Again, taken back with the keyboard this time.
    await ana.getByTestId(`dest-${plan.to}`).click({ timeout: UI });
    await ana.getByTestId('confirm-move').click({ timeout: UI });
    const again = await movedPast(m.stored, back._stateID);
    expect(again.G.players['0'].position).toBe(plan.to);
    await expect.poll(() => ana.getByTestId('take-back').isEnabled(), { timeout: UI }).toBe(true);
    await ana.locator('body').press('Control+z');
    expect((await movedPast(m.stored, again._stateID)).G).toEqual(start.G);

    // The drop-off refills the display from the deck: no take-back.
    await ana.getByTestId(`dropoff-${plan.card}-left`).click({ timeout: UI });
    const claimed = await movedPast(m.stored, again._stateID + 1);
    expect(claimed.G.players['0'].row).toEqual([plan.card]);
    await cannotTakeBack(ana, m.stored);
    expect((await m.stored()).G.players['0'].row).toEqual([plan.card]);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    // boardgame.io's client runs the undo on a state without its history first: that refusal is not logged.
    expect(errors.filter((e) => e.includes('console:'))).toEqual([]);
    await ana.context().close();
    await bruno.context().close();
  }, 90_000);

  it('lisbon on a phone held sideways: the bar is scrolled away, and Take back floats in view for a while after a move', async () => {
    let plan!: ReturnType<typeof craftPosition>;
    const m = await match<GState>('lisbon-tram-28', 2, { firstPlayer: 0 }, (s) => {
      plan = craftPosition(s);
    });
    const page = await m.seat('0', { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
    await page.getByTestId('map').waitFor({ timeout: UI });
    const start = await m.stored();
    await page.getByTestId(`dest-${plan.to}`).tap();
    await page.getByTestId(`zoom-dest-${plan.to}`).tap({ timeout: UI });
    await page.getByTestId('confirm-move').tap({ timeout: UI });
    const moved = await movedPast(m.stored, start._stateID);
    // The board is at the window's top: the bar's button is above it, out of view, and its copy floats in view.
    const float = page.getByTestId('take-back-float');
    await float.waitFor({ timeout: UI });
    const inBar = (await page.getByTestId('take-back').boundingBox())!;
    expect(inBar.y + inBar.height).toBeLessThanOrEqual(0);
    const r = (await float.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width).toBeLessThanOrEqual(844);
    expect(r.height).toBeGreaterThanOrEqual(44);
    // At the end of the turn banner, stuck at the window's top, which makes room for it: none of its words under it.
    const under = await hiddenUnder(page, '[data-testid="take-back-float"]', {
      text: '[data-testid="turn-banner"]',
      controls: true,
    });
    expect(under, 'what the floating Take back covers').toEqual([]);
    const banner = (await page.getByTestId('turn-banner').boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(banner.y);
    expect(r.y + r.height).toBeLessThanOrEqual(banner.y + banner.height);
    await screenshot(page, 'take-back-float-landscape');
    await float.tap();
    expect((await movedPast(m.stored, moved._stateID)).G).toEqual(start.G);
    // Nothing left to take back: the copy goes.
    await float.waitFor({ state: 'detached', timeout: UI });
    // With the bar in view, no copy floats, whatever can be taken back.
    await page.getByTestId(`dest-${plan.to}`).tap();
    await page.getByTestId(`zoom-dest-${plan.to}`).tap({ timeout: UI });
    await page.getByTestId('confirm-move').tap({ timeout: UI });
    await float.waitFor({ timeout: UI });
    await page.evaluate(() => window.scrollTo(0, 0));
    await float.waitFor({ state: 'detached', timeout: UI });
    expect(await page.getByTestId('take-back').isEnabled()).toBe(true);
    // Scrolled away again, the copy comes back, and goes by itself 8 s after the action, the bar still out of view.
    await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="take-back"]')!.getBoundingClientRect();
      window.scrollTo(0, window.scrollY + bar.bottom + 20);
    });
    await float.waitFor({ timeout: UI });
    const withCopy = (await page.getByTestId('turn-banner').boundingBox())!;
    await float.waitFor({ state: 'detached', timeout: 12_000 });
    // The banner keeps the copy's room while the move can be taken back: nothing under it moves as the copy goes.
    expect(await page.getByTestId('take-back-room').count()).toBe(1);
    expect(await page.getByTestId('turn-banner').boundingBox()).toEqual(withCopy);
    const bar = (await page.getByTestId('take-back').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('take-back').isEnabled()).toBe(true);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('lisbon hot-seat: a move is taken back from the bar above the board', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'take-back-hotseat');
    await page.goto(`${suite.server.url}/#/g/lisbon-tram-28/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('map').waitFor({ timeout: UI });
    const button = page.getByTestId('take-back');
    await expect.poll(() => button.isDisabled(), { timeout: UI }).toBe(true);
    // A destination whose move pushes no tram.
    const dests = page.locator('.lt-mapcol [data-testid^="dest-"]');
    let quiet = -1;
    for (let i = 0; i < (await dests.count()) && quiet < 0; i++)
      if (!((await dests.nth(i).getAttribute('aria-label')) ?? '').includes('pushes')) quiet = i;
    expect(quiet).toBeGreaterThanOrEqual(0);
    const dest = (await dests.nth(quiet).getAttribute('data-testid'))!;
    const where = async () => page.getByTestId('log').textContent();
    const before = await where();
    await dests.nth(quiet).click();
    await page.getByTestId('confirm-move').click({ timeout: UI });
    await expect.poll(where, { timeout: UI }).not.toBe(before);
    await button.click({ timeout: UI });
    await page.getByTestId('take-back-notice').filter({ hasText: 'You took back your last action.' }).waitFor({
      timeout: UI,
    });
    await expect.poll(where, { timeout: UI }).toBe(before);
    await expect.poll(() => button.isDisabled(), { timeout: UI }).toBe(true);
    await page.getByTestId(dest).waitFor({ timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    // boardgame.io's client runs the undo on a state without its history first: that refusal is not logged.
    expect(errors.filter((e) => e.includes('console:'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('touched-on: a batch is taken back to the hand; a drawn card cannot be put back', async () => {
    // Ana (seat 0) starts: the dealer is the last seat.
    let batch: string[] = [];
    const m = await match<TOState>('touched-on', 2, { dealer: 1 }, (s) => {
      emptyHands(s.G);
      batch = give(s.G, '0', ['E96', 'E96', 'appeal', 'E86']).slice(0, 2);
      give(s.G, '1', ['E86', 'E86']);
      s.G.drawCount = s.G.drawPile.length;
    });
    const ana = await m.seat('0');
    const bruno = await m.seat('1');
    const start = await m.stored();
    for (const card of batch) await ana.getByTestId(`hand-card-${card}`).click({ timeout: UI });
    await ana.getByTestId('play-batch').click({ timeout: UI });
    await bruno.getByTestId(`placed-${batch[0]}`).waitFor({ timeout: UI });
    const played = await m.stored();
    expect(played.G.players['0'].hand).not.toContain(batch[0]);
    // After a reload, too: the page then holds no history of its own to go back to.
    await ana.reload();
    await ana.getByTestId(`placed-${batch[0]}`).waitFor({ timeout: UI });
    await ana.getByTestId('take-back').click({ timeout: UI });
    const back = await movedPast(m.stored, played._stateID);
    expect(back.G).toEqual(start.G);
    await ana.getByTestId(`hand-card-${batch[0]}`).waitFor({ timeout: UI });
    await bruno.getByTestId(`placed-${batch[0]}`).waitFor({ state: 'detached', timeout: UI });
    await bruno.getByTestId('take-back-notice').waitFor({ timeout: UI });
    await ana.getByTestId('take-back-notice').filter({ hasText: 'You took back your last action.' }).waitFor();
    expect(await ana.getByTestId('seat-released').count()).toBe(0);
    await screenshot(ana, 'take-back-touched-on-ana');
    await ana.context().close();
    await bruno.context().close();

    // Three players: Carla's batch is on the 19; Ana's only card, an 86, cannot follow: she draws an Evader of 19.
    const d = await match<TOState>('touched-on', 3, { dealer: 2 }, (s) => {
      emptyHands(s.G);
      const id = carriage(s.G, '19', [['2', 'E19']]);
      setPlay(s.G, '19', '2', id);
      give(s.G, '0', ['E86']);
      give(s.G, '1', ['E19']);
      give(s.G, '2', ['E19']);
      toTop(s.G, 'E19');
      s.G.drawCount = s.G.drawPile.length;
    });
    const ana3 = await d.seat('0');
    const before = await d.stored();
    await ana3.getByTestId('draw').click({ timeout: UI });
    const drawn = await movedPast(d.stored, before._stateID);
    expect(drawn.G.players['0'].handSize).toBe(2);
    expect(drawn.ctx.currentPlayer).toBe('0');
    await cannotTakeBack(ana3, d.stored);
    expect((await d.stored()).G.players['0'].handSize).toBe(2);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    // boardgame.io's client runs the undo on a state without its history first: that refusal is not logged.
    expect(errors.filter((e) => e.includes('console:'))).toEqual([]);
    await ana3.context().close();
  }, 90_000);
});
