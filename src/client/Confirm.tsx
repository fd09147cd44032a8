/**
 * A question asked in place before an action that cannot be undone (closing a match, forgetting a seat): its
 * title and consequence, "keep" focused first, Esc backs out like "keep". Like any alert dialog it holds the
 * keyboard until answered: Tab and Shift+Tab go round its two buttons instead of on into the board.
 */
import { useId } from 'react';

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
  return (
    <div
      className={`confirm-close${props.className ? ` ${props.className}` : ''}`}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={props.testid}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !props.busy) {
          e.stopPropagation();
          props.onKeep();
        }
        if (e.key === 'Tab') {
          const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
          if (buttons.length === 0) return;
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          e.preventDefault();
          buttons[(at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length].focus();
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
