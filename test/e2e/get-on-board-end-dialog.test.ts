/**
 * Get on Board's final scores (the end-of-game dialog) at four screens, in
 * Debian's Chromium against the real server: a 1366 × 768 laptop, a
 * 1920 × 1080 screen, a 390 × 844 phone, a small 360 × 640 phone and a phone
 * held sideways, 844 × 390 (touch), and a 600 × 1000 small tablet,
 * each with 2, 3, 4 and 5 players. The finished game is set in the server's
 * store (a made-up result: a plain win with 2, an eliminated player with 3,
 * a shared victory with 4, both with 5, the longest dialog; one player's
 * name of two words, two bots' with their levels) and opened as seat 0 on
 * the match page, whose end bar the dialog stays above. At every size the whole dialog fits (no scroll
 * inside it, the table not wider than its box): every cell of the table,
 * so every player's rank, total and score breakdown, the winner's title
 * and the close button are on screen at once; every number is the result's.
 * Held sideways (740 × 360 and 844 × 390, 2 and 5 players), "Play again" stands
 * beside the scores and the table still shows every player's column.
 * Viewport screenshots go to artifacts/screenshots/gob-end-dialog-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { GobResult, GobState, ScoreBreakdown } from '../../src/games/get-on-board/types';
import { numberText } from '../../src/games/get-on-board/board/numbers';
import { http } from '../server/harness';
import { expectInView, findChromium, focused, hiddenUnder, openAsSeat, e2eSuite, screenshot } from './harness';
import { playedInProcess } from './replay-match';

const CHROMIUM = findChromium();
const UI = 10_000;

const SIZES = [
  { name: 'laptop', width: 1366, height: 768, touch: false },
  { name: 'desktop', width: 1920, height: 1080, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'small-tablet', width: 600, height: 1000, touch: true },
  { name: 'small-phone', width: 360, height: 640, touch: true },
  // A phone held sideways: the dialog was 358 px high and held 397 px ("How each row scores" and "Look at the map"
  // cut off under its foot; a play-through review).
  { name: 'sideways-phone', width: 844, height: 390, touch: true },
] as const;

const NAMES = ['Ana', 'Maria Fernanda', 'Bruno', 'Bot 4 (normal)', 'Bot 5 (hard)'];
/** The seats bots play (named as the server names its bots). */
const BOT_LEVEL: (string | undefined)[] = [undefined, undefined, undefined, 'normal', 'hard'];

/** Each seat's score breakdown, as the rules count it (seat 3 ties seat 0). */
const BREAKDOWNS: Omit<ScoreBreakdown, 'total'>[] = [
  {
    metro: 8,
    turns: -3,
    grannies: 15,
    studentsCinemas: 24,
    theaters: 14,
    restaurants: 9,
    common: 16,
    personal: 10,
    connections: 10,
  },
  {
    metro: 6,
    turns: -10,
    grannies: 12,
    studentsCinemas: 12,
    theaters: 7,
    restaurants: 15,
    common: 6,
    personal: 5,
    connections: 9,
  },
  {
    metro: 4,
    turns: -1,
    grannies: 9,
    studentsCinemas: 30,
    theaters: 20,
    restaurants: 3,
    common: 10,
    personal: 2,
    connections: 8,
  },
  {
    metro: 10,
    turns: -5,
    grannies: 7,
    studentsCinemas: 36,
    theaters: 16,
    restaurants: 12,
    common: 12,
    personal: 5,
    connections: 10,
  },
  {
    metro: 2,
    turns: -7,
    grannies: 5,
    studentsCinemas: 6,
    theaters: 3,
    restaurants: 4,
    common: 6,
    personal: 2,
    connections: 4,
  },
];
const ROWS = Object.keys(BREAKDOWNS[0]) as (keyof Omit<ScoreBreakdown, 'total'>)[];
/** Who is eliminated, by player count (with 4 seats 0 and 3 share the victory, with 5 too). */
const ELIMINATED: Record<number, string[]> = { 2: [], 3: ['1'], 4: [], 5: ['4'] };

/** The made-up result of a game of `n`: breakdowns, winners (a tie shares the victory), the ranking. */
function resultOf(n: number): GobResult {
  const scores: GobResult['scores'] = {};
  for (let i = 0; i < n; i++) {
    const p = String(i);
    const eliminated = ELIMINATED[n].includes(p);
    const b = eliminated ? Object.fromEntries(ROWS.map((k) => [k, 0])) : BREAKDOWNS[i];
    const total = Object.values(b).reduce((s, v) => s + v, 0);
    scores[p] = { ...(b as Omit<ScoreBreakdown, 'total'>), total, eliminated };
  }
  const value = (p: string) => (scores[p].eliminated ? -Infinity : scores[p].total);
  const order = Object.keys(scores);
  const best = Math.max(...order.map(value));
  return {
    scores,
    winners: order.filter((p) => value(p) === best),
    ranking: [...order].sort((a, b) => value(b) - value(a)),
  };
}

/** A text's ordinal: 1st, 2nd, 3rd, 4th, 5th. */
const ordinal = (n: number) => `${n}${['st', 'nd', 'rd'][n - 1] ?? 'th'}`;

describe.skipIf(!CHROMIUM)("browser: Get on Board's final scores fit the screen", () => {
  const suite = e2eSuite();
  const errors = suite.errors;
  /** The finished match of each player count (and, apart, of a test that changes it), made on first use. */
  const matches = new Map<string, { matchID: string; credentials: string }>();
  /** A match played to its end by bots, its lines on the map (made on first use). */
  let played: { matchID: string; creds: string[] } | undefined;

  /** A match of `n` whose seats are named NAMES, over with resultOf(n) in the server's store; `own`: one of its own. */
  async function finished(n: number, own = '') {
    const known = matches.get(`${n}${own}`);
    if (known) return known;
    const { url, db } = suite.server;
    const created = await http(url, '/games/get-on-board/create', { method: 'POST', json: { numPlayers: n } });
    const matchID = created.json.matchID as string;
    const creds: string[] = [];
    for (let i = 0; i < n; i++) {
      const joined = await http(url, `/games/get-on-board/${matchID}/join`, {
        method: 'POST',
        json: { playerID: String(i), playerName: BOT_LEVEL[i] ? `Player ${i + 1}` : NAMES[i] },
      });
      expect(joined.status).toBe(200);
      creds.push(joined.json.playerCredentials as string);
    }
    // The bots' seats named and marked as the server's bot seats are (the lobby refuses a bot's name to a person).
    const metadata = (await db.fetch(matchID, { metadata: true })).metadata;
    for (let i = 0; i < n; i++) {
      const level = BOT_LEVEL[i];
      if (level) metadata.players[i] = { ...metadata.players[i], name: NAMES[i], data: { bot: level } };
    }
    await db.setMetadata(matchID, metadata);
    const state = structuredClone((await db.fetch(matchID, { state: true })).state as State<GobState>);
    const result = resultOf(n);
    for (const p of ELIMINATED[n]) {
      state.G.players[p].eliminated = true;
      state.G.players[p].eliminatedRound = 7;
    }
    state.G.round = 12;
    state.G.toPlay = null;
    state.G.result = result;
    state.ctx.gameover = result;
    await db.setState(matchID, state);
    const match = { matchID, credentials: creds[0] };
    matches.set(`${n}${own}`, match);
    return match;
  }

  it.each(SIZES)(
    'shows the whole table, ranks and totals first, without a scroll at $name size ($width × $height)',
    async (size) => {
      for (const n of [2, 3, 4, 5]) {
        const { matchID, credentials } = await finished(n);
        const { page, context } = await openAsSeat(
          suite.browser,
          errors,
          `gob-end-${size.name}-${n}`,
          { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
          undefined,
          { viewport: { width: size.width, height: size.height }, isMobile: size.touch, hasTouch: size.touch },
        );
        const over = page.getByRole('dialog', { name: 'Final scores' });
        await over.waitFor({ timeout: UI });
        expect(await over.getAttribute('data-testid')).toBe('gameover');
        // Held sideways the end bar stands beside the scores, which take the window's height.
        await page.getByTestId('game-over-bar').waitFor({ timeout: UI });
        await screenshot(page, `gob-end-dialog-${size.name}-${n}p`, { fullPage: false });

        const m = await over.evaluate((dialog) => {
          const clip = dialog.getBoundingClientRect();
          const inView = (r: DOMRect) =>
            r.top >= Math.max(0, clip.top) - 1 &&
            r.bottom <= Math.min(window.innerHeight, clip.bottom) + 1 &&
            r.left >= Math.max(0, clip.left) - 1 &&
            r.right <= Math.min(window.innerWidth, clip.right) + 1;
          const cells = [...dialog.querySelectorAll('table th, table td')].map((c) => c.getBoundingClientRect());
          const wrap = dialog.querySelector('table')!.parentElement!;
          return {
            scroll: dialog.scrollHeight - dialog.clientHeight,
            tableScroll: wrap.scrollHeight - wrap.clientHeight,
            sideways: wrap.scrollWidth - wrap.clientWidth,
            cells: cells.length,
            hidden: cells.filter((r) => !inView(r)).length,
            rowsShown: [...dialog.querySelectorAll('tbody tr')].filter((r) => inView(r.getBoundingClientRect())).length,
            close: inView(dialog.querySelector('[data-testid="gameover-close"]')!.getBoundingClientRect()),
            title: inView(dialog.querySelector('h2')!.getBoundingClientRect()),
            height: Math.round(clip.height),
          };
        });
        console.log(`gob end dialog, ${size.name} ${size.width}×${size.height}, ${n} players: ${JSON.stringify(m)}`);

        // Every number of the result, in its player's column, best first; each player's rank over their name.
        const result = resultOf(n);
        const table = over.getByRole('table');
        const heads = await table.locator('thead th').allTextContents();
        expect(heads).toHaveLength(n + 1);
        for (const [i, p] of result.ranking.entries()) {
          const s = result.scores[p];
          const rank = s.eliminated
            ? n - ELIMINATED[n].length + 1
            : 1 + result.ranking.filter((q) => !result.scores[q].eliminated && result.scores[q].total > s.total).length;
          expect(heads[i + 1]).toContain(NAMES[Number(p)]);
          const ranked = over.getByTestId(`rank-${p}`);
          expect.soft(await ranked.count(), `rank of ${p} shown`).toBe(1);
          if ((await ranked.count()) === 1) expect(await ranked.textContent(), `rank of ${p}`).toBe(ordinal(rank));
          const total = (await over.getByTestId(`final-${p}`).textContent()) ?? '';
          if (s.eliminated) expect(total).toContain('Eliminated in round 7');
          else expect(total).toBe(numberText(s.total));
          const column = await table.locator(`tbody tr:not(.gob-total) > td:nth-child(${i + 2})`).allTextContents();
          expect(column).toEqual(ROWS.map((k) => (s.eliminated ? '—' : numberText(s[k]))));
        }
        expect(await table.locator('th[scope="row"]').count()).toBe(ROWS.length + 1);
        // A bot's level stands whole on one line: in a phone's narrow column "(normal)" broke as "(norma" over "l)".
        const levelLines = await table.locator('thead th').evaluateAll((heads) =>
          heads.flatMap((th) => {
            const text = [...th.querySelectorAll('*')]
              .flatMap((el) => [...el.childNodes])
              .find((n) => n.nodeType === Node.TEXT_NODE && /\((?:easy|normal|hard)\)/.test(n.textContent ?? ''));
            if (!text) return [];
            const at = text.textContent!.indexOf('(');
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, text.textContent!.indexOf(')', at) + 1);
            return [
              {
                level: range.toString(),
                lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
              },
            ];
          }),
        );
        const byLevel = (a: { level: string }, b: { level: string }) => a.level.localeCompare(b.level);
        expect(levelLines.sort(byLevel), `${size.name}, ${n} players: the bots' levels`).toEqual(
          NAMES.slice(0, n)
            .filter((name) => name.includes('('))
            .map((name) => ({ level: name.slice(name.indexOf('(')), lines: 1 }))
            .sort(byLevel),
        );

        // The fit: nothing scrolls, in the dialog or across the table; every cell, the title and close are shown.
        // (Soft: the figures of every player count are measured and logged whatever fails.)
        expect.soft(m.scroll, `${size.name}, ${n} players: the dialog scrolls by`).toBeLessThanOrEqual(1);
        expect.soft(m.tableScroll, `${size.name}, ${n} players: the table scrolls by`).toBeLessThanOrEqual(1);
        expect.soft(m.sideways, `${size.name}, ${n} players: the table scrolls sideways by`).toBeLessThanOrEqual(1);
        expect.soft(m.hidden, `${size.name}, ${n} players: table cells out of view`).toBe(0);
        expect.soft(m.title && m.close, `${size.name}, ${n} players: title and close in view`).toBe(true);
        // The dialog stays above the match page's end bar; held sideways, beside it.
        const bar = (await page.getByTestId('game-over-bar').boundingBox())!;
        const box = (await over.boundingBox())!;
        if (size.height > 500)
          expect.soft(box.y + box.height, 'the dialog above the end bar').toBeLessThanOrEqual(bar.y + 1);
        else expect.soft(box.x + box.width, 'the dialog left of the end bar').toBeLessThanOrEqual(bar.x + 1);
        // How each row scores: under its name where the dialog is wide; listed on demand on a phone.
        const explained = over.locator('.gob-score-how');
        if (size.width > 700 && size.height > 560) {
          expect(await explained.evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).length)).toBe(
            ROWS.length,
          );
          expect(await over.getByTestId('scores-how').isVisible()).toBe(false);
        } else if (n === 5) {
          expect(await explained.first().isVisible()).toBe(false);
          await over.getByTestId('scores-how').tap();
          expect(await over.getByTestId('scores-how').getAttribute('aria-expanded')).toBe('true');
          await expect.poll(() => over.locator('[data-testid="scores-how-list"] dd').count()).toBe(ROWS.length);
          await over.getByTestId('scores-how-list').scrollIntoViewIfNeeded();
          await screenshot(page, `gob-end-dialog-${size.name}-${n}p-how`, { fullPage: false });
        }
        if (size.touch) {
          const close = (await page.getByTestId('gameover-close').boundingBox())!;
          expect
            .soft(Math.min(close.width, close.height), 'the close button, a 44 px target')
            .toBeGreaterThanOrEqual(44);
        }
        await context.close();
      }
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    120_000,
  );

  it.each([
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ])(
    'lets the map be looked at whole, clear of the end bar, once the scores are closed ($width × $height)',
    async (size) => {
      const { matchID, credentials } = await finished(4);
      const { page, context } = await openAsSeat(
        suite.browser,
        errors,
        `gob-end-map-${size.width}`,
        { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
        undefined,
        { viewport: size },
      );
      await page.getByRole('dialog', { name: 'Final scores' }).waitFor({ timeout: UI });
      await page.getByTestId('gameover-close').click();
      await page.getByTestId('gameover').waitFor({ state: 'detached', timeout: UI });
      // "Look at the map" left the map's bottom row under the bar ("The game is over · Play again …"; a play-through
      // review at 1280 × 800): the page now shows the whole map above the bar, with no scrolling by hand.
      const clearance = () =>
        page.evaluate(() => {
          const map = document.querySelector('[data-testid="gob-map"]')!.getBoundingClientRect();
          const bar = document.querySelector('[data-testid="game-over-bar"]')!.getBoundingClientRect();
          return { map: Math.round(map.bottom), bar: Math.round(bar.top), top: Math.round(map.top) };
        });
      await page.waitForTimeout(300);
      const c = await clearance();
      await screenshot(page, `gob-end-map-${size.width}x${size.height}`, { fullPage: false });
      expect(c.top, 'the map top in the window').toBeGreaterThanOrEqual(0);
      expect(c.map, `the map's foot above the bar (${JSON.stringify(c)})`).toBeLessThanOrEqual(c.bar);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    { width: 390, height: 844 },
    { width: 360, height: 640 },
  ])(
    'keeps "Final scores" and the whole map clear of the end bar with a rematch ready on an upright phone ($width × $height)',
    async (size) => {
      const { matchID, credentials } = await finished(5, `rematch-${size.width}`);
      // Over in the lobby's record too, with a rematch made by another player: the bar offers to join it, its widest
      // ("Join the rematch", "Replay", "Lobby": one row; it was three, "The game is over. A rematch is ready." on a row
      // of its own, over 120 px high, before the bar on a phone dropped those words from sight).
      const next = await http(suite.server.url, '/games/get-on-board/create', {
        method: 'POST',
        json: { numPlayers: 5 },
      });
      const { metadata } = await suite.server.db.fetch(matchID, { metadata: true });
      await suite.server.db.setMetadata(matchID, {
        ...metadata,
        gameover: metadata.gameover ?? resultOf(5),
        nextMatchID: next.json.matchID as string,
      });
      const { page, context } = await openAsSeat(
        suite.browser,
        errors,
        `gob-end-rematch-${size.width}`,
        { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
        undefined,
        { viewport: size, isMobile: true, hasTouch: true },
      );
      await page.getByRole('dialog', { name: 'Final scores' }).waitFor({ timeout: UI });
      await page.getByTestId('rematch-join').waitFor({ timeout: UI });
      const box = (testid: string) =>
        page.evaluate((t) => {
          const r = document.querySelector(`[data-testid="${t}"]`)!.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
        }, testid);
      // The final scores stop above the bar, however tall it is.
      const dialog = await box('gameover');
      const bar = await box('game-over-bar');
      expect(bar.bottom - bar.top, 'the bar takes one row').toBeLessThanOrEqual(60);
      expect(dialog.bottom, 'the final scores above the bar').toBeLessThanOrEqual(bar.top);
      await page.getByTestId('gameover-close').tap();
      await page.getByTestId('show-scores').waitFor({ timeout: UI });
      await page.waitForTimeout(300);
      await screenshot(page, `gob-end-rematch-${size.width}x${size.height}`, { fullPage: false });
      // "Final scores" (to open them again) and the map's foot stand above the bar: the bar lay over the button's
      // lower half and the map's bottom row (a play-through review at 390 × 844).
      const reopen = await box('show-scores');
      const map = await box('gob-map');
      const barNow = await box('game-over-bar');
      expect(reopen.bottom, '"Final scores" above the bar').toBeLessThanOrEqual(barNow.top);
      const seen = JSON.stringify({ map, reopen, bar: barNow });
      expect(map.top, 'the map top in the window').toBeGreaterThanOrEqual(0);
      expect(map.bottom, `the map's foot above the bar (${seen})`).toBeLessThanOrEqual(barNow.top);
      // At 360 × 640 too: the banner (with the button), the map and the bar fit, the banner keeping no empty
      // row for a shape that will not come (it did, and the map's foot stood 16 px under the button, then fixed over
      // the window's foot).
      expect(reopen.top, `"Final scores" in the window (${seen})`).toBeGreaterThanOrEqual(0);
      expect(reopen.bottom, `"Final scores" above the map, in the banner (${seen})`).toBeLessThanOrEqual(map.top);
      // The widest stretch of the banner's height that none of its parts covers.
      const emptyRow = await page.getByTestId('banner').evaluate((el) => {
        const parts = [...el.children].map((c) => c.getBoundingClientRect()).filter((r) => r.height > 0);
        const b = el.getBoundingClientRect();
        let reached = b.top;
        let gap = 0;
        for (const r of parts.sort((x, y) => x.top - y.top)) {
          gap = Math.max(gap, r.top - reached);
          reached = Math.max(reached, r.bottom);
        }
        return Math.round(Math.max(gap, b.bottom - reached));
      });
      expect(emptyRow, 'an empty stretch of the banner (px)').toBeLessThanOrEqual(8);
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 740, height: 360 },
    { width: 844, height: 390 },
  ])(
    'on a phone ($width × $height), closing the final scores shows the banner, "Zoom in" and the whole finished map above the end bar',
    async (size) => {
      // A match played to its end (the lines drawn on the map), opened by its first seat.
      played ??= await playedInProcess(suite, 'get-on-board', 3, 7);
      const { page, context } = await openAsSeat(
        suite.browser,
        errors,
        `gob-end-look-${size.width}`,
        {
          url: suite.server.url,
          game: 'get-on-board',
          matchID: played.matchID,
          playerID: '0',
          credentials: played.creds[0],
          playerName: 'P0',
        },
        undefined,
        { viewport: size, isMobile: true, hasTouch: true },
      );
      await page.getByRole('dialog', { name: 'Final scores' }).waitFor({ timeout: UI });
      await page.getByTestId('game-over-bar').waitFor({ timeout: UI });
      // As the last plot leaves the page: scrolled down to the map, the banner half above the window's top.
      await page.evaluate(() => {
        const banner = document.querySelector('[data-testid="banner"]')!.getBoundingClientRect();
        window.scrollBy({ top: banner.top + banner.height / 2, behavior: 'instant' });
      });
      await page.getByTestId('gameover-close').tap();
      await page.getByTestId('gameover').waitFor({ state: 'detached', timeout: UI });
      await page.waitForTimeout(300);
      await screenshot(page, `gob-end-look-${size.width}x${size.height}`, { fullPage: false });
      const seen = () =>
        page.evaluate(() => {
          const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
          // A control a finger reaches: wholly in the window, and what a tap at its centre lands on.
          const reached = (id: string) => {
            const r = box(id);
            const inside = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return inside && !!hit && document.querySelector(`[data-testid="${id}"]`)!.contains(hit);
          };
          // How much of the window's foot stands under something fixed: the end bar, or anything over it.
          const fixed = [...document.querySelectorAll<HTMLElement>('body *')].filter(
            (el) => getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0,
          );
          const low = fixed.map((el) => el.getBoundingClientRect()).filter((r) => r.bottom > innerHeight / 2);
          const round = (r: DOMRect) => ({ top: Math.round(r.top), bottom: Math.round(r.bottom) });
          // The map's column less the map as drawn in it (centred, where its height caps it): room left bare.
          const svg = document.querySelector<SVGSVGElement>('.gob-map-svg')!;
          const view = svg.viewBox.baseVal;
          const drawn = svg.getBoundingClientRect();
          const k = Math.min(drawn.width / view.width, drawn.height / view.height);
          return {
            bare: Math.round(document.querySelector('.gob-mapcol')!.getBoundingClientRect().width - view.width * k),
            banner: round(box('banner')),
            map: round(box('gob-map')),
            bar: round(box('game-over-bar')),
            covered: Math.round(innerHeight - Math.min(innerHeight, ...low.map((r) => r.top))),
            zoom: reached('map-zoom'),
            reopen: reached('show-scores'),
          };
        });
      const m = await seen();
      console.log(`gob end, the map looked at, ${size.width}×${size.height}: ${JSON.stringify(m)}`);
      // The banner in the window with its "Zoom in" and "Final scores" in reach: at 360 × 640 it stood 34 px above the
      // window's top once the last plot had scrolled the page to the map, "Zoom in" out of reach.
      expect.soft(m.banner.top, 'the banner in the window').toBeGreaterThanOrEqual(0);
      expect.soft(m.zoom, '"Zoom in" in reach').toBe(true);
      expect.soft(m.reopen, '"Final scores" in reach').toBe(true);
      // The whole map under the banner and above the end bar: held sideways at 844 × 390 its last 68 px lay under it.
      expect.soft(m.map.top, 'the map under the banner').toBeGreaterThanOrEqual(m.banner.bottom);
      expect.soft(m.map.bottom, "the map's foot above the end bar").toBeLessThanOrEqual(m.bar.top);
      // Held sideways, the map drawn smaller to stand above the bar leaves no bare room beside it: the side column
      // takes it (the map's column kept the width of a map as high as the window, 110 px of it bare at 844 × 390).
      if (size.width > size.height) expect.soft(m.bare, 'bare room beside the map (px)').toBeLessThanOrEqual(2);
      // Nothing but the end bar stands over the window's foot: "Final scores" above it took 172 px of 640 with it.
      expect.soft(m.covered, "the window's foot covered").toBeLessThanOrEqual(size.height - m.bar.top);
      // Zoomed, the map's box keeps its place, clear of the bar.
      await page.getByTestId('map-zoom').tap();
      await expect.poll(() => page.getByTestId('map-zoom').textContent()).toBe('Whole map');
      const zoomed = await seen();
      await screenshot(page, `gob-end-look-${size.width}x${size.height}-zoomed`, { fullPage: false });
      expect.soft(zoomed.banner.top, 'zoomed: the banner in the window').toBeGreaterThanOrEqual(0);
      expect.soft(zoomed.map.bottom, "zoomed: the map's foot above the end bar").toBeLessThanOrEqual(zoomed.bar.top);
      await page.getByTestId('show-scores').tap();
      await page.getByRole('dialog', { name: 'Final scores' }).waitFor({ timeout: UI });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it.each([
    { width: 740, height: 360 },
    { width: 844, height: 390 },
  ])(
    'offers Play again beside the final scores on a phone held sideways ($width × $height)',
    async (size) => {
      for (const n of [2, 5]) {
        const { matchID, credentials } = await finished(n);
        // Over in the lobby's record too, as a match played to its end is: the match page offers the rematch.
        const { metadata } = await suite.server.db.fetch(matchID, { metadata: true });
        if (metadata.gameover === undefined)
          await suite.server.db.setMetadata(matchID, { ...metadata, gameover: resultOf(n) });
        const { page, context } = await openAsSeat(
          suite.browser,
          errors,
          `gob-end-again-${size.width}-${n}`,
          { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
          undefined,
          { viewport: size, isMobile: true, hasTouch: true },
        );
        const over = page.getByRole('dialog', { name: 'Final scores' });
        await over.waitFor({ timeout: UI });
        await screenshot(page, `gob-end-again-${size.width}x${size.height}-${n}p`, { fullPage: false });
        // Hidden while the scores were up before: Play again came only once they were closed.
        const again = page.getByTestId('rematch-play-again');
        await again.waitFor({ timeout: UI });
        await expectInView(page, again, `${size.width} × ${size.height}, ${n} players: Play again`);
        for (const id of ['watch-replay', 'to-lobby'])
          await expectInView(page, page.getByTestId(id), `${size.width} × ${size.height}, ${n} players: ${id}`);
        // A tap on it reaches it (nothing over it), and it covers nothing of the scores.
        const reached = await again.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        });
        expect(reached, 'a tap on Play again reaches it').toBe(true);
        expect(await hiddenUnder(page, '[data-testid="game-over-bar"]', { boxes: '[data-testid="gameover"]' })).toEqual(
          [],
        );
        // The scores' way back to the map is still in view.
        await expectInView(page, page.getByTestId('gameover-close'), 'Look at the map');
        // Every player's column too: at 740 × 360 five players' table scrolled 53 px sideways beside the bar, the
        // last column out of view.
        const sideways = await over.evaluate((d) => {
          const wrap = d.querySelector('table')!.parentElement!;
          return wrap.scrollWidth - wrap.clientWidth;
        });
        expect(
          sideways,
          `${size.width} × ${size.height}, ${n} players: the table scrolls sideways by`,
        ).toBeLessThanOrEqual(1);
        for (const p of resultOf(n).ranking) await expectInView(page, over.getByTestId(`final-${p}`), `${p}'s total`);
        // And every row: at 740 × 360 the last ("Connections") was scrolled out of the dialog, under its foot.
        const scroll = await over.evaluate((d) => {
          const wrap = d.querySelector('table')!.parentElement!;
          return Math.max(d.scrollHeight - d.clientHeight, wrap.scrollHeight - wrap.clientHeight);
        });
        expect(scroll, `${size.width} × ${size.height}, ${n} players: the scores scroll by`).toBeLessThanOrEqual(1);
        await context.close();
      }
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    60_000,
  );

  it.each([
    { name: 'small-phone', width: 360, height: 640 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'small-tablet', width: 600, height: 1000 },
    { name: 'small-sideways', width: 740, height: 360 },
    { name: 'sideways-phone', width: 844, height: 390 },
    { name: 'laptop', width: 1366, height: 768 },
  ])(
    "writes an eliminated player's total whole, on one line in its column, at $name size ($width × $height)",
    async (size) => {
      // In a 5-player table on a 360 × 640 phone the total read "Elimi-" over "nated", broken at a soft hyphen.
      const touch = size.width < 1000;
      for (const n of [3, 5]) {
        const { matchID, credentials } = await finished(n);
        const { page, context } = await openAsSeat(
          suite.browser,
          errors,
          `gob-end-out-${size.name}-${n}`,
          { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
          undefined,
          { viewport: { width: size.width, height: size.height }, isMobile: touch, hasTouch: touch },
        );
        const over = page.getByRole('dialog', { name: 'Final scores' });
        await over.waitFor({ timeout: UI });
        await page.getByTestId('game-over-bar').waitFor({ timeout: UI });
        for (const p of ELIMINATED[n]) {
          const cell = over.getByTestId(`final-${p}`);
          // The words shown in the cell, element by element ("Eliminated" or "Out", then "round 7"): their lines and
          // whether they stay inside the cell's sides. A screen reader's words (a clipped box of 1 px) are not shown.
          const m = await cell.evaluate((td) => {
            const box = td.getBoundingClientRect();
            const style = getComputedStyle(td);
            const left = box.left + parseFloat(style.paddingLeft);
            const right = box.right - parseFloat(style.paddingRight);
            const runs = new Map<Element, Text[]>();
            const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
            for (let t = walk.nextNode() as Text | null; t; t = walk.nextNode() as Text | null) {
              const parent = t.parentElement!;
              if (!(t.textContent ?? '').trim() || parent.getBoundingClientRect().width <= 1) continue;
              if (parent.getClientRects().length === 0) continue;
              runs.set(parent, [...(runs.get(parent) ?? []), t]);
            }
            const shown = [...runs.values()].map((texts) => {
              const range = document.createRange();
              range.setStart(texts[0], 0);
              range.setEnd(texts[texts.length - 1], texts[texts.length - 1].length);
              const rects = [...range.getClientRects()].filter((r) => r.width > 0);
              return {
                words: range
                  .toString()
                  .replace(/\u00ad/g, '')
                  .trim(),
                lines: new Set(rects.map((r) => Math.round(r.top))).size,
                width: Math.round(Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left))),
                inside: rects.every((r) => r.left >= left - 0.5 && r.right <= right + 0.5),
              };
            });
            return { column: Math.round(right - left), shown };
          });
          console.log(
            `gob end eliminated total, ${size.name} ${size.width}×${size.height}, ${n} players: ${JSON.stringify(m)}`,
          );
          expect(m.shown.length, 'words shown').toBeGreaterThan(0);
          for (const w of m.shown) {
            expect.soft(w.lines, `"${w.words}" on one line (${size.name}, ${n} players)`).toBe(1);
            expect.soft(w.inside, `"${w.words}" inside its column (${size.name}, ${n} players)`).toBe(true);
          }
          // The first words shown say it: "Eliminated", or "Out" where the column is narrow.
          expect.soft(['Eliminated', 'Out']).toContain(m.shown[0].words);
          // Whole for a screen reader, and as the tooltip.
          expect
            .soft(await over.getByRole('cell', { name: 'Eliminated in round 7', exact: true }).count(), 'its name')
            .toBe(1);
          expect.soft(await cell.locator('[title="Eliminated in round 7"]').count(), 'its title').toBe(1);
        }
        await screenshot(page, `gob-end-out-${size.name}-${n}p`, { fullPage: false });
        await context.close();
      }
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    120_000,
  );

  it('takes focus at "Look at the map" as the final scores open, and closes them on Esc', async () => {
    const { matchID, credentials } = await finished(3);
    const { page, context } = await openAsSeat(
      suite.browser,
      errors,
      'gob-end-keys',
      { url: suite.server.url, game: 'get-on-board', matchID, playerID: '0', credentials, playerName: NAMES[0] },
      undefined,
      { viewport: { width: 1280, height: 800 } },
    );
    await page.getByRole('dialog', { name: 'Final scores' }).waitFor({ timeout: UI });
    // Focus stayed on the page, and Tab walked the dimmed board behind the dialog before reaching it (a UX review).
    await expect.poll(() => focused(page), { timeout: UI }).toBe('gameover-close');
    await page.keyboard.press('Escape');
    await page.getByTestId('gameover').waitFor({ state: 'detached', timeout: UI });
    // Closed, focus goes to the button that opens them again.
    await expect.poll(() => focused(page), { timeout: UI }).toBe('show-scores');
    // Opened again from the board, they take focus again.
    await page.getByTestId('show-scores').click();
    await expect.poll(() => focused(page), { timeout: UI }).toBe('gameover-close');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
