/**
 * Hooks every game's board uses: short messages (toasts), sending a move
 * while watching that the server applies it, a keyboard player's focus kept
 * in the board, and a layout effect that keeps quiet where there is no page
 * to lay out.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * `useLayoutEffect` in a browser; `useEffect` where there is no document
 * (rendering to a string, as the render tests do), where neither runs and
 * React warns about every layout effect.
 */
export const useLayoutEffectInBrowser = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** How long to wait for the server before reporting a move it did not apply. */
export const REFUSAL_MS = 4000;

/** Up to three short messages at a time, each shown for 5 s. */
export function useToasts(): { toasts: { id: number; text: string }[]; toast: (text: string) => void } {
  const [toasts, setToasts] = useState<{ id: number; text: string }[]>([]);
  const toastId = useRef(0);
  const toast = useCallback((text: string) => {
    const id = ++toastId.current;
    setToasts((t) => [...t.slice(-2), { id, text }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), 5000);
  }, []);
  return { toasts, toast };
}

/**
 * `send(label, call)` makes a move and, if the state (its `fingerprint`) has
 * not changed `REFUSAL_MS` later, tells the player the game did not accept
 * it. `onChange` runs whenever the state changes (boards clear their
 * selection then).
 */
export function useMoveSender(
  fingerprint: string,
  toast: (text: string) => void,
  onChange: () => void,
): (label: string, call: () => void) => void {
  const fpRef = useRef(fingerprint);
  fpRef.current = fingerprint;
  const changed = useRef(onChange);
  changed.current = onChange;
  const watch = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (watch.current) clearTimeout(watch.current);
    watch.current = null;
    changed.current();
  }, [fingerprint]);
  useEffect(() => () => void (watch.current && clearTimeout(watch.current)), []);
  return useCallback(
    (label: string, call: () => void) => {
      const before = fpRef.current;
      call();
      if (watch.current) clearTimeout(watch.current);
      watch.current = setTimeout(() => {
        if (fpRef.current === before) toast(`The game did not accept "${label}". Please try again.`);
      }, REFUSAL_MS);
    },
    [toast],
  );
}

/**
 * A keyboard player's focus stays in the board: when the focused control goes away with their action (a ticket once
 * kept, End turn once the turn is over) or is turned off (Confirm while a move is sent, which Chromium then blurs),
 * while focus was in `root` and their last input there was a key (`keyboard`), `focusNext` puts focus on the next
 * thing to do at once, not on the page's body, from where the next Tab would start again at the top of the page.
 */
export function useFocusKept(
  root: RefObject<HTMLElement | null>,
  keyboard: RefObject<boolean>,
  focusNext: () => void,
): void {
  const inBoard = useRef(false);
  // Focus is on its way from one control to another (Tab): between the two the body holds it, and a render made by
  // the first one's blur (Lisbon's display cards point out their monument while focused) must not take that for a
  // lost focus and pull it back into the board, which kept Tab going round the board's controls for ever.
  const moving = useRef(false);
  useEffect(() => {
    // Where focus is now too: the board's own effects may have focused it before this listener was added.
    inBoard.current = !!root.current && root.current.contains(document.activeElement);
    const onFocus = (e: FocusEvent) => {
      moving.current = false;
      inBoard.current = !!root.current && root.current.contains(e.target as Node);
    };
    // In the capture phase, so before React's own focusout listener runs a blur handler.
    const onFocusOut = (e: FocusEvent) => (moving.current = e.relatedTarget !== null);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocusOut, true);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocusOut, true);
    };
  }, [root]);
  // After every render: the render may have removed or disabled the focused control.
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || active.matches(':disabled');
    if (keyboard.current && inBoard.current && lost && !moving.current) focusNext();
  });
}

/**
 * Whether the player is at a control outside `board` (the chat, the panel of "Play on another device" in the match
 * bar): focus is on an element neither in the board nor holding it (the page's body, or its main region, focused for
 * its heading as the page opened, hold it). A board does not scroll the page from under such a control: the scroll
 * threw what the player was reading out of the window.
 */
export function focusOutside(board: HTMLElement | null): boolean {
  const at = typeof document === 'undefined' ? null : document.activeElement;
  return !!at && !!board && !board.contains(at) && !at.contains(board);
}

/** The attribute on a board's root element that a board's dialogs look for (`useDialogKeys`). */
export const BOARD_ROOT = 'data-board-root';

/**
 * A board's dialog over the page (an end screen, a journey summary): as it opens, focus goes to the returned `button`
 * (its way out: "Look at the map", "Next journey"), so a keyboard player is in the dialog rather than on the dimmed
 * board behind it, or on the page's body when the control they used went with the game's end; unless the player is
 * at a control outside the board (`focusOutside`: typing in the chat, reading the match bar's panel), which keeps
 * it. Esc in the dialog calls `onClose`. A replay's (`inline`) is a panel in the board's flow and takes no focus.
 */
export function useDialogKeys(onClose?: () => void, inline?: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const at = button.current;
    if (inline || !at) return;
    const board = at.closest<HTMLElement>(`[${BOARD_ROOT}]`);
    // A board that does not mark its root: only focus that went with the game's end (on the page's body) is taken.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (board ? focusOutside(board) : !lost) return;
    at.focus({ preventScroll: true });
  }, [inline]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !onClose) return;
    e.stopPropagation();
    onClose();
  };
  return { button, onKeyDown };
}

/**
 * Scrolls the page by `by` px for a board: smoothly, unless the player asked for reduced motion. A smooth scroll under
 * way stops where it stands once the player reaches outside `board` (a tap or focus there, within the second it may
 * take): carried on, it threw what they opened (the match bar's panel, its title focused and in view) out of the
 * window, as its target was set before they tapped.
 */
export function scrollPageBy(by: number, board: HTMLElement): void {
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  window.scrollBy({ top: by, behavior: still ? 'instant' : 'smooth' });
  if (still) return;
  const stop = (e: Event) => {
    if (e.target instanceof Node && board.contains(e.target)) return;
    window.scrollTo({ top: window.scrollY, behavior: 'instant' });
    done();
  };
  const done = () => {
    clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('focusin', stop, true);
  };
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('focusin', stop, true);
  const timer = setTimeout(done, 1000);
}

/**
 * What `scrollBy` must move a box showing `from`–`to` to bring `top`–`bottom` into it, as `scrollIntoView` does with
 * `block: 'nearest'`: nothing when it is in view or covers the whole box; else it goes to the box's nearer edge (its
 * other edge, when it is taller than the box).
 */
function nearest(top: number, bottom: number, from: number, to: number): number {
  const fits = bottom - top <= to - from;
  if (top < from && bottom <= to) return fits ? top - from : bottom - to;
  if (bottom > to && top >= from) return fits ? bottom - to : top - from;
  return 0;
}

/**
 * Brings `el`, in `board`, into the window as `el.scrollIntoView({ block: 'nearest' })` would, keeping its scroll
 * margins and the page's scroll padding (what a board fixes over the window's foot): a box of the board that scrolls
 * and holds it (a phone's sheet) scrolls at once, and the page by `scrollPageBy`, so a smooth scroll stops as the
 * player reaches outside the board. (A smooth `scrollIntoView` carried on, and threw what they opened meanwhile out
 * of the window.) An element in a box fixed to the window does not move with the page, which stays.
 */
export function scrollIntoViewFor(el: Element, board: HTMLElement): void {
  const own = getComputedStyle(el);
  const before = parseFloat(own.scrollMarginTop) || 0;
  const after = parseFloat(own.scrollMarginBottom) || 0;
  let fixed = false;
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.position === 'fixed') fixed = true;
    const inside = box !== board && board.contains(box);
    if (!inside || !/auto|scroll/.test(style.overflowY) || box.scrollHeight <= box.clientHeight) continue;
    const r = el.getBoundingClientRect();
    const from = box.getBoundingClientRect().top + box.clientTop + (parseFloat(style.scrollPaddingTop) || 0);
    const to = from + box.clientHeight - (parseFloat(style.scrollPaddingBottom) || 0);
    const by = nearest(r.top - before, r.bottom + after, from, to);
    if (Math.abs(by) >= 1) box.scrollTop += by;
  }
  if (fixed) return;
  const page = getComputedStyle(document.documentElement);
  const r = el.getBoundingClientRect();
  const from = parseFloat(page.scrollPaddingTop) || 0;
  const to = window.innerHeight - (parseFloat(page.scrollPaddingBottom) || 0);
  const by = nearest(r.top - before, r.bottom + after, from, to);
  if (Math.abs(by) >= 1) scrollPageBy(by, board);
}
