/**
 * axe-core (its npm package, injected into the page) on Touched On's and Get
 * on Board's boards and end screens, in Debian's Chromium against the real
 * server. Each board is checked in a seat's view in the middle of a turn
 * (a hand with playable and dimmed cards, a batch chosen; a plot under way)
 * and on its end screen, reached by bots playing a hot-seat game through.
 * The test fails on any serious or critical violation.
 */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { createJoined, findChromium, newContext, openAsSeat, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[];
}

/** The serious and critical violations axe finds on the page as it is. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const d = n.any[0]?.data;
        return d?.fgColor
          ? `${n.target.join(' ')} [${d.fgColor} on ${d.bgColor}: ${d.contrastRatio}]`
          : n.target.join(' ');
      });
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.slice(0, 6).join(' | ')}${nodes.length > 6 ? ` … ${nodes.length} nodes` : ''}`;
    });
}

/** A hot-seat game of two easy bots at instant pace, played to its end screen. */
async function botsToTheEnd(page: Page, url: string, game: string): Promise<void> {
  await page.goto(`${url}/#/g/${game}/hotseat`);
  for (const seat of [0, 1]) {
    await page.getByTestId(`hs-kind-${seat}`).selectOption('bot');
    await page.getByTestId(`hs-level-${seat}`).selectOption('easy');
  }
  await page.getByTestId('hs-pace-instant').click();
  await page.getByTestId('hs-start').click();
  await page.getByTestId('gameover').waitFor({ timeout: 90_000 });
}

describe.skipIf(!CHROMIUM)('browser: accessibility of the Touched On and Get on Board boards (axe-core)', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('Touched On: a seat mid-turn, and the end screen', async () => {
    const { matchID, creds } = await createJoined(suite.server.url, 'touched-on', 2);
    const { state } = await suite.server.db.fetch(matchID, { state: true });
    const seat = state.ctx.currentPlayer;
    const { page, context } = await openAsSeat(suite.browser, errors, 'a11y-to', {
      url: suite.server.url,
      game: 'touched-on',
      matchID,
      playerID: seat,
      credentials: creds[Number(seat)],
    });
    await page.getByTestId('hand').waitFor({ timeout: UI });
    // A card chosen: the hand shows it selected, the panel its play.
    await page.locator('.hand-card[data-playable="yes"]').first().click({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `board: ${v}`);
    await context.close();
    const end = await newContext(suite.browser, errors, 'a11y-to-end');
    await botsToTheEnd(end.page, suite.server.url, 'touched-on');
    found.push(...(await violations(end.page)).map((v) => `end screen: ${v}`));
    // The table as the game left it (Lines laid, seats finished), behind the closed end screen.
    await end.page.getByTestId('gameover-close').click();
    await end.page.getByTestId('show-scores').waitFor({ timeout: UI });
    found.push(...(await violations(end.page)).map((v) => `the table at the end: ${v}`));
    expect(found).toEqual([]);
    await end.context.close();
  }, 120_000);

  it('Get on Board: a seat mid-plot with a sheet open, and the end screen', async () => {
    const { page, context } = await newContext(suite.browser, errors, 'a11y-gob');
    await page.goto(`${suite.server.url}/#/g/get-on-board/hotseat`);
    await page.getByTestId('hs-name-0').fill('Ana');
    await page.getByTestId('hs-kind-1').selectOption('bot');
    await page.getByTestId('hs-level-1').selectOption('easy');
    await page.getByTestId('hs-pace-instant').click();
    await page.getByTestId('hs-start').click();
    await page.locator('[data-testid="departure-panel"] button').first().click({ timeout: UI });
    await page.getByTestId('plot-panel').waitFor({ timeout: 30_000 });
    await page.locator('.gob-target').first().click();
    await page.getByTestId('plot-markers').first().waitFor({ timeout: UI });
    const found: string[] = (await violations(page)).map((v) => `board: ${v}`);
    await page.getByTestId('sheet-1').click();
    await page.getByTestId('sheet-full-1').waitFor({ timeout: UI });
    found.push(...(await violations(page)).map((v) => `board, a sheet open: ${v}`));
    await context.close();
    const end = await newContext(suite.browser, errors, 'a11y-gob-end');
    await botsToTheEnd(end.page, suite.server.url, 'get-on-board');
    found.push(...(await violations(end.page)).map((v) => `end screen: ${v}`));
    // The table as the game left it (Lines laid, seats finished), behind the closed end screen.
    await end.page.getByTestId('gameover-close').click();
    await end.page.getByTestId('show-scores').waitFor({ timeout: UI });
    found.push(...(await violations(end.page)).map((v) => `the table at the end: ${v}`));
    expect(found).toEqual([]);
    await end.context.close();
  }, 120_000);
});
