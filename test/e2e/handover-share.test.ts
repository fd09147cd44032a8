/**
 * Sharing a match's links, in Debian's Chromium against the real server: each copy button (the watch link, "Play on
 * another device"'s link, the invitation) says in a polite status that it copied, or, the browser refusing, how to
 * copy the link by hand; the invitation is shown as a QR code too, which a phone at the table scans to the join form.
 */
import { describe, expect, it } from 'vitest';
import { COPY_FAILED } from '../../src/client/useCopied';
import { createdByAna, e2eSuite, findChromium, newContext, openAsSeat, screenshot } from './harness';
import { handoverMatch, LOCAL_NOTE, PHONE, readQr, UI } from './handover-helpers';

const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('browser: playing a seat on another device', () => {
  const suite = e2eSuite();
  const match = () => handoverMatch(suite);

  it('says in a polite status whether a link was copied, the same for each copy button, and how to copy by hand', async () => {
    const { url, matchID, creds } = await match();
    const at = { url, game: 'touched-on', matchID, playerID: '0', credentials: creds[0] };
    const { context, page } = await openAsSeat(suite.browser, suite.errors, 'handover-copy', at);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const watchLink = `${url}/#/g/touched-on/match/${matchID}`;
    /** The copy button's status: its role, its words, and whether it is seen. */
    const status = (testid: string) =>
      page.getByTestId(testid).evaluate((el) => ({
        role: el.getAttribute('role'),
        text: el.textContent,
        seen: el.getBoundingClientRect().width > 1,
      }));
    // Copied: the status says so to a screen reader (the button says it on the screen).
    await page.getByTestId('copy-watch-link').click({ timeout: UI });
    await expect
      .poll(() => status('copy-status'), { timeout: UI })
      .toEqual({ role: 'status', text: 'Link copied', seen: false });
    expect(await page.getByTestId('copy-watch-link').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(watchLink);
    await page.getByTestId('handover-open').click();
    await page.getByTestId('handover-copy').click();
    await expect
      .poll(() => status('handover-copied'), { timeout: UI })
      .toEqual({ role: 'status', text: 'Link copied', seen: false });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('handover-link').inputValue(),
    );

    // A page without a clipboard (served over plain http by a LAN address): each says how to copy the link by hand.
    await page.evaluate(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await page.getByTestId('handover-copy').click();
    await expect
      .poll(() => status('handover-copied'), { timeout: UI })
      .toEqual({ role: 'status', text: COPY_FAILED, seen: true });
    await page.getByTestId('handover-close').click();
    await page.getByTestId('copy-watch-link').click();
    await expect
      .poll(() => status('copy-status'), { timeout: UI })
      .toEqual({ role: 'status', text: COPY_FAILED, seen: true });
    // The small button holds no field with the link: it comes under the words, to select.
    expect(await page.getByTestId('copy-status-link').inputValue()).toBe(watchLink);
    await screenshot(page, 'copy-failed');
    await context.close();

    // The invitation, as its creator waits for players.
    const ana = await createdByAna(suite, 'copy-invite');
    await ana.page.evaluate(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await ana.page.getByTestId('copy-link').click();
    await expect.poll(() => ana.page.getByTestId('copy-status').textContent(), { timeout: UI }).toBe(COPY_FAILED);
    expect(await ana.page.getByTestId('match-error').count()).toBe(0);
    await ana.page.context().close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);

  it('shows the invitation as a QR code too, which a phone at the table scans to the join form', async () => {
    const { page, link } = await createdByAna(suite, 'invite-qr');
    expect(await page.getByTestId('share-qr-box').count()).toBe(0);
    await page.getByTestId('share-qr-toggle').click();
    expect(await page.getByTestId('share-qr-toggle').getAttribute('aria-expanded')).toBe('true');
    const scanned = await readQr(page, 'share-qr');
    expect(scanned).toBe(link);
    await screenshot(page, 'invite-qr');
    // The test's server is on 127.0.0.1, which a real phone could not reach: the page says so, in the panel's words.
    expect(await page.getByTestId('share-local').textContent()).toBe(LOCAL_NOTE);
    const phone = await newContext(suite.browser, suite.errors, 'invite-qr-phone', PHONE);
    await phone.page.goto(scanned!);
    await phone.page.getByTestId('join-panel').getByTestId('join-name').waitFor({ timeout: UI });
    await page.getByTestId('share-qr-toggle').click();
    await page.getByTestId('share-qr-box').waitFor({ state: 'detached', timeout: UI });
    await phone.context.close();
    await page.context().close();
    expect(suite.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  }, 60_000);
});
