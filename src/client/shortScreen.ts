/**
 * A phone held sideways: a window under 500 px high, in landscape. The site's header, the match bar, the page's
 * switches and the chat fold would fill its first screen, with no board in it.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLayoutEffectInBrowser } from './boardHooks';

export const SHORT_LANDSCAPE = '(orientation: landscape) and (max-height: 500px)';

/**
 * On such a window, once the board has drawn (`ready`, and the board at least half the window high), scrolls it to
 * the window's top: once per mount, and only if the page is still at its top (a board that scrolls itself, or a
 * player who already scrolled, is left alone) and the player has not reached above the board meanwhile (a tap there,
 * or focus there: "Other device" tapped before the board drew, whose panel the scroll threw out of the window). The
 * controls above stay a scroll away. When `showing` changes (hot-seat hands the device to another seat, after its pass
 * screen), the board is brought to the top again, wherever the page stood: the page under the pass screen was not
 * scrolled by this player. A board that was not `ready` at first (an online table filling: the waiting room stood in
 * its place) is brought up once ready even if the page was scrolled meanwhile, unless the player reached above it:
 * that scroll was the waiting room's (at 740 × 360, a player who joined through the link had the join button scrolled
 * to, and saw the match bar, not the table, until their first turn).
 */
export function useBoardFirstInView(ref: RefObject<HTMLElement | null>, ready: boolean, showing?: unknown): void {
  const done = useRef(false);
  const forced = useRef(false);
  const waited = useRef(false);
  if (!ready) waited.current = true;
  const lastShowing = useRef(showing);
  if (lastShowing.current !== showing) {
    lastShowing.current = showing;
    done.current = false;
    forced.current = true;
  }
  // Handed to another seat, a board already drawn is brought to the top at once, before the board's own effects run:
  // a board may bring into view what the turn is about (Touched On its current Line, clear of the hand), and this
  // scroll, made a frame later, undid it (the carriage under the hand and the sheet at 740 x 360).
  useLayoutEffectInBrowser(() => {
    const el = ref.current;
    if (!forced.current || !ready || done.current || !el || typeof matchMedia !== 'function') return;
    if (!matchMedia(SHORT_LANDSCAPE).matches || el.getBoundingClientRect().height < innerHeight / 2) return;
    done.current = true;
    forced.current = false;
    el.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [ref, ready, showing]);
  useEffect(() => {
    const el = ref.current;
    if (!ready || done.current || !el || typeof matchMedia !== 'function' || typeof ResizeObserver !== 'function')
      return;
    if (!matchMedia(SHORT_LANDSCAPE).matches) return;
    // A tap, or focus, on something above the board since it could be drawn (one before is still focused, below).
    let reached = false;
    const onReach = (e: Event) => {
      if (above(e.target, el)) reached = true;
    };
    document.addEventListener('pointerdown', onReach, true);
    document.addEventListener('focusin', onReach, true);
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('pointerdown', onReach, true);
      document.removeEventListener('focusin', onReach, true);
    };
    const observer = new ResizeObserver(() => {
      if (done.current || el.getBoundingClientRect().height < innerHeight / 2) return;
      done.current = true;
      stop();
      const stay = reached || above(document.activeElement, el);
      if (forced.current || ((scrollY < 8 || waited.current) && !stay))
        el.scrollIntoView({ block: 'start', behavior: 'instant' });
      forced.current = false;
    });
    observer.observe(el);
    return stop;
  }, [ref, ready, showing]);
}

/** Whether `target` is an element before `board` in the page, not one that holds it (the page's main region). */
function above(target: EventTarget | null, board: HTMLElement): boolean {
  return (
    target instanceof Element &&
    !target.contains(board) &&
    !!(board.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING)
  );
}
