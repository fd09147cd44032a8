/** Mounts the app into #root. */
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** Render the client. */
export function mount(): void {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}
