/**
 * axe-core (its npm package, injected into the page) for the browser tests,
 * and a quick way to an end screen: what every accessibility test shares.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[];
}

/**
 * The serious and critical violations axe finds on the page, one line each,
 * once its finite animations have ended: a card still fading in (Touched On's
 * 0.35 s mount) was measured at part opacity, below the contrast it settles at.
 */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    const settling = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined));
    await Promise.all(settling);
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

/** A hot-seat game of `game` between easy bots at instant pace, played to its end screen. */
export async function botsToTheEnd(page: Page, url: string, game: string, seats = 2, timeout = 90_000): Promise<void> {
  await page.goto(`${url}/#/g/${game}/hotseat`);
  for (let seat = 0; seat < seats; seat++) {
    await page.getByTestId(`hs-kind-${seat}`).selectOption('bot');
    await page.getByTestId(`hs-level-${seat}`).selectOption('easy');
  }
  await page.getByTestId('hs-pace-instant').click();
  await page.getByTestId('hs-start').click();
  await page.getByTestId('gameover').waitFor({ timeout });
}
