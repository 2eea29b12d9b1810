/**
 * A leg's injured player, where the leg is shown: the status and the injury (`Questionable ·
 * Ankle`), and for a player ruled out a warning before anyone prices the leg.
 */
import type { ReactNode } from 'react';
import type { Injury } from '../api/bet-tracking/types.ts';

/** What the report says, in its words: the status, then the injury when it names one. */
export function injuryLabel(injury: Injury): string {
  const status = injury.status === 'Other' ? injury.statusText : injury.status;
  return injury.type ? `${status} · ${injury.type}` : status;
}

/** Out: books pull an Out player's props, so the leg will not be priced. */
function outWarning(injury: Injury): string {
  return `${injury.playerName} is ruled out${injury.type ? ` (${injury.type})` : ''}: books take an Out player's props down, so no book is likely to price this leg.`;
}

function InjuryNoteView({ injury, withWarning = false }: { injury: Injury | null; withWarning?: boolean }) {
  if (injury === null) return null;
  return (
    <>
      <span
        className={`mt-0.5 inline-block rounded-sm px-1 text-xs font-semibold ${injury.status === 'Out' ? 'bg-bad-soft text-bad' : 'bg-warn-soft text-warn'}`}
      >
        <span className="sr-only">Injury: </span>
        {injuryLabel(injury)}
      </span>
      {withWarning ? <OutWarningView injury={injury} className="mt-1 text-sm" /> : null}
    </>
  );
}

/** An Out player's warning (nothing for any other leg): why the books leave the leg out. */
function OutWarningView({ injury, className = 'mt-0.5' }: { injury: Injury | null; className?: string }): ReactNode {
  if (injury?.status !== 'Out') return null;
  return <span className={`block font-medium text-bad ${className}`}>⚠ {outWarning(injury)}</span>;
}

/** The app's: the widget's build (import.meta.env.PB_WIDGET), which reads no injury report, leaves it out. */
export const InjuryNote: typeof InjuryNoteView = import.meta.env.PB_WIDGET !== true ? InjuryNoteView : () => null;

export const OutWarning: typeof OutWarningView = import.meta.env.PB_WIDGET !== true ? OutWarningView : () => null;
