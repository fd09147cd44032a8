/**
 * The waiting room in Debian's Chromium against the real server, on Get on
 * Board (the same page serves every game): the creator of a 3-player match
 * waits with the board shown but inert, nobody's turn on it and no
 * "(Your move)", and the waiting room the one place to seat bots; a friend joins
 * through the link and sees the seats fill in; one click fills the last seat
 * with a bot, and both boards come alive. Its "fill with bots" button is a
 * normal button on a laptop, and its controls are 44 px tap targets on a phone,
 * under no game's sheet. The match bar's invitation, seat chips and controls
 * stand apart, inside the window, from 360 to 1,440 px wide.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium, holdSeat, newContext, screenshot, e2eSuite, SCREENS } from './harness';
import { http } from '../server/harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const TOUCH_PHONE = SCREENS.find((s) => s.touch)!;
/** A touch phone's context. */
const PHONE = {
  viewport: { width: TOUCH_PHONE.width, height: TOUCH_PHONE.height },
  isMobile: true,
  hasTouch: true,
};

describe.skipIf(!CHROMIUM)('browser: the waiting room', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('holds the game until every seat is taken, and fills the last one with a bot', async () => {
    const { page: ana } = await newContext(suite.browser, errors, 'wait-ana');
    await ana.goto(`${suite.server.url}/#/g/get-on-board`);
    await ana.getByTestId('player-name').fill('Ana');
    await ana.getByTestId('create-players-3').click();
    await ana.getByTestId('create-submit').click();
    await ana.waitForURL(/\/match\//, { timeout: UI });
    const link = await ana.getByTestId('share-link').inputValue();

    await ana.getByTestId('waiting-room').waitFor({ timeout: UI });
    await expect.poll(() => ana.getByTestId('waiting-seat-0').textContent()).toContain('Ana (you)');
    await expect.poll(() => ana.getByTestId('waiting-seat-1').textContent()).toContain('open');
    // The board shows but takes nothing: it is inert, and the tab does not call Ana.
    expect(await ana.getByTestId('board-wrap').getAttribute('inert')).not.toBeNull();
    expect(await ana.title()).not.toContain('(Your move)');
    const target = ana.locator('.gob-target').first();
    await target.click({ timeout: 2000, force: true }).catch(() => undefined);
    expect(await ana.getByTestId('departure-chosen').count()).toBe(0);
    // Nobody's turn has begun: no departure to choose, and the board says why.
    expect(await ana.getByTestId('turn-who').textContent()).toBe('Waiting for players');
    expect(await ana.getByTestId('departure-panel').count()).toBe(0);
    expect(await ana.getByTestId('waiting').textContent()).toBe('The game starts when every seat is taken.');
    // The waiting room seats the bots; the match bar does not offer them beside it.
    expect(await ana.getByTestId('fill-bots').count()).toBe(1);
    expect(await ana.locator('.add-bot').count()).toBe(0);

    const { page: bruno } = await newContext(suite.browser, errors, 'wait-bruno');
    await bruno.goto(link);
    await bruno.getByTestId('join-name').fill('Bruno');
    await bruno.getByTestId('join-submit').click();
    await bruno.getByTestId('waiting-room').waitFor({ timeout: UI });
    // Ana's page sees Bruno arrive, with one seat still open.
    await expect.poll(() => ana.getByTestId('waiting-seat-1').textContent(), { timeout: UI }).toContain('Bruno');
    await screenshot(ana, 'waiting-room');

    await ana.getByTestId('waiting-bot-level').selectOption('easy');
    await ana.getByTestId('fill-bots').click();
    await ana.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
    await bruno.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
    expect(await ana.getByTestId('board-wrap').getAttribute('inert')).toBeNull();
    await expect.poll(() => ana.title()).toContain('(Your move)');
    await expect.poll(() => ana.getByTestId('turn-who').textContent()).toBe('Everyone chooses a departure');
    // The game is on: Ana chooses her departure.
    await ana.locator('[data-testid="departure-panel"] button').first().click();
    await ana.getByTestId('departure-chosen').waitFor({ timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await ana.context().close();
    await bruno.context().close();
  }, 90_000);
  /** The box of a control of the waiting room, which must be shown. */
  async function box(page: Page, testId: string) {
    const b = await page.getByTestId(testId).boundingBox();
    if (!b) throw new Error(`${testId} is not shown`);
    return b;
  }

  /** Ana creates a 3-player match on `page` and waits in its waiting room. */
  async function waitAlone(page: Page): Promise<void> {
    await page.goto(`${suite.server.url}/#/g/get-on-board`);
    await page.getByTestId('player-name').fill('Ana');
    await page.getByTestId('create-players-3').click();
    await page.getByTestId('create-submit').click();
    await page.getByTestId('fill-bots').waitFor({ timeout: UI });
  }

  it('keeps "fill with bots" a normal button on a laptop, beside the bot level', async () => {
    const laptop = SCREENS.find((s) => s.name === 'laptop')!;
    const { page, context } = await newContext(suite.browser, errors, 'wait-laptop');
    await page.setViewportSize({ width: laptop.width, height: laptop.height });
    await waitAlone(page);
    const fill = await box(page, 'fill-bots');
    const level = await box(page, 'waiting-bot-level');
    const close = await box(page, 'close-match');
    await screenshot(page, 'waiting-room-laptop');
    // As high as the page's other buttons (here "Close match"), not stretched to the level's label and select,
    // and level with the select beside it.
    expect(fill.height, 'fill-bots height').toBeLessThanOrEqual(close.height + 1);
    expect(
      Math.abs(fill.y + fill.height - (level.y + level.height)),
      'bottoms of the button and the select',
    ).toBeLessThanOrEqual(2);
    expect(fill.x, 'the button beside the select').toBeGreaterThan(level.x + level.width);
    await context.close();
  }, 60_000);

  it("keeps the match bar's invitation, seat chips and controls apart at every width, touch or not", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'wait-bar');
    await waitAlone(page);
    const overlaps: string[] = [];
    for (const touch of [false, true]) {
      const { page: p, context: c } = touch
        ? await newContext(suite.browser, errors, 'wait-bar-touch', { ...PHONE, viewport: { width: 740, height: 360 } })
        : { page, context };
      if (touch) {
        // Ana's seat, on a touch phone: her page's stored seat in the new context.
        const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
        await c.addInitScript((items: Record<string, string>) => {
          for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        }, stored);
        await p.goto(page.url());
      }
      for (const width of [360, 390, 600, 740, 844, 900, 1024, 1280, 1440]) {
        await p.setViewportSize({ width, height: touch ? 390 : 800 });
        await p.getByTestId('share-qr-toggle').waitFor({ timeout: UI });
        // Before: from 740 to 1024 px wide the invitation's row ran 57 px past its box, "QR code" under the chips.
        const found = await p.evaluate(() => {
          const bar = document.querySelector('.match-bar')!;
          const parts = [...bar.querySelectorAll('button, input, a[href], select, .seat-chip, .label')].filter(
            (e) => e.getBoundingClientRect().width > 0,
          );
          const name = (e: Element) => e.getAttribute('data-testid') ?? e.textContent?.trim() ?? e.tagName;
          const wrong: string[] = [];
          parts.forEach((a, i) => {
            const r = a.getBoundingClientRect();
            if (r.left < 0 || r.right > innerWidth) wrong.push(`${name(a)} past the window's edge`);
            for (const b of parts.slice(i + 1)) {
              if (a.contains(b) || b.contains(a)) continue;
              const q = b.getBoundingClientRect();
              const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
              const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
              if (x > 1 && y > 1)
                wrong.push(`${name(a)} and ${name(b)} overlap by ${Math.round(x)} × ${Math.round(y)}`);
            }
          });
          // "Other device" and Leave on one row (Leave wrapped alone to the bar's left edge at 844 × 390 and 1024
          // × 768), and the link's box wide enough to show the start of the address (107 px at 844 × 390).
          const other = document.querySelector('[data-testid="handover-open"]')!.getBoundingClientRect();
          const leave = document.querySelector('[data-testid="leave-match"]')!.getBoundingClientRect();
          if (leave.top >= other.bottom || other.top >= leave.bottom)
            wrong.push(
              `Leave (y ${Math.round(leave.top)}) not on the row of "Other device" (y ${Math.round(other.top)})`,
            );
          const input = document.querySelector('[data-testid="share-link"]')!.getBoundingClientRect();
          if (input.width < 95) wrong.push(`the link's box only ${Math.round(input.width)} px wide`);
          return wrong;
        });
        overlaps.push(...found.map((w) => `${touch ? 'touch ' : ''}${width} px: ${w}`));
      }
      if (touch) await c.close();
    }
    expect(overlaps).toEqual([]);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it("keeps every open match's Join at its row's right end, whatever the row's seats (2 to 5)", async () => {
    for (const [numPlayers, names] of [
      [2, ['Ana']],
      [3, ['Bruno', 'Carla']],
      [5, ['Dora', 'Eli', 'Fernanda Albuquerque']],
    ] as const) {
      const created = await http(suite.server.url, '/games/get-on-board/create', {
        method: 'POST',
        json: { numPlayers },
      });
      for (const [i, playerName] of names.entries())
        await http(suite.server.url, `/games/get-on-board/${created.json.matchID as string}/join`, {
          method: 'POST',
          json: { playerID: String(i), playerName },
        });
    }
    const { page, context } = await newContext(suite.browser, errors, 'wait-rows');
    await page.goto(`${suite.server.url}/#/g/get-on-board`);
    await page.locator('[data-testid^="join-"].primary').first().waitFor({ timeout: UI });
    const off: string[] = [];
    for (const width of [740, 1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await page.waitForTimeout(100);
      off.push(
        ...(await page.evaluate(() =>
          [...document.querySelectorAll('li[data-testid^="open-"]')].flatMap((row) => {
            const r = row.getBoundingClientRect();
            const join = row.querySelector('button.primary')!.getBoundingClientRect();
            const pad =
              parseFloat(getComputedStyle(row).paddingRight) + parseFloat(getComputedStyle(row).borderRightWidth);
            // Before: a 3-seat row wrapped its Join to the left of a second line, the rows beside it had it at the right.
            return Math.abs(r.right - pad - join.right) > 2
              ? [
                  `${innerWidth} px: Join at x ${Math.round(join.left)}–${Math.round(join.right)} in a row ending at ${Math.round(r.right)}`,
                ]
              : [];
          }),
        )),
      );
    }
    expect(off).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a long name whole in its waiting-room chip on a wide screen, and whole in its title everywhere', async () => {
    const name = 'Alexandrina Quaresma-Pinto';
    const created = await http(suite.server.url, '/games/get-on-board/create', {
      method: 'POST',
      json: { numPlayers: 3 },
    });
    const matchID = created.json.matchID as string;
    const joined = await http(suite.server.url, `/games/get-on-board/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: name },
    });
    const { page, context } = await newContext(suite.browser, errors, 'wait-long-name', {
      viewport: { width: 1366, height: 768 },
    });
    await holdSeat(context, {
      game: 'get-on-board',
      matchID,
      playerID: '0',
      credentials: joined.json.playerCredentials as string,
      playerName: name,
    });
    await page.goto(`${suite.server.url}/#/g/get-on-board/match/${matchID}`);
    const chip = page.getByTestId('waiting-seat-0');
    await chip.waitFor({ timeout: UI });
    expect(await chip.getAttribute('title')).toBe(`Seat 1: ${name}`);
    // Before: 163 px of its 241 px shown, in a card 1,318 px wide.
    const cut = await chip.locator('.chip-name').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(cut, 'px of the name cut off').toBeLessThanOrEqual(0);
    await context.close();
  }, 60_000);

  it('makes every control of the waiting room a 44 px tap target on a phone', async () => {
    const phone = SCREENS.find((s) => s.touch)!;
    const context = await suite.browser.newContext({
      viewport: { width: phone.width, height: phone.height },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`[wait-phone] pageerror: ${e.message}`));
    await waitAlone(page);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await screenshot(page, 'waiting-room-phone');
    for (const id of ['fill-bots', 'waiting-bot-level', 'close-match']) {
      const b = await box(page, id);
      expect(b.height, id).toBeGreaterThanOrEqual(44);
      expect(b.x + b.width, id).toBeLessThanOrEqual(phone.width);
    }
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it("on a phone no game's sheet lies over the waiting room's controls: it stands in the board's flow while the table waits", async () => {
    const { page, context } = await newContext(suite.browser, errors, 'wait-sheet-phone', PHONE);
    const covered: string[] = [];
    for (const game of ['lisbon-tram-28', 'touched-on', 'get-on-board']) {
      await page.goto(`${suite.server.url}/#/g/${game}`);
      await page.getByTestId('player-name').fill('Ana');
      await page.getByTestId('create-submit').click();
      await page.getByTestId('waiting-room').waitFor({ timeout: UI });
      await page.getByTestId('waiting').waitFor({ timeout: UI });
      // As the page opens, unscrolled: nothing fixed lies over a control of the waiting room in the window (the
      // sheet, fixed at the window's foot, lay over the bot level on a 360 × 740 phone, over "Close match" here).
      for (const id of ['waiting-bot-level', 'fill-bots', 'close-match']) {
        const over = await page.getByTestId(id).evaluate((el) => {
          const r = el.getBoundingClientRect();
          if (r.top >= innerHeight) return [];
          return [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((o) => !o.contains(el) && getComputedStyle(o).position === 'fixed')
            .filter((o) => {
              const b = o.getBoundingClientRect();
              return (
                b.width > 0 &&
                b.height > 0 &&
                b.left < r.right &&
                r.left < b.right &&
                b.top < r.bottom &&
                r.top < b.bottom
              );
            })
            .map((o) => o.className || o.tagName);
        });
        if (over.length > 0) covered.push(`${game}: ${id} under ${over.join(', ')}`);
      }
      // The board's sheet, which only says that the game starts when every seat is taken, stands in its flow.
      const fixedSheet = await page.getByTestId('waiting').evaluate((el) => {
        for (let a: Element | null = el; a; a = a.parentElement)
          if (getComputedStyle(a).position === 'fixed') return true;
        return false;
      });
      if (fixedSheet) covered.push(`${game}: the sheet is fixed`);
      await screenshot(page, `waiting-room-sheet-${game}`);
      await page.getByTestId('close-match').click();
      await page.getByTestId('close-confirm-yes').click();
      await page.waitForURL((url) => !url.hash.includes('/match/'), { timeout: UI });
    }
    expect(covered, 'controls under something else').toEqual([]);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('Touched On on a phone: no felt kept under the waiting board for a sheet that is not fixed yet', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'wait-to-phone', PHONE);
    await page.goto(`${suite.server.url}/#/g/touched-on`);
    await page.getByTestId('player-name').fill('Ana');
    await page.getByTestId('create-submit').click();
    await page.getByTestId('waiting-room').waitFor({ timeout: UI });
    await page.getByTestId('log').waitFor({ timeout: UI });
    // Scrolled to the end, the page ends with the board's log, not 45vh (380 px) of bare felt kept for a sheet; the
    // sheet, which only says the game starts when every seat is taken, stands in the board's flow.
    const atEnd = () =>
      page.evaluate(() => {
        scrollTo(0, document.documentElement.scrollHeight);
        const bottom = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().bottom;
        const sheet = document.querySelector('.to-board [data-testid="actions"]')!;
        return {
          felt: Math.round(bottom('.to-board') - bottom('.to-board [data-testid="log"]')),
          fixed: getComputedStyle(sheet).position === 'fixed',
          sheetBottom: Math.round(sheet.getBoundingClientRect().bottom),
        };
      });
    const waiting = await atEnd();
    expect(waiting.felt, 'felt under the log').toBeLessThan(40);
    expect(waiting.fixed).toBe(false);
    await screenshot(page, 'waiting-room-touched-on-phone-end', { fullPage: false });
    // Once the table is full the sheet is the one fixed at the window's foot again, with room kept above it.
    await page.getByTestId('fill-bots').click();
    await page.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(async () => (await atEnd()).fixed, { timeout: UI }).toBe(true);
    const playing = await atEnd();
    expect(playing.sheetBottom).toBe(TOUCH_PHONE.height);
    expect(playing.felt, 'room kept for the sheet').toBeGreaterThan(200);
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
