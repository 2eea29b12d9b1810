/** Above the phone's ranking: the legs on injured players, said as the slip and the grid's rows say it. */
import type { ReactNode } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import { useLegInjury } from '../../../state/injuries.ts';
import { InjuryNote } from '../../../ui/injury-note.tsx';

function InjuredLeg({ leg }: { leg: SlipLeg }) {
  const injury = useLegInjury(leg);
  if (injury === null) return null;
  return (
    <p>
      {leg.name}: <InjuryNote injury={injury} withWarning />
    </p>
  );
}

/** Each leg asks for its own injury (one cached report per league); with none, the box is empty and not shown. */
function InjuredLegsView({ legs }: { legs: readonly SlipLeg[] }): ReactNode {
  return (
    <div
      role="group"
      aria-label="Legs on injured players"
      className="mb-2 rounded-md border border-line px-2 py-1.5 text-sm empty:hidden"
    >
      {legs.map((leg) => (
        <InjuredLeg key={legKey(leg)} leg={leg} />
      ))}
    </div>
  );
}

/** The app's: the widget's build (import.meta.env.PB_WIDGET), which reads no injury report, leaves it out. */
export const InjuredLegs: typeof InjuredLegsView = import.meta.env.PB_WIDGET !== true ? InjuredLegsView : () => null;
