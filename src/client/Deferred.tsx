/**
 * Code loaded on demand: the match and hot-seat pages and each game's board
 * are separate files of the build (scripts/build.mjs splits them off), so
 * the first page downloads none of them. `lazyNamed` wraps one named export
 * in React.lazy; `<Deferred>` shows a line while it loads, and a way to
 * reload if the file cannot be fetched (the network failed, or the site was
 * updated since the page was opened). Other errors pass through.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** The code of a lazy component could not be fetched. */
class LoadError extends Error {}

/** A component loaded by `load()` on first render: the module's export `name`, typed as that export. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => {
    let mod: M;
    try {
      mod = await load();
    } catch (err) {
      throw new LoadError(err instanceof Error ? err.message : String(err));
    }
    return { default: mod[name] as ComponentType<unknown> };
  }) as M[K];
}

interface State {
  error: Error | null;
}

/** Suspense for code being loaded, with a reload offer when loading fails. */
export class Deferred extends Component<{ children: ReactNode; what?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error && !(error instanceof LoadError)) throw error;
    if (error) {
      return (
        <div className="card narrow" role="alert" data-testid="load-failed">
          <h2>Could not load {this.props.what ?? 'this page'}</h2>
          <p className="muted">The connection dropped, or the site was updated since this page was opened.</p>
          <button className="primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      );
    }
    return (
      <Suspense
        fallback={
          <div className="board-loading" data-testid="code-loading">
            Loading…
          </div>
        }
      >
        {this.props.children}
      </Suspense>
    );
  }
}
