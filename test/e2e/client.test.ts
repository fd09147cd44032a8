/**
 * Browser tests: the real client bundle in Debian's Chromium against the real
 * server. Two browser contexts play an online match (create in the lobby,
 * join from the open-matches list, a drop-off, a move and a pick-up each seen
 * by the other player, reconnect after a reload, leave), then hot-seat
 * through the pass-the-device screen. Screenshots go to artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { GState } from '../../src/games/lisbon/types';
import type { ColorCounts } from '../../src/games/lisbon/data/types';
import {
  buildClient,
  builtEntry,
  findChromium,
  releaseBrowser,
  sharedBrowser,
  newContext,
  screenshot,
  startE2EServer,
  type E2EServer,
  changeStoredHotSeat,
  storedHotSeat,
} from './harness';
import { craftPosition, emptyTwoStops, type Plan } from './fixture';
import { network } from '../../src/games/lisbon/network';
import { ACTIONS } from '../../src/games/lisbon/data/boards';
import { COLORS } from '../../src/games/lisbon/data/types';

const CHROMIUM = findChromium();
if (!CHROMIUM) {
  console.warn(
    '[e2e] SKIPPED: no Chromium found (set CHROMIUM_PATH or apt-get install chromium); the browser tests did not run.',
  );
}

const UI_TIMEOUT = 10_000;

describe.skipIf(!CHROMIUM)('browser: lobby, online match and hot-seat', () => {
  let server: E2EServer;
  let browser: Browser;
  const errors: string[] = [];
  let matchID = '';
  let plan: Plan;
  let ana: Page;
  let bruno: Page;

  /** Start a 2-player hot-seat game, Hana (first) and Hugo, and wait for the pass-the-device screen. */
  async function startTwoHumanHotSeat(page: Page): Promise<void> {
    await page.goto(`${server.url}/#/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-name-1').fill('Hugo');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
  }

  /** The server's stored state of the match (full, unfiltered). */
  async function stored(): Promise<State<GState>> {
    const r = await server.db.fetch(matchID, { state: true });
    return r.state as State<GState>;
  }

  /** Wait until the server's state has an event of `type`; returns its id. */
  async function eventId(type: string, after = -1): Promise<number> {
    const deadline = Date.now() + UI_TIMEOUT;
    while (Date.now() < deadline) {
      const ev = (await stored()).G.events.find((e) => e.type === type && e.id > after);
      if (ev) return ev.id;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the server never recorded a "${type}" event`);
  }

  beforeAll(async () => {
    buildClient();
    server = await startE2EServer();
    browser = await sharedBrowser();
  }, 60_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (errors.length) console.warn(`[e2e] browser errors:\n${errors.join('\n')}`);
  });

  it('creates a match in the lobby, with clear errors', async () => {
    ({ page: ana } = await newContext(browser, errors, 'ana'));
    // The site lists its games; Lisbon's card leads to its lobby.
    await ana.goto(`${server.url}/`);
    await ana.getByTestId('games').waitFor();
    await screenshot(ana, 'games');
    await ana.getByTestId('play-lisbon-tram-28').click();
    await ana.getByTestId('lobby').waitFor();
    await ana.getByTestId('open-matches').waitFor();
    await screenshot(ana, 'lobby');

    // No name: a clear message instead of a request, under the name field.
    await ana.getByTestId('create-submit').click();
    await expect(ana.getByTestId('name-error').textContent()).resolves.toMatch(/enter your name/i);

    await ana.getByTestId('player-name').fill('Ana');
    await ana.getByTestId('create-players-2').click();
    await ana.getByTestId('create-first').selectOption('0');
    await ana.getByTestId('create-submit').click();
    await ana.waitForURL(/\/match\//, { timeout: UI_TIMEOUT });
    matchID = decodeURIComponent(ana.url().split('/match/')[1]);
    await ana.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    expect(await ana.getByTestId('share-link').inputValue()).toBe(
      `${server.url}/#/g/lisbon-tram-28/match/${encodeURIComponent(matchID)}`,
    );

    const meta = (await server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[0].name).toBe('Ana');
    expect(meta.players[1].name).toBeUndefined();
    expect(meta.setupData).toEqual({ faceUp: 'final', firstPlayer: 0 });
  }, 30_000);

  it('reconnects after a reload, and measures the time to the first board render', async () => {
    // Fix the position before anyone moves (see fixture.ts), then reload to load it.
    const state = structuredClone(await stored());
    plan = craftPosition(state);
    await server.db.setState(matchID, state);

    await ana.reload();
    await ana.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    const ms = await ana.evaluate(() => (window as unknown as { __firstBoardMs?: number }).__firstBoardMs);
    expect(ms).toBeGreaterThan(0);
    console.log(`[e2e] time to first board render on localhost, reload of a seated match: ${Math.round(ms!)} ms`);

    // Cold: a fresh browser context (empty cache) holding the same seat opens the match link.
    const seat = await ana.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID);
    const { context: cold, page: coldPage } = await newContext(browser, errors, 'cold');
    await cold.addInitScript(([k, v]) => localStorage.setItem(k, v), [`lt28:seat:${matchID}`, seat!] as const);
    await coldPage.goto(`${server.url}/#/match/${encodeURIComponent(matchID)}`);
    await coldPage.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    const coldMs = await coldPage.evaluate(() => (window as unknown as { __firstBoardMs?: number }).__firstBoardMs);
    console.log(`[e2e] time to first board render on localhost, cold cache: ${Math.round(coldMs!)} ms`);
    await cold.close();
    await expect(ana.getByTestId('hand').isVisible()).resolves.toBe(true);
    // The crafted position is on the board; its drop-off waits for the table (Bruno sits down next).
    await ana.getByTestId(`display-${plan.card}`).waitFor({ timeout: UI_TIMEOUT });
    await expect(ana.getByTestId(`dropoff-${plan.card}-left`).count()).resolves.toBe(0);
  }, 30_000);

  it('joins from the open-matches list in a second browser', async () => {
    ({ page: bruno } = await newContext(browser, errors, 'bruno'));
    await bruno.goto(`${server.url}/#/g/lisbon-tram-28`);
    await bruno.getByTestId('player-name').fill('Bruno');
    await bruno.getByTestId(`open-${matchID}`).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(bruno, 'lobby-open-matches');
    await bruno.getByTestId(`join-${matchID}`).click({ timeout: UI_TIMEOUT });
    await bruno.waitForURL(/\/match\//, { timeout: UI_TIMEOUT });
    await bruno.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    const meta = (await server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[1].name).toBe('Bruno');
    // Ana's page lists Bruno once the lobby data refreshes.
    await ana.getByTestId('seats-status').getByText('Bruno').waitFor({ timeout: UI_TIMEOUT });
  }, 30_000);

  it('plays a drop-off, a move and a pick-up; the other browser sees each one', async () => {
    await ana.getByTestId(`dropoff-${plan.card}-left`).click({ timeout: UI_TIMEOUT });
    const claim = await eventId('claim');
    await bruno.getByTestId(`log-${claim}`).waitFor({ timeout: UI_TIMEOUT });
    await expect(bruno.getByTestId(`display-${plan.card}`).count()).resolves.toBe(0);

    await ana.getByTestId(`dest-${plan.to}`).click({ timeout: UI_TIMEOUT });
    await ana.getByTestId('confirm-move').click({ timeout: UI_TIMEOUT });
    const moved = await eventId('move');
    await bruno.getByTestId(`log-${moved}`).waitFor({ timeout: UI_TIMEOUT });
    expect((await stored()).G.players['0'].position).toBe(plan.to);

    await ana.getByTestId('pickup-none').click({ timeout: UI_TIMEOUT });
    const picked = await eventId('pickUp');
    await bruno.getByTestId(`log-${picked}`).waitFor({ timeout: UI_TIMEOUT });
    const after = await stored();
    expect(after.G.players['0'].row).toEqual([plan.card]);
    // Three actions spent: the turn passed to Bruno.
    expect(after.ctx.currentPlayer).toBe('1');
    await screenshot(ana, 'online-ana-after-turn');
    await screenshot(bruno, 'online-bruno-sees-turn');
  }, 40_000);

  it("greys a player's seat chip while they are away, and says so on hover", async () => {
    const chip = ana.getByTestId('seat-chip-1');
    await expect.poll(() => chip.getAttribute('class'), { timeout: UI_TIMEOUT }).toContain('online');
    expect(await chip.getAttribute('title')).toBe('Bruno (connected)');
    const url = bruno.url();
    await bruno.goto('about:blank');
    await expect.poll(() => chip.getAttribute('class'), { timeout: UI_TIMEOUT }).toContain('away');
    expect(await chip.getAttribute('title')).toBe('Bruno (not connected)');
    await bruno.goto(url);
    await bruno.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => chip.getAttribute('class'), { timeout: UI_TIMEOUT }).toContain('online');
  }, 30_000);

  it('reconnects the second player to their seat after a reload, and their move reaches the first', async () => {
    await bruno.reload();
    await bruno.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await bruno.getByTestId('hand').waitFor({ timeout: UI_TIMEOUT });
    await bruno.getByTestId('end-turn').click({ timeout: UI_TIMEOUT });
    // With actions left, the board asks first.
    await bruno.getByTestId('end-turn-confirm').click({ timeout: UI_TIMEOUT });
    // The turn passes back: Ana's banner turns to "your turn" and her actions appear.
    await ana.locator('[data-testid="turn-banner"].mine').waitFor({ timeout: UI_TIMEOUT });
    await ana.getByTestId('end-turn').waitFor({ timeout: UI_TIMEOUT });
    expect((await stored()).ctx.currentPlayer).toBe('0');
  }, 30_000);

  it('leaves a match and frees the seat', async () => {
    await ana.getByTestId('leave-match').click();
    await ana.getByTestId('leave-yes').click({ timeout: UI_TIMEOUT });
    await ana.getByTestId('lobby').waitFor({ timeout: UI_TIMEOUT });
    const meta = (await server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[0].name).toBeUndefined();
    expect(await ana.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID)).toBeNull();
  }, 20_000);

  it('joins the freed seat through the share link; a visitor can watch', async () => {
    const { page: carla } = await newContext(browser, errors, 'carla');
    await carla.goto(`${server.url}/#/match/${encodeURIComponent(matchID)}`);
    await carla.getByTestId('join-panel').waitFor({ timeout: UI_TIMEOUT });
    await carla.getByTestId('join-name').fill('Carla');
    await expect(carla.getByTestId('join-seat').inputValue()).resolves.toBe('0');
    await carla.getByTestId('join-submit').click();
    await carla.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await carla.getByTestId('hand').waitFor({ timeout: UI_TIMEOUT });
    await expect(carla.getByTestId('seat-released').count()).resolves.toBe(0);
    const meta = (await server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[0].name).toBe('Carla');
    await carla.context().close();

    // Every seat is taken: a visitor may watch, and sees no hand.
    const { page: eve, context } = await newContext(browser, errors, 'eve');
    await eve.goto(`${server.url}/#/match/${encodeURIComponent(matchID)}`);
    await eve.getByText('Every seat is taken').waitFor({ timeout: UI_TIMEOUT });
    await eve.getByTestId('watch').click();
    await eve.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect(eve.getByTestId('hand').count()).resolves.toBe(0);
    await context.close();
  }, 20_000);

  it('seats server bots from the new-match form and from the match page; they play', async () => {
    const { page, context } = await newContext(browser, errors, 'bots');
    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bots/')) asked.push(r.postDataJSON());
    });
    await page.goto(`${server.url}/#/g/lisbon-tram-28`);
    await page.getByTestId('player-name').fill('Dora');
    await page.getByTestId('create-players-3').click();
    await page.getByTestId('create-kind-1').selectOption('bot');
    await page.getByTestId('create-level-1').selectOption('easy');
    // What the choice means is said under it, and read with the group (it named rulebook editions and no more).
    const faceUp = page.getByRole('radiogroup', { name: 'Face-up Monument cards' });
    const hint = await faceUp.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(hint).toContain('the game ends once the last is dealt: 15 in the final rulebook, 16 in an early rules text');
    await page.getByTestId('create-faceup-early').click();
    await page.getByTestId('create-first').selectOption('1');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/match\//, { timeout: UI_TIMEOUT });
    const id = decodeURIComponent(page.url().split('/match/')[1]);
    // The request carries the creator's seat and credentials (server/bots.ts).
    expect(asked).toEqual([{ seat: 1, level: 'easy', playerID: '0', credentials: expect.any(String) }]);
    let meta = (await server.db.fetch(id, { metadata: true })).metadata;
    expect(meta.setupData).toEqual({ faceUp: 'early', firstPlayer: 1 });
    expect(meta.players[1].name).toBe('Bot 2 (easy)');
    expect(meta.players[2].name).toBeUndefined();

    // The open seat gets a bot from the waiting room, the one place that offers it while the table fills;
    // the greyed board behind it is nobody's turn yet.
    await page.getByTestId('waiting-room').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('turn-banner').textContent()).resolves.toMatch(/^Waiting for players/);
    await expect(page.getByTestId('add-bot-2').count()).resolves.toBe(0);
    await page.getByTestId('waiting-bot-level').selectOption('normal');
    await page.getByTestId('fill-bots').click();
    await page.getByTestId('seats-status').getByText('Bot 3 (normal)').waitFor({ timeout: UI_TIMEOUT });
    meta = (await server.db.fetch(id, { metadata: true })).metadata!;
    expect(meta.players[2].name).toBe('Bot 3 (normal)');
    await expect(page.getByTestId('add-bot-2').count()).resolves.toBe(0);

    // Both bots take their turns; then it is Dora's.
    await page.locator('[data-testid="turn-banner"].mine').waitFor({ timeout: 25_000 });
    const st = (await server.db.fetch(id, { state: true })).state as State<GState>;
    expect(st.ctx.currentPlayer).toBe('0');
    expect(st.G.events.filter((e) => e.type === 'endTurn').map((e) => (e as { player: string }).player)).toEqual([
      '1',
      '2',
    ]);
    await screenshot(page, 'online-after-bots');
    await context.close();
  }, 40_000);

  it('explains an unknown match link', async () => {
    await ana.goto(`${server.url}/#/match/no-such-match`);
    await ana.getByTestId('match-gone').waitFor({ timeout: UI_TIMEOUT });
    await expect(ana.getByTestId('match-gone').textContent()).resolves.toMatch(
      /there is no such match \(the link may be mistyped, or the match was removed\)/,
    );
  }, 20_000);

  it('plays hot-seat through the pass-the-device screen', async () => {
    const { page } = await newContext(browser, errors, 'hotseat');
    await startTwoHumanHotSeat(page);
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hana');
    await expect(page.getByTestId('hand').count()).resolves.toBe(0);
    await screenshot(page, 'hotseat-pass-device');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('player-0').isVisible()).resolves.toBe(true);
    await page.getByTestId('hand').waitFor();
    await screenshot(page, 'hotseat-board');

    await page.getByTestId('end-turn').click();
    await page.getByTestId('end-turn-confirm').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hugo');
    await expect(page.getByTestId('hand').count()).resolves.toBe(0);
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('turn-banner').textContent()).resolves.toMatch(/Hugo|your/i);

    // A reload keeps the game: it comes back by itself, and the device goes to Hugo again.
    await page.reload();
    await page.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hugo');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').waitFor({ timeout: UI_TIMEOUT });
    await page.context().close();
  }, 30_000);

  it('hands the device to a player who must decide outside their turn', async () => {
    const { page, context } = await newContext(browser, errors, 'hotseat-decision');
    await startTwoHumanHotSeat(page);

    // Fix the position in the persisted local match (see fixture.ts), then resume it.
    const { local, stop } = await changeStoredHotSeat<GState, { local: Plan; stop: string }>(page, (state) => {
      const plan = craftPosition(state);
      return { local: plan, stop: emptyTwoStops(state.G, plan.to)[0] };
    });
    await page.getByTestId('hs-resume').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await page.getByTestId(`dropoff-${local.card}-left`).click({ timeout: UI_TIMEOUT });

    // Hugo, to Hana's right, places the new passengers: the device goes to him first.
    await page.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hugo');
    await expect(page.getByTestId('pass-device').textContent()).resolves.toMatch(/place the new passengers/);
    await expect(page.getByTestId('hand').count()).resolves.toBe(0);
    await page.getByTestId('pass-ready').click();
    await page.getByTestId(`place-btn-${stop}`).waitFor({ timeout: UI_TIMEOUT });
    await screenshot(page, 'hotseat-out-of-turn-decision');
    await page.getByTestId(`place-btn-${stop}`).click();

    // Back to Hana, who still has actions left this turn.
    await page.getByTestId('pass-device').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hana');
    await page.getByTestId('pass-ready').click();
    await page.getByTestId(`dest-${local.to}`).waitFor({ timeout: UI_TIMEOUT });
    await context.close();
  }, 30_000);

  it("tells the passenger the bell drew when that pick-up ends the turn: the pass screen says what Hana's last action did", async () => {
    const { page, context } = await newContext(browser, errors, 'hotseat-bell-last');
    await startTwoHumanHotSeat(page);
    // Hana, with one action left, stands at a stop where 1 red passenger waits and holds 2 tickets of each colour:
    // whatever the bell draws, the group can be paid one way only, so nothing is asked and her turn ends at once.
    const stop = await changeStoredHotSeat<GState, string>(page, ({ G }) => {
      const me = G.players['0'];
      const at = network(G.side).stops.find((n) => n !== G.players['1'].position)!;
      for (const c of COLORS) G.bag[c] += G.stops[at][c];
      G.stops[at] = { red: 1, yellow: 0, green: 0, blue: 0 };
      G.bag.red--;
      const deck = G.secret!.ticketDeck;
      for (const c of COLORS) {
        for (; me.hand![c] > 2; me.hand![c]--) deck.push(c);
        for (; me.hand![c] < 2; me.hand![c]++) deck.splice(deck.indexOf(c), 1);
      }
      me.handSize = 8;
      G.deckSize = deck.length;
      me.position = at;
      G.turn.actions = ACTIONS.base - 1;
      return at;
    });
    await page.getByTestId('hs-resume').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pickup-bell').click({ timeout: UI_TIMEOUT });

    // The pass screen comes for Hugo at once; it says what the bell drew (public: the passenger is on the board,
    // in Hana's seats), which only the log, behind it, told.
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI_TIMEOUT }).toBe('Hugo');
    const G = (await storedHotSeat<GState>(page))[0][1].G;
    const bell = G.events.find((e) => e.type === 'bell');
    expect(bell && bell.type === 'bell' ? bell.drawn : []).toHaveLength(1);
    const drawn = bell && bell.type === 'bell' ? bell.drawn[0] : '';
    expect(G.events.some((e) => e.type === 'pickUp' && e.stop === stop)).toBe(true);
    const recap = page.getByTestId('pass-recap');
    await recap.waitFor({ timeout: UI_TIMEOUT });
    expect(await recap.textContent()).toContain(`Hana's last action`);
    expect(await recap.textContent()).toContain(`Hana rang the bell: drew ${drawn}`);
    expect(await recap.textContent()).toMatch(/Hana picked up .* at /);
    // Nothing of Hana's tickets but their number.
    expect(await recap.textContent()).toMatch(/Hana drew 4 tickets/);
    expect(await page.getByTestId('hand').count()).toBe(0);
    await screenshot(page, 'hotseat-bell-last-action');
    // A reload keeps it; on a phone held sideways the recap stands beside the rest, in the window with the button.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.reload();
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI_TIMEOUT }).toBe('Hugo');
    await recap.waitFor({ timeout: UI_TIMEOUT });
    expect(await recap.textContent()).toContain(`Hana rang the bell: drew ${drawn}`);
    await page.waitForTimeout(300);
    for (const el of [recap, page.getByTestId('pass-ready')]) {
      const box = (await el.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'hotseat-bell-last-action-sideways');
    await page.setViewportSize({ width: 1400, height: 900 });
    // Hugo's own turn, then back to Hana: the pass screen tells his last action (ending his turn).
    await page.getByTestId('pass-ready').click();
    await page.getByTestId('end-turn').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('end-turn-confirm').click({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI_TIMEOUT }).toBe('Hana');
    await expect
      .poll(() => recap.textContent({ timeout: 500 }), { timeout: UI_TIMEOUT })
      .toContain('Hugo ended the turn');
    expect(await recap.textContent()).not.toContain('rang the bell');
    await context.close();
  }, 60_000);

  it('rings the bell and pays the way the player chooses, not the cheapest', async () => {
    const { page, context } = await newContext(browser, errors, 'hotseat-bell-pay');
    await startTwoHumanHotSeat(page);
    const read = () => storedHotSeat<GState>(page);
    // Hana stands at a stop with waiting passengers, 3 tickets of each colour in hand (see fixture.ts):
    // whatever the bell draws, the group can be paid in more than one way.
    const hand = await changeStoredHotSeat<GState, ColorCounts>(page, (state) => {
      state.G.players['0'].position = craftPosition(state).to;
      return { ...state.G.players['0'].hand! };
    });
    await page.getByTestId('hs-resume').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pickup-bell').click({ timeout: UI_TIMEOUT });

    const keep = page.locator('[data-testid^="keep-"]');
    await keep.first().waitFor({ timeout: UI_TIMEOUT });
    const color = (await keep.first().getAttribute('data-testid'))!.slice('keep-'.length);
    await page.getByTestId(`bell-pay-${color}-toggle`).click();
    const other = page.locator(`[data-testid^="bell-pay-${color}-"][type="radio"]`).nth(1);
    const key = (await other.getAttribute('data-testid'))!.slice(`bell-pay-${color}-`.length);
    await other.check();
    await screenshot(page, 'hotseat-bell-payment');
    await page.getByTestId(`keep-${color}`).click();

    // The tickets spent are exactly the payment chosen.
    const paid = key.split(',').map(Number);
    const colors = ['red', 'yellow', 'green', 'blue'] as const;
    const deadline = Date.now() + UI_TIMEOUT;
    let G = (await read())[0][1].G;
    while (!G.events.some((e) => e.type === 'pickUp') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      G = (await read())[0][1].G;
    }
    expect(G.pending).toBeNull();
    expect(G.events.find((e) => e.type === 'pickUp')).toMatchObject({
      paid: Object.fromEntries(colors.map((c, i) => [c, paid[i]])),
    });
    expect(colors.map((c) => hand[c] - G.players['0'].hand![c])).toEqual(paid);
    await context.close();
  }, 30_000);

  it('offers both routes of equal cost when one pushes and the other does not; the player picks the quiet one', async () => {
    const { page, context } = await newContext(browser, errors, 'hotseat-route-choice');
    await startTwoHumanHotSeat(page);
    const read = () => storedHotSeat<GState>(page);
    // Hana at Castelo, Hugo at Baixa, nobody waiting at Baixa, Graça or Martim Moniz: Rossio is one move
    // away via Baixa (pushing Hugo) or via Graça (no push).
    await changeStoredHotSeat<GState>(page, ({ G }) => {
      G.players['0'].position = 'castelo';
      G.players['1'].position = 'baixa';
      for (const stop of ['baixa', 'graca', 'martim-moniz']) {
        for (const c of ['red', 'yellow', 'green', 'blue'] as const) G.bag[c] += G.stops[stop][c];
        G.stops[stop] = { red: 0, yellow: 0, green: 0, blue: 0 };
      }
    });
    await page.getByTestId('hs-resume').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('pass-ready').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('dest-rossio').click({ timeout: UI_TIMEOUT });
    await page.getByTestId('route-choice').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('route-choice').textContent()).resolves.toMatch(/via Baixa — pushes Hugo/);
    await expect(page.getByTestId('push-warning').count()).resolves.toBe(1);
    await page.getByTestId('route-1').check();
    await expect(page.getByTestId('push-warning').count()).resolves.toBe(0);
    await screenshot(page, 'hotseat-route-choice');
    await page.getByTestId('confirm-move').click();
    const deadline = Date.now() + UI_TIMEOUT;
    let after = (await read())[0][1].G;
    while (after.players['0'].position !== 'rossio' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = (await read())[0][1].G;
    }
    expect(after.players['0'].position).toBe('rossio');
    expect(after.players['1'].position).toBe('baixa');
    await context.close();
  }, 30_000);

  it('shows no hand while a bot opens a game with two humans', async () => {
    const { page, context } = await newContext(browser, errors, 'hotseat-bot-first');
    await page.goto(`${server.url}/#/hotseat`);
    await page.getByTestId('hs-players-3').click();
    await page.getByTestId('hs-kind-0').selectOption('bot');
    await page.getByTestId('hs-level-0').selectOption('easy');
    await page.getByTestId('hs-name-1').fill('Hana');
    await page.getByTestId('hs-name-2').fill('Hugo');
    await page.getByTestId('hs-first').selectOption('0');
    await page.getByTestId('hs-start').click();
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByTestId('hand').count()).resolves.toBe(0);
    await page.getByTestId('pass-device').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('pass-name').textContent()).resolves.toBe('Hana');
    await context.close();
  }, 30_000);

  it('runs a hot-seat bot seat through its own client', async () => {
    const { page } = await newContext(browser, errors, 'hotseat-bot');
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.goto(`${server.url}/#/hotseat`);
    await page.getByTestId('hs-name-0').fill('Hana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await page.getByTestId('hs-first').selectOption('1');
    await page.getByTestId('hs-start').click();
    // One human: no pass screen. The bot plays its turn, then it is Hana's.
    await page.getByTestId('map').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('end-turn').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('pass-device').count()).resolves.toBe(0);
    // The bot searched in a worker started from the client's entry file, off the page's thread.
    expect(workers).toEqual([`${server.url}${builtEntry('src/client/main.tsx')}`]);
    await expect(
      page.workers()[0].evaluate(() => typeof (self as unknown as { onmessage: unknown }).onmessage),
    ).resolves.toBe('function');
    await screenshot(page, 'hotseat-after-bot');
  }, 30_000);

  it('threw no uncaught errors in any page', () => {
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
  });
});
