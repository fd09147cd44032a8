/**
 * The one sentence for a link made on a page opened as localhost or 127.0.0.1 (the server's default address, this
 * computer's alone): a phone that scans its QR code, or another device that opens it, asks itself for the page.
 * Said by the seat's link for another device (Handover.tsx) and by the invitation's QR code (MatchBar.tsx).
 */
import { isLoopbackHost } from './route';

/** The warning, on a page whose address names this computer alone; nothing elsewhere. */
export function LoopbackNote(props: { testid: string }) {
  const host = window.location.hostname;
  if (!isLoopbackHost(host)) return null;
  return (
    <p className="notice" data-testid={props.testid}>
      This page&apos;s address ({host}) names this computer alone: another device cannot open the link. Open the site
      here by an address the other device reaches, and make the link there.
    </p>
  );
}
