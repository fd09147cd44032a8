/**
 * A game board's standalone test page, for the browser tests of one game's board pieces: the page's harness.tsx
 * (beside the test, in browser/) bundled with esbuild, CSS included, into a temp dir with an index.html, opened over
 * file:// in the shared Chromium. Each page opened records its errors, page errors and console errors alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser } from './e2e/harness';

export interface BoardPage {
  /** Opens the page in a new context of `viewport`'s size; `init` runs in the page before its own script. */
  open(opts: { width: number; height: number; hash?: string; touch?: boolean; init?: string }): Promise<Page>;
  /** The errors of every page opened so far. */
  readonly errors: string[];
  /** Removes the temp dir and closes the pages' contexts (the browser stays for the next file). */
  close(): Promise<void>;
}

/** Bundles `harness` (a .tsx file) into a temp dir named after `prefix`; `style` is the page's own CSS. */
export async function boardPage(harness: string, prefix: string, style: string): Promise<BoardPage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  await esbuild.build({
    entryPoints: [harness],
    bundle: true,
    outdir: dir,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<link rel="stylesheet" href="harness.css"><style>${style}</style></head>` +
      '<body><div id="root"></div><script src="harness.js"></script></body></html>',
  );
  const browser: Browser = await sharedBrowser();
  const errors: string[] = [];
  return {
    errors,
    async open({ width, height, hash, touch = false, init }) {
      const page = await browser.newPage({ viewport: { width, height }, reducedMotion: 'reduce', hasTouch: touch });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      if (init) await page.addInitScript(init);
      await page.goto(`file://${path.join(dir, 'index.html')}${hash ? `#${hash}` : ''}`);
      return page;
    },
    async close() {
      await releaseBrowser(browser);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
