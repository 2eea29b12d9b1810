/** Above the phone's ranking: the legs on injured players, said as the slip and the grid's rows say it. */
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import { useLegInjuries } from '../../../state/injuries.ts';
import { InjuryNote } from '../../../ui/injury-note.tsx';

function InjuredLegsView({ legs }: { legs: readonly SlipLeg[] }) {
  const injuries = useLegInjuries(legs);
  const injured = legs.flatMap((leg, index) => {
    const injury = injuries[index];
    return injury ? [{ leg, injury }] : [];
  });
  if (injured.length === 0) return null;
  return (
    <ul aria-label="Legs on injured players" className="mb-2 rounded-md border border-line px-2 py-1.5 text-sm">
      {injured.map(({ leg, injury }) => (
        <li key={legKey(leg)}>
          {leg.name}: <InjuryNote injury={injury} withWarning />
        </li>
      ))}
    </ul>
  );
}

/** The app's: the widget's build (import.meta.env.PB_WIDGET), which reads no injury report, leaves it out. */
export const InjuredLegs: typeof InjuredLegsView = import.meta.env.PB_WIDGET !== true ? InjuredLegsView : () => null;
