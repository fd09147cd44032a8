/**
 * axe-core (its npm package, injected into the page) on the site's pages in
 * Debian's Chromium against the real server: the games page and every
 * game's lobby. The test fails on any serious or critical violation. The
 * boards and end screens: every-board.test.ts (every game),
 * boards-a11y.test.ts and lisbon-a11y.test.ts (mid-turn views).
 */
import { describe, expect, it } from 'vitest';
import { violations } from './axe';
import { findChromium, newContext, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: accessibility (axe-core)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('the games page and every lobby', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'a11y-lobby');
    await page.goto(`${suite.server.url}/`);
    await page.getByTestId('games').waitFor({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `games page: ${v}`);
    for (const id of ['lisbon-tram-28', 'touched-on', 'get-on-board']) {
      await page.goto(`${suite.server.url}/#/g/${id}`);
      await page.getByTestId('lobby').waitFor({ timeout: UI });
      found.push(...(await violations(page)).map((v) => `${id} lobby: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  }, 60_000);
});
