/**
 * Browser entry. The same file also starts the hot-seat bot worker: in a
 * worker (no document) it loads only the bot code, so bots search off the
 * page's thread without a second build entry. Both sides are separate
 * chunks of the build, so neither downloads or runs the other's code. The
 * page remembers this file's URL (content-hashed by the build) for the worker.
 */
import './styles.css';
import type { BotRequest } from './hotseatBot';

if (typeof document === 'undefined') {
  // The page's first request may come before the bot code has arrived: keep it until then.
  const early: MessageEvent<BotRequest>[] = [];
  (self as unknown as { onmessage: (e: MessageEvent<BotRequest>) => void }).onmessage = (e) => early.push(e);
  void import('./botWorker').then((m) => m.serveBots(early));
} else {
  void import('./mount').then((m) => m.mount(import.meta.url));
}
