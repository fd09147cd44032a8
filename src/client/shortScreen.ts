/**
 * A phone held sideways: a window under 500 px high, in landscape. The site's header, the match bar, the page's
 * switches and the chat fold would fill its first screen, with no board in it.
 */
import { useEffect, useRef, type RefObject } from 'react';

export const SHORT_LANDSCAPE = '(orientation: landscape) and (max-height: 500px)';

/**
 * On such a window, once the board has drawn (`ready`, and the board at least half the window high), scrolls it to
 * the window's top: once per mount, and only if the page is still at its top (a board that scrolls itself, or a
 * player who already scrolled, is left alone). The controls above stay a scroll away. When `showing` changes (hot-seat
 * hands the device to another seat, after its pass screen), the board is brought to the top again, wherever the page
 * stood: the page under the pass screen was not scrolled by this player.
 */
export function useBoardFirstInView(ref: RefObject<HTMLElement | null>, ready: boolean, showing?: unknown): void {
  const done = useRef(false);
  const forced = useRef(false);
  const lastShowing = useRef(showing);
  if (lastShowing.current !== showing) {
    lastShowing.current = showing;
    done.current = false;
    forced.current = true;
  }
  useEffect(() => {
    const el = ref.current;
    if (!ready || done.current || !el || typeof matchMedia !== 'function' || typeof ResizeObserver !== 'function')
      return;
    if (!matchMedia(SHORT_LANDSCAPE).matches) return;
    const observer = new ResizeObserver(() => {
      if (done.current || el.getBoundingClientRect().height < innerHeight / 2) return;
      done.current = true;
      observer.disconnect();
      if (scrollY < 8 || forced.current) el.scrollIntoView({ block: 'start', behavior: 'instant' });
      forced.current = false;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, ready, showing]);
}
