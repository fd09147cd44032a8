/**
 * The site's own controls in Debian's Chromium against the real server: the setup forms' segmented choices as
 * WAI-ARIA radio groups (one Tab stop, arrows, Home and End); "Leave match" asking in the page, not in a native
 * dialog; "Notify me when it is my move" spaced as one line of words; a spectator told what they do not see, as
 * the game has it; and the games page's cards sharing the row, with no empty column beside them.
 */
import { describe, expect, it } from 'vitest';
import { http } from '../server/harness';
import {
  createJoined,
  e2eSuite,
  findChromium,
  newContext,
  openAsSeat,
  playOverSockets,
  SCREENS,
  screenshot,
  focused,
} from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: the site’s own controls', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('moves through a segmented choice with the arrow keys, one Tab stop for the group', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'segmented');
    await page.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await page.getByTestId('hotseat-setup').waitFor({ timeout: UI });
    const group = page.getByRole('radiogroup', { name: 'Number of players' });
    const radios = group.getByRole('radio');
    const count = await radios.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const checked = () => group.evaluate((g) => g.querySelector('[aria-checked="true"]')?.textContent ?? '');
    const first = (await radios.nth(0).textContent())!;
    const last = (await radios.nth(count - 1).textContent())!;
    // Only the checked option takes Tab.
    const tabStops = await radios.evaluateAll((rs) => rs.filter((r) => (r as HTMLElement).tabIndex >= 0).length);
    expect(tabStops).toBe(1);

    // Tab into the group: focus on the checked option; Tab again leaves the group.
    await page.getByTestId('hotseat-setup').locator('h2').click();
    let start = '';
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      start = await page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
      if (start === 'radio') break;
    }
    expect(start).toBe('radio');
    const was = await checked();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(was);

    // Right moves and chooses; End, then Right goes round to the first; Left back to the last; Home the first.
    await page.keyboard.press('End');
    expect(await checked()).toBe(last);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(last);
    await page.keyboard.press('ArrowRight');
    expect(await checked()).toBe(first);
    await page.keyboard.press('ArrowLeft');
    expect(await checked()).toBe(last);
    await page.keyboard.press('Home');
    expect(await checked()).toBe(first);
    await page.keyboard.press('ArrowDown');
    expect(await checked()).toBe((await radios.nth(1).textContent())!);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await checked());
    await page.keyboard.press('ArrowUp');
    expect(await checked()).toBe(first);
    // The seats follow the count chosen with the keys.
    expect(await page.locator('[data-testid^="hs-seat-"]').count()).toBe(Number(first));

    // Tab leaves the group at once (to the seats' first control).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('radio');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(first);
    expect(errors).toEqual([]);
    await context.close();
  }, 40_000);

  it('asks in the page before leaving a match: Esc or Stay keeps the seat, Leave frees it', async () => {
    const created = await http(suite.server.url, '/games/touched-on/create', {
      method: 'POST',
      json: { numPlayers: 2 },
    });
    const matchID = created.json.matchID as string;
    const joined = await http(suite.server.url, `/games/touched-on/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '0', playerName: 'Ana' },
    });
    // Bruno holds the other seat: the match outlives Ana's leaving it.
    await http(suite.server.url, `/games/touched-on/${matchID}/join`, {
      method: 'POST',
      json: { playerID: '1', playerName: 'Bruno' },
    });
    const native: string[] = [];
    const { page, context } = await openAsSeat(
      suite.browser,
      errors,
      'leave',
      {
        url: suite.server.url,
        game: 'touched-on',
        matchID,
        playerID: '0',
        credentials: joined.json.playerCredentials as string,
        playerName: 'Ana',
      },
      (p) =>
        p.on('dialog', (d) => {
          native.push(d.message());
          void d.dismiss();
        }),
    );
    const leave = page.getByTestId('leave-match');
    await leave.waitFor({ timeout: UI });

    // "Notify me when it is my move": the words are spaced as words (the gap before "when" was the button's 6 px).
    const gaps = await page.getByTestId('notify-toggle').evaluate((b) => {
      const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const rect = (word: string) => {
        for (const n of nodes) {
          const i = n.data.indexOf(word);
          if (i < 0) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + word.length);
          return r.getBoundingClientRect();
        }
        throw new Error(`no "${word}" in the button`);
      };
      const [notify, me, when, it] = ['Notify', 'me', 'when', 'it'].map(rect);
      return { notifyMe: me.left - notify.right, meWhen: when.left - me.right, whenIt: it.left - when.right };
    });
    expect(Math.abs(gaps.meWhen - gaps.notifyMe), JSON.stringify(gaps)).toBeLessThan(0.75);
    expect(Math.abs(gaps.meWhen - gaps.whenIt), JSON.stringify(gaps)).toBeLessThan(0.75);

    // The question, in the page; Esc backs out and focus goes back to the button.
    await leave.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Leave this match?' });
    await question.waitFor({ timeout: UI });
    expect(await question.textContent()).toContain('Your seat is freed');
    await expect.poll(() => focused(page)).toBe('leave-stay');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => focused(page)).toBe('leave-match');
    // Stay keeps the seat too.
    await page.keyboard.press('Enter');
    await page.getByTestId('leave-stay').click({ timeout: UI });
    await question.waitFor({ state: 'detached', timeout: UI });
    let meta = (await suite.server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[0].name).toBe('Ana');
    // Leave frees it and goes to the lobby.
    await leave.click();
    await page.getByTestId('leave-yes').click({ timeout: UI });
    await page.getByTestId('lobby').waitFor({ timeout: UI });
    meta = (await suite.server.db.fetch(matchID, { metadata: true })).metadata;
    expect(meta.players[0].name).toBeUndefined();
    expect(native).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 40_000);

  it.each([
    ['lisbon-tram-28', /you see what every player may see, and no one's tickets\.$/],
    ['touched-on', /you see what every player may see, and no one's hand\.$/],
    ['get-on-board', /you see what every player may see, and no one's departure tickets until everyone has chosen\.$/],
  ])(
    'tells a spectator of %s what they do not see',
    async (game, text) => {
      const { matchID, creds } = await createJoined(suite.server.url, game, 2);
      const { page, context } = await newContext(suite.browser, errors, `spectator-${game}`);
      await page.goto(`${suite.server.url}/#/g/${game}/match/${matchID}`);
      await page.getByTestId('watch').click({ timeout: UI });
      const line = page.getByTestId('watching');
      await line.waitFor({ timeout: UI });
      const words = async () => (await line.textContent())!.replace(/\s+/g, ' ').trim();
      await expect.poll(words, { timeout: UI }).toMatch(text);
      // Get on Board's departures are hidden only until everyone has chosen: from round 1 the line says no more (it
      // said "…until everyone has chosen" to the end of the game).
      if (game === 'get-on-board') {
        expect(await playOverSockets(suite.server.url, game, matchID, creds, 2)).toBe(2);
        await page.getByTestId('round').filter({ hasText: 'Round 1/12' }).waitFor({ timeout: UI });
        await expect.poll(words, { timeout: UI }).toMatch(/this match: you see what every player may see\.$/);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
    30_000,
  );

  it('lays the games out across the row at every size, with room for one more', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'games-grid');
    for (const size of SCREENS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`${suite.server.url}/#/`);
      await page.getByTestId('games').waitFor({ timeout: UI });
      const { list, cards } = await page.evaluate(() => {
        const ul = document.querySelector('.game-cards')!;
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, width: r.width, top: r.top };
        };
        return { list: box(ul), cards: [...ul.children].map(box) };
      });
      await screenshot(page, `games-${size.name}`);
      const rows = new Set(cards.map((c) => Math.round(c.top))).size;
      const right = Math.max(...cards.map((c) => c.right));
      // The cards of the first row reach the list's right edge: no empty column beside them.
      expect(right, `${size.width} px`).toBeGreaterThan(list.right - 2);
      for (const c of cards) expect(c.width, `${size.width} px`).toBeGreaterThanOrEqual(Math.min(320, list.width) - 1);
      if (size.width >= 1366) expect(rows, `${size.width} px`).toBe(1);
      // A fourth game: at 1920 px it still fits on the row, each card at least 320 px wide.
      if (size.width === 1920) {
        const four = await page.evaluate(() => {
          const ul = document.querySelector('.game-cards')!;
          const extra = ul.lastElementChild!.cloneNode(true) as HTMLElement;
          ul.appendChild(extra);
          const tops = new Set([...ul.children].map((e) => Math.round(e.getBoundingClientRect().top)));
          const widths = [...ul.children].map((e) => e.getBoundingClientRect().width);
          extra.remove();
          return { rows: tops.size, narrowest: Math.min(...widths) };
        });
        expect(four.rows).toBe(1);
        expect(four.narrowest).toBeGreaterThanOrEqual(320);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 40_000);
});
