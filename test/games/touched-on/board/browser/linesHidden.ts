/**
 * For Touched On's browser tests: the parts of the Lines (`parts`, a CSS
 * selector) inside `root` that, as the page stands, lie above the window or
 * under what covers its foot: the action sheet (fixed, on a phone) and the
 * hand held there (sticky). Each is named by its test id, with where it lies.
 */
import type { Page } from 'playwright-core';

export function linesHidden(page: Page, root: string, parts: string): Promise<string[]> {
  return page.evaluate(
    ([rootSel, partsSel]) => {
      const board = document.querySelector(rootSel)!;
      const top = (sel: string, position: string) => {
        const el = board.querySelector(sel);
        return el && getComputedStyle(el).position === position ? el.getBoundingClientRect().top : Infinity;
      };
      const foot = Math.min(
        window.innerHeight,
        top('[data-testid="actions"]', 'fixed'),
        top('[data-testid="hand"]', 'sticky'),
      );
      return Array.from(board.querySelectorAll(partsSel))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.top < 0 || r.bottom > foot)
        .map(
          ({ el, r }) =>
            `${el.getAttribute('data-testid')} at y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)} (foot ${foot.toFixed(0)})`,
        );
    },
    [root, parts] as const,
  );
}
