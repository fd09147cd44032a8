/**
 * The room the end bar takes at the window's foot (styles.css, `.game-over-bar`): the page that holds it (`.is-over`)
 * keeps that room free under the board and the final scores (Get on Board fits its map above it). The bar's height
 * depends on its words and buttons and the window's width: a rematch ready once took a third row on a phone, 134 px
 * high where the room styles.css guesses from the width left 116 (a play-through review: the bar lay over the map's
 * bottom row); a phone's bar is one row now, but a rematch's error, or a window narrower than its buttons, still
 * adds one. So the bar is measured, and again whenever it changes, into `--end-bar-room`: its height, its 16 px off
 * the window's foot and an 8 px gap.
 */
import { useLayoutEffect, useRef } from 'react';

/** Its height, plus 16 px under it and 8 above. */
const AROUND = 24;

/** A ref for the end bar, which keeps `--end-bar-room` on the `.is-over` page around it while `shown`. */
export function useEndBarRoom<T extends HTMLElement>(shown: boolean) {
  const bar = useRef<T>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    const page = el?.closest<HTMLElement>('.is-over');
    if (!shown || !el || !page) return;
    const measure = () =>
      page.style.setProperty('--end-bar-room', `${Math.ceil(el.getBoundingClientRect().height) + AROUND}px`);
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => {
      watch.disconnect();
      page.style.removeProperty('--end-bar-room');
    };
  }, [shown]);
  return bar;
}
