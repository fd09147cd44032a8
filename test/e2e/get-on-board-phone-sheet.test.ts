/**
 * Get on Board's side column on a touch phone, in Debian's Chromium against the real server (a phone play-through
 * review). An online match of 3 or 5, its departures played over sockets, is set in the server's store in round 9
 * with the acting seat's tickets mostly crossed off and one opponent or two eliminated ("Maria Fernanda" and
 * "Bot 3 (normal)", the longest names), and opened as the acting seat:
 * - the sheet's tickets (the player's own and an opponent's full sheet, opened): each ticket and its shape stand
 *   inside their column, no ticket over another or over the shape's letter, at 360 × 640, 390 × 844 and held
 *   sideways at 844 × 390 (at 360 px each column was 45 px wide for two tickets side by side, 55 px: tickets 7–12
 *   slid under the next column and the letters under the tickets);
 * - the page never scrolls sideways: the opponents' summaries stay in their column, an eliminated player's long
 *   name cut short with "…" beside a whole "Eliminated" tag, the full name in its title (with one eliminated the
 *   page was 362 px wide in a 360 px window, the summaries 337 px in a column of 308);
 * - upright, with the plot's three markers placed (and the Metro extra marker with them where it is offered), the
 *   plot panel's totals line stands whole in the window, above its buttons, the panel inside the window and not
 *   scrolled: a tap on each of its lines reaches it (it spanned 570–611 px at 360 × 640, its second line under
 *   Clear and Confirm at 588–640, in a panel that ran to 675 px and scrolled with nothing to say so).
 * Viewport screenshots: artifacts/screenshots/gob-phone-sheet-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { GobState } from '../../src/games/get-on-board/types';
import { shapeFor } from '../../src/games/get-on-board/data';
import { createJoined, findChromium, openAsSeat, playOverSockets, e2eSuite, screenshot } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

const SIZES = [
  { name: '360x640', width: 360, height: 640 },
  { name: '390x844', width: 390, height: 844 },
  { name: '844x390', width: 844, height: 390 },
] as const;

/** The other seats' names, longest first, and which of them are eliminated (the first, or the first two of 4). */
const OTHERS = [
  { name: 'Maria Fernanda', bot: undefined },
  { name: 'Bot 3 (normal)', bot: 'normal' },
  { name: 'Bruno', bot: undefined },
  { name: 'Bot 5 (hard)', bot: 'hard' },
];

describe.skipIf(!CHROMIUM)("browser: Get on Board's sheets and plot panel on a phone", () => {
  const suite = e2eSuite();
  const matches = new Map<number, { matchID: string; me: string; credentials: string; others: string[] }>();

  /**
   * A match of `n` in round 9 as described above, made on first use: the acting seat ("Ana") has eight tickets
   * crossed off (of 1–4 and 7–11), a plot of three markers to make and two Metro entrances circled (the extra marker offered).
   */
  async function midGame(n: number) {
    const known = matches.get(n);
    if (known) return known;
    const { url, db } = suite.server;
    const { matchID, creds } = await createJoined(url, 'get-on-board', n);
    // Every seat chooses its departure: round 1 begins.
    await playOverSockets(url, 'get-on-board', matchID, creds, n);
    const state = structuredClone((await db.fetch(matchID, { state: true })).state as State<GobState>);
    const me = state.G.toPlay!;
    expect(me).not.toBeNull();
    const others = state.G.order.filter((p) => p !== me);
    const metadata = (await db.fetch(matchID, { metadata: true })).metadata;
    metadata.players[Number(me)] = { ...metadata.players[Number(me)], name: 'Ana' };
    others.forEach((p, i) => {
      const { name, bot } = OTHERS[i];
      metadata.players[Number(p)] = { ...metadata.players[Number(p)], name, ...(bot ? { data: { bot } } : {}) };
    });
    await db.setMetadata(matchID, metadata);
    const out = n >= 5 ? others.slice(0, 2) : others.slice(0, 1);
    for (const p of out) {
      state.G.players[p].eliminated = true;
      state.G.players[p].eliminatedRound = 5;
    }
    const sheet = state.G.players[me];
    // This round's ticket: one whose shape is three markers long for the acting seat; eight others crossed off.
    const ticket = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].find((t) => shapeFor(sheet.variant, t).markers === 3)!;
    sheet.tickets = [1, 2, 3, 4, 7, 8, 9, 10, 11].filter((t) => t !== ticket).slice(0, 8);
    sheet.metroCircled = 2;
    state.G.round = 9;
    state.G.ticket = ticket;
    state.G.revealed = [...sheet.tickets, ticket];
    await db.setState(matchID, state);
    const match = { matchID, me, credentials: creds[Number(me)], others };
    matches.set(n, match);
    return match;
  }

  async function open(n: number, size: { name: string; width: number; height: number }) {
    const { matchID, me, credentials, others } = await midGame(n);
    const { page, context } = await openAsSeat(
      suite.browser,
      suite.errors,
      `gob-phone-sheet-${size.name}-${n}`,
      { url: suite.server.url, game: 'get-on-board', matchID, playerID: me, credentials, playerName: 'Ana' },
      undefined,
      { viewport: { width: size.width, height: size.height }, isMobile: true, hasTouch: true },
    );
    await page.getByTestId('plot-panel').waitFor({ timeout: UI });
    return { page, context, others };
  }

  /** What is wrong with the tickets of the sheet in `within`: a ticket or a shape out of its column, or over another. */
  function ticketFaults(page: Page, within: string) {
    return page.locator(within).evaluate((root) => {
      const faults: string[] = [];
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const r = (b: DOMRect) =>
        `${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`;
      const cols = [...root.querySelectorAll<HTMLElement>('.gob-ticket-col')];
      if (cols.length !== 6) faults.push(`${cols.length} ticket columns`);
      for (const col of cols) {
        const box = col.getBoundingClientRect();
        const chips = [...col.querySelectorAll<HTMLElement>('.gob-ticket-chip')];
        const shape = col.querySelector<HTMLElement>('.gob-ticket-shape');
        const parts: [string, DOMRect][] = chips.map((c) => [`ticket ${c.dataset.ticket}`, c.getBoundingClientRect()]);
        if (shape) {
          parts.push([`shape of pair ${col.dataset.pair}`, shape.querySelector('svg')!.getBoundingClientRect()]);
          parts.push([`letter ${shape.textContent}`, shape.querySelector('b')!.getBoundingClientRect()]);
        }
        for (const [what, b] of parts) {
          if (
            b.left < box.left - 0.5 ||
            b.right > box.right + 0.5 ||
            b.top < box.top - 0.5 ||
            b.bottom > box.bottom + 0.5
          )
            faults.push(`${what} (${r(b)}) out of its column (${r(box)})`);
        }
        for (let i = 0; i < parts.length; i++)
          for (let j = i + 1; j < parts.length; j++)
            if (
              meet(parts[i][1], parts[j][1]) &&
              !(parts[i][0].startsWith('shape') && parts[j][0].startsWith('letter'))
            )
              faults.push(`${parts[i][0]} (${r(parts[i][1])}) over ${parts[j][0]} (${r(parts[j][1])})`);
      }
      // A column's neighbour starts after it ends.
      for (let i = 1; i < cols.length; i++) {
        const a = cols[i - 1].getBoundingClientRect();
        const b = cols[i].getBoundingClientRect();
        if (b.left < a.right - 0.5) faults.push(`column ${i + 1} starts at ${b.left}, before column ${i} ends`);
      }
      const chip = (t: number) => r(root.querySelector(`[data-ticket="${t}"]`)!.getBoundingClientRect());
      const col = cols[0].getBoundingClientRect();
      return {
        faults,
        seen: `columns ${col.width.toFixed(1)} px wide (first ${r(col)}), ticket 1 ${chip(1)}, 7 ${chip(7)}, 2 ${chip(2)}`,
      };
    });
  }

  /** Whether the page, or the opponents' summaries, run past the window's or their column's width. */
  function widthFaults(page: Page) {
    return page.evaluate((screen) => {
      const faults: string[] = [];
      // Measured against the screen's width: a phone lays a wider page out in a wider window, zoomed out to fit.
      const page = document.documentElement.scrollWidth;
      if (page > screen) faults.push(`the page is ${page} px wide on a ${screen} px screen`);
      if (window.innerWidth > screen)
        faults.push(`the window is ${window.innerWidth} px wide on a ${screen} px screen`);
      // A finger's swipe sideways: the window scrolls, or not.
      const y = window.scrollY;
      window.scrollTo(10_000, y);
      if (window.scrollX > 0) faults.push(`the window scrolls ${window.scrollX} px sideways`);
      window.scrollTo(0, y);
      const others = document.querySelector('.gob-others')!.getBoundingClientRect();
      for (const b of document.querySelectorAll<HTMLElement>('.gob-other')) {
        const r = b.getBoundingClientRect();
        if (r.right > others.right + 0.5 || r.width > others.width + 0.5)
          faults.push(
            `${b.dataset.testid} is ${Math.round(r.width)} px wide in a column of ${Math.round(others.width)}`,
          );
      }
      return faults;
    }, page.viewportSize()!.width);
  }

  it.each(SIZES)(
    'keeps every ticket in its column on the sheets, and the page its width, at $name',
    async (size) => {
      for (const n of [3, 5]) {
        const { page, context, others } = await open(n, size);
        const found: string[] = [];
        const at = `${size.name}, ${n} players`;
        await page.getByTestId('my-sheet').scrollIntoViewIfNeeded();
        await screenshot(page, `gob-phone-sheet-tickets-${size.name}-${n}p`, { fullPage: false });
        const own = await ticketFaults(page, '[data-testid="my-sheet"]');
        console.log(`${at}, own sheet's tickets: ${own.seen}`);
        for (const f of own.faults) found.push(`${at}, own sheet: ${f}`);
        // The used tickets are crossed off, whole.
        const crossed = await page.locator('[data-testid="my-sheet"] .gob-ticket-chip[data-crossed="yes"]').count();
        expect(crossed).toBe(8);

        for (const f of await widthFaults(page)) found.push(`${at}: ${f}`);
        // The eliminated opponents' summaries: the name cut short with "…" (whole in its title) or whole, beside a
        // whole "Eliminated" tag, in the summary's box.
        const out = n >= 5 ? 2 : 1;
        for (const [i, p] of others.slice(0, out).entries()) {
          const summary = page.getByTestId(`sheet-${p}`);
          await summary.scrollIntoViewIfNeeded();
          const head = await summary.evaluate((b) => {
            const h = b.querySelector('.gob-compact-head')!;
            const name = h.querySelector<HTMLElement>('.gob-sheet-name')!;
            const tag = h.querySelector<HTMLElement>('.gob-compact-out');
            const box = b.getBoundingClientRect();
            const t = tag?.getBoundingClientRect();
            return {
              title: name.title,
              text: name.textContent,
              cut: name.scrollWidth > name.clientWidth,
              ellipsis: getComputedStyle(name).textOverflow,
              tag: tag?.textContent,
              tagWhole: !!tag && tag.scrollWidth <= tag.clientWidth && t!.left >= box.left && t!.right <= box.right,
              headRight: Math.round(h.getBoundingClientRect().right),
              boxRight: Math.round(box.right),
            };
          });
          console.log(`${at}, eliminated ${OTHERS[i].name}: ${JSON.stringify(head)}`);
          expect(head.text).toBe(OTHERS[i].name);
          expect(head.tag).toBe('Eliminated');
          if (!head.tagWhole) found.push(`${at}: ${OTHERS[i].name}'s "Eliminated" is not whole in the summary`);
          if (head.headRight > head.boxRight) found.push(`${at}: ${OTHERS[i].name}'s header runs past the summary`);
          if (head.cut && head.ellipsis !== 'ellipsis') found.push(`${at}: ${OTHERS[i].name} is cut with no "…"`);
          if (head.title !== OTHERS[i].name) found.push(`${at}: ${OTHERS[i].name}'s title is "${head.title}"`);
        }
        await screenshot(page, `gob-phone-sheet-others-${size.name}-${n}p`, { fullPage: false });

        // An opponent's full sheet, opened with a tap on their summary (the first one still playing).
        const still = others[out];
        await page.getByTestId(`sheet-${still}`).tap();
        await page.getByTestId(`sheet-full-${still}`).waitFor({ timeout: UI });
        await page.getByTestId(`sheet-full-${still}`).scrollIntoViewIfNeeded();
        for (const f of (await ticketFaults(page, `[data-testid="sheet-full-${still}"]`)).faults)
          found.push(`${at}, ${OTHERS[out].name}'s sheet: ${f}`);
        for (const f of await widthFaults(page)) found.push(`${at}, a full sheet open: ${f}`);
        // And an eliminated one's.
        await page.getByTestId(`sheet-${others[0]}`).tap();
        await page.getByTestId(`sheet-full-${others[0]}`).waitFor({ timeout: UI });
        for (const f of (await ticketFaults(page, `[data-testid="sheet-full-${others[0]}"]`)).faults)
          found.push(`${at}, ${OTHERS[0].name}'s sheet: ${f}`);
        for (const f of await widthFaults(page)) found.push(`${at}, an eliminated sheet open: ${f}`);
        await context.close();
        expect(found).toEqual([]);
      }
      expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    },
    120_000,
  );

  it.each(SIZES.filter((s) => s.height > s.width))(
    'shows the plot panel whole, its totals above its buttons, with three markers and an extra one at $name',
    async (size) => {
      const { page, context } = await open(3, size);
      const markers = page.locator('[data-testid="plot-markers"] li');
      /** The panel as it stands: the totals line, its slot's scroll, the panel's foot; each line's tap. */
      const measure = () =>
        page.getByTestId('plot-panel').evaluate((panel) => {
          const totals = panel.querySelector<HTMLElement>('[data-testid="plot-totals"]')!;
          const actions = panel.querySelector('.gob-actions')!.getBoundingClientRect();
          const slot = panel.closest<HTMLElement>('.gob-action-slot')!;
          const t = totals.getBoundingClientRect();
          const words = document.createRange();
          words.selectNodeContents(totals);
          const lines = [...words.getClientRects()];
          const missed = lines.filter((l) => {
            const el = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
            return !el || !totals.contains(el);
          }).length;
          const list = panel.querySelector('[data-testid="plot-markers"]');
          const last = list?.lastElementChild?.getBoundingClientRect();
          const box = list?.getBoundingClientRect();
          return {
            totals: [Math.round(t.top), Math.round(t.bottom)],
            actions: [Math.round(actions.top), Math.round(actions.bottom)],
            panelBottom: Math.round(panel.getBoundingClientRect().bottom),
            slotScroll: slot.scrollHeight - slot.clientHeight,
            slotScrolled: slot.scrollTop,
            missed,
            lastWhole: !!last && !!box && last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5,
            listHeight: box ? Math.round(box.height) : 0,
          };
        });
      const found: string[] = [];
      // Markers are placed one by one, safe ones first, until the plot is whole; then the extra marker if offered.
      for (let i = 0; i < 8 && !(await page.getByTestId('plot-confirm').isEnabled()); i++) {
        const safe = page.locator('.gob-target[data-eliminates="no"]');
        const placed = await markers.count();
        await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).click();
        await expect.poll(() => markers.count()).toBe(placed + 1);
      }
      expect(await markers.count()).toBe(3);
      const moments = ['three markers'];
      if ((await page.getByTestId('add-extra').count()) > 0) {
        moments.push('choosing the extra marker', 'with the extra marker');
      }
      for (const moment of moments) {
        if (moment === 'choosing the extra marker') await page.getByTestId('add-extra').click();
        if (moment === 'with the extra marker') {
          const safe = page.locator('.gob-target[data-eliminates="no"]');
          await ((await safe.count()) > 0 ? safe.first() : page.locator('.gob-target').first()).click();
          await expect.poll(() => markers.count()).toBe(4);
        }
        await screenshot(page, `gob-phone-sheet-plot-${size.name}-${moment.replace(/ /g, '-')}`, { fullPage: false });
        const m = await measure();
        console.log(`plot panel, ${size.name}, ${moment}: ${JSON.stringify(m)}`);
        const at = `${size.name}, ${moment}`;
        if (m.totals[1] > m.actions[0])
          found.push(`${at}: the totals (${m.totals.join('–')}) run under the buttons (${m.actions.join('–')})`);
        if (m.missed > 0) found.push(`${at}: ${m.missed} of the totals' boxes of words cannot be tapped`);
        if (m.panelBottom > size.height) found.push(`${at}: the panel ends at ${m.panelBottom} px`);
        if (m.slotScroll > 0) found.push(`${at}: the panel scrolls ${m.slotScroll} px`);
        if (!m.lastWhole) found.push(`${at}: the last marker is not whole in its list`);
      }
      expect(found).toEqual([]);
      // Every marker's "Take back" can be reached in the list and tapped: the first one takes back the whole plot.
      const first = page.getByTestId('take-back-0');
      await first.scrollIntoViewIfNeeded();
      const hit = await first.evaluate((b) => {
        const r = b.getBoundingClientRect();
        const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!el && b.contains(el);
      });
      expect(hit, 'the first "Take back" is what a tap at its centre reaches').toBe(true);
      await first.tap();
      await expect.poll(() => markers.count()).toBe(0);
      expect(suite.errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
