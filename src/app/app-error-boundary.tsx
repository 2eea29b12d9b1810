/**
 * One boundary around a whole app instance (the page and every widget): an unexpected failure while
 * rendering shows a message in place of the builder, never a blank page or a broken host page. It sits
 * inside the instance's providers, so the slip and settings live on: "Try again" renders the builder
 * afresh with the same slip.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useSlip } from '../state/app-stores-context.tsx';
import { Button } from '../ui/button.tsx';
import { StatusMessage } from '../ui/status-message.tsx';

interface AppErrorBoundaryState {
  failed: boolean;
  /** How many times the user has tried again; a second failure says so. */
  attempts: number;
}

function KeptSlipNote({ attempts }: { attempts: number }) {
  const legCount = useSlip((state) => state.legs.length);
  const kept =
    legCount === 0
      ? 'Your settings are kept.'
      : `Your slip (${legCount} ${legCount === 1 ? 'leg' : 'legs'}) and settings are kept.`;
  return (
    <>
      <p>Something unexpected went wrong while showing the parlay builder. {kept}</p>
      {attempts > 0 ? (
        <p className="mt-1">It happened again. Reloading the page may help; a saved slip comes back with it.</p>
      ) : null}
    </>
  );
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false, attempts: 0 };

  static getDerivedStateFromError(): Partial<AppErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('parlay-builder: the builder stopped after an unexpected error.', error, info.componentStack);
  }

  #tryAgain = () => this.setState((state) => ({ failed: false, attempts: state.attempts + 1 }));

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="p-3">
        <StatusMessage
          tone="error"
          title="The parlay builder stopped working"
          action={<Button onClick={this.#tryAgain}>Try again</Button>}
        >
          <KeptSlipNote attempts={this.state.attempts} />
        </StatusMessage>
      </div>
    );
  }
}
