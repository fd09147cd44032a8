/**
 * The Touched On board in Debian's Chromium: the real board bundled with
 * esbuild (CSS included), one client per seat over Local(), real clicks and
 * keys. A batch is put together card by card and played; the next player
 * inspects it; the victim alone is prompted, an Appeal they do not hold is
 * refused with the rules' reason (no move sent), and accepting returns the
 * Evaders. A dimmed card shows its reason on tap; the page fits a 390 px
 * phone. Screenshots go to artifacts/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { findChromium, screenshot } from '../../../e2e/harness';
import { boardPage, type BoardPage } from '../../../board-page';
import type { TOState } from '../../../../src/games/touched-on/types';
import { emptyTable, give, startState } from '../helpers';
import { linesHidden } from './browser/linesHidden';

const CHROMIUM = findChromium();
if (!CHROMIUM) console.warn('[touched-on board] SKIPPED: no Chromium found; the browser test did not run.');

const UI = 10_000;

describe.skipIf(!CHROMIUM)('Touched On board in Chromium', () => {
  let board: BoardPage;

  beforeAll(async () => {
    board = await boardPage(path.join(__dirname, 'browser', 'harness.tsx'), 'touched-on-board', 'body{margin:0}');
  }, 60_000);

  afterAll(() => board?.close());

  /** Open the board on a prepared position, showing `seat`. */
  async function open(G: TOState, width: number, seat = '0', height = 900, above = 0): Promise<Page> {
    const init = `window.__TO_PREPARED = ${JSON.stringify(G)}; window.__TO_ABOVE = ${above};`;
    const page = await board.open({ width, height, init });
    await show(page, seat);
    return page;
  }

  async function show(page: Page, seat: string) {
    await page.evaluate((s) => window.__toSeat(s), seat);
  }

  /** An element of one seat's board (the seats not shown are in the page, invisible: wait for them attached). */
  const at = (page: Page, seat: string, testId: string) => page.locator(`#seat-${seat} [data-testid="${testId}"]`);

  async function shot(page: Page, name: string) {
    await screenshot(page, `touched-on-${name}`);
  }

  it('plays a batch card by card, then the inspection reaches the victim only', async () => {
    const G = emptyTable(3, '0');
    const [e1, e2] = give(G, '0', ['E96', 'E96', 'E86']);
    const [u] = give(G, '1', ['U', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const page = await open(G, 1280);

    // Ana selects her two Evaders of 96 (the batch counts them), and plays them.
    await at(page, '0', `hand-card-${e1}`).click();
    await expect.poll(() => at(page, '0', 'batch-count').textContent(), { timeout: UI }).toBe('1');
    await at(page, '0', `hand-card-${e2}`).click();
    await expect.poll(() => at(page, '0', 'batch-count').textContent()).toBe('2');
    expect(await at(page, '0', `hand-card-${e2}`).getAttribute('aria-pressed')).toBe('true');
    // Both her Evaders of 96 are in: no more to add (+ is marked disabled, and stays focusable).
    expect(await at(page, '0', 'batch-plus').getAttribute('aria-disabled')).toBe('true');
    expect(await at(page, '0', 'batch-minus').getAttribute('aria-disabled')).toBe('false');
    await expect.poll(() => at(page, '0', 'play-batch').textContent()).toBe('Play 2 cards on line 96');
    await at(page, '0', 'play-batch').click();
    await at(page, '1', 'turn-who').filter({ hasText: 'Your turn' }).waitFor({ state: 'attached', timeout: UI });
    expect(await at(page, '0', `placed-${e1}`).count()).toBe(1);
    expect(await at(page, '0', 'hand-size-0').textContent()).toBe('1 card');
    expect(await at(page, '1', 'hand-size-0').textContent()).toBe('1 card');

    // Ben inspects with his Undercover (raised), from the keyboard.
    await show(page, '1');
    expect(await at(page, '1', `hand-card-${u}`).getAttribute('data-playable')).toBe('yes');
    await at(page, '1', `hand-card-${u}`).focus();
    await page.keyboard.press('Enter');
    await at(page, '1', 'inspect').click();

    // Ana alone is prompted; Ben and Cleo wait for her.
    await at(page, '0', 'appeal-prompt').waitFor({ state: 'attached', timeout: UI });
    for (const seat of ['1', '2']) {
      expect(await at(page, seat, 'appeal').count()).toBe(0);
      expect(await at(page, seat, 'waiting').textContent()).toBe('Waiting for Ana to decide whether to Appeal…');
    }
    await show(page, '0');
    await shot(page, 'appeal-prompt');
    // She holds no Appeal: the board says so, and its Appeal button is off.
    expect(await at(page, '0', 'appeal-prompt').textContent()).toContain('You hold no Appeal.');
    expect(await at(page, '0', 'appeal').isDisabled()).toBe(true);
    expect(await at(page, '0', 'appeal-prompt').count()).toBe(1);
    await at(page, '0', 'accept').click();
    await at(page, '0', 'appeal-prompt').waitFor({ state: 'detached', timeout: UI });
    await expect.poll(() => at(page, '0', 'hand-size-0').textContent()).toBe('3 cards');
    expect(await at(page, '0', `hand-card-${e1}`).count()).toBe(1);
    expect(await at(page, '1', `hand-card-${e1}`).count()).toBe(0);
    expect(await at(page, '0', 'log').textContent()).toContain('Ana accepts the fine.');
    // The Evaders she takes were face up: the log names their Line for everyone.
    expect(await at(page, '2', 'log').textContent()).toContain('Ana takes 2 Evaders (line 96 ×2) into their hand.');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('tells the inspector, on their own screen, that an Appeal overturned their Undercover inspection', async () => {
    const G = emptyTable(3, '0');
    const [e1, e2] = give(G, '0', ['E96', 'E96', 'appeal', 'E86']);
    const [u] = give(G, '1', ['U', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const page = await open(G, 1280);
    await at(page, '0', `hand-card-${e1}`).click();
    await at(page, '0', `hand-card-${e2}`).click();
    await expect.poll(() => at(page, '0', 'batch-count').textContent(), { timeout: UI }).toBe('2');
    await at(page, '0', 'play-batch').click();
    // She could still shed her Appeal as her Power: she ends her turn instead.
    await at(page, '0', 'end-turn').click({ timeout: UI });
    await at(page, '1', 'turn-who').filter({ hasText: 'Your turn' }).waitFor({ state: 'attached', timeout: UI });
    await show(page, '1');
    await at(page, '1', `hand-card-${u}`).click();
    await at(page, '1', 'inspect').click();
    await at(page, '0', 'appeal-prompt').waitFor({ state: 'attached', timeout: UI });
    await show(page, '0');
    await at(page, '0', 'appeal').click();
    await show(page, '1');
    const notice = 'Ana Appealed your inspection: it is overturned, and you take the 2 Evaders.';
    await expect.poll(() => at(page, '1', 'toast').allTextContents(), { timeout: UI }).toContain(notice);
    // Only the inspector is told so: the others read it in the log.
    for (const seat of ['0', '2']) expect(await at(page, seat, 'toast').allTextContents()).not.toContain(notice);
    await shot(page, 'appeal-overturned');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('offers no Play button for a batch with no card: taking the last one back clears the choice', async () => {
    const G = emptyTable(3, '0');
    const [e1, e2] = give(G, '0', ['E96', 'E96', 'E86']);
    give(G, '1', ['E19']);
    give(G, '2', ['E86']);
    const page = await open(G, 1280);
    const hint = () => page.locator('#seat-0 [data-testid="actions"] .hint').first().textContent();

    // Ana chooses an Evader of 96, then takes it back in her hand: nothing is chosen any more.
    await at(page, '0', `hand-card-${e1}`).click();
    await expect.poll(() => at(page, '0', 'play-batch').textContent(), { timeout: UI }).toBe('Play 1 card on line 96');
    await at(page, '0', `hand-card-${e1}`).click();
    await at(page, '0', 'batch').waitFor({ state: 'detached', timeout: UI });
    expect(await at(page, '0', 'play-batch').count()).toBe(0);
    expect(await at(page, '0', `hand-card-${e1}`).getAttribute('aria-pressed')).toBe('false');
    expect(await hint()).toBe('Choose a raised card in your hand to play it.');

    // Two Evaders, then − twice: the batch stays open on line 96 and says what to choose, with no Play button.
    await at(page, '0', `hand-card-${e1}`).click();
    await at(page, '0', `hand-card-${e2}`).click();
    await expect.poll(() => at(page, '0', 'batch-count').textContent()).toBe('2');
    await at(page, '0', 'batch-minus').click();
    await at(page, '0', 'batch-minus').click();
    await expect.poll(() => at(page, '0', 'batch-count').textContent()).toBe('0');
    expect(await at(page, '0', 'play-batch').count()).toBe(0);
    expect(await at(page, '0', 'batch-empty').textContent()).toBe(
      'No card chosen yet: choose Evaders of line 96 in your hand or use +.',
    );
    // + brings the Play button back.
    await at(page, '0', 'batch-plus').click();
    await expect.poll(() => at(page, '0', 'play-batch').textContent()).toBe('Play 1 card on line 96');
    expect(await at(page, '0', 'batch-empty').count()).toBe(0);
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('under a Peak Hour, adding the Priority Seat takes the Evader’s place: never a 2-card Play the move refuses', async () => {
    const G = emptyTable(3, '0');
    const [e1, , seat] = give(G, '0', ['E96', 'E96', 'prioritySeat']);
    give(G, '1', ['E19']);
    const [peak] = give(G, '2', ['peakHour', 'E86']);
    // Seat 2's Peak Hour is on the table: everyone else adds one card at most this turn.
    G.players['2'].hand = G.players['2'].hand!.filter((c) => c !== peak);
    G.peakHours.push({ card: peak, owner: '2' });
    const page = await open(G, 1280);
    await at(page, '0', `hand-card-${e1}`).click();
    await expect.poll(() => at(page, '0', 'play-batch').textContent(), { timeout: UI }).toBe('Play 1 card on line 96');
    // Before: the box made it "Play 2 cards on line 96", which the move refused ("you may add only 1 card").
    await at(page, '0', 'batch-seat').check();
    await expect.poll(() => at(page, '0', 'play-batch').textContent()).toBe('Play 1 card on line 96');
    expect(await at(page, '0', 'batch-count').textContent()).toBe('0');
    expect(await at(page, '0', 'batch-refused').count()).toBe(0);
    await at(page, '0', 'play-batch').click();
    await at(page, '0', 'batch').waitFor({ state: 'detached', timeout: UI });
    // The seat alone went down; both Evaders stay in the hand.
    await page.locator(`#seat-0 [data-testid="line-col-96"] [data-testid="placed-${seat}"]`).waitFor({ timeout: UI });
    expect(await page.locator(`#seat-0 [data-testid="line-col-96"] [data-testid^="placed-"]`).count()).toBe(1);
    expect(await at(page, '0', `hand-card-${e1}`).count()).toBe(1);
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('plays Tram Tracker (target, take, give) and a Priority Seat alone on a chosen Line', async () => {
    const G = emptyTable(2, '0');
    const [tracker, seat, e96] = give(G, '0', ['tramTracker', 'prioritySeat', 'E96']);
    const [e86, a96] = give(G, '1', ['E86', 'A96']);
    const page = await open(G, 1280);

    await at(page, '0', `hand-card-${tracker}`).click();
    await at(page, '0', 'tracker-target-1').click();
    // Ana alone sees Ben's hand; Ben waits.
    await at(page, '0', 'tracker-prompt').waitFor({ timeout: UI });
    expect(await at(page, '1', 'tracker-prompt').count()).toBe(0);
    expect(await at(page, '1', 'waiting').textContent()).toBe('Waiting for Ana to swap a card with you…');
    await at(page, '0', `take-${a96}`).click();
    await at(page, '0', `give-${e96}`).click();
    await expect
      .poll(() => at(page, '0', 'tracker-swap').textContent())
      .toBe('Take Authorised Inspector 96, give Evader 96');
    await at(page, '0', 'tracker-swap').click();
    // Nothing else is playable for Ana (one Power a turn, no carriage): Ben's turn.
    await at(page, '1', 'turn-who').filter({ hasText: 'Your turn' }).waitFor({ state: 'attached', timeout: UI });
    expect(await at(page, '0', `hand-card-${a96}`).count()).toBe(1);
    expect(await at(page, '1', `hand-card-${e96}`).count()).toBe(1);
    // Ben alone is told which cards changed hands (the log names neither).
    await expect
      .poll(() => at(page, '1', 'toast').allTextContents(), { timeout: UI })
      .toContain('Ana took your Authorised Inspector 96 and gave you Evader 96.');
    expect(await at(page, '0', 'toast').allTextContents()).not.toContain(
      'Ana took your Authorised Inspector 96 and gave you Evader 96.',
    );

    await show(page, '1');
    await at(page, '1', `hand-card-${e86}`).click();
    await at(page, '1', 'play-batch').click();
    await at(page, '0', 'turn-who').filter({ hasText: 'Your turn' }).waitFor({ state: 'attached', timeout: UI });

    // The Priority Seat alone: Ana chooses the Line (96 or 86, next to the current line).
    await show(page, '0');
    await at(page, '0', `hand-card-${seat}`).click();
    const lines = await page
      .locator('#seat-0 [data-testid^="batch-line-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(lines.sort()).toEqual(['batch-line-86', 'batch-line-96']);
    await at(page, '0', 'batch-line-96').click();
    await expect.poll(() => at(page, '0', 'play-batch').textContent()).toBe('Play 1 card on line 96');
    await at(page, '0', 'play-batch').click();
    await page.locator(`#seat-0 [data-testid="line-col-96"] [data-testid="placed-${seat}"]`).waitFor({ timeout: UI });
    expect(await at(page, '0', 'count-96').textContent()).toBe('1/9 · current');
    await shot(page, 'priority-seat');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows a last-card Tram Tracker the hand and goes on with Take nothing, from the keyboard on a phone', async () => {
    const G = emptyTable(2, '0');
    const [tracker] = give(G, '0', ['tramTracker']);
    const [e86, a96] = give(G, '1', ['E86', 'A96']);
    const page = await open(G, 390);

    await at(page, '0', `hand-card-${tracker}`).focus();
    await page.keyboard.press('Enter');
    await at(page, '0', 'tracker-target-1').focus();
    await page.keyboard.press('Enter');
    // Ana alone sees Ben's hand; with no card to give, the one way on is Take nothing, which takes the focus.
    await at(page, '0', 'tracker-prompt').waitFor({ timeout: UI });
    for (const c of [e86, a96]) expect(await at(page, '0', `seen-${c}`).count()).toBe(1);
    expect(await at(page, '0', `take-${e86}`).count()).toBe(0);
    expect(await at(page, '1', 'waiting').textContent()).toBe('Waiting for Ana to look at your hand…');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), { timeout: UI })
      .toBe('tracker-nothing');
    const box = (await at(page, '0', 'tracker-nothing').boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await at(page, '0', 'tracker-prompt').textContent()).toContain('You have no other card to give');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'tracker-take-nothing');
    await page.keyboard.press('Enter');

    // Her hand is empty: her turn ended by itself, a DING; Ben kept his cards.
    await at(page, '1', 'turn-who').filter({ hasText: 'Your turn' }).waitFor({ state: 'attached', timeout: UI });
    expect(await at(page, '0', 'tracker-prompt').count()).toBe(0);
    expect(await at(page, '1', `hand-card-${e86}`).count()).toBe(1);
    expect(await at(page, '1', `hand-card-${a96}`).count()).toBe(1);
    expect(await at(page, '1', 'banner-ding-0').textContent()).toBe('DING! Ana');
    expect(await at(page, '1', 'log').textContent()).toContain(
      "Ana looks at Ben's hand and takes nothing: they have no other card to give.",
    );
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('keeps the journey summary open until its player closes it, while the next journey is played', async () => {
    const G = emptyTable(2, '0');
    const [e96] = give(G, '0', ['E96']);
    const [e86] = give(G, '1', ['E86', 'E86']);
    const page = await open(G, 1280);
    // Ana plays her last card and DINGs; Ben cannot touch her, so her finish ends the journey after his turn.
    await at(page, '0', `hand-card-${e96}`).click();
    await at(page, '0', 'play-batch').click();
    await show(page, '1');
    await at(page, '1', `hand-card-${e86}`).click({ timeout: UI });
    await at(page, '1', 'play-batch').click();
    for (const seat of ['0', '1']) await at(page, seat, 'journey-summary').waitFor({ state: 'attached', timeout: UI });

    // The player who starts journey 2 closes the summary and plays a batch.
    const starter = (await at(page, '0', 'turn-who').textContent()) === 'Your turn' ? '0' : '1';
    const other = starter === '0' ? '1' : '0';
    await show(page, starter);
    await at(page, starter, 'journey-summary-close').click();
    await at(page, starter, 'journey-summary').waitFor({ state: 'detached', timeout: UI });
    const sizeBefore = await at(page, other, `hand-size-${starter}`).textContent();
    await page.locator(`#seat-${starter} [data-testid^="hand-card-E"][data-playable="yes"]`).first().click();
    await at(page, starter, 'play-batch').click();
    await expect
      .poll(() => at(page, other, `hand-size-${starter}`).textContent(), { timeout: UI })
      .not.toBe(sizeBefore);
    // The other player has not closed theirs: it is still open, over the new journey.
    expect(await at(page, other, 'journey-summary').count()).toBe(1);
    expect(await at(page, other, 'journey-summary').textContent()).toContain('Ana');
    await show(page, other);
    await at(page, other, 'journey-summary-close').click();
    await at(page, other, 'journey-summary').waitFor({ state: 'detached', timeout: UI });
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("keeps a full hand in view on a laptop's window, the table scrolling behind it", async () => {
    // A 3-player deal: 11 cards each. On the site, a 1366 × 768 screen leaves the board about 540 px of
    // height under the browser's own bars (about 85 px), the site's header and the seats bar (about 140 px):
    // the whole table and the hand fit it. A much shorter window scrolls the table behind the hand, pinned in view.
    const G = startState(3, 'laptop', 2);
    const page = await open(G, 1366, '0', 540);
    const first = page.locator('#seat-0 [data-testid^="hand-card-"]').first();
    const inView = async (H: number) => {
      const box = (await first.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= H;
    };
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(540);
    expect(await inView(540)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 300 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(300);
    expect(await inView(300)).toBe(true);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await inView(300)).toBe(true);
    await shot(page, 'laptop-full-hand');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it.each([1366, 390])(
    "at %i px no hand card covers another's label or number, and no dimmed card is drawn over a playable one",
    async (width) => {
      const G = emptyTable(2, '0');
      give(G, '0', ['E96', 'E96', 'A96', 'E86', 'E86', 'U', 'freeTramZone', 'peakHour', 'appeal', 'prioritySeat']);
      const page = await open(G, width);
      await at(page, '0', 'hand').waitFor({ timeout: UI });
      expect(await page.locator('#seat-0 .hand-card[data-playable="no"]').count()).toBeGreaterThan(1);
      const wrong = await page.evaluate(() => {
        const cards = Array.from(document.querySelectorAll<HTMLElement>('#seat-0 .hand-card'));
        const meets = (a: DOMRect, b: DOMRect) =>
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        const name = (el: Element) => el.getAttribute('data-testid')!.replace('hand-card-', '');
        const out: string[] = [];
        for (const c of cards) {
          // The card's label(s) and its big number (a Line's route, or ANY).
          for (const t of Array.from(c.querySelectorAll('text.cf-kind, text.cf-name, text.cf-route'))) {
            const r = t.getBoundingClientRect();
            for (const d of cards)
              if (d !== c && meets(r, d.getBoundingClientRect()))
                out.push(`${name(d)} meets "${t.textContent}" of ${name(c)}`);
          }
          // Where a dimmed card and a playable one meet, the playable one is drawn on top.
          if (c.dataset.playable !== 'yes') continue;
          const a = c.getBoundingClientRect();
          for (const d of cards) {
            if (d.dataset.playable === 'yes') continue;
            const b = d.getBoundingClientRect();
            if (!meets(a, b)) continue;
            const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2;
            const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2;
            const top = document.elementFromPoint(x, y)?.closest('.hand-card');
            if (top === d) out.push(`dimmed ${name(d)} over playable ${name(c)}`);
          }
        }
        return out;
      });
      await shot(page, `hand-overlap-${width}`);
      expect(wrong).toEqual([]);
      expect(board.errors).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it("on a phone under a match page's controls, a journey's first turn (no current Line yet) brings the Lines' row clear of the hand", async () => {
    const G = emptyTable(4, '0');
    expect(G.currentLine).toBe(null);
    give(G, '0', ['E19', 'E19', 'E96', 'E86', 'E109', 'U', 'A96', 'prioritySeat', 'peakHour']);
    for (const p of ['1', '2', '3']) give(G, p, ['E19', 'E86']);
    // About 340 px of a match page's generic controls above the board, as on the site.
    const page = await open(G, 390, '0', 844, 340);
    await at(page, '0', 'hand').waitFor({ timeout: UI });
    const hidden = () => linesHidden(page, '#seat-0', '.line-head, .line-count, .line-exp');
    await expect.poll(hidden, { timeout: UI }).toEqual([]);
    await shot(page, 'phone-first-turn');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('explains a dimmed card on tap, and fits a 390 px phone', async () => {
    const G = emptyTable(4, '0');
    give(G, '0', ['E19', 'E19', 'E96', 'E86', 'E109', 'U', 'A96', 'prioritySeat', 'peakHour']);
    const [b1] = give(G, '1', ['E96', 'E86']);
    give(G, '2', ['E19']);
    give(G, '3', ['E109']);
    const page = await open(G, 390, '1');
    await at(page, '1', `hand-card-${b1}`).click();
    await expect.poll(() => at(page, '1', 'hand-why').textContent(), { timeout: UI }).toBe('It is not your turn.');
    await show(page, '0');
    // The Undercover is dimmed at the journey's start (no carriage), with the rules' reason.
    const u = (await page.locator('#seat-0 [data-testid^="hand-card-U-"]').getAttribute('data-testid'))!;
    expect(await page.locator(`#seat-0 [data-testid="${u}"]`).getAttribute('data-playable')).toBe('no');
    await page.locator(`#seat-0 [data-testid="${u}"]`).click();
    await expect.poll(() => at(page, '0', 'hand-why').textContent()).toBe('There is no carriage to inspect.');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'phone');
    expect(board.errors).toEqual([]);
    await page.close();
  }, 60_000);
});
