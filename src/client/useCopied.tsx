/**
 * Copying a link to the clipboard, said the same way wherever the site offers it (the invitation, the link to watch,
 * the seat's link for another device): the button may change its own word, and a polite status beside it says
 * "Link copied", or, when the browser refuses (no clipboard on a page served over plain http by a LAN address, a
 * permission denied), that the link is to be selected and copied by hand, shown until the next try.
 */
import { useEffect, useRef, useState } from 'react';

/** What the last copy did: nothing yet (or its "copied" has faded), copied, or refused by the browser. */
export type Copied = '' | 'copied' | 'failed';

/** The failure's words; the link is beside them (or under them: `CopyStatus`'s `link`). */
export const COPY_FAILED = 'Could not copy the link: select it and copy it by hand.';

/** `copy()` puts `text` on the clipboard; `copied` says how it went ("copied" for 2 s). */
export function useCopied(text: string): { copied: Copied; copy: () => void } {
  const [copied, setCopied] = useState<Copied>('');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    clearTimeout(timer.current);
    setCopied('');
    // `navigator.clipboard` is undefined outside a secure context: that throws here, and says so below.
    new Promise<void>((resolve) => resolve(navigator.clipboard.writeText(text))).then(
      () => {
        setCopied('copied');
        timer.current = setTimeout(() => setCopied(''), 2000);
      },
      () => setCopied('failed'),
    );
  };
  return { copied, copy };
}

/**
 * The status of `useCopied`: always in the page, so a screen reader hears it change; unseen while it says "Link
 * copied" (the button says so), an error while the copy failed. `link`: shown then, to select, where no field beside
 * the button holds it (the match bar's small "Copy the link to watch").
 */
export function CopyStatus(props: { copied: Copied; testid: string; link?: string }) {
  const { copied } = props;
  return (
    <>
      <p
        role="status"
        className={copied === 'failed' ? 'error copy-status' : 'visually-hidden'}
        data-testid={props.testid}
      >
        {copied === 'copied' ? 'Link copied' : copied === 'failed' ? COPY_FAILED : ''}
      </p>
      {copied === 'failed' && props.link && (
        <input
          className="copy-fallback"
          readOnly
          value={props.link}
          aria-label="The link"
          onFocus={(e) => e.target.select()}
          data-testid={`${props.testid}-link`}
        />
      )}
    </>
  );
}
