/**
 * A question asked in place before an action that cannot be undone (closing a match, forgetting a seat): its
 * title and consequence, "keep" focused first, Esc backs out like "keep". Like any alert dialog it holds the
 * keyboard until answered: Tab and Shift+Tab go round its two buttons instead of on into the board.
 */
import { useEffect, useId, useRef } from 'react';

export function ConfirmBox(props: {
  title: string;
  text: string;
  keepLabel: string;
  yesLabel: string;
  /** While the action runs: both buttons off (Esc too). */
  busy?: boolean;
  onKeep: () => void;
  onYes: () => void;
  /** Test ids: the box is `testid`; its buttons `keepTestid` and `yesTestid`. */
  testid: string;
  keepTestid: string;
  yesTestid: string;
  className?: string;
}) {
  const id = useId();
  // While the action runs its buttons are off, and a disabled button loses focus to the page's body: the question
  // itself keeps it.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.busy) box.current?.focus({ preventScroll: true });
  }, [props.busy]);
  return (
    <div
      className={`confirm-close${props.className ? ` ${props.className}` : ''}`}
      ref={box}
      role="alertdialog"
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={props.testid}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !props.busy) {
          e.stopPropagation();
          props.onKeep();
        }
        if (e.key === 'Tab') {
          e.preventDefault();
          const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
          // While the action runs both buttons are off: focus stays on the question itself.
          if (buttons.length === 0) return e.currentTarget.focus();
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          const n = buttons.length;
          buttons[at < 0 ? (e.shiftKey ? n - 1 : 0) : (at + (e.shiftKey ? -1 : 1) + n) % n].focus();
        }
      }}
    >
      <p>
        <strong id={`${id}-title`}>{props.title}</strong> <span id={`${id}-text`}>{props.text}</span>
      </p>
      <div className="row">
        <button
          type="button"
          className="ghost"
          autoFocus
          disabled={props.busy}
          onClick={props.onKeep}
          data-testid={props.keepTestid}
        >
          {props.keepLabel}
        </button>
        <button
          type="button"
          className="primary danger-fill"
          disabled={props.busy}
          onClick={props.onYes}
          data-testid={props.yesTestid}
        >
          {props.yesLabel}
        </button>
      </div>
    </div>
  );
}
