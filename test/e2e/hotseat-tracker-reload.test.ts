/**
 * Hot-seat, in Debian's Chromium against the real server: what a seat's
 * screen has not shown yet survives a reload. Ana's Tram Tracker takes a card
 * from Bruno and gives him one; the page is reloaded before Bruno takes the
 * device, and he is still told which card went and which came, once (a
 * second reload does not tell him again). The shell stores that in
 * sessionStorage for the saved game only, each state's log cut to what it
 * adds; a stored value that cannot be read is ignored, and quitting the game
 * forgets it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { State } from 'boardgame.io';
import type { TOState } from '../../src/games/touched-on/types';
import { emptyHands, give } from '../games/touched-on/helpers';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const SEATS_KEY = 'lt28:hotseat-seats';

/** boardgame.io's persisted hot-seat matches ([matchID, state] pairs). */
async function storedMatches<G>(page: Page): Promise<[string, State<G>][]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28hs_state'))) ?? '[]') as [string, State<G>][];
}

/** What the shell stored of its seats' screens, as JSON. */
const storedSeats = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), SEATS_KEY);

describe.skipIf(!CHROMIUM)('browser: hot-seat memory of unseen states across a reload', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it("tells the Tram Tracker's target after a reload which card went and which came, once", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'hotseat-tracker-reload');
    // Every toast shown, with the part of the game it showed in (kept across reloads).
    await context.addInitScript(() => {
      const w = window as unknown as { __phase: string };
      w.__phase = sessionStorage.getItem('test:phase') ?? 'start';
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="toast"]')) {
          if (seen.has(el)) continue;
          seen.add(el);
          const all = JSON.parse(sessionStorage.getItem('test:toasts') ?? '[]') as unknown[];
          all.push({ text: el.textContent ?? '', phase: w.__phase });
          sessionStorage.setItem('test:toasts', JSON.stringify(all));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const phase = (p: string) =>
      page.evaluate((v) => {
        (window as unknown as { __phase: string }).__phase = v;
        sessionStorage.setItem('test:phase', v);
      }, p);
    const toasts = async () =>
      JSON.parse((await page.evaluate(() => sessionStorage.getItem('test:toasts'))) ?? '[]') as {
        text: string;
        phase: string;
      }[];
    const resumeAs = async (name: string) => {
      await page.getByTestId('hs-resume').click({ timeout: UI });
      await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe(name);
      await page.getByTestId('pass-ready').click();
    };

    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-name-1').fill('Bruno');
    // Bruno deals: Ana, to his left, starts.
    await page.getByTestId('hs-dealer-1').click();
    await page.getByTestId('hs-start').click();
    await page.getByTestId('pass-device').waitFor({ timeout: UI });

    // Ana holds a Tram Tracker, a Priority Seat and an Evader of 96; Bruno an Evader of 86 and an Authorised Inspector 96.
    const entries = await storedMatches<TOState>(page);
    const matchID = entries[0][0];
    const G = entries[0][1].G;
    expect(entries[0][1].ctx.currentPlayer).toBe('0');
    emptyHands(G);
    const [tracker, , e96] = give(G, '0', ['tramTracker', 'prioritySeat', 'E96']);
    const [, a96] = give(G, '1', ['E86', 'A96']);
    G.drawCount = G.drawPile.length;
    await page.evaluate((v) => localStorage.setItem('lt28hs_state', v), JSON.stringify(entries));
    await page.reload();

    await phase('ana');
    await resumeAs('Ana');
    await page.getByTestId(`hand-card-${tracker}`).click({ timeout: UI });
    await page.getByTestId('tracker-target-1').click();
    await page.getByTestId(`take-${a96}`).click({ timeout: UI });
    await page.getByTestId(`give-${e96}`).click();
    await page.getByTestId('tracker-swap').click();
    await expect.poll(() => page.getByTestId('pass-name').textContent(), { timeout: UI }).toBe('Bruno');

    // The page is reloaded before Bruno takes the device: he is still told, on his screen.
    await phase('reloaded');
    await page.reload();
    await phase('bruno');
    await resumeAs('Bruno');
    await page.getByTestId(`hand-card-${e96}`).waitFor({ timeout: UI });
    const told = 'Ana took your Authorised Inspector 96 and gave you Evader 96.';
    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: UI }).toContain(told);
    await screenshot(page, 'hotseat-tracker-target-told-after-reload');

    // Once: his screen showed it, so another reload does not tell him again.
    await phase('bruno again');
    await page.reload();
    await resumeAs('Bruno');
    await page.getByTestId('hand').waitFor({ timeout: UI });
    await page.waitForTimeout(500);
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);

    // What is stored: this match's, each human seat's states from its last screen on, the first one whole and the
    // others' logs cut to the entries they add, and nothing but what a board is given.
    const stored = JSON.parse((await storedSeats(page))!) as {
      matchID: string;
      trails: Record<string, Record<string, unknown>[]>;
    };
    expect(stored.matchID).toBe(matchID);
    expect(Object.keys(stored.trails).sort()).toEqual(['0', '1']);
    const anaTrail = stored.trails['0'];
    // Ana's screen last showed her swap; Bruno's views since are hers to be given when she next holds the device.
    expect(anaTrail.length).toBeGreaterThan(1);
    for (const s of Object.values(stored.trails).flat())
      expect(Object.keys(s).every((k) => ['G', 'ctx', '_stateID', 'logFrom'].includes(k))).toBe(true);
    const [first, ...rest] = anaTrail as { G: TOState; logFrom?: { log: number } }[];
    expect(first.logFrom).toBeUndefined();
    expect(first.G.log.length).toBeGreaterThan(0);
    for (const s of rest) expect(s.logFrom?.log).toBeGreaterThan(0);

    // A stored value that cannot be read is ignored: the game resumes as ever, with nothing told.
    for (const broken of [
      '{not json',
      JSON.stringify({ v: 1, matchID, holder: 7, trails: { '1': [{ G: 1 }], '0': 'x' } }),
      JSON.stringify({
        v: 1,
        matchID,
        holder: '0',
        trails: { '1': [{ G: {}, ctx: {}, _stateID: 1, logFrom: { log: 9 } }] },
      }),
    ]) {
      await page.evaluate(([key, v]) => sessionStorage.setItem(key, v), [SEATS_KEY, broken]);
      await page.reload();
      await resumeAs('Bruno');
      await page.getByTestId('hand').waitFor({ timeout: UI });
    }
    expect((await toasts()).filter((t) => /took your/.test(t.text)).map((t) => t.phase)).toEqual(['bruno']);

    // Quitting the game forgets it.
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('hs-quit').click();
    await page.getByTestId('hotseat-setup').waitFor({ timeout: UI });
    expect(await storedSeats(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
