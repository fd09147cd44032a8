/**
 * The flags the browser tests launch Debian's Chromium with (test/e2e/harness.ts): Playwright's own
 * `--disable-features` list, which ours replaces (Chromium keeps the last one), is still whole in ours; and a
 * context's page is the only page the browser builds for it (not the address bar's pop-ups, which cost a third of
 * a context's CPU).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { findChromium, launchBrowser, UNUSED_FEATURES } from './harness';

const CHROMIUM = findChromium();

describe.skipIf(!CHROMIUM)('browser tests: the Chromium they launch', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(CHROMIUM!);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps every feature Playwright turns off, and turns off the address bar's pop-ups", async () => {
    // The browser process's command line, as Linux holds it (CDP gives it only with --enable-automation).
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const pid = processInfo.find((p) => p.type === 'browser')!.id;
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const lists = commandLine
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    // Playwright's first, ours last: the one Chromium keeps.
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const kept = lists[lists.length - 1];
    expect(lists[0].filter((f) => !kept.includes(f))).toEqual([]);
    expect(UNUSED_FEATURES.filter((f) => !kept.includes(f))).toEqual([]);
    await cdp.detach();
  });

  it('builds no page but the one a context opens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('about:blank');
    // The pop-ups were built some 100 ms after the page: give them a second.
    await page.waitForTimeout(1000);
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.map((t) => `${t.type} ${t.url}`)).toEqual(['page about:blank']);
    await cdp.detach();
    await context.close();
  });
});
