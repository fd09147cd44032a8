/**
 * Touched On in the real app, in Debian's Chromium against the real server:
 * an online match of two browser contexts (created from the games page,
 * joined through the share link) playing several turns, with an inspection
 * and a successful Appeal; and a hot-seat game played by bots to the end
 * screen. Screenshots go to artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { TOState } from '../../src/games/touched-on/types';
import { give } from '../games/touched-on/helpers';
import {
  backToHotSeatSetup,
  buildClient,
  findChromium,
  releaseBrowser,
  sharedBrowser,
  newContext,
  screenshot,
  startE2EServer,
  type E2EServer,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Touched On', () => {
  let server: E2EServer;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    buildClient();
    server = await startE2EServer();
    browser = await sharedBrowser();
  }, 60_000);

  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (errors.length) console.warn(`[e2e touched-on] browser errors:\n${errors.join('\n')}`);
  });

  it('plays online: a batch, an inspection, a successful Appeal, and play goes on', async () => {
    const { page: ana } = await newContext(browser, errors, 'to-ana');
    await ana.goto(`${server.url}/`);
    await ana.getByTestId('play-touched-on').click();
    await ana.getByTestId('lobby').waitFor({ timeout: UI });
    await ana.getByTestId('player-name').fill('Ana');
    await ana.getByTestId('create-players-2').click();
    // Seat 2 deals first, so Ana (seat 1) starts.
    await ana.getByTestId('create-dealer-1').click();
    await ana.getByTestId('create-submit').click();
    await ana.waitForURL(/\/match\//, { timeout: UI });
    const matchID = decodeURIComponent(ana.url().split('/match/')[1]);
    const link = await ana.getByTestId('share-link').inputValue();
    expect(link).toBe(`${server.url}/#/g/touched-on/match/${encodeURIComponent(matchID)}`);

    // A known position before anyone plays: every hand back into the draw pile, then Ana holds
    // two Evaders of 96, an Appeal and an Evader of 86; Bruno an Undercover Inspector and two of 86.
    const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
    const G = state.G;
    expect(state.ctx.currentPlayer).toBe('0');
    for (const p of Object.values(G.players)) {
      G.drawPile.push(...p.hand!);
      p.hand = [];
      p.handSize = 0;
    }
    const [e1, e2, appeal] = give(G, '0', ['E96', 'E96', 'appeal', 'E86']);
    const [u] = give(G, '1', ['U', 'E86', 'E86']);
    G.drawCount = G.drawPile.length;
    await server.db.setState(matchID, state);
    await ana.reload();
    // Until Bruno sits down it is nobody's turn, though Ana will start.
    await ana.getByTestId('waiting-room').waitFor({ timeout: UI });
    expect(await ana.getByTestId('turn-who').textContent()).toBe('Waiting for players');
    expect(await ana.getByTestId('waiting').textContent()).toBe('The game starts when every seat is taken.');

    const { page: bruno } = await newContext(browser, errors, 'to-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('join-panel').waitFor({ timeout: UI });
    await bruno.getByTestId('join-name').fill('Bruno');
    await bruno.getByTestId('join-submit').click();
    await bruno.getByTestId(`hand-card-${u}`).waitFor({ timeout: UI });
    await screenshot(bruno, 'touched-on-online-bruno');
    await ana.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });

    // Ana plays her two Evaders of 96 as one batch.
    await ana.getByTestId(`hand-card-${e1}`).click({ timeout: UI });
    await expect.poll(() => ana.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('1');
    await ana.getByTestId(`hand-card-${e2}`).click();
    await expect.poll(() => ana.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('2');
    await ana.getByTestId('play-batch').click();
    await bruno.getByTestId(`placed-${e1}`).waitFor({ timeout: UI });
    // She could still shed her Appeal as this turn's Power; she keeps it and ends her turn.
    await ana.getByTestId('end-turn').click({ timeout: UI });
    await bruno.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });

    // Bruno inspects her carriage with his Undercover Inspector; Ana alone is asked.
    await bruno.getByTestId(`hand-card-${u}`).click({ timeout: UI });
    await bruno.getByTestId('inspect').click();
    await ana.getByTestId('appeal-prompt').waitFor({ timeout: UI });
    expect(await bruno.getByTestId('appeal-prompt').count()).toBe(0);
    await screenshot(ana, 'touched-on-online-appeal');
    await ana.getByTestId('appeal').click();
    await ana.getByTestId('appeal-prompt').waitFor({ state: 'detached', timeout: UI });

    // The Appeal succeeds against an Undercover Inspector: Bruno takes the Evaders instead.
    await bruno.getByTestId(`hand-card-${e1}`).waitFor({ timeout: UI });
    const after = (await server.db.fetch(matchID, { state: true })).state as State<TOState>;
    expect(after.G.players['1'].hand).toEqual(expect.arrayContaining([e1, e2]));
    expect(after.G.players['0'].hand).not.toContain(appeal);
    expect(after.G.players['0'].hand).not.toContain(e1);
    expect(await ana.getByTestId(`hand-card-${e1}`).count()).toBe(0);

    // Play goes on: Bruno, still on turn, plays an Evader batch of 96 (next to nothing else is
    // current: 96 is the current line) and the turn passes back to Ana.
    await bruno.getByTestId(`hand-card-${e1}`).click();
    await expect.poll(() => bruno.getByTestId('batch-count').textContent(), { timeout: UI }).toBe('1');
    await bruno.getByTestId('play-batch').click();
    await expect
      .poll(async () => ((await server.db.fetch(matchID, { state: true })).state as State<TOState>).ctx.currentPlayer, {
        timeout: UI,
      })
      .toBe('0');
    await ana.getByTestId('turn-who').filter({ hasText: 'Your turn' }).waitFor({ timeout: UI });
    await screenshot(ana, 'touched-on-online-ana');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await ana.context().close();
    await bruno.context().close();
  }, 60_000);

  it('plays a hot-seat game of bots to the end screen', async () => {
    const { page, context } = await newContext(browser, errors, 'to-hotseat');
    await page.goto(`${server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-kind-0').selectOption('bot');
    await page.getByTestId('hs-level-0').selectOption('easy');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('gameover').waitFor({ timeout: 150_000 });
    await screenshot(page, 'touched-on-hotseat-end');
    const text = (await page.getByTestId('gameover').textContent()) ?? '';
    expect(text).toMatch(/Bot 1|Bot 2/);
    // Only bots played: the table is seen as a spectator sees it, nobody called "you" (Bot 1 was, with its hand).
    expect(await page.getByTestId('hs-board').textContent()).not.toContain('(you)');
    // A reload comes back to the end itself.
    await page.reload();
    await page.getByTestId('gameover').waitFor({ timeout: 10_000 });
    // Back on the hot-seat page, the kept game is called finished, and a new one replaces it without asking.
    await backToHotSeatSetup(page);
    await expect
      .poll(() => page.getByTestId('hs-resume-title').textContent(), { timeout: 10_000 })
      .toBe('Finished game');
    expect(await page.getByTestId('hs-resume').textContent()).toBe('See the end');
    await page.getByTestId('hs-resume').click();
    await page.getByTestId('gameover').waitFor({ timeout: 10_000 });
    // On a phone, the final scores closed come back with "Final scores", which stands above the page's end bar
    // (it lay under the bar, which takes the window's width there).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('gameover-close').click();
    const reopen = (await page.getByTestId('show-scores').boundingBox())!;
    const bar = (await page.getByTestId('hs-end').boundingBox())!;
    expect(reopen.y + reopen.height, '"Final scores" above the end bar').toBeLessThanOrEqual(bar.y);
    await page.getByTestId('show-scores').click();
    await page.getByTestId('gameover').waitFor({ timeout: 10_000 });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 180_000);
});
