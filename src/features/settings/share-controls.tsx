/**
 * Share a link that reopens this slip, these books, this odds format and the fair-value choice: through
 * the system share sheet where there is one (phones), else copied to the clipboard.
 */
import { useState, useSyncExternalStore } from 'react';
import { buildShareUrl } from '../../state/share-url.ts';
import { useSettings, useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';

type CopyState = { status: 'idle' } | { status: 'copied' } | { status: 'manual'; url: string };

const neverChanges = () => () => undefined;
const browserCanShare = () => typeof navigator.share === 'function';
/**
 * Whether the system share sheet is there. The page's first screen is rendered at build time
 * (src/prerender-shell.tsx), without a browser, and hydrated as it was rendered: a phone's "Share"
 * follows once the page is the app's (a different text at hydration would cost the whole prerender).
 */
function useCanShare(): boolean {
  return useSyncExternalStore(neverChanges, browserCanShare, () => false);
}

export function ShareControls() {
  const legs = useSlip((state) => state.legs);
  const books = useSettings((state) => state.books);
  const oddsFormat = useSettings((state) => state.oddsFormat);
  const fairValue = useSettings((state) => state.fairValue);
  const [copyState, setCopyState] = useState<CopyState>({ status: 'idle' });

  const canShare = useCanShare();

  const copyLink = async () => {
    const url = buildShareUrl(window.location.href, { legs, books, oddsFormat, fairValue });
    if (canShare) {
      try {
        await navigator.share({ url });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof Error && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopyState({ status: 'copied' });
      window.setTimeout(() => setCopyState({ status: 'idle' }), 3000);
    } catch {
      // Clipboard blocked (permissions, insecure origin): show the link to copy by hand.
      setCopyState({ status: 'manual', url });
    }
  };

  return (
    <div className="flex items-center gap-2">
      <Button tone="primary" onClick={copyLink} disabled={legs.length === 0}>
        {canShare ? 'Share' : 'Copy share link'}
      </Button>
      <span role="status" className="text-sm">
        {copyState.status === 'copied' ? 'Link copied' : null}
      </span>
      {copyState.status === 'manual' ? (
        <label className="flex items-center gap-1 text-sm">
          <span>Copy this link:</span>
          <input
            readOnly
            value={copyState.url}
            className="w-56 rounded border border-line bg-surface px-1 text-ink"
            onFocus={(event) => event.target.select()}
          />
        </label>
      ) : null}
    </div>
  );
}
