/**
 * Get on Board's game log is a polite live region, as Lisbon's and Touched On's are, in Debian's Chromium against the
 * real server: a seat's page is open while both seats' moves are played over sockets (departures, plots, a new
 * round), and every new entry lands in the log's live region, the one element that was already on the page before
 * them (a region added with its content announces nothing, so the entries there as the page opens are not read out
 * again; nor is the whole log: the region is not atomic). In Chromium's accessibility tree the log's list is a polite
 * live region. Before, the log was no live region: opponents' plots and new rounds went unannounced.
 */
import { describe, expect, it } from 'vitest';
import { createJoined, e2eSuite, findChromium, openAsSeat, playOverSockets } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: Get on Board announces new log entries', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it("opponents' plots and a new round come into the log's polite live region", async () => {
    const { server, browser } = suite;
    const { matchID, creds } = await createJoined(server.url, 'get-on-board', 2);
    const { page, context } = await openAsSeat(
      browser,
      errors,
      'gob-live',
      { url: server.url, game: 'get-on-board', matchID, playerID: '0', credentials: creds[0] },
      undefined,
      { viewport: { width: 1280, height: 800 } },
    );
    await page.getByTestId('departure-panel').waitFor({ timeout: UI });
    const log = page.getByTestId('log');
    const first = await log.locator('li').count();
    expect(first).toBeGreaterThan(0);
    // The log's live region as the page opened, marked to tell it from one added later.
    const region = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="log"]')!;
      const live = el.closest('[aria-live]') ?? el.querySelector('[aria-live]');
      if (!live) return null;
      (live as unknown as { __before: boolean }).__before = true;
      return {
        live: live.getAttribute('aria-live'),
        atomic: live.getAttribute('aria-atomic'),
        relevant: live.getAttribute('aria-relevant'),
        holdsEntries: live.contains(el.querySelector('li')),
      };
    });
    expect(region, 'the log is in no live region').not.toBeNull();
    expect(region).toEqual({ live: 'polite', atomic: null, relevant: null, holdsEntries: true });

    // Both departures, then plots into round 2 or further, over the sockets: this page only watches.
    await playOverSockets(server.url, 'get-on-board', matchID, creds, 6);
    await page
      .getByTestId('round')
      .filter({ hasText: /Round [2-9]/ })
      .waitFor({ timeout: UI });
    const texts = await log.locator('li').allTextContents();
    expect(texts.length).toBeGreaterThan(first + 2);
    expect(texts.join('\n')).toMatch(/Round 2/);

    // Every entry, old and new, is inside the region marked before the moves: it was not replaced.
    const outside = await page.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid="log"] li')].filter(
          (li) => !(li.closest('[aria-live]') as unknown as { __before?: boolean } | null)?.__before,
        ).length,
    );
    expect(outside).toBe(0);

    // Chromium's accessibility tree: the list that holds the entries is a polite live region, not atomic, telling
    // additions (the default).
    const cdp = await context.newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const list = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-testid="log"] ol' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId: list.nodeId, fetchRelatives: false });
    const props = Object.fromEntries((nodes[0].properties ?? []).map((p) => [p.name, p.value.value]));
    expect(props).toMatchObject({ live: 'polite', atomic: false, relevant: 'additions text' });
    await cdp.detach();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
