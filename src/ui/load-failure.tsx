/** A request that failed: what failed and why in plain words, with a Retry button. */
import { describeApiError } from '../api/error-descriptions.ts';
import { Button } from './button.tsx';
import { StatusMessage } from './status-message.tsx';

/** `what` names what failed, as the title's subject (e.g. `Leagues`, `NBA games`). */
export function LoadFailure({ error, retry, what }: { error: unknown; retry: () => void; what: string }) {
  const described = describeApiError(error);
  return (
    <StatusMessage
      tone="error"
      title={`${what} could not be loaded: ${described.title}`}
      action={<Button onClick={retry}>Retry</Button>}
    >
      {described.explanation} {described.action}
    </StatusMessage>
  );
}
