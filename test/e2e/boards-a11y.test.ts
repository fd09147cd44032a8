/**
 * axe-core (its npm package, injected into the page) on Touched On's and Get
 * on Board's boards, in Debian's Chromium against the real server. Each
 * board is checked in a seat's view in the middle of a turn (a hand with
 * playable and dimmed cards, a batch chosen; a plot under way); every
 * game's end screen is checked in every-board.test.ts.
 * The test fails on any serious or critical violation.
 *
 * Colour is never the only cue: wherever a colour means something (a
 * player's seat, line, pawn or sheet; a Line of Touched On; a Metro ticket),
 * each colour-coded element also carries its shape, number or name, checked
 * element by element, and the players' shapes differ. Each check is repeated
 * with Chromium simulating protanopia, deuteranopia and tritanopia (CDP
 * Emulation.setEmulatedVisionDeficiency) and a screenshot of each is saved
 * to artifacts/screenshots/ for a look; the simulation changes what is
 * seen, not the page, so the assertions are the same under each.
 */
import { describe, expect, it } from 'vitest';
import { violations } from './axe';
import { carriage } from '../games/touched-on/helpers';
import { PLAYER_COLOURS, PLAYER_SHAPES } from '../../src/games/get-on-board/board/palette';
import { SEAT_SHAPES } from '../../src/games/touched-on/board/SeatMark';
import { createJoined, findChromium, newContext, openAsSeat, e2eSuite, screenshot } from './harness';
import { knownMatch, storedState } from './touched-on-position';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: accessibility of the Touched On and Get on Board boards (axe-core)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Touched On: a seat mid-turn (its end screen: every-board.test.ts)', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, 'touched-on', 2);
    const { state } = await suite.server.db.fetch(matchID, { state: true });
    const seat = state.ctx.currentPlayer;
    const { page, context } = await openAsSeat(suite.browser, errors, 'a11y-to', {
      url: suite.server.url,
      game: 'touched-on',
      matchID,
      playerID: seat,
      credentials: creds[Number(seat)],
    });
    await page.getByTestId('hand').waitFor({ timeout: UI });
    // A card chosen: the hand shows it selected, the panel its play.
    await page.locator('.hand-card[data-playable="yes"]').first().click({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `board: ${v}`);
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);

  it('Get on Board: a seat mid-plot with a sheet open (its end screen: every-board.test.ts)', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'a11y-gob');
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.locator('[data-testid="departure-panel"] button').first().click({ timeout: UI });
    await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
    await page.locator('.gob-target').first().click();
    await page.getByTestId('plot-markers').first().waitFor({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `board: ${v}`);
    await page.getByTestId('sheet-1').click();
    await page.getByTestId('sheet-full-1').waitFor({ timeout: UI });
    found.push(...(await violations(page)).map((v) => `board, a sheet open: ${v}`));
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);

  it('Touched On: every colour-coded seat and Line also carries its shape or number', async () => {
    const { server, browser } = suite;
    const m = await knownMatch(server);
    const other = m.seat === '0' ? '1' : '0';
    // An earlier carriage on line 86 with a card of each seat, to show who added which.
    const state = await storedState(server, m.matchID);
    carriage(state.G, '86', [
      [m.seat, 'E86'],
      [other, 'E86'],
    ]);
    state.G.drawCount = state.G.drawPile.length;
    await server.db.setState(m.matchID, state);
    const placed = state.G.lines['86'].carriages.flatMap((c) => c.cards);
    const { page, context } = await openAsSeat(browser, errors, 'colour-to', {
      url: server.url,
      game: 'touched-on',
      matchID: m.matchID,
      playerID: m.seat,
      credentials: m.creds[Number(m.seat)],
    });
    await page.getByTestId(`placed-${placed[0].card}`).waitFor({ timeout: UI });
    const cdp = await context.newCDPSession(page);
    for (const type of ['protanopia', 'deuteranopia', 'tritanopia']) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: type as 'protanopia' });
      await screenshot(page, `touched-on-${type}`, { fullPage: false });
      const seen = await page.evaluate(() => ({
        seats: Array.from(document.querySelectorAll('[data-testid^="player-"]')).map((el) => ({
          seat: el.getAttribute('data-testid')!.slice('player-'.length),
          shape: el.querySelector('.seat-mark')?.getAttribute('data-shape') ?? null,
        })),
        placed: Array.from(document.querySelectorAll('[data-testid^="placed-"]')).map((el) => ({
          card: el.getAttribute('data-testid')!.slice('placed-'.length),
          // A card's owner is tagged under the run of cards they added one after the other.
          seat: el.closest('.run')?.querySelector('.by .seat-mark')?.getAttribute('data-seat') ?? null,
          shape: el.closest('.run')?.querySelector('.by .seat-mark')?.getAttribute('data-shape') ?? null,
        })),
        lines: Array.from(document.querySelectorAll('button[data-testid^="line-"]')).map((el) => ({
          line: el.getAttribute('data-testid')!.slice('line-'.length),
          route: el.querySelector('.cf-route')?.textContent ?? null,
        })),
        hand: Array.from(document.querySelectorAll('.hand-card')).map((el) => ({
          card: el.getAttribute('data-testid')!.slice('hand-card-'.length),
          route: el.querySelector('.cf-route')?.textContent ?? null,
        })),
      }));
      expect(seen.seats.map((s) => [s.seat, s.shape]).sort()).toEqual(
        [m.seat, other].map((id) => [id, SEAT_SHAPES[Number(id)]]).sort(),
      );
      expect(new Set(seen.seats.map((s) => s.shape)).size).toBe(2);
      for (const pc of placed)
        expect(seen.placed).toContainEqual({ card: pc.card, seat: pc.player, shape: SEAT_SHAPES[Number(pc.player)] });
      expect(seen.lines.length).toBeGreaterThan(0);
      for (const l of seen.lines) expect(l.route).toBe(l.line);
      // Every Evader in the hand prints its Line's number on its coloured band.
      const evaders = seen.hand.filter((h) => /^E\d+-/.test(h.card));
      expect(evaders.length).toBe(4);
      for (const h of evaders) expect(h.route).toBe(h.card.slice(1).split('-')[0]);
    }
    await context.close();
  }, 60_000);

  it('Get on Board: every player pawn, line and sheet also carries its shape; tickets their numbers', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'colour-gob');
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.locator('[data-testid="departure-panel"] button').first().click({ timeout: UI });
    // One plot through the map, so that both players have a line.
    await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
    for (let i = 0; i < 8 && !(await page.getByTestId('plot-confirm').isEnabled()); i++)
      await page.locator('.gob-target').first().click();
    await page.getByTestId('plot-confirm').click();
    await expect.poll(() => page.locator('.gob-route').count(), { timeout: 30_000 }).toBe(2);
    const shapeOf = (colour: string) =>
      PLAYER_SHAPES[PLAYER_COLOURS.indexOf(colour as (typeof PLAYER_COLOURS)[number])];
    const cdp = await context.newCDPSession(page);
    for (const type of ['protanopia', 'deuteranopia', 'tritanopia']) {
      await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: type as 'protanopia' });
      await screenshot(page, `gob-${type}`, { fullPage: false });
      const seen = await page.evaluate(() => ({
        routes: Array.from(document.querySelectorAll('.gob-route')).map((el) => ({
          colour: el.querySelector('.gob-route-line')!.getAttribute('stroke')!,
          shape:
            document
              .querySelector(`.gob-route-mark[data-player="${el.getAttribute('data-player')}"]`)
              ?.getAttribute('data-shape') ?? null,
        })),
        pawns: Array.from(document.querySelectorAll('.gob-pawn')).map((el) => ({
          colour: el.querySelector('path')!.getAttribute('fill')!,
          shape: el.querySelector('[data-shape]')?.getAttribute('data-shape') ?? null,
        })),
        sheets: Array.from(
          document.querySelectorAll('[data-testid="gob-sheet"], [data-testid="gob-sheet-compact"]'),
        ).map((el) => ({
          colour: getComputedStyle(el).getPropertyValue('--gob-player').trim(),
          shape: el.querySelector('header .gob-mark')?.getAttribute('data-shape') ?? null,
        })),
        tickets: Array.from(document.querySelectorAll('svg.gob-ticket')).map((el) => ({
          n: el.getAttribute('data-ticket'),
          text: el.querySelector('.gob-ticket-n')?.textContent ?? null,
        })),
      }));
      for (const part of ['routes', 'pawns', 'sheets'] as const) {
        expect(seen[part].length, part).toBeGreaterThanOrEqual(2);
        for (const x of seen[part]) expect(x.shape, `${part}: ${x.colour}`).toBe(shapeOf(x.colour));
        expect(new Set(seen[part].map((x) => x.shape)).size, part).toBe(new Set(seen[part].map((x) => x.colour)).size);
      }
      for (const t of seen.tickets) expect(t.text).toBe(t.n);
    }
    await context.close();
  }, 60_000);
});
