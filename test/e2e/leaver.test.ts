/**
 * A player who leaves a running match, in Debian's Chromium against the real
 * server, on Touched On: Bruno leaves after a few moves; Ana is told "Bruno
 * left the match", the open-matches list never offers the running match to a
 * stranger, and Ana hands the seat to a bot, which then plays its turns;
 * Bruno's own page, told by the server that his seat was released as he
 * leaves, never says so.
 * In every game, the board of a page open when the player the game waits for
 * leaves says their seat is empty, rather than waiting for them by name
 * (boardgame.io sends that page no new names for a leave), and the notice's
 * "Hand seat 2 to a bot" stays in view with the page scrolled to the board.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, findGame } from '../../src/games/registry';
import { emptySeatText } from '../../src/games/common/board-props';
import { waitingOn } from '../../src/games/common/waiting-room';
import { http, RawClient } from '../server/harness';
import {
  createJoined,
  createdByAna,
  findChromium,
  joinedByLink,
  newContext,
  openAsSeat,
  playOverSockets,
  screenshot,
  e2eSuite,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: a player leaves a running match', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('tells the others, hides the match from strangers, and hands the seat to a bot', async () => {
    const { page: ana, matchID, link } = await createdByAna(suite, 'leaver');
    const bruno = await joinedByLink(suite, 'leaver', link, 'Bruno');

    // A few moves for Ana (seat 0 starts), over a raw socket with her stored seat.
    const seat = (await ana.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID))!;
    const { credentials } = JSON.parse(seat) as { credentials: string };
    const raw = new RawClient(suite.server.url, { namespace: 'touched-on' });
    await raw.sync(matchID, '0', credentials);
    const def = findGame('touched-on')!;
    await raw.playTurn(def, matchID, '0', credentials);
    raw.close();

    // Bruno leaves (he confirms in the page), with his turn due. His seat's socket is told it was released as the
    // server drops it (before his page has the answer to his leave): his page, on its way to the lobby, says nothing
    // of it.
    await bruno.evaluate(() => {
      const w = window as unknown as { __sawReleased: boolean };
      w.__sawReleased = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="seat-released"]')) w.__sawReleased = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await bruno.getByTestId('leave-match').click();
    await bruno.getByTestId('leave-yes').click({ timeout: UI });
    await bruno.waitForURL((u) => !u.toString().includes('/match/'), { timeout: UI });
    expect(await bruno.evaluate(() => (window as unknown as { __sawReleased: boolean }).__sawReleased)).toBe(false);

    await ana.getByTestId('left-1').waitFor({ timeout: UI });
    expect(await ana.getByTestId('left-1').textContent()).toContain('Bruno left the match');
    // The notice offers the seat to a bot; the match bar does not offer it a second time.
    expect(await ana.getByTestId('hand-to-bot-1').count()).toBe(1);
    expect(await ana.getByTestId('add-bot-1').count()).toBe(0);
    await screenshot(ana, 'leaver-ana');

    // A stranger's open-matches list does not offer it.
    const { page: carla } = await newContext(suite.browser, errors, 'leaver-carla');
    await carla.goto(`${suite.server.url}/#/g/touched-on`);
    await carla.getByTestId('lobby').waitFor({ timeout: UI });
    await carla.getByText('No open matches right now').waitFor({ timeout: UI });
    expect(await carla.getByTestId(`open-${matchID}`).count()).toBe(0);

    const before = (await suite.server.db.fetch(matchID, { state: true })).state._stateID;
    await ana.getByTestId('hand-to-bot-1').click();
    await ana.getByTestId('left-seats').waitFor({ state: 'detached', timeout: UI });
    // The bot plays its turn.
    await expect
      .poll(async () => (await suite.server.db.fetch(matchID, { state: true })).state._stateID, { timeout: 15_000 })
      .toBeGreaterThan(before);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const p of [ana, bruno, carla]) await p.context().close();
  }, 90_000);

  it.each(GAMES.map((g) => g.id))(
    '%s: a page open when the player on turn leaves says that their seat is empty',
    async (game) => {
      const url = suite.server.url;
      const { matchID, creds } = await createJoined(url, game, 2, game === 'lisbon-tram-28' ? { firstPlayer: 0 } : {});
      // Moves until both players have moved (Get on Board's departures are chosen) and the game waits on seat 1 alone.
      const def = findGame(game)!;
      const waits = async () => {
        const { state } = await suite.server.db.fetch(matchID, { state: true });
        return { at: state._stateID, on: waitingOn(state.ctx, state.G, def.waitingOn) };
      };
      const moved = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const w = await waits();
        if (moved.size === 2 && w.on.length === 1 && w.on[0] === '1') break;
        moved.add(w.on[0]); // playOverSockets moves for the first seat waited on
        expect(await playOverSockets(url, game, matchID, creds, 1)).toBe(1);
      }
      expect((await waits()).on).toEqual(['1']);
      const { page, context } = await openAsSeat(suite.browser, errors, `leaver-empty-${game}`, {
        url,
        game,
        matchID,
        playerID: '0',
        credentials: creds[0],
      });
      const status = page.getByTestId('waiting');
      await expect.poll(() => status.textContent(), { timeout: UI }).toMatch(/Waiting for Player 2/);
      const left = await http(url, `/games/${game}/${matchID}/leave`, {
        method: 'POST',
        json: { playerID: '1', credentials: creds[1] },
      });
      expect(left.status).toBe(200);
      await page.getByTestId('left-1').waitFor({ timeout: UI });
      await expect.poll(() => status.textContent(), { timeout: UI }).toBe(emptySeatText('1'));
      // Scrolled down to the board, the notice's way on (a bot for the seat) stays in view.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const hand = (await page.getByTestId('hand-to-bot-1').boundingBox())!;
      const size = page.viewportSize()!;
      expect(hand.y, 'hand to a bot, scrolled to the board').toBeGreaterThanOrEqual(0);
      expect(hand.y + hand.height).toBeLessThanOrEqual(size.height);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
