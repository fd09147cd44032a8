/**
 * Get on Board's map shows what each opponent did in their latest plot, in Debian's Chromium against the real
 * server (a play-through review: "you can't tell what a bot just did without hunting for it"; every line was drawn
 * the same whatever round it was placed in). A 3-player Rome match: seat 1's page is open at 1280 × 800 while the
 * departures and plots into round 3 are played over sockets (plots that do not eliminate, where there is one), up to an opponent's plot in round 3. Then each player's latest plot is
 * drawn emphasised (wider than the rest of the line, striped, its end ringed), the rest of the lines subdued, and the
 * map's description names each latest plot in words. Screenshots (of the window, not the whole page) at 1280 × 800,
 * and of the same map at 1024 × 768 and 390 × 844, go to artifacts/screenshots/gob-latest-plot-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import { actingPlayers, enumerate } from '../../src/games/get-on-board/ai';
import { plotStatus } from '../../src/games/get-on-board/legal';
import type { GobState, PointId } from '../../src/games/get-on-board/types';
import { RawClient } from '../server/harness';
import { createJoined, e2eSuite, findChromium, openAsSeat, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

/** A plot entry of the log: its player, round and points ("column,row", as the rules write them). */
const plotsIn = (G: GobState) =>
  G.log
    .filter((e) => e.player !== undefined && e.text.includes(' plots '))
    .map((e) => ({
      player: e.player!,
      round: e.round,
      points: e.text.slice(e.text.indexOf(' plots ')).match(/\d+,\d+/g)!,
    }));

/**
 * Plays legal moves over one raw socket per seat (each seat's first departure, then each plot's first that does not
 * eliminate, when there is one) until `done` says so of the state; returns it.
 */
async function playUntil(url: string, matchID: string, creds: string[], done: (G: GobState) => boolean) {
  const seats = creds.map(() => new RawClient(url, { namespace: 'get-on-board' }));
  try {
    for (let i = 0; i < creds.length; i++) await seats[i].sync(matchID, String(i), creds[i]);
    for (let guard = 0; ; guard++) {
      const G = (seats[0].state as State<GobState>).G;
      if (done(G)) return G;
      if (guard > 40 || G.result) throw new Error('the match did not reach the position');
      const pid = actingPlayers(G)[0];
      const own = seats[Number(pid)].state as State<GobState>;
      const options = enumerate(own.G, pid);
      const safe = options.find(
        (m) => m.move !== 'plot' || !plotStatus(own.G, pid, (m.args[0] as { path: PointId[] }).path).eliminated,
      );
      const choice = safe ?? options[0];
      const before = own._stateID;
      seats[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args, before);
      await Promise.all(seats.map((c) => c.waitFor(() => c.state!._stateID > before, UI, `the update after ${guard}`)));
    }
  } finally {
    seats.forEach((c) => c.close());
  }
}

/** A screenshot of the window as it is, the map scrolled into view. */
async function shot(page: Page, name: string): Promise<void> {
  await page.getByTestId('gob-map').scrollIntoViewIfNeeded();
  await screenshot(page, name, { fullPage: false });
}

describe.skipIf(!CHROMIUM)("browser: Get on Board's map shows each player's latest plot", () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it("after an opponent's plot, the seat's map draws it emphasised and says it in words", async () => {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, 'get-on-board', 3);
    const { page, context } = await openAsSeat(
      browser,
      errors,
      'gob-latest',
      { url: server.url, game: 'get-on-board', matchID, playerID: '1', credentials: creds[1] },
      undefined,
      { viewport: { width: 1280, height: 800 } },
    );
    await page.getByTestId('departure-panel').waitFor({ timeout: UI });
    // The departures and the plots up to round 3's first by an opponent (seat 1's own, if it comes first, too).
    const G = await playUntil(server.url, matchID, creds, (g) => {
      const last = plotsIn(g).at(-1);
      return last !== undefined && last.round === 3 && last.player !== '1';
    });
    const plots = plotsIn(G);
    const fresh = plots.at(-1)!;
    await expect
      .poll(() => page.locator('[data-testid="log"] li').filter({ hasText: ' plots ' }).count(), { timeout: UI })
      .toBe(plots.length);
    await shot(page, 'gob-latest-plot-1280');

    // Each player's latest plot is on the map, if made in round 2 or 3 (one eliminated earlier has none): the
    // opponent who plotted last shows round 3's, with the points the log lists.
    const expected = G.order.flatMap((p) => {
      const last = plots.filter((e) => e.player === p).at(-1);
      return last && last.round >= 2 ? [`${p}:${last.round}:${last.points.join(' ')}`] : [];
    });
    const latest = page.locator('.gob-latest');
    await expect.poll(() => latest.count(), { timeout: UI }).toBe(expected.length);
    const shown = await latest.evaluateAll((els) =>
      els.map(
        (el) => `${el.getAttribute('data-latest')}:${el.getAttribute('data-round')}:${el.getAttribute('data-points')}`,
      ),
    );
    expect(shown).toEqual(expected);
    expect(shown).toContain(`${fresh.player}:3:${fresh.points.join(' ')}`);

    // Drawn emphasised: wider than a line, with a white dashed stripe (not colour alone), its end ringed; the rest of
    // every line subdued.
    const style = await page.evaluate((p) => {
      const width = (sel: string) => parseFloat(getComputedStyle(document.querySelector(sel)!).strokeWidth);
      const stripe = getComputedStyle(document.querySelector(`.gob-latest[data-latest="${p}"] .gob-latest-stripe`)!);
      const ring = document.querySelector(`.gob-latest[data-latest="${p}"] .gob-latest-end`)!.getBoundingClientRect();
      return {
        latest: width(`.gob-latest[data-latest="${p}"] .gob-latest-line`),
        line: width(`.gob-route[data-player="${p}"] .gob-route-line`),
        older: parseFloat(getComputedStyle(document.querySelector('.gob-route-line')!).strokeOpacity),
        dashed: stripe.strokeDasharray !== 'none',
        ring: ring.width,
      };
    }, fresh.player);
    expect(style.latest).toBeGreaterThan(style.line);
    expect(style.older).toBeLessThan(1);
    expect(style.dashed).toBe(true);
    expect(style.ring).toBeGreaterThan(20);

    // In words: the map's description, each plot by station.
    const described = await page.evaluate(() => {
      const svg = document.querySelector('.gob-map-svg')!;
      const id = svg.getAttribute('aria-describedby');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    expect(described).toMatch(new RegExp(`Player ${Number(fresh.player) + 1}'s latest plot, round 3: .+ → .+\\.`));
    expect(described.match(/latest plot/g)).toHaveLength(expected.length);

    // The same at a tablet's and a phone's size, for the eye.
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'gob-latest-plot-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'gob-latest-plot-390');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
