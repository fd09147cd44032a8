/**
 * Browser entry. The same bundle also starts the hot-seat bot worker: in a
 * worker (no document) it loads only the bot code, so bots search off the
 * page's thread without a second build entry. esbuild evaluates dynamically
 * imported modules lazily, so neither side runs the other's module code.
 */
import './styles.css';

if (typeof document === 'undefined') {
  void import('./botWorker').then((m) => m.serveBots());
} else {
  void import('./mount').then((m) => m.mount());
}
