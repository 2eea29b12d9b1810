/** Last line of defence: a failure inside the widget shows a message in the widget, never a blank or a broken host page. */
import { Component, type ReactNode } from 'react';
import { StatusMessage } from '../ui/status-message.tsx';

export class WidgetErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('parlay-builder: the widget stopped after an unexpected error.', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="p-3">
        <StatusMessage tone="error" title="The parlay builder stopped working">
          Something unexpected went wrong inside this widget. Reload the page to try again; the rest of the page is not affected.
        </StatusMessage>
      </div>
    );
  }
}
