// A render error in one part of the page shows a message in that part instead of a blank page.
import { Component, type ReactNode } from 'react';

interface Props {
  readonly label: string;
  readonly children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="error-box">
          {this.props.label} failed to render: {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}
