/**
 * Touched On's table on a real match page (invite link, seats bar, chat and
 * switches above the board), in Debian's Chromium, on a mid-journey 3-player
 * position: three Lines with several carriages (one of them emptied by an
 * inspection), Line 19 filled past 9 with a Priority Seat, the current
 * carriage on Line 96 exposed, and the seat on turn holding an Undercover
 * Inspector. Without scrolling the page:
 * - at 1366 × 768 and 1920 × 1080, the current carriage's cards (with their
 *   owners' tags) and the four piles lie inside the window and clear of the
 *   hand, on a normal turn, while the Inspector is chosen, and on the
 *   inspected player's screen while they decide whether to Appeal;
 * - on a 390 × 844 phone, when the sheet says to tap a raised card, the hand's
 *   raised cards are in the window above the sheet; the hand is not pinned
 *   while the player is inspected, so the carriage can be seen; the toast
 *   telling the inspector that the Appeal won stands over the banner: the
 *   chat's bar above the board, and the hand's cards, are clear of it and take
 *   a tap (also at 360 × 640); at 360 × 640 with the chat open at the page's
 *   top, where the board starts below the window, it is in view all the same,
 *   over none of the page's controls;
 * - on a 360 × 640 and a 390 × 844 phone, the current Line (its card, count and
 *   current carriage of 4 stacked cards) is in view between the banner and the
 *   pinned hand as the turn starts, while a batch is chosen and after it; a
 *   carriage of 6 cards, taller than that room on the small phone, has all its
 *   cards in view while a batch is chosen; after a batch that can be taken
 *   back, the floating Take back stands inside the banner, over none of its
 *   words and no control;
 * - every opponent's face-down fan lies within its seat tile;
 * - a Line over 9 reads "10 · full", and the carriages shown are numbered
 *   1, 2, 3 with the emptied one left out;
 * - in a crowded 4-player position (four carriages on the current Line) the
 *   current carriage comes first on its Line, and stays clear of the hand.
 * Screenshots go to artifacts/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { carriage, emptyHands, give, pick, setPlay } from '../games/touched-on/helpers';
import {
  createJoined,
  expectInView,
  findChromium,
  hiddenUnder,
  SCREENS,
  e2eSuite,
  type E2EServer,
  screenshot,
} from './harness';
import { midJourney, type Table } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

/**
 * A crowded 4-player position late in a journey: every Line holds carriages, the current Line (96) three
 * ended ones before the exposed current carriage, so the Line's column is at its tallest.
 */
async function crowded(server: E2EServer): Promise<Table> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 4);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  const order = state.ctx.playOrder;
  const cur = state.ctx.currentPlayer;
  const at = (k: number) => order[(order.indexOf(cur) + k) % order.length];
  const [next, third, prev] = [at(1), at(2), at(3)];
  emptyHands(G);
  carriage(G, '19', [
    [next, 'E19'],
    [next, 'E19'],
  ]);
  carriage(G, '19', [
    [third, 'E19'],
    [third, 'E19'],
    [third, 'E19'],
  ]);
  carriage(G, '86', [
    [cur, 'E86'],
    [cur, 'E86'],
    [cur, 'E86'],
  ]);
  carriage(G, '86', [
    [prev, 'E86'],
    [prev, 'E86'],
    [third, 'E86'],
  ]);
  carriage(G, '109', [[third, 'E109']]);
  carriage(G, '96', [
    [next, 'E96'],
    [third, 'E96'],
  ]);
  carriage(G, '96', [
    [cur, 'E96'],
    [cur, 'prioritySeat'],
  ]);
  carriage(G, '96', [
    [prev, 'E96'],
    [prev, 'E96'],
  ]);
  const exposed = carriage(G, '96', [
    [third, 'E96'],
    [prev, 'E96'],
    [prev, 'E96'],
  ]);
  setPlay(G, '96', prev, exposed);
  const [undercover] = give(G, cur, ['U', 'A96', 'E86', 'E86', 'E109']);
  give(G, prev, ['E109', 'E109', 'U']);
  give(G, next, ['E19', 'E109']);
  give(G, third, ['E19', 'appeal']);
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, cur, prev, exposed, undercover };
}

/** A window size: the harness's SCREENS, or another phone. */
type Screen = { name: string; width: number; height: number; touch: boolean };
/** The phones the hand's and the Line's layout are checked on: a small one and the harness's. */
const PHONES: Screen[] = [
  { name: 'phone-360', width: 360, height: 640, touch: true },
  { name: 'phone', width: 390, height: 844, touch: true },
];

/**
 * The largest hand of one Line: in a 2-seat match, the seat not on turn holds all 9 Evaders of 96 and its
 * Authorised Inspector (10 cards in one group; a hand can only gain Evaders of a Line it was dealt or took, 9 of
 * each), plus an Appeal; the seat on turn holds an Evader of 86.
 */
async function bigHand(server: E2EServer): Promise<Table> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 2);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  const cur = state.ctx.currentPlayer;
  const other = cur === '0' ? '1' : '0';
  emptyHands(G);
  give(G, other, [...Array.from({ length: 9 }, () => 'E96'), 'A96', 'appeal']);
  give(G, cur, ['E86', 'E86']);
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, cur, prev: other, exposed: -1, undercover: '' };
}

/**
 * Crowded seat tiles in a 4-seat match: the seat on turn ("playing") holds 10 cards, the next 11, the third 9, the
 * viewer (the last) 3; every seat holds Exp cards and the viewer has a Peak Hour in front of it.
 */
async function fullSeats(server: E2EServer): Promise<Table> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 4);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  const order = state.ctx.playOrder;
  const cur = state.ctx.currentPlayer;
  const at = (k: number) => order[(order.indexOf(cur) + k) % order.length];
  emptyHands(G);
  const lines = ['E19', 'E96', 'E86', 'E109'];
  const deal = (p: string, n: number) =>
    give(
      G,
      p,
      Array.from({ length: n }, (_, i) => lines[i % 4]),
    );
  deal(cur, 10);
  deal(at(1), 11);
  deal(at(2), 9);
  give(G, at(3), ['U', 'appeal', 'A19']);
  for (const [k, n] of [
    [0, 2],
    [1, 1],
    [2, 2],
    [3, 1],
  ]) {
    const p = G.players[at(k)];
    p.exp = G.expPile.splice(0, n);
    p.expCount = n;
  }
  G.expPileCount = G.expPile.length;
  G.peakHours.push({ card: pick(G, 'peakHour'), owner: at(3) });
  G.drawPile.splice(G.drawPile.indexOf(G.peakHours[0].card), 1);
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, cur: at(3), prev: cur, exposed: -1, undercover: '' };
}

/** A page holding seat `seat` of the match, at a size, as loaded (never scrolled). */
async function openSeat(
  suite: { server: E2EServer; browser: import('playwright-core').Browser },
  t: Table,
  seat: string,
  size: Screen,
  opts: {
    /** A page of the site opened first, from which the match page is reached as a player does (a link followed). */
    via?: string;
    /** The seat's name as the server has it (else "Player N"): another name is a seat released, its board put away. */
    name?: string;
  } = {},
): Promise<Page> {
  const { via } = opts;
  const context = await suite.browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.touch,
    hasTouch: size.touch,
    reducedMotion: 'reduce',
  });
  const info = {
    gameId: 'touched-on',
    matchID: t.matchID,
    playerID: seat,
    credentials: t.creds[Number(seat)],
    playerName: opts.name ?? `Player ${Number(seat) + 1}`,
    joinedAt: 0,
  };
  await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), info);
  const page = await context.newPage();
  const match = `#/g/touched-on/match/${t.matchID}`;
  if (via) {
    await page.goto(`${suite.server.url}/${via}`);
    await page.getByRole('heading').first().waitFor({ timeout: UI });
    await page.evaluate((hash) => (location.hash = hash), match);
  } else await page.goto(`${suite.server.url}/${match}`);
  await page.getByTestId('hand').waitFor({ timeout: UI });
  if (t.exposed >= 0) await page.getByTestId(`carriage-${t.exposed}`).waitFor({ timeout: UI });
  return page;
}

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (page: Page, selector: string): Promise<Box[]> =>
  page.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll(sel)).map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    selector,
  );
const meets = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What is wrong with the table as the page stands: each of the current carriage's cards and owner tags, and
 * each pile, that lies outside the window or meets the hand's box.
 */
async function hiddenParts(page: Page, t: Table): Promise<string[]> {
  const vp = page.viewportSize()!;
  const [hand] = await boxOf(page, '[data-testid="hand"]');
  const parts: [string, Box][] = [];
  for (const [what, sel] of [
    ['card', `[data-testid="carriage-${t.exposed}"] [data-testid^="placed-"]`],
    ['owner tag', `[data-testid="carriage-${t.exposed}"] .by`],
    ['pile', '[data-testid="piles"] > .pile'],
  ] as const)
    for (const [i, b] of (await boxOf(page, sel)).entries()) parts.push([`${what} ${i + 1}`, b]);
  for (const what of ['card', 'owner tag', 'pile']) expect(parts.some(([w]) => w.startsWith(what))).toBe(true);
  const wrong: string[] = [];
  for (const [what, b] of parts) {
    const at = `${what} at y ${b.y.toFixed(0)}–${(b.y + b.height).toFixed(0)}`;
    if (b.y < 0 || b.x < 0 || b.y + b.height > vp.height || b.x + b.width > vp.width) wrong.push(`${at}: off screen`);
    else if (hand && meets(b, hand)) wrong.push(`${at}: under the hand (top ${hand.y.toFixed(0)})`);
  }
  return wrong;
}

/**
 * The table at a size (not a phone: it clicks), as the seat on turn sees it on a normal turn (then `onTurn`, more
 * checks of that view) and while choosing its Undercover Inspector, then as the inspected player sees it deciding
 * whether to Appeal: each time the current carriage and the piles lie in the window, clear of the hand. `shots`
 * ends the screenshots' names (no screenshot of the Inspector chosen without `inspect`).
 */
async function clearThroughInspection(
  suite: { server: E2EServer; browser: import('playwright-core').Browser },
  t: Table,
  size: Screen,
  shots: { turn: string; inspect?: string; appeal: string },
  onTurn?: (page: Page) => Promise<void>,
): Promise<void> {
  const shot = (name: string) => `touched-on-table-${size.name}-${name}`;
  const page = await openSeat(suite, t, t.cur, size);
  await screenshot(page, shot(shots.turn), { fullPage: false });
  expect(await hiddenParts(page, t), 'a normal turn').toEqual([]);
  await onTurn?.(page);

  await page.getByTestId(`hand-card-${t.undercover}`).click();
  await page.getByTestId('inspect').waitFor({ timeout: UI });
  if (shots.inspect) await screenshot(page, shot(shots.inspect), { fullPage: false });
  expect(await hiddenParts(page, t), 'choosing the Inspector').toEqual([]);

  const victim = await openSeat(suite, t, t.prev, size);
  await page.getByTestId('inspect').click();
  await victim.getByTestId('appeal-prompt').waitFor({ timeout: UI });
  await screenshot(victim, shot(shots.appeal), { fullPage: false });
  expect(await hiddenParts(victim, t), 'the inspected player deciding').toEqual([]);
  await page.context().close();
  await victim.context().close();
}

/**
 * What of Line `line` is out of sight as the page stands (on a phone, never scrolled by the test): its card, its
 * count and each card of the current carriage must lie in the window, under neither the sheet nor the hand.
 */
async function lineHidden(page: Page, line: string, exposed: number | null): Promise<string[]> {
  const vp = page.viewportSize()!;
  const [sheet] = await boxOf(page, '[data-testid="actions"]');
  const [hand] = await boxOf(page, '[data-testid="hand"]');
  const [banner] = await boxOf(page, '[data-testid="banner"]');
  const parts: [string, Box][] = [];
  for (const [what, sel] of [
    ['Line card', `[data-testid="line-${line}"]`],
    ['count', `[data-testid="count-${line}"]`],
    [
      'carriage',
      exposed === null
        ? `[data-testid="line-col-${line}"] .carriage.current`
        : `[data-testid="carriage-${exposed}"] [data-testid^="placed-"]`,
    ],
  ] as const)
    for (const [i, b] of (await boxOf(page, sel)).entries()) parts.push([`${what} ${i + 1}`, b]);
  expect(parts.length).toBeGreaterThanOrEqual(2);
  const wrong: string[] = [];
  for (const [what, b] of parts) {
    const at = `${what} at y ${b.y.toFixed(0)}–${(b.y + b.height).toFixed(0)}`;
    if (b.y < 0 || b.y + b.height > vp.height) wrong.push(`${at}: off screen`);
    else if (meets(b, banner)) wrong.push(`${at}: under the banner (bottom ${(banner.y + banner.height).toFixed(0)})`);
    else if (meets(b, sheet)) wrong.push(`${at}: under the sheet (top ${sheet.y.toFixed(0)})`);
    else if (hand && meets(b, hand)) wrong.push(`${at}: under the hand (top ${hand.y.toFixed(0)})`);
  }
  return wrong;
}

describe.skipIf(!CHROMIUM)('browser: Touched On table on a match page', () => {
  const suite = e2eSuite();

  it.each(PHONES)(
    'at $width × $height, a hand of 10 cards of one Line, not pinned, wraps inside the page: every card whole and apart',
    async (size) => {
      const t = await bigHand(suite.server);
      const page = await openSeat(suite, t, t.prev, size);
      await page.locator('.hand-card').nth(10).waitFor({ timeout: UI });
      // Someone else's turn: the hand is not pinned in its scrolling row, it lies in the page.
      expect(await page.getByTestId('hand').getAttribute('class')).not.toContain('pinned');
      await screenshot(page, `touched-on-table-${size.name}-big-hand`);
      const page_ = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      // On a phone the layout viewport grows to the content's width: both must stay the screen's.
      expect(page_, 'the page is as wide as the screen').toEqual({ scroll: size.width, inner: size.width });
      const cards = await boxOf(page, '.hand-card');
      expect(cards.length).toBe(11);
      const out = cards.filter((b) => b.x < 0 || b.x + b.width > size.width).map((b) => `x ${b.x.toFixed(0)}`);
      expect(out, 'cards outside the window').toEqual([]);
      // Legible: a card in the same row as the one before it starts at least 90% of a card's width after it.
      const crowded = cards
        .slice(1)
        .filter((b, i) => Math.abs(b.y - cards[i].y) < b.height / 2 && b.x - cards[i].x < b.width * 0.9)
        .map((b) => `x ${b.x.toFixed(0)}`);
      expect(crowded, 'cards covering their neighbour').toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(SCREENS.filter((s) => !s.touch))(
    'at $name size the current carriage and the piles stay clear of the hand (turn, Inspector, Appeal)',
    async (size) => {
      const t = await midJourney(suite.server);
      await clearThroughInspection(suite, t, size, { turn: 'turn', inspect: 'inspect', appeal: 'appeal' });
    },
    60_000,
  );

  it.each(SCREENS.filter((s) => !s.touch))(
    'at $name size, 4 players late in a journey, the current carriage comes first on its Line, clear of the hand',
    async (size) => {
      const t = await crowded(suite.server);
      await clearThroughInspection(suite, t, size, { turn: 'crowded', appeal: 'crowded-appeal' }, async (page) => {
        const labels = await page.locator('[data-testid="line-col-96"] .carriage-label').allTextContents();
        expect(labels).toEqual(['Current carriage', 'Carriage 1', 'Carriage 2', 'Carriage 3']);
      });
    },
    60_000,
  );

  it.each([SCREENS.find((s) => s.name === 'laptop')!, PHONES[0]])(
    'in the waiting room (the creator alone, at $width × $height) nothing is playable, nobody is playing, the hand is off the Lines, the banner says so whole',
    async (size) => {
      const post = async (at: string, json: unknown) => {
        const res = await fetch(`${suite.server.url}${at}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, string>;
      };
      const { matchID } = await post('/games/touched-on/create', { numPlayers: 2 });
      const joined = await post(`/games/touched-on/${matchID}/join`, { playerID: '0', playerName: 'Player 1' });
      const t: Table = { matchID, creds: [joined.playerCredentials], cur: '0', prev: '1', exposed: -1, undercover: '' };
      const page = await openSeat(suite, t, '0', size);
      await page.getByTestId('turn-who').filter({ hasText: 'Waiting for players' }).waitFor({ timeout: UI });
      await page.locator('.hand-card').first().waitFor({ timeout: UI });
      await screenshot(page, `touched-on-table-${size.name}-waiting`, { fullPage: false });
      expect(await page.locator('.hand-card[data-playable="yes"]').count()).toBe(0);
      expect(await page.locator('[data-testid="hand"] h3').textContent()).not.toContain('playable');
      expect(await page.locator('.to-seat.current').count()).toBe(0);
      expect(await page.locator('[data-testid="seats"]').textContent()).not.toContain('playing');
      // The Lines' cards and counts, as the page stands, are not under the hand.
      const [hand] = await boxOf(page, '[data-testid="hand"]');
      const lineParts = await boxOf(page, '.line-head, .line-count');
      expect(lineParts.length).toBe(4);
      expect(lineParts.filter((b) => meets(b, hand)).map((b) => `y ${b.y.toFixed(0)}`)).toEqual([]);
      // "Waiting for players" whole, clear of the journey (at 360 px it ran 70 px over its box, into the journey).
      expect(
        await page.locator('[data-testid="turn-who"] .who-name').evaluate((el) => el.scrollWidth),
      ).toBeLessThanOrEqual(await page.locator('[data-testid="turn-who"] .who-name').evaluate((el) => el.clientWidth));
      const [who] = await boxOf(page, '[data-testid="turn-who"]');
      const [journey] = await boxOf(page, '[data-testid="banner"] .journey');
      expect(who.x + who.width).toBeLessThanOrEqual(journey.x);
      await page.context().close();
    },
    60_000,
  );

  it("on a phone the raised cards are in reach above the sheet when it says to choose them; a won Appeal's toast covers neither the chat's bar nor the hand", async () => {
    const phone = SCREENS.find((s) => s.touch)!;
    const t = await midJourney(suite.server);
    const page = await openSeat(suite, t, t.cur, phone);
    await screenshot(page, 'touched-on-table-phone-turn', { fullPage: false });
    await expect.poll(() => page.getByTestId('actions').textContent()).toContain('Choose a raised card');
    const [sheet] = await boxOf(page, '[data-testid="actions"]');
    const raised = await boxOf(page, '.hand-card[data-playable="yes"]');
    expect(raised.length).toBeGreaterThan(0);
    const out = raised.filter((b) => b.y < 0 || b.y + b.height > sheet.y).map((b) => `y ${b.y.toFixed(0)}`);
    expect(out, `raised cards above the sheet (top ${sheet.y.toFixed(0)})`).toEqual([]);
    // The Inspector is tapped where it shows.
    const inspector = page.getByTestId(`hand-card-${t.undercover}`);
    expect(await inspector.getAttribute('data-playable')).toBe('yes');
    await inspector.tap();
    await expect.poll(() => inspector.getAttribute('aria-pressed')).toBe('true');

    // The inspected player's hand is not pinned over the table: their carriage can be scrolled into view.
    const victim = await openSeat(suite, t, t.prev, phone);
    // Once the Inspector is chosen the hand stays pinned, a lower row, the chosen card in view above the sheet (unpinned,
    // it stood under the sheet), and the carriage it inspects still shows above the hand, its foot at least.
    await page.waitForTimeout(300);
    const [chosen] = await boxOf(page, '[data-testid="hand"] .hand-card.selected');
    const [isheet] = await boxOf(page, '[data-testid="actions"]');
    const [ihand] = await boxOf(page, '[data-testid="hand"]');
    const [inspected] = await boxOf(page, `[data-testid="carriage-${t.exposed}"]`);
    expect(chosen.y, 'the chosen Inspector in the window').toBeGreaterThanOrEqual(0);
    expect(chosen.y + chosen.height, 'the chosen Inspector above the sheet').toBeLessThanOrEqual(isheet.y);
    expect(inspected.y + inspected.height, 'the inspected carriage above the hand').toBeLessThanOrEqual(ihand.y);
    expect(inspected.y + inspected.height, 'the inspected carriage in the window').toBeGreaterThan(60);
    await page.getByTestId('inspect').tap();
    await victim.getByTestId('appeal-prompt').waitFor({ timeout: UI });
    // Scrolled to just under the banner, the inspected carriage shows whole above the sheet, with no hand over it.
    await victim.evaluate((id) => {
      const el = document.querySelector(`[data-testid="carriage-${id}"]`)!;
      window.scrollBy(0, el.getBoundingClientRect().top - 60);
    }, t.exposed);
    const [vsheet] = await boxOf(victim, '[data-testid="actions"]');
    const [vhand] = await boxOf(victim, '[data-testid="hand"]');
    for (const b of await boxOf(victim, `[data-testid="carriage-${t.exposed}"] [data-testid^="placed-"]`)) {
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(vsheet.y);
      expect(meets(b, vhand)).toBe(false);
    }
    await screenshot(victim, 'touched-on-table-phone-appeal', { fullPage: false });

    // The inspected player Appeals and wins (the Inspector was an Undercover one): the inspecting player is told in a
    // toast. It stands over the banner, wherever the banner is: with the page scrolled to show the chat's bar at the
    // window's top, the bar shows whole and takes a tap (fixed at the window's top, at 390 × 844 the toast stood at
    // y 8–65 over the bar's 24–72), and none of the hand's cards is under it; so too with the page scrolled to the
    // table (the banner stuck at the window's top), and at 360 × 640.
    await victim.getByTestId('appeal').tap();
    await page.getByTestId('toast').filter({ hasText: 'Appealed' }).waitFor({ timeout: UI });
    const covered = () =>
      hiddenUnder(page, '[data-testid="toast"]', {
        boxes: '[data-testid="chat"] summary, [data-testid="hand"] .hand-card, [data-testid="hand"] button',
      });
    for (const size of [phone, PHONES[0]]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // Scrolled until it stays there: the board may bring its current Line into view after the resize, a frame on.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const top = () => document.querySelector('[data-testid="chat"] summary')!.getBoundingClientRect().top;
            window.scrollBy(0, top() - 8);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            return Math.abs(top() - 8) < 2;
          }),
        )
        .toBe(true);
      await screenshot(page, `touched-on-table-${size.name}-appeal-toast-chat`, { fullPage: false });
      const [bar] = await boxOf(page, '[data-testid="chat"] summary');
      expect(Math.abs(bar.y - 8), `the chat's bar at y ${bar.y}`).toBeLessThan(2);
      expect(await covered(), `${size.name}, the chat's bar at the window's top`).toEqual([]);
      await page.evaluate(() => {
        const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
        window.scrollBy(0, banner.top + 1);
      });
      expect(await covered(), `${size.name}, the page scrolled to the table`).toEqual([]);
    }
    await page.context().close();
    await victim.context().close();
  }, 60_000);

  /** On a small phone, mid-journey: the player on turn inspects with an Undercover Inspector, and the victim is asked to appeal. */
  async function appealAsked() {
    const small = PHONES[0];
    const t = await midJourney(suite.server);
    const page = await openSeat(suite, t, t.cur, small);
    await page.getByTestId(`hand-card-${t.undercover}`).tap();
    const victim = await openSeat(suite, t, t.prev, small);
    await page.getByTestId('inspect').tap();
    await victim.getByTestId('appeal-prompt').waitFor({ timeout: UI });
    return { page, victim };
  }

  it("on a small phone, the chat's message box is clear of the Appeal's sheet as the chat opens and as it fills", async () => {
    const { page, victim } = await appealAsked();
    // The sheet of the Appeal's question is tall (189 px at 360 × 640); the page is at its top, where the chat is.
    const box = '[data-testid="chat-input"], [data-testid="chat-send"]';
    const covered = () => hiddenUnder(victim, '[data-testid="actions"]', { boxes: box });
    const settle = () =>
      victim.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await victim.evaluate(() => window.scrollTo(0, 0));
    await victim.getByTestId('chat').locator('summary').tap();
    await settle();
    expect(await covered(), 'the chat opened').toEqual([]);
    // Written from the keyboard (a tap would have Playwright scroll the box out from under the sheet itself): each
    // message lengthens the list, which pushed the box under the sheet (y 505–549 under the sheet from y 451).
    for (let i = 1; i <= 4; i++) {
      await victim.getByTestId('chat-input').focus();
      await victim.keyboard.type(`Message ${i}: I have an Appeal`);
      await victim.keyboard.press('Enter');
      await expect.poll(() => victim.getByTestId('chat-message').count(), { timeout: UI }).toBe(i);
      await settle();
      expect(await covered(), `after message ${i}`).toEqual([]);
    }
    // Closed and opened again at the page's top, the chat as tall as it gets: the box is brought above the sheet.
    await victim.getByTestId('chat').locator('summary').tap();
    await victim.evaluate(() => window.scrollTo(0, 0));
    await victim.getByTestId('chat').locator('summary').tap();
    await settle();
    await screenshot(victim, 'touched-on-table-phone-360-chat-appeal', { fullPage: false });
    expect(await covered(), 'opened again at the top').toEqual([]);
    await expectInView(victim, victim.getByTestId('chat-input'), 'the message box');
    await page.context().close();
    await victim.context().close();
  }, 60_000);

  it("on a small phone with the chat open, a won Appeal's toast is in view, over none of the page's controls", async () => {
    const { page, victim } = await appealAsked();
    // The inspecting player chats meanwhile, at the page's top: with a few messages the open chat is as tall as it
    // gets, and the banner's place, from which the toast hangs, is under the sheet, and lower than the window.
    await page.getByTestId('chat').locator('summary').tap();
    for (let i = 1; i <= 4; i++) {
      await page.getByTestId('chat-input').fill(`Message ${i}: are you sure about that carriage?`);
      await page.getByTestId('chat-send').tap();
      await expect.poll(() => page.getByTestId('chat-message').count(), { timeout: UI }).toBe(i);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await victim.getByTestId('appeal').tap();
    const toast = page.getByTestId('toast').filter({ hasText: 'Appealed' });
    await toast.waitFor({ timeout: UI });
    const covered = () =>
      hiddenUnder(page, '[data-testid="toast"]', {
        boxes: '[data-testid="chat"] summary, [data-testid="chat-input"], [data-testid="chat-send"]',
        controls: true,
      });
    // At the page's top, then with the chat's form just above the sheet: whole in the window, over no control.
    // (The board may bring its current Line into view as the Appeal's result comes: the page is scrolled back.)
    for (const where of ['top', 'chat form above the sheet'] as const) {
      await page.evaluate(async (top) => {
        const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        await frames();
        if (top) window.scrollTo(0, 0);
        else {
          const form = document.querySelector('[data-testid="chat-send"]')!.getBoundingClientRect();
          const sheet = document.querySelector('[data-testid="actions"]')!.getBoundingClientRect();
          window.scrollBy(0, form.bottom - sheet.top + 8);
        }
        await frames();
      }, where === 'top');
      const banner = (await page.getByTestId('banner').boundingBox())!;
      expect(banner.y, `${where}: the banner's place, below the window's first 480 px`).toBeGreaterThan(480);
      await screenshot(page, `touched-on-table-phone-360-chat-toast-${where.split(' ')[0]}`, { fullPage: false });
      await expectInView(page, toast, `the toast, ${where}`);
      expect(await covered(), where).toEqual([]);
    }
    await page.context().close();
    await victim.context().close();
  }, 60_000);

  it.each(
    PHONES.flatMap((size) => [
      { size, what: '3 players', position: midJourney },
      { size, what: '4 players late in a journey', position: crowded },
    ]),
  )(
    'on a $size.width × $size.height phone, $what, the current Line and its carriage are in view below the banner at the turn start, while a card is chosen and after a batch',
    async ({ size, what, position }) => {
      const t = await position(suite.server);
      const page = await openSeat(suite, t, t.cur, size);
      const shot = `touched-on-table-${size.name}-${what.split(' ')[0]}p`;
      await expect.poll(() => page.getByTestId('actions').textContent()).toContain('Choose a raised card');
      await expect.poll(() => lineHidden(page, '96', t.exposed), { timeout: UI }).toEqual([]);
      await screenshot(page, `${shot}-line`, { fullPage: false });
      const bannerHeight = async () => (await boxOf(page, '[data-testid="banner"]'))[0].height;
      const turnStart = await bannerHeight();
      // An Evader of 86 chosen: the sheet grows with the batch's controls, the hand rises; the Line stays in view,
      // the current carriage's 4 stacked cards too (on a 640 px phone too: there the hand is a lower row meanwhile).
      const e86 = page.locator('.hand-card[data-testid^="hand-card-E86"][data-playable="yes"]').first();
      await e86.tap();
      await page.getByTestId('play-batch').waitFor({ timeout: UI });
      await expect.poll(() => lineHidden(page, '96', t.exposed), { timeout: UI }).toEqual([]);
      await screenshot(page, `${shot}-batch`, { fullPage: false });
      await page.getByTestId('batch-cancel').tap();
      // The Inspector chosen: what it inspects is in view.
      await page.getByTestId(`hand-card-${t.undercover}`).tap();
      await page.getByTestId('inspect').waitFor({ timeout: UI });
      await expect.poll(() => lineHidden(page, '96', t.exposed), { timeout: UI }).toEqual([]);
      await page.getByTestId('card-cancel').tap();
      // The Evader of 86 played: Line 86 is now current, and in view with its new carriage.
      await page.locator('.hand-card[data-testid^="hand-card-E86"][data-playable="yes"]').first().tap();
      await page.getByTestId('play-batch').tap();
      await page.getByTestId('count-86').filter({ hasText: 'current' }).waitFor({ timeout: UI });
      await expect.poll(() => lineHidden(page, '86', null), { timeout: UI }).toEqual([]);
      await screenshot(page, `${shot}-played`, { fullPage: false });
      // With 4 players the turn has passed ("Your turn" became "Player N's turn"; with 3 the player may still play
      // a Power): the banner is as high as it was (it once wrapped to two rows at 360 px and covered the top of
      // Line 86), and shows the name whole.
      const passed = /^Player \d's turn$/;
      if (what.startsWith('4')) expect(await page.getByTestId('turn-who').textContent()).toMatch(passed);
      // With 3 players the batch can be taken back, and the page's Take back is scrolled away: its copy floats at the
      // banner's end, in room the banner makes for it (44 px high, the banner grows to that), over none of the
      // banner's words and no control (at the window's top-right corner it stood over "Journey 1 · turn 1", and
      // over 15 px of the seats under the 37 px banner; at 360 px over Line 86's card).
      const floats = what.startsWith('3');
      if (floats) {
        await page.getByTestId('take-back-float').waitFor({ timeout: UI });
        const under = await hiddenUnder(page, '[data-testid="take-back-float"]', {
          text: '[data-testid="banner"]',
          controls: true,
        });
        expect(under, 'what the floating Take back covers').toEqual([]);
        const [float] = await boxOf(page, '[data-testid="take-back-float"]');
        const [banner] = await boxOf(page, '[data-testid="banner"]');
        expect(float.y, 'the floating Take back inside the banner').toBeGreaterThanOrEqual(banner.y);
        expect(float.y + float.height).toBeLessThanOrEqual(banner.y + banner.height);
        expect(float.x + float.width).toBeLessThanOrEqual(banner.x + banner.width);
      }
      expect(await bannerHeight()).toBe(floats ? Math.max(turnStart, 44) : turnStart);
      expect(await page.getByTestId('turn-who').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.context().close();
    },
    60_000,
  );

  it('reached from the lobby, the match page focuses its main region for its heading, and the turn still brings the current Line into view', async () => {
    const t = await midJourney(suite.server);
    const page = await openSeat(suite, t, t.cur, PHONES[0], { via: '#/g/touched-on' });
    // The page's main region took focus as the page changed (App.tsx), so a screen reader reads the new page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await expect.poll(() => lineHidden(page, '96', t.exposed), { timeout: UI }).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('on a 360 × 640 phone, a long name is cut short in one row of the banner, and DINGs take a second row inside it', async () => {
    const t = await crowded(suite.server);
    const { state, metadata } = await suite.server.db.fetch(t.matchID, { state: true, metadata: true });
    const G = (state as State<TOState>).G;
    const order = state.ctx.playOrder;
    // Every seat named at the lobby's longest; the seat after the viewer (not on turn) has played its last card.
    for (const p of Object.values(metadata.players)) p.name = `Maximiliana ${p.id} Rodríguez-Santos de la Vega`;
    const dinged = order[(order.indexOf(t.prev) + 2) % order.length];
    G.drawPile.push(...G.players[dinged].hand!);
    G.players[dinged].hand = [];
    G.players[dinged].handSize = 0;
    G.players[dinged].ding = true;
    G.dings.push({ player: dinged, chanceTurn: G.turn.number + 1, seq: G.dingSeq++ });
    G.drawCount = G.drawPile.length;
    await suite.server.db.setMetadata(t.matchID, metadata);
    await suite.server.db.setState(t.matchID, state);
    const page = await openSeat(suite, t, t.prev, PHONES[0], { name: metadata.players[Number(t.prev)].name });
    const who = page.getByTestId('turn-who');
    await expect.poll(() => who.textContent()).toBe(`${metadata.players[Number(t.cur)].name}'s turn`);
    await page.getByTestId(`banner-ding-${dinged}`).waitFor({ timeout: UI });
    await screenshot(page, 'touched-on-table-phone-360-long-names', { fullPage: false });
    const [banner] = await boxOf(page, '[data-testid="banner"]');
    const row = async (sel: string) => (await boxOf(page, `[data-testid="banner"] ${sel}`))[0];
    const [name, rest, journey, ding] = await Promise.all(
      ['.who-name', '.who-rest', '.journey', '.badge.ding'].map(row),
    );
    // One row: the name cut short, "'s turn" whole and the journey, side by side within the banner (the page's
    // header names the game, so the banner's title is left out on a narrow phone).
    for (const b of [rest, journey]) expect(Math.abs(b.y + b.height / 2 - (name.y + name.height / 2))).toBeLessThan(4);
    expect(await page.locator('.who-name').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(rest.x).toBeGreaterThanOrEqual(name.x + name.width - 1);
    expect(journey.x).toBeGreaterThanOrEqual(rest.x + rest.width);
    expect(journey.x + journey.width).toBeLessThanOrEqual(banner.x + banner.width);
    // The DING below it, inside the banner.
    expect(ding.y).toBeGreaterThanOrEqual(name.y + name.height);
    expect(ding.y + ding.height).toBeLessThanOrEqual(banner.y + banner.height);
    expect(ding.x + ding.width).toBeLessThanOrEqual(banner.x + banner.width);
    await page.context().close();
  }, 60_000);

  it('on a 360 × 640 phone, a current carriage of 6 cards taller than the room left by a batch shows whole, its Line card going under the banner', async () => {
    const t = await midJourney(suite.server, true);
    const page = await openSeat(suite, t, t.cur, PHONES[0]);
    await expect.poll(() => page.getByTestId('actions').textContent()).toContain('Choose a raised card');
    // The carriage's cards only: the Line's card and count above them may go under the banner, as there is no room.
    const cardsHidden = async () => (await lineHidden(page, '96', t.exposed)).filter((w) => w.startsWith('carriage'));
    for (const line of ['86', '96']) {
      await page.locator(`.hand-card[data-testid^="hand-card-E${line}"][data-playable="yes"]`).first().tap();
      await page.getByTestId('play-batch').waitFor({ timeout: UI });
      expect(await boxOf(page, `[data-testid="carriage-${t.exposed}"] [data-testid^="placed-"]`)).toHaveLength(6);
      await expect.poll(cardsHidden, { timeout: UI }).toEqual([]);
      await screenshot(page, `touched-on-table-phone-360-tall-batch-${line}`, { fullPage: false });
      await page.getByTestId('batch-cancel').tap();
      await page.getByTestId('play-batch').waitFor({ state: 'detached', timeout: UI });
    }
    await page.context().close();
  }, 60_000);

  it('on a phone in hot-seat with 4 players, the current Line is in view when the turn starts and as a batch is chosen', async () => {
    const phone = SCREENS.find((s) => s.touch)!;
    const context = await suite.browser.newContext({
      viewport: { width: phone.width, height: phone.height },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    // Four seats (Ana and three bots): the seats' tiles take the most height above the Lines.
    await page.getByTestId('hs-players-4').tap();
    await page.getByTestId('hs-name-0').fill('Ana');
    for (const i of [1, 2, 3]) {
      await page.getByTestId(`hs-kind-${i}`).selectOption('bot');
      await page.getByTestId(`hs-level-${i}`).selectOption('easy');
    }
    // Seat 4 deals, so Ana, to his left, starts the journey: any Line takes her first batch, and her 9 Evader and
    // Inspector cards hold at least one Evader (a 4-player deck has 8 Inspectors), so she always has one to choose.
    // (With a random dealer the bots played first 3 times in 4, and about 1 run in 450 then left her no Evader for
    // the current Line or the Lines beside it.)
    await page.getByTestId('hs-dealer-3').tap();
    await page.getByTestId('hs-pace-instant').tap();
    await page.getByTestId('hs-start').tap();
    await page.locator('[data-testid="hs-seat-0"].acting').waitFor({ timeout: UI });
    await page.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    // The current Line, or before the journey's first batch (none yet, as here) the first of the Lines' row.
    const current = () =>
      page.evaluate(() =>
        (document.querySelector('.line-col.current') ?? document.querySelector('.line-col'))!
          .getAttribute('data-testid')!
          .replace('line-col-', ''),
      );
    await expect.poll(async () => lineHidden(page, await current(), null), { timeout: UI }).toEqual([]);
    await screenshot(page, 'touched-on-table-phone-hotseat-turn', { fullPage: false });
    const evader = page.locator('.hand-card[data-testid^="hand-card-E"][data-playable="yes"]').first();
    await evader.tap();
    await page.getByTestId('play-batch').waitFor({ timeout: UI });
    await expect.poll(async () => lineHidden(page, await current(), null), { timeout: UI }).toEqual([]);
    await screenshot(page, 'touched-on-table-phone-hotseat-batch', { fullPage: false });
    await context.close();
  }, 60_000);

  it.each([...SCREENS, { name: 'tablet', width: 820, height: 1180, touch: true }, ...PHONES.slice(0, 1)])(
    "at $width × $height, 4 crowded seat tiles, each opponent's face-down fan spreads with the hand",
    async (size) => {
      const t = await fullSeats(suite.server);
      const page = await openSeat(suite, t, t.cur, size);
      await page.getByTestId(`peak-${t.cur}`).waitFor({ timeout: UI });
      await screenshot(page.locator('[data-testid="seats"]'), `touched-on-table-${size.name}-full-seats`);
      // For each opponent: its hand size and its fan's spread (the last back's left edge less the first's).
      const fans = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.to-seat')).flatMap((tile) => {
          const backs = Array.from(tile.querySelectorAll('.backs svg')).map((c) => c.getBoundingClientRect());
          const size = Number(tile.querySelector('[data-testid^="hand-size-"]')!.textContent.split(' ')[0]);
          if (backs.length === 0) return [];
          return [
            { seat: tile.getAttribute('data-testid'), size, spread: backs[backs.length - 1].left - backs[0].left },
          ];
        }),
      );
      expect(fans.length).toBe(3);
      // At least 3 px a card: a fan of 9 to 11 cards never reads as one or two.
      const tight = fans
        .filter((f) => f.spread < (Math.min(f.size, 12) - 1) * 3)
        .map((f) => `${f.seat}: ${f.size} cards spread over ${f.spread.toFixed(1)} px`);
      expect(tight).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(SCREENS.filter((s) => !s.touch))(
    'at $name size every fanned card in a carriage shows its route number whole, and no hand label meets its edges',
    async (size) => {
      const t = await midJourney(suite.server);
      const page = await openSeat(suite, t, t.cur, size);
      await screenshot(page.locator(`[data-testid="carriage-${t.exposed}"]`), `touched-on-table-${size.name}-carriage`);
      // Each card followed by another in its row: the route number's right edge is left of the next card's edge.
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.run-cards .ccard')).flatMap((card) => {
          const next = card.nextElementSibling;
          const route = card.querySelector('.cf-route')?.getBoundingClientRect();
          if (!next || !route) return [];
          const n = next.getBoundingClientRect();
          if (Math.abs(n.top - card.getBoundingClientRect().top) > 10) return [];
          return route.right > n.left + 1
            ? [
                `${card.getAttribute('data-testid')}: number ends at ${route.right.toFixed(1)}, next card at ${n.left.toFixed(1)}`,
              ]
            : [];
        }),
      );
      expect(cut).toEqual([]);
      // The small words of the hand's cards keep 3 units (of 60) inside the card.
      const edge = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.hand-card .cf-kind, .hand-card .cf-name')).flatMap((text) => {
          const b = (text as SVGTextElement).getBBox();
          return b.x < 3 || b.x + b.width > 57
            ? [`${text.textContent}: ${b.x.toFixed(1)}–${(b.x + b.width).toFixed(1)}`]
            : [];
        }),
      );
      expect(edge).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(SCREENS)(
    "at $name size each seat's face-down fan stays in its tile, Line 19 reads 10 · full, carriages count 1, 2, 3",
    async (size) => {
      const t = await midJourney(suite.server);
      const page = await openSeat(suite, t, t.cur, size);
      await screenshot(page, `touched-on-table-${size.name}-seats`);
      const spill = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.to-seat')).flatMap((tile) => {
          const r = tile.getBoundingClientRect();
          return Array.from(tile.querySelectorAll('.backs svg'))
            .map((c) => c.getBoundingClientRect())
            .filter((c) => c.left < r.left || c.right > r.right || c.bottom > r.bottom)
            .map((c) => `${tile.getAttribute('data-testid')}: a back at x ${c.left.toFixed(0)}–${c.right.toFixed(0)}`);
        }),
      );
      expect(spill).toEqual([]);
      expect(await page.getByTestId('count-19').textContent()).toBe('10 · full');
      expect(await page.getByTestId('count-96').textContent()).toBe('6/9 · current');
      const labels = await page.locator('[data-testid="line-col-19"] .carriage-label').allTextContents();
      expect(labels).toEqual(['Carriage 1', 'Carriage 2', 'Carriage 3']);
      // The Line card itself does not repeat the count.
      expect(await page.getByTestId('line-19').textContent()).not.toContain('/9');
      await page.context().close();
    },
    60_000,
  );
});
