/**
 * Where hot-seat's notes ("Gia's turn", "Bot 3 is playing.") stand: in a corner of the window, above what the board
 * pins to its foot and below what it pins to its top, and over no control, nor a part the board keeps clear of them
 * (`NOTE_CLEAR`: its action panel; with `NOTE_CLEAR_IF_ROOM`, only where the window has another place). They are fixed, so they stay in sight
 * whatever the page's scroll, and let taps through; but a note over a button hides it (Get on Board's Confirm, at the
 * foot of the plot panel beside the map on a phone held sideways, went under "Gia's turn" as the panel grew).
 * While they show they move again whenever something that could meet them moves (`followNotes`), and only then.
 */
import { NOTE_CLEAR, NOTE_CLEAR_IF_ROOM } from '../games/common/board-props';

/** The gap between a note and the window's edges, or what the board pins there, or a control. */
export const NOTE_GAP = 12;
/** How far a note moves at a time while looking for a free place, in px. */
const STEP = 4;
/** What a player can click, tap or tab to. */
const CONTROLS =
  'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A box a note keeps clear of; `ifRoom`, only where the window has another place for it (`NOTE_CLEAR_IF_ROOM`). */
interface Obstacle extends Box {
  ifRoom: boolean;
}

/**
 * How far from the window's foot (`edge` 'foot') or top ('top') the board's parts pinned there reach, under the
 * columns `xs` (fixed, or sticky to that edge: a phone's sheet with the pending action's Confirm, a sticky banner;
 * not a part as high as the window, as a dialog's backdrop or a sticky map column); 0 when none is.
 */
function pinnedReach(board: HTMLElement, xs: readonly number[], edge: 'foot' | 'top'): number {
  const height = window.innerHeight;
  const y = edge === 'foot' ? height - 1 : 1;
  let reach = 0;
  for (const x of xs) {
    for (const hit of document.elementsFromPoint(x, y)) {
      for (let el: Element | null = hit; el && el !== board && board.contains(el); el = el.parentElement) {
        const style = getComputedStyle(el);
        const side = edge === 'foot' ? style.bottom : style.top;
        const pinned = style.position === 'fixed' || (style.position === 'sticky' && side !== 'auto');
        if (!pinned) continue;
        const box = el.getBoundingClientRect();
        if (edge === 'foot' && box.top > height / 3) reach = Math.max(reach, height - box.top);
        if (edge === 'top' && box.bottom < (height * 2) / 3) reach = Math.max(reach, box.bottom);
      }
    }
  }
  return reach;
}

/**
 * The controls shown in the window, outside `notes`, and the parts a board keeps clear of them (`NOTE_CLEAR`), as boxes
 * grown by the gap a note keeps from them.
 */
function controlBoxes(notes: HTMLElement): Obstacle[] {
  const out: Obstacle[] = [];
  for (const el of document.querySelectorAll(`${CONTROLS}, [${NOTE_CLEAR}]`)) {
    if (notes.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    // A region one tabs to (a log that scrolls, a map) is not a control a note could hide: it fills whole corners.
    if (!el.hasAttribute(NOTE_CLEAR) && r.width * r.height > (window.innerWidth * window.innerHeight) / 4) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const gap = NOTE_GAP / 2;
    const ifRoom = el.getAttribute(NOTE_CLEAR) === NOTE_CLEAR_IF_ROOM;
    out.push({ left: r.left - gap, top: r.top - gap, right: r.right + gap, bottom: r.bottom + gap, ifRoom });
  }
  return out;
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Puts `notes` (fixed) in the window's bottom-right corner above what `board` pins to the foot; where that covers a
 * control, in the bottom-left corner; where that does too, as low as neither covers one, the right first, between what
 * the board pins to the foot and to the top; where nothing is free, so again over the parts kept clear only where there
 * is room (`NOTE_CLEAR_IF_ROOM`); where nothing is free still, in the bottom-right corner.
 */
export function placeNotes(board: HTMLElement | null, notes: HTMLElement): void {
  const { width, height } = notes.getBoundingClientRect();
  const W = document.documentElement.clientWidth;
  const H = window.innerHeight;
  const controls = controlBoxes(notes);
  const sides = (['right', 'left'] as const).map((side) => {
    const left = side === 'right' ? W - NOTE_GAP - width : NOTE_GAP;
    const xs = [left + 1, left + width / 2, left + width - 1];
    const floor = NOTE_GAP + (board ? pinnedReach(board, xs, 'foot') : 0);
    const ceiling = NOTE_GAP + (board ? pinnedReach(board, xs, 'top') : 0);
    return { side, left, floor, ceiling };
  });
  for (const avoid of [controls, controls.filter((c) => !c.ifRoom)]) {
    for (let up = 0; sides.some((s) => H - s.floor - up - height >= s.ceiling); up += STEP) {
      for (const { side, left, floor, ceiling } of sides) {
        const bottom = floor + up;
        const box = { left, right: left + width, top: H - bottom - height, bottom: H - bottom };
        if (box.top >= ceiling && !avoid.some((c) => overlaps(box, c))) {
          place(notes, side, bottom);
          return;
        }
      }
    }
  }
  place(notes, 'right', sides[0].floor);
}

function place(notes: HTMLElement, side: 'right' | 'left', bottom: number): void {
  notes.style.bottom = `${bottom}px`;
  notes.style.left = side === 'left' ? `${NOTE_GAP}px` : 'auto';
  notes.style.right = side === 'right' ? `${NOTE_GAP}px` : 'auto';
  notes.style.alignItems = side === 'left' ? 'flex-start' : 'flex-end';
}

/**
 * Runs `place` now, and again whenever what could meet a note may have moved: the window resized or turned (or a
 * phone's visual viewport), the page or any part of it scrolled, the page's elements changed (but inside `own`, the
 * note itself, which `place` moves) or `watched` changed size, or a transition or an animation ended. At most once a
 * frame, and never while nothing moves. Returns the way to stop.
 */
export function followMoves(place: () => void, watched: readonly (Element | null)[], own: Element): () => void {
  let frame = 0;
  const placeNow = () => {
    frame = 0;
    if (own.isConnected) place();
  };
  const later = () => {
    if (!frame) frame = requestAnimationFrame(placeNow);
  };
  placeNow();
  const changes = new MutationObserver((records) => {
    if (records.some((r) => !own.contains(r.target))) later();
  });
  changes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const sizes = new ResizeObserver(later);
  for (const el of [document.body, own, ...watched]) if (el) sizes.observe(el);
  const targets: Array<[EventTarget | null, string]> = [
    [window, 'resize'],
    [document, 'scroll'],
    [document, 'transitionend'],
    [document, 'animationend'],
    [window.visualViewport, 'resize'],
    [window.visualViewport, 'scroll'],
  ];
  // Capturing, so that a part of the page that scrolls by itself (a list, the map) is heard too.
  const options = { capture: true, passive: true };
  for (const [on, type] of targets) on?.addEventListener(type, later, options);
  return () => {
    cancelAnimationFrame(frame);
    changes.disconnect();
    sizes.disconnect();
    for (const [on, type] of targets) on?.removeEventListener(type, later, options);
  };
}

/**
 * Places `notes` now, and again whenever what could meet them may have moved (`followMoves`): the board laid out for
 * a new seat, a tapped marker listed in the plot panel (its Confirm moved down), the page scrolled, the window
 * turned. They were looked at every 200 ms while they showed. `board()` gives the board's element as it is then.
 */
export function followNotes(board: () => HTMLElement | null, notes: HTMLElement): () => void {
  return followMoves(() => placeNotes(board(), notes), [board()], notes);
}
