/**
 * Where Touched On's messages (toasts) stand on a phone. They hang from a box just before the banner that sticks at
 * the window's top as the banner does (board.css), so they stand over the banner wherever it is. But with the page's
 * head taller than the window leaves room for (the chat open on a 360 × 640 phone), the banner's place is below the
 * window, or too low for the messages to show whole above the action sheet, and they went unseen. Then, and until
 * their place over the banner is in view again, they stand in a corner of the window off every control and above
 * what the board pins to its foot, as hot-seat's notes do (src/client/hotseatNotes.ts).
 */
import type { RefObject } from 'react';
import { useLayoutEffectInBrowser } from '../../../client/boardHooks';
import { followMoves, placeNotes } from '../../../client/hotseatNotes';

/** The layout in which the messages hang from the banner (board.css, `.to-toasts` in its phone rules). */
const PHONE = '(max-width: 860px)';
/** How far from the window's top the messages' box sticks (board.css). */
const STICK_TOP = 4;
/** The room kept between the messages and the sheet. */
const GAP = 4;

/** Keeps the `count` messages in `box`, on the board `root`, in view on a phone (see the file comment). */
export function useToastsInView(
  root: RefObject<HTMLElement | null>,
  box: RefObject<HTMLElement | null>,
  count: number,
): void {
  useLayoutEffectInBrowser(() => {
    const board = root.current;
    const el = box.current;
    if (count === 0 || !board || !el || typeof matchMedia !== 'function') return;
    const hang = () => {
      if (!el.classList.contains('placed')) return;
      el.classList.remove('placed');
      for (const side of ['bottom', 'left', 'right', 'alignItems'] as const) el.style[side] = '';
    };
    const place = () => {
      const banner = board.querySelector('[data-testid="banner"]');
      if (!banner || !matchMedia(PHONE).matches) return hang();
      // Their box stands just before the banner: where the banner is, or at the window's top once it sticks there.
      const top = Math.max(banner.getBoundingClientRect().top, STICK_TOP);
      const sheet = parseFloat(getComputedStyle(board).getPropertyValue('--sheet-h')) || 0;
      if (top >= 0 && top + el.scrollHeight <= window.innerHeight - sheet - GAP) return hang();
      el.classList.add('placed');
      placeNotes(board, el);
    };
    const stop = followMoves(place, [board], el);
    return () => {
      stop();
      hang();
    };
  }, [root, box, count]);
}
