/**
 * A new match whose bots the server refuses (here a cap of one bot per
 * client): the match page says so once, naming the bots refused for the same
 * reason together, in the server's words, and their seats stay open. Filled
 * from the waiting room, the seats fill as far as the cap allows, and the room
 * says how far.
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

// A server of its own: the bot seated above would count against this client's cap.
describe.skipIf(!CHROMIUM)('browser: bots the server refuses in the waiting room', () => {
  const suite = e2eSuite({ botLimits: { perClient: 1 } });

  it('fills the waiting room as far as the cap allows, and says how far', async () => {
    const { page, context } = await newContext(suite.browser, suite.errors, 'bot-refusal-fill');
    await page.goto(`${suite.server.url}/#/g/touched-on`);
    await page.getByTestId('player-name').fill('Dora');
    await page.getByTestId('create-players-3').click();
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/\/match\//, { timeout: UI });
    const room = page.getByTestId('waiting-room');
    await room.waitFor({ timeout: UI });
    await page.getByTestId('fill-bots').click();
    const alert = room.getByRole('alert');
    await alert.waitFor({ timeout: UI });
    expect(await alert.textContent()).toMatch(
      /^1 of the 2 bots was seated\. Could not seat the bot: you already have 1 bot playing; /,
    );
    // The bot seated shows at once; the other seat stays open, to fill again once a bot seat frees up.
    await expect.poll(() => page.getByTestId('waiting-seat-1').textContent(), { timeout: UI }).toContain('Bot 2');
    expect(await page.getByTestId('waiting-seat-2').textContent()).toContain('open');
    expect(await page.getByTestId('fill-bots').textContent()).toBe('Fill the open seat with a bot');
    await context.close();
  }, 60_000);
});
