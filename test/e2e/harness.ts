/**
 * Browser test harness: Debian's Chromium driven by playwright-core (no
 * downloaded browser), against the real server serving the real client
 * bundle built by scripts/build.mjs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import type { State } from 'boardgame.io';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';
import { formatLine, type Logger } from '../../server/log';
import { gameNamed } from '../../src/games/registry';
import { http, RawClient } from '../server/harness';
import { waitingOn } from '../../src/games/common/waiting-room';

export const ROOT = path.resolve(__dirname, '../..');
/** The screens every board is checked on: an upright phone (touch), a small laptop and a desktop. */
export const SCREENS = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'laptop', width: 1366, height: 768, touch: false },
  { name: 'desktop', width: 1920, height: 1080, touch: false },
] as const;

/** Where `screenshot` saves its pictures, when the run saves them (`SCREENSHOTS=1`). */
export const SCREENSHOTS = path.join(ROOT, 'artifacts', 'screenshots');
/**
 * Whether this run saves screenshots: `SCREENSHOTS=1 npm test` (or any Vitest command). Off by default: no test
 * reads them, and a full run took 368 of them (84 MB), 120 to 520 ms each on this 2-core machine (a full page at
 * 1366 × 768 the most) where the wait that stands in for one takes about 30 (2026-12-01, side by side).
 */
export const SAVING_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** The Chromium to drive: $CHROMIUM_PATH, then Debian's /usr/bin/chromium; null when neither exists. */
export function findChromium(): string | null {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium']) if (p && fs.existsSync(p)) return p;
  return null;
}

/**
 * The features Playwright turns off in every Chromium it launches (playwright-core's `chromiumSwitches`). Chromium
 * keeps only the last `--disable-features` of its command line, so ours below repeats them;
 * `test/e2e/chromium-flags.test.ts` checks that it still holds every one Playwright passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium 156 builds a whole browser window for each context, with its address bar's two pop-ups as pages
 * of their own (`chrome://omnibox-popup.top-chrome/`), each in a renderer process: a third of the CPU a context with
 * one page costs (20 contexts: 20.4 CPU-s with them, 13.7 without). On 2026-11-30, in three browser test files
 * (`client`, `lisbon-screens`, `hotseat-end`), Chromium's processes took about 126 CPU-s with them and 92 without
 * (sampled by `top`): the pop-ups' renderers 26, the browser process 40 against 28.
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags for a quiet headless Chromium in a container. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
];

/** Launch the browser. */
export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium the browser test files of this process share (`io` runs its files one after another in one process):
 * launched by the first, again only if it went away. A file's contexts are its own (no storage, cache or cookie is
 * shared between contexts), and it closes them at its end (`releaseBrowser`). Launching and closing it took about
 * 1 s and 2 CPU-s a file. Playwright closes it when the process exits.
 */
export async function sharedBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = launchBrowser(findChromium()!);
  return shared;
}

/** Closes every context of the shared `browser` (a file's, at its end), and leaves the browser to the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
}

/** What the client build is made from: the sources, the build script and the packages it bundles. */
const BUILD_INPUTS = ['src', 'scripts/build.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** What the client build makes that the server reads first: its manifest and the page naming its files. */
const BUILD_OUTPUTS = ['public/build/manifest.json', 'public/index.html'];

/** The path, size and modification time of every file under `rel` (a file or a folder of ROOT), one per line. */
function stamps(rel: string): string[] {
  const file = path.join(ROOT, rel);
  if (!fs.existsSync(file)) return [`${rel} -`];
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return [`${rel} ${stat.size} ${stat.mtimeMs}`];
  return fs
    .readdirSync(file)
    .sort()
    .flatMap((name) => stamps(path.join(rel, name)));
}

/** The inputs and outputs of the last client build this process made (`io` runs its files in one process). */
let lastBuild = '';

/**
 * Build the client bundle exactly as `npm start` does; a file run after another in the same process reuses its
 * build while no input of it changed and its outputs are still the ones it wrote (about 1.6 s a file).
 */
export function buildClient(): void {
  const inputs = BUILD_INPUTS.flatMap(stamps).join('\n');
  if (lastBuild === `${inputs}\n${BUILD_OUTPUTS.flatMap(stamps).join('\n')}`) return;
  lastBuild = '';
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--client'], { cwd: ROOT, stdio: 'pipe' });
  lastBuild = `${inputs}\n${BUILD_OUTPUTS.flatMap(stamps).join('\n')}`;
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
export async function startE2EServer(extra: Partial<ServerOptions> = {}): Promise<E2EServer> {
  const logs: string[] = [];
  const logger: Logger = (level, message, fields) => logs.push(formatLine(level, message, fields));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-e2e-'));
  try {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      storage: 'file',
      dataDir,
      publicDir: path.join(ROOT, 'public'),
      logger,
      ...extra,
    });
    return { ...server, logs, dataDir };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
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
  /** Over the default 1400 × 900 window (a size, touch). */
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  await context.addInitScript(FIRST_BOARD_SCRIPT);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`[${label}] pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`[${label}] console: ${m.text()}`);
  });
  return { context, page };
}

/** The data-testid of the focused element (its tag name when it has none). */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute('data-testid') ?? el.tagName) : '';
  });
}

/**
 * A picture of `target`, saved as artifacts/screenshots/`name`.png when the run saves them (`SAVING_SCREENSHOTS`):
 * of a page, the whole page (`fullPage`, the default) or the window; of an element, the element, scrolled into view
 * first. Otherwise it does to the page what taking the picture would: the element scrolled into view, and a wait for
 * the page's fonts and its next two frames; so a test reads the same settled page either way.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const element = 'mouse' in target ? null : target;
  const page = element ? element.page() : (target as Page);
  if (SAVING_SCREENSHOTS) {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    if (element) await element.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
    return;
  }
  if (element) await element.scrollIntoViewIfNeeded();
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
}

/** Creates a match of `game` (with its `setupData`, if any) through the lobby API and joins every seat; returns the seats' credentials. */
export async function createJoined(url: string, game: string, numPlayers: number, setupData?: unknown) {
  const created = await http(url, `/games/${game}/create`, { method: 'POST', json: { numPlayers, setupData } });
  if (created.status !== 200) throw new Error(`create failed: ${created.status} ${created.text}`);
  const matchID = created.json.matchID as string;
  const creds: string[] = [];
  for (let i = 0; i < numPlayers; i++) {
    const joined = await http(url, `/games/${game}/${matchID}/join`, {
      method: 'POST',
      json: { playerID: String(i), playerName: `Player ${i + 1}` },
    });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${joined.text}`);
    creds.push(joined.json.playerCredentials as string);
  }
  return { matchID, creds };
}

/**
 * Plays up to `max` legal moves (the bots' move list, from each seat's own
 * view, a fixed spread of choices) over one raw socket per seat, each after
 * every seat saw the previous one; stops early when the game ends. Returns
 * the number of moves played.
 */
export async function playOverSockets(
  url: string,
  game: string,
  matchID: string,
  creds: string[],
  max: number,
): Promise<number> {
  const def = gameNamed(game);
  const players = creds.map(() => new RawClient(url, { namespace: game }));
  try {
    for (let i = 0; i < creds.length; i++) await players[i].sync(matchID, String(i), creds[i]);
    let moves = 0;
    for (; moves < max; moves++) {
      const pid = waitingOn(players[0].state!.ctx, players[0].state!.G, def.waitingOn)[0];
      if (pid === undefined) break;
      const own = players[Number(pid)].state as State;
      const options = def.bots.moves(own.G, own.ctx, pid) as Array<{ move: string; args?: unknown }>;
      const choice = options[(moves * 7919) % options.length];
      const args = choice.args === undefined ? [] : Array.isArray(choice.args) ? choice.args : [choice.args];
      const before = own._stateID;
      players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, args, before);
      await Promise.all(
        players.map((p) => p.waitFor(() => p.state!._stateID > before, 10_000, `the update after move ${moves}`)),
      );
    }
    return moves;
  } finally {
    players.forEach((p) => p.close());
  }
}

/**
 * The context's pages hold seat `playerID` of a match, as after joining it (the seat in localStorage, see
 * src/client/lobbyApi.ts), under `playerName` (by default "Player N", as `createJoined` names them).
 */
export async function holdSeat(
  context: BrowserContext,
  at: { game: string; matchID: string; playerID: string; credentials: string; playerName?: string },
): Promise<void> {
  const seat = {
    gameId: at.game,
    matchID: at.matchID,
    playerID: at.playerID,
    credentials: at.credentials,
    playerName: at.playerName ?? `Player ${Number(at.playerID) + 1}`,
    joinedAt: 0,
  };
  await context.addInitScript((s) => localStorage.setItem(`lt28:seat:${s.matchID}`, JSON.stringify(s)), seat);
}

/**
 * A new browser context holding seat `playerID` of a match (as after joining it:
 * the seat in localStorage, see src/client/lobbyApi.ts), on the match's page.
 */
export async function openAsSeat(
  browser: Browser,
  errors: string[],
  label: string,
  at: { url: string; game: string; matchID: string; playerID: string; credentials: string; playerName?: string },
  /** Called with the page before it opens the match (to listen to it from the start). */
  before?: (page: Page) => void,
  /** The browser context's options over newContext's (a size, touch). */
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newContext(browser, errors, label, options);
  before?.(page);
  await holdSeat(context, at);
  await page.goto(`${at.url}/#/g/${at.game}/match/${at.matchID}`);
  return { context, page };
}

/** What a browser test file shares: the server, Chromium, and the errors its pages threw. */
export interface E2ESuite {
  server: E2EServer;
  browser: Browser;
  errors: string[];
}

/**
 * Builds the client, starts a real server and takes the shared Chromium
 * before the tests of the calling `describe`, and after them closes the
 * server and the contexts it opened; the fields are set once `beforeAll` has
 * run.
 */
export function e2eSuite(extra: Partial<ServerOptions> = {}): E2ESuite {
  const suite = { errors: [] } as unknown as E2ESuite;
  beforeAll(async () => {
    buildClient();
    suite.server = await startE2EServer(extra);
    suite.browser = await sharedBrowser();
  }, 60_000);
  afterAll(async () => {
    await releaseBrowser(suite.browser);
    try {
      await suite.server?.close();
    } finally {
      if (suite.server) fs.rmSync(suite.server.dataDir, { recursive: true, force: true });
    }
  });
  return suite;
}

/**
 * Ana creates a 2-player Touched On match from its lobby (seat 1 deals, so seat 0 plays first), in a context of
 * her own: her page, the match ID and its invitation link.
 */
export async function createdByAna(suite: E2ESuite, prefix: string) {
  const { page } = await newContext(suite.browser, suite.errors, `${prefix}-ana`);
  await page.goto(`${suite.server.url}/#/g/touched-on`);
  await page.getByTestId('player-name').fill('Ana');
  await page.getByTestId('create-dealer-1').click();
  await page.getByTestId('create-submit').click();
  await page.waitForURL(/\/match\//, { timeout: 10_000 });
  const matchID = decodeURIComponent(page.url().split('/match/')[1]);
  const link = await page.getByTestId('share-link').inputValue();
  return { page, matchID, link };
}

/**
 * Ana creates a match of `game` for `players` from its lobby, in a context of her own, and waits in its waiting
 * room: her page, the match ID and its invitation link.
 */
export async function waitingForPlayers(suite: E2ESuite, prefix: string, game: string, players: number) {
  const { page } = await newContext(suite.browser, suite.errors, `${prefix}-ana`);
  await page.goto(`${suite.server.url}/#/g/${game}`);
  await page.getByTestId('player-name').fill('Ana');
  await page.getByTestId(`create-players-${players}`).click();
  await page.getByTestId('create-submit').click();
  await page.waitForURL(/\/match\//, { timeout: 10_000 });
  const matchID = decodeURIComponent(/\/match\/([^/?#]+)/.exec(page.url())![1]);
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('waiting-room').waitFor({ timeout: 10_000 });
  return { page, matchID, link };
}

/** `name` takes a seat through the invitation `link`, in a context of their own, and has the board. */
export async function joinedByLink(suite: E2ESuite, prefix: string, link: string, name: string): Promise<Page> {
  const { page } = await newContext(suite.browser, suite.errors, `${prefix}-${name.toLowerCase()}`);
  await page.goto(link);
  await page.getByTestId('join-name').fill(name);
  await page.getByTestId('join-submit').click();
  await page.getByTestId('online-board').waitFor({ timeout: 10_000 });
  return page;
}

/** boardgame.io's persisted hot-seat matches in the page's storage ([matchID, state] pairs). */
export async function storedHotSeat<G>(page: Page): Promise<[string, State<G>][]> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('lt28hs_state'))) ?? '[]') as [string, State<G>][];
}

/**
 * Changes the one hot-seat match stored in the page (`change` gets its state and may return what it found), then
 * reloads the page, where the caller resumes the game.
 */
export async function changeStoredHotSeat<G, R = void>(page: Page, change: (state: State<G>) => R): Promise<R> {
  const entries = await storedHotSeat<G>(page);
  if (entries.length !== 1) throw new Error(`one stored hot-seat match expected, ${entries.length} found`);
  const found = change(entries[0][1]);
  await page.evaluate((v) => {
    localStorage.setItem('lt28hs_state', v);
    // As a stored game is resumed from the setup's card (a reload of the game on screen would go straight back to it).
    sessionStorage.removeItem('lt28:hotseat-shown');
  }, JSON.stringify(entries));
  await page.reload();
  return found;
}

/**
 * From a hot-seat game on screen to the lobby and back to the hot-seat page, by the header's links (followed as a
 * click does, also while the final scores' dialog stands over them; a reload would come back to the game itself): the
 * setup, with the kept game's card.
 */
export async function backToHotSeatSetup(page: Page): Promise<void> {
  const follow = (testId: string) =>
    page.evaluate((id) => {
      window.location.hash = document.querySelector(`[data-testid="${id}"]`)!.getAttribute('href')!;
    }, testId);
  await follow('nav-lobby');
  await page.getByTestId('lobby').waitFor({ timeout: 10_000 });
  await follow('nav-hotseat');
  await page.getByTestId('hotseat-setup').waitFor({ timeout: 10_000 });
}

/**
 * The site's controls on the page smaller than 44 px either way, as "testid-or-words width × height", but those
 * inside `skip` (a selector: the boards, which their own tests check); a check box counts as its whole line.
 */
export function smallControls(p: Page, skip: string): Promise<string[]> {
  return p.evaluate((skipped) => {
    const controls = 'a, button, select, input, textarea, summary';
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (el.closest(skipped)) continue;
      const target = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('label') ?? el) : el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.width < 44 || box.height < 44) {
        const name = el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 24);
        small.push(`${name} ${Math.round(box.width)} × ${Math.round(box.height)}`);
      }
    }
    return small;
  }, skip);
}

/** Checks that a control is shown, wholly inside the viewport as the page stands. */
export async function expectInView(page: Page, control: Locator, what: string): Promise<void> {
  const box = await control.boundingBox();
  if (!box) throw new Error(`${what} is not shown`);
  const vp = page.viewportSize()!;
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(vp.height);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(vp.width);
}

/** Records where focus is, every 40 ms, from now on (read with `focusTrail`). */
export async function watchFocus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __trail: string[]; __trailTimer?: number };
    if (w.__trailTimer) clearInterval(w.__trailTimer);
    w.__trail = [];
    w.__trailTimer = window.setInterval(() => {
      const el = document.activeElement;
      w.__trail.push(!el || el === document.body ? 'BODY' : (el.getAttribute('data-testid') ?? el.tagName));
    }, 40);
  });
}

/** Where focus has been since `watchFocus`. */
export function focusTrail(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __trail: string[] }).__trail.slice());
}

/** WCAG's contrast ratio of two CSS colours (rgb() or rgba() with alpha 1). */
export function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * What the element `over` (a selector, its first match: a toast, the floating Take back) hides, as the page stands:
 * - `text`: each piece of text inside these elements (but inside `over`) that meets its box, or whose middle a tap
 *   would not reach (`document.elementFromPoint` lands in `over`); a piece cut short by its box counts as far as shown,
 *   and words for screen readers only not at all;
 * - `boxes`: each element that meets its box, or whose middle a tap would not reach;
 * - `controls`: each control a tap on `over` (at nine points of its box) would reach if it were not there.
 * Each as "what: why"; ["<over> is not shown"] when it is not there.
 */
export function hiddenUnder(
  page: Page,
  over: string,
  what: { text?: string; boxes?: string; controls?: boolean },
): Promise<string[]> {
  return page.evaluate(
    ({ over, what }) => {
      const cover = document.querySelector(over);
      const o = cover?.getBoundingClientRect();
      if (!cover || !o || o.width === 0) return [`${over} is not shown`];
      const meets = (r: DOMRect) =>
        r.width > 0 && r.height > 0 && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
      const tapLandsOver = (r: DOMRect) => {
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return !!hit && cover.contains(hit);
      };
      const at = (r: DOMRect) =>
        `x ${Math.round(r.left)}–${Math.round(r.right)}, y ${Math.round(r.top)}–${Math.round(r.bottom)}`;
      const wrong: string[] = [];
      for (const root of what.text ? document.querySelectorAll(what.text) : []) {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const words = (n.textContent ?? '').trim();
          // Words for screen readers only (a bot's level beside its name: src/games/common/visually-hidden.css) are
          // not shown, but their 1 px box stands where they would start: beside a name that ends by a button, it
          // counted as under the button ("(easy)" under Get on Board's "Zoom in" when the bot was the Inspector).
          if (!words || cover.contains(n) || !n.parentElement || n.parentElement.closest('.visually-hidden')) continue;
          const clip = n.parentElement.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            const left = Math.max(r.left, clip.left);
            const right = Math.min(r.right, clip.right);
            if (right <= left) continue;
            const shown = new DOMRect(left, r.top, right - left, r.height);
            if (meets(shown)) wrong.push(`"${words}" (${at(shown)}): under it (${at(o)})`);
            else if (tapLandsOver(shown)) wrong.push(`"${words}" (${at(shown)}): a tap lands on it`);
          }
        }
      }
      for (const el of what.boxes ? document.querySelectorAll(what.boxes) : []) {
        const r = el.getBoundingClientRect();
        const name = el.getAttribute('data-testid') ?? el.tagName.toLowerCase();
        if (meets(r)) wrong.push(`${name} (${at(r)}): under it (${at(o)})`);
        else if (tapLandsOver(r)) wrong.push(`${name} (${at(r)}): a tap lands on it`);
      }
      if (what.controls) {
        const controls = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex="0"]';
        for (const fx of [0.05, 0.5, 0.95])
          for (const fy of [0.05, 0.5, 0.95]) {
            const x = o.left + o.width * fx;
            const y = o.top + o.height * fy;
            const below: Element | undefined = document.elementsFromPoint(x, y).find((el) => !cover.contains(el));
            const control: Element | null | undefined = below?.closest(controls);
            if (control && !control.contains(cover))
              wrong.push(
                `${control.getAttribute('data-testid') ?? control.tagName.toLowerCase()}: under it at ${Math.round(x)}, ${Math.round(y)}`,
              );
          }
      }
      return wrong;
    },
    { over, what },
  );
}
