/**
 * The page's notices that stick to the window's top while it is scrolled to the board (a player who left: LeftSeats;
 * the offer of a turn clock: ClockOffer). While one shows, the page's root keeps its height as its scroll-padding-top,
 * so that what is brought into view at the top stops below it rather than under it: the board on a short window
 * (shortScreen.ts), and a board's own scroll, which reads it (`stickyTop`). On a phone held sideways (740 × 360) the
 * notice of a player who left, 117 px high, covered Get on Board's banner and its "Your plot" heading.
 */
import { useCallback, useRef } from 'react';

const heights = new Map<Element, number>();
let observer: ResizeObserver | null = null;

function update(): void {
  const top = Math.max(0, ...heights.values());
  document.documentElement.style.scrollPaddingTop = top > 0 ? `${Math.ceil(top)}px` : '';
}

/** A ref for such a notice: the page keeps room for it at the window's top while it is mounted. */
export function useStickyTop(): (el: HTMLElement | null) => void {
  const current = useRef<HTMLElement | null>(null);
  return useCallback((el: HTMLElement | null) => {
    if (typeof document === 'undefined') return;
    if (current.current) {
      observer?.unobserve(current.current);
      heights.delete(current.current);
    }
    current.current = el;
    if (el && typeof ResizeObserver === 'function') {
      observer ??= new ResizeObserver((entries) => {
        for (const e of entries)
          if (heights.has(e.target)) heights.set(e.target, e.target.getBoundingClientRect().height);
        update();
      });
      heights.set(el, el.getBoundingClientRect().height);
      observer.observe(el);
    }
    update();
  }, []);
}

/** How far down the window the page's sticky notices reach (0 when none shows): what a board scrolls clear of. */
export function stickyTop(): number {
  if (typeof document === 'undefined') return 0;
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
}
