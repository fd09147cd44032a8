/**
 * Whether the page's last input was a key or a pointer. A board that moves focus only for keyboard players reads it
 * as it mounts: a board shown by a key press outside it (Enter on the hot-seat pass screen, on Join) then carries
 * on with the keyboard at once, where its own listeners, added only then, heard nothing yet.
 */
let lastWasKey = false;
let watching = false;

/** Starts watching the page's input, once (the app calls it as it mounts). */
export function watchInputModality(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener(
    'keydown',
    (e) => {
      // A modifier alone (Shift before a click, Ctrl held) says nothing about how the player plays.
      if (e.key !== 'Shift' && e.key !== 'Control' && e.key !== 'Alt' && e.key !== 'Meta') lastWasKey = true;
    },
    true,
  );
  document.addEventListener('pointerdown', () => (lastWasKey = false), true);
}

/** The page's last input was a key (false before any input, or where no page watches). */
export function lastInputWasKey(): boolean {
  return lastWasKey;
}
