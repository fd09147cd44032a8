/**
 * The site's own pages on a tablet's touch screen (1024 × 768, 1180 × 820 and 1366 × 1024 landscape, 768 × 1024
 * and 820 × 1180 upright), in Chromium against the real server: every control of the games page, a lobby with
 * "Your matches", open and recent matches, its How to play, the hot-seat setup, the waiting room, a match under
 * way, a match's end with its bar, a replay and a stale link is a tap target of 44 × 44 px or more (the boards
 * are checked by their own tests), and no page scrolls sideways.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry';
import { http } from '../server/harness';
import { playMatch, seatedMatch } from '../server/play';
import { createJoined, e2eSuite, findChromium, screenshot, smallControls } from './harness';

const CHROMIUM = findChromium();
const UI_TIMEOUT = 10_000;
const TABLETS = [
  { width: 1024, height: 768 },
  { width: 1180, height: 820 },
  { width: 1366, height: 1024 },
  { width: 768, height: 1024 },
  { width: 820, height: 1180 },
] as const;

describe.skipIf(!CHROMIUM)("the site's pages on a tablet", () => {
  const suite = e2eSuite();

  it('makes every control of the pages around the boards a 44 px tap target, with no sideways scrolling', async () => {
    const url = suite.server.url;
    // A finished Get on Board match (its end, Recent matches, its replay) whose seat 1 this browser holds.
    const over = await seatedMatch(url, 'get-on-board', 2);
    await playMatch('get-on-board', over, 7);
    over.clients.forEach((c) => c.close());
    // A Touched On match waiting for players, Ana's; and one under way, seat 1 this browser's.
    const created = await http(url, '/games/touched-on/create', { method: 'POST', json: { numPlayers: 3 } });
    const waitingID = created.json.matchID as string;
    const joined = await http(url, `/games/touched-on/${waitingID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    const playing = await createJoined(url, 'touched-on', 2);
    const seat = (gameId: string, matchID: string, credentials: string, playerName: string) => ({
      gameId,
      matchID,
      playerID: '0',
      credentials,
      playerName,
      joinedAt: 0,
    });
    const seats = [
      seat('get-on-board', over.matchID, over.creds[0], 'P0'),
      seat('touched-on', waitingID, joined.json.playerCredentials as string, 'Ana'),
      seat('touched-on', playing.matchID, playing.creds[0], 'Player 1'),
    ];
    const found: Record<string, string[]> = {};
    for (const { width, height } of TABLETS) {
      const context = await suite.browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
      await context.addInitScript((all) => {
        for (const s of all) localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s));
      }, seats);
      const p = await context.newPage();
      const pages: [string, string, string][] = [
        ['games', '#/', 'games'],
        ['lobby', '#/g/get-on-board', 'recent-matches'],
        ['rules', '#/g/touched-on/rules', 'power-list'],
        ['hot-seat setup', '#/g/lisbon-tram-28/hotseat', 'hs-start'],
        ['waiting room', `#/g/touched-on/match/${waitingID}`, 'waiting-room'],
        ['match', `#/g/touched-on/match/${playing.matchID}`, 'board-wrap'],
        ['end of a match', `#/g/get-on-board/match/${over.matchID}`, 'to-lobby'],
        ['replay', `#/g/get-on-board/replay/${over.matchID}`, 'replay-log'],
        ['stale link', '#/g/touched-on/match/no-such-match', 'back-to-lobby'],
      ];
      for (const [name, hash, shown] of pages) {
        await p.goto(`${url}/${hash}`);
        await p.getByTestId(shown).first().waitFor({ timeout: UI_TIMEOUT });
        if (name === 'lobby') await p.getByTestId(`recent-${over.matchID}`).waitFor({ timeout: UI_TIMEOUT });
        const small = await smallControls(p, '[data-testid="board-wrap"], .replay-board');
        if (small.length > 0) found[`${name} at ${width} × ${height}`] = small;
        expect(await p.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
          width,
        );
        if (width === 1024) await screenshot(p, `tablet-pages-${name.replaceAll(' ', '-')}-${width}x${height}`);
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 300_000);

  it('keeps each game\'s "Play online" and "Hot-seat" on one line on the games page', async () => {
    const wrapped: string[] = [];
    for (const { width, height } of TABLETS) {
      const context = await suite.browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
      const p = await context.newPage();
      await p.goto(`${suite.server.url}/`);
      await p.getByTestId('games').waitFor({ timeout: UI_TIMEOUT });
      for (const { id } of GAMES) {
        const card = p.getByTestId(`game-${id}`);
        const play = (await card.getByTestId(`play-${id}`).boundingBox())!;
        const hotSeat = (await card.getByTestId(`hotseat-${id}`).boundingBox())!;
        if (Math.abs(hotSeat.y - play.y) > 1)
          wrapped.push(`${id} at ${width} × ${height}: Hot-seat ${Math.round(hotSeat.y - play.y)} px lower`);
      }
      if (width === 768) await screenshot(p, `tablet-pages-games-${width}x${height}`);
      await context.close();
    }
    expect(wrapped).toEqual([]);
  });

  it("sets each game's How to play in the lobby at a size to read", async () => {
    const small: string[] = [];
    const context = await suite.browser.newContext({
      viewport: { width: 768, height: 1024 },
      isMobile: true,
      hasTouch: true,
    });
    const p = await context.newPage();
    for (const { id } of GAMES) {
      await p.goto(`${suite.server.url}/#/g/${id}/rules`);
      const help = p.getByTestId('how-to-play');
      await help.locator('li').first().waitFor({ timeout: UI_TIMEOUT });
      const sizes = await help
        .locator('li, p')
        .evaluateAll((els) => [...new Set(els.map((e) => parseFloat(getComputedStyle(e).fontSize)))]);
      for (const size of sizes) if (size < 15) small.push(`${id}: ${size} px`);
      await screenshot(p, `tablet-pages-rules-${id}-768x1024`);
    }
    await context.close();
    expect(small).toEqual([]);
  });
});
