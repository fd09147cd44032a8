/**
 * A new match whose bots the server refuses (here a cap of one bot per
 * client): the match page says so once, naming the bots refused for the same
 * reason together, in the server's words, and their seats stay open.
 */
import { describe, expect, it } from 'vitest';
import { e2eSuite, findChromium, newContext } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: bots the server refuses', () => {
  const suite = e2eSuite({ botLimits: { perClient: 1 } });

  it('names the refused bots together, with the reason once', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'bot-refusal');
    await page.goto(`${suite.server.url}/#/g/touched-on`);
    await page.getByTestId('player-name').fill('Dora');
    await page.getByTestId('create-players-4').click();
    for (const seat of [1, 2, 3]) await page.getByTestId(`create-kind-${seat}`).selectOption('bot');
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/match\//, { timeout: UI });
    const notice = page.getByTestId('match-notice');
    await notice.waitFor({ timeout: UI });
    const text = (await notice.textContent())!;
    expect(text).toMatch(
      /^Some bots could not be seated; those seats stay open for people\. Bot 3 \(normal\) and Bot 4 \(normal\): Could not seat the bot: you already have 1 bot playing; /,
    );
    expect(text.match(/Could not seat the bot/g)).toHaveLength(1);
    const matchID = decodeURIComponent(page.url().split('/match/')[1]);
    const { metadata } = await suite.server.db.fetch(matchID, { metadata: true });
    expect(Object.values(metadata.players).map((p) => p.name ?? null)).toEqual(['Dora', 'Bot 2 (normal)', null, null]);
    await context.close();
  }, 60_000);
});
