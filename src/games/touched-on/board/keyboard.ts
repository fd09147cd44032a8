/**
 * Keyboard play on the board: where focus goes after each step, so a player
 * using the keyboard never has to hunt for the next control. Enter and Space
 * are the buttons' own; Esc (cancelling a choice) is the board's, in Board.tsx.
 *
 * Focus moves only while the player is using the keyboard (their last input
 * in the board, or on the page before the board was shown, was a key, not a
 * pointer), so mouse and touch play is left alone.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useFocusKept } from '../../../client/boardHooks';
import { lastInputWasKey } from '../../../client/inputModality';

/** A control that may be pressed: neither disabled nor marked so (`aria-disabled`, which keeps its focus). */
const ENABLED = ':not(:disabled):not([aria-disabled="true"])';

/**
 * The control that carries on the pending step in the action panel: one the
 * panel marks (`data-autofocus`), else its enabled primary button, else its
 * first enabled button, else the panel itself (which says who the game waits for).
 */
export function pendingControl(root: ParentNode): HTMLElement | null {
  const panel = root.querySelector<HTMLElement>('[data-testid="actions"]');
  if (!panel) return null;
  return (
    panel.querySelector<HTMLElement>(`[data-autofocus]${ENABLED}`) ??
    panel.querySelector<HTMLElement>(`button.primary${ENABLED}`) ??
    panel.querySelector<HTMLElement>(`button${ENABLED}`) ??
    panel
  );
}

/**
 * Moves focus for keyboard players to the pending control when a choice is
 * made (`choiceKey` changes to a non-empty value), and, after the game's
 * state (`stateKey`) or the choice changes, when focus is on the page's body
 * (as the board mounts after the hot-seat pass screen). After every render,
 * the shared `useFocusKept` does the same when the focused control went away
 * or was turned off (the Play button once the batch is played, Draw, Appeal,
 * Accept, "Next journey" on the journey summary, which closes with no move),
 * whatever changed: the choice's key leaves out some of what the board shows.
 */
export function useKeyboardFocus(root: RefObject<HTMLElement | null>, choiceKey: string, stateKey: string): void {
  // As it mounts, the board goes by the page's last input: a board shown by Enter on the pass screen goes on with the
  // keyboard (its pending control takes focus at once, not the page's body).
  const keyboard = useRef(lastInputWasKey());
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onKey = () => (keyboard.current = true);
    const onPointer = () => (keyboard.current = false);
    el.addEventListener('keydown', onKey, true);
    el.addEventListener('pointerdown', onPointer, true);
    return () => {
      el.removeEventListener('keydown', onKey, true);
      el.removeEventListener('pointerdown', onPointer, true);
    };
  }, [root]);
  const focusPending = useCallback(() => {
    if (root.current) pendingControl(root.current)?.focus();
  }, [root]);
  const lastChoice = useRef(choiceKey);
  useEffect(() => {
    const el = root.current;
    const chosen = choiceKey !== lastChoice.current && choiceKey !== '';
    lastChoice.current = choiceKey;
    if (!keyboard.current || !el) return;
    // Only when a choice was made, or focus is on the page's body: focus elsewhere (the log, the chat) stays where it is.
    const active = document.activeElement;
    if (chosen || !active || active === document.body) focusPending();
  }, [choiceKey, stateKey, root, focusPending]);
  useFocusKept(root, keyboard, focusPending);
}
