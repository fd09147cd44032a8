/**
 * The match chat in Debian's Chromium against the real server, on Get on
 * Board and Touched On: two players write to each other, markup shows as text, a
 * reload brings the history back, a spectator reads it and cannot write, and
 * an over-long message is refused on the page with its reason. What counts
 * as new survives a reload: only others' messages written since the chat was
 * last open in this browser. On Get on Board's phone layouts (360 × 640, and
 * 844 × 390 sideways), the chat opened above the board while a departure is
 * chosen stays in view, and so it does when a reply comes.
 */
import { describe, expect, it } from 'vitest';
import { findChromium, newContext, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: chat', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it.each(['get-on-board', 'touched-on'])(
    '%s: two players chat, the history survives a reload, a spectator reads',
    async (gameId) => {
      const { page: ana } = await newContext(suite.browser, errors, `chat-ana-${gameId}`);
      await ana.goto(`${suite.server.url}/#/g/${gameId}`);
      await ana.getByTestId('player-name').fill('Ana');
      await ana.getByTestId('create-submit').click();
      await ana.waitForURL(/\/match\//, { timeout: UI });
      const link = await ana.getByTestId('share-link').inputValue();
      const { page: bruno } = await newContext(suite.browser, errors, `chat-bruno-${gameId}`);
      await bruno.goto(link);
      await bruno.getByTestId('join-name').fill('Bruno');
      await bruno.getByTestId('join-submit').click();
      await bruno.getByTestId('online-board').waitFor({ timeout: UI });

      await ana.getByTestId('chat').locator('summary').click();
      await ana.getByTestId('chat-input').fill('Good luck, <i>Bruno</i>!');
      await ana.getByTestId('chat-input').press('Enter');
      // Bruno's closed chat counts the new message; opened, it shows it as text.
      await bruno.getByTestId('chat-unread').filter({ hasText: '1 new' }).waitFor({ timeout: UI });
      await bruno.getByTestId('chat').locator('summary').click();
      await expect
        .poll(() => bruno.getByTestId('chat-message').first().textContent(), { timeout: UI })
        .toContain('Ana');
      expect(await bruno.getByTestId('chat-message').first().locator('.chat-text').textContent()).toBe(
        'Good luck, <i>Bruno</i>!',
      );
      expect(await bruno.locator('.chat-text i').count()).toBe(0);
      await bruno.getByTestId('chat-input').fill('Thanks!');
      await bruno.getByTestId('chat-send').click();
      await expect.poll(() => ana.getByTestId('chat-message').count(), { timeout: UI }).toBe(2);

      // Too long: refused here with the reason, nothing sent.
      await ana.getByTestId('chat-input').evaluate((el) => el.removeAttribute('maxlength'));
      await ana.getByTestId('chat-input').fill('x'.repeat(501));
      await ana.getByTestId('chat-send').click();
      expect(await ana.getByTestId('chat-error').textContent()).toContain('at most 500');

      await bruno.reload();
      await bruno.getByTestId('chat').locator('summary').click({ timeout: UI });
      await expect.poll(() => bruno.getByTestId('chat-message').count(), { timeout: UI }).toBe(2);
      await screenshot(bruno, `chat-bruno-${gameId}`);

      const { page: watcher } = await newContext(suite.browser, errors, `chat-watcher-${gameId}`);
      await watcher.goto(link);
      await watcher.getByTestId('join-panel').waitFor({ timeout: UI });
      await watcher.getByTestId('watch').click();
      await watcher.getByTestId('chat').locator('summary').click({ timeout: UI });
      await expect.poll(() => watcher.getByTestId('chat-message').count(), { timeout: UI }).toBe(2);
      expect(await watcher.getByTestId('chat-input').count()).toBe(0);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      for (const p of [ana, bruno, watcher]) await p.context().close();
    },
    90_000,
  );

  it.each([
    { name: 'phone-360', width: 360, height: 640 },
    { name: 'sideways', width: 844, height: 390 },
  ])(
    'get-on-board on a $width × $height phone: the chat opened while a departure is chosen stays in view, and after a reply',
    async (size) => {
      const phone = { viewport: { width: size.width, height: size.height }, isMobile: true, hasTouch: true };
      const { page: ana } = await newContext(suite.browser, errors, `chat-phone-ana-${size.name}`, phone);
      await ana.goto(`${suite.server.url}/#/g/get-on-board`);
      await ana.getByTestId('player-name').fill('Ana');
      await ana.getByTestId('create-submit').tap();
      await ana.waitForURL(/\/match\//, { timeout: UI });
      const link = await ana.getByTestId('share-link').inputValue();
      const { page: bruno } = await newContext(suite.browser, errors, `chat-phone-bruno-${size.name}`);
      await bruno.goto(link);
      await bruno.getByTestId('join-name').fill('Bruno');
      await bruno.getByTestId('join-submit').click();
      // Both seated: Ana chooses her departure, the map kept clear of the bottom sheet.
      await ana.getByTestId('departure-panel').waitFor({ timeout: UI });
      await ana.evaluate(() => window.scrollTo(0, 0));
      const chat = ana.getByTestId('chat');
      await chat.locator('summary').tap();
      await ana.getByTestId('chat-input').waitFor({ timeout: UI });
      const inView = async () => {
        const b = (await ana.getByTestId('chat-input').boundingBox())!;
        return b.y >= 0 && b.y + b.height <= size.height;
      };
      await ana.waitForTimeout(300);
      expect(await inView(), 'the chat input in view once opened').toBe(true);
      await ana.getByTestId('chat-input').fill('Which line?');
      await ana.getByTestId('chat-send').tap();
      await bruno.getByTestId('chat').locator('summary').click();
      await bruno.getByTestId('chat-input').fill('The 12');
      await bruno.getByTestId('chat-send').click();
      await ana.getByTestId('chat-message').nth(1).waitFor({ timeout: UI });
      await ana.waitForTimeout(300);
      await screenshot(ana, `chat-gob-phone-${size.name}`);
      expect(await inView(), 'the chat input in view after the reply').toBe(true);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await ana.context().close();
      await bruno.context().close();
    },
    60_000,
  );

  it('a reload does not count read or own messages as new; one written meanwhile is', async () => {
    const { page: ana } = await newContext(suite.browser, errors, 'chat-read-ana');
    await ana.goto(`${suite.server.url}/#/g/touched-on`);
    await ana.getByTestId('player-name').fill('Ana');
    await ana.getByTestId('create-submit').click();
    await ana.waitForURL(/\/match\//, { timeout: UI });
    const link = await ana.getByTestId('share-link').inputValue();
    const { page: bruno } = await newContext(suite.browser, errors, 'chat-read-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('join-name').fill('Bruno');
    await bruno.getByTestId('join-submit').click();
    await bruno.getByTestId('online-board').waitFor({ timeout: UI });

    await ana.getByTestId('chat').locator('summary').click();
    await ana.getByTestId('chat-input').fill('Hello');
    await ana.getByTestId('chat-input').press('Enter');
    await bruno.getByTestId('chat-unread').filter({ hasText: '1 new' }).waitFor({ timeout: UI });
    // Bruno reads it, answers, and closes the chat.
    await bruno.getByTestId('chat').locator('summary').click();
    await bruno.getByTestId('chat-input').fill('Hi!');
    await bruno.getByTestId('chat-send').click();
    await expect.poll(() => ana.getByTestId('chat-message').count(), { timeout: UI }).toBe(2);
    await bruno.getByTestId('chat').locator('summary').click();

    // Back after a reload (or from "Your matches"): nothing he has not seen.
    await bruno.reload();
    await expect
      .poll(() => bruno.getByTestId('chat').locator('summary').textContent(), { timeout: UI })
      .toContain('2 messages');
    expect(await bruno.getByTestId('chat-unread').count()).toBe(0);
    // Ana, who wrote the first and read the second with her chat open, neither.
    await ana.reload();
    await expect
      .poll(() => ana.getByTestId('chat').locator('summary').textContent(), { timeout: UI })
      .toContain('2 messages');
    expect(await ana.getByTestId('chat-unread').count()).toBe(0);

    // A message written while Bruno's page is closed is new when he comes back.
    await bruno.close();
    await ana.getByTestId('chat').locator('summary').click();
    await ana.getByTestId('chat-input').fill('Your move');
    await ana.getByTestId('chat-input').press('Enter');
    await expect.poll(() => ana.getByTestId('chat-message').count(), { timeout: UI }).toBe(3);
    const again = await bruno.context().newPage();
    await again.goto(link);
    await again.getByTestId('chat-unread').filter({ hasText: '1 new' }).waitFor({ timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const p of [ana, again]) await p.context().close();
  }, 90_000);
});
