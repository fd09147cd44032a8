/** Mounts the app into #root. */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setEntryURL } from './hotseatBot';
import { watchInputModality } from './inputModality';

/** Render the client; `entryURL` is the entry file's own URL, which the hot-seat bot worker runs. */
export function mount(entryURL: string): void {
  setEntryURL(entryURL);
  watchInputModality();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}
