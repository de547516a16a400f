import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

/**
 * Last line of defence: a render error or a page chunk that fails to load (e.g. after a deploy)
 * shows a way out instead of a blank screen at the bedside.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-svh items-center justify-center p-4">
        <div role="alert" className="flex max-w-md flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm">
          <h1 className="font-semibold text-xl">Something went wrong</h1>
          <p className="text-muted-foreground text-sm">
            Vigil could not show this screen. Reloading usually fixes it; if it keeps happening, contact the
            IT service desk.
          </p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-10 items-center justify-center self-start rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
          >
            Reload
          </button>
        </div>
      </main>
    );
  }
}
