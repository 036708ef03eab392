/** A failure while drawing a view shows what happened and a way back, never a blank window. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What the boundary guards, for the message ("the shipments view"). */
  area: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Quayside: ${this.props.area} failed to draw`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <h2>Something went wrong in {this.props.area}</h2>
        <p>Your data is safe in the local cache. Try again; if it keeps happening, restart Quayside.</p>
        <pre className="crash-detail">{error.message}</pre>
        <button type="button" className="button primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
