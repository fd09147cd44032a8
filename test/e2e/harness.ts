/**
 * Browser test harness: Debian's Chromium driven by playwright-core (no
 * downloaded browser), against the real server serving the real client
 * bundle built by scripts/build.mjs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/app';
import { formatLine, type Logger } from '../../server/log';

export const ROOT = path.resolve(__dirname, '../..');
export const SCREENSHOTS = path.join(ROOT, 'artifacts', 'screenshots');

/** The Chromium to drive: $CHROMIUM_PATH, then Debian's /usr/bin/chromium; null when neither exists. */
export function findChromium(): string | null {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium']) if (p && fs.existsSync(p)) return p;
  return null;
}

/** Flags for a quiet headless Chromium in a container. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launch the browser. */
export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** Build the client bundle exactly as `npm start` does. */
export function buildClient(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--client'], { cwd: ROOT, stdio: 'pipe' });
}

/** The URL path of the file the build made of a source entry (e.g. `src/client/main.tsx`), from its manifest. */
export function builtEntry(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'public/build/manifest.json'), 'utf8')) as {
    entries: Record<string, string>;
  };
  const url = manifest.entries[source];
  if (!url) throw new Error(`the build has no entry for ${source}`);
  return url;
}

/** A real server on an ephemeral port with file storage in a temp folder. */
export interface E2EServer extends RunningServer {
  logs: string[];
  dataDir: string;
}

/** Start the server on 127.0.0.1:0 serving public/. */
export async function startE2EServer(): Promise<E2EServer> {
  const logs: string[] = [];
  const logger: Logger = (level, message, fields) => logs.push(formatLine(level, message, fields));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-e2e-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    storage: 'file',
    dataDir,
    publicDir: path.join(ROOT, 'public'),
    logger,
  });
  return { ...server, logs, dataDir };
}

/**
 * Record, in the page, when the board's map first appears
 * (window.__firstBoardMs, ms since navigation start).
 */
export const FIRST_BOARD_SCRIPT = `(() => {
  const seen = () => {
    if (window.__firstBoardMs === undefined && document.querySelector('[data-testid="map"]')) {
      window.__firstBoardMs = performance.now();
      return true;
    }
    return false;
  };
  const start = () => {
    if (seen()) return;
    const obs = new MutationObserver(() => { if (seen()) obs.disconnect(); });
    obs.observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

/** A new browser context whose pages log console errors into `errors`. */
export async function newContext(
  browser: Browser,
  errors: string[],
  label: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(FIRST_BOARD_SCRIPT);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`[${label}] pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`[${label}] console: ${m.text()}`);
  });
  return { context, page };
}

/** Save a screenshot under artifacts/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
