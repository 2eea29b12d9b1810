/**
 * "How fair value is worked out": the method in a few sentences, then this slip's own figures (each
 * leg's fair price and where it came from, or why there is none, and the fair parlay). Opened from
 * the fair column (table) or the fair line (phone list).
 */
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import type { FairValue } from '../data/use-fair-value.ts';
import { describeFairLeg, describeFairParlay } from '../model/fair-model.ts';
import { FAIR_DETAILS_ID } from '../table/fair-cells.tsx';
import { Button } from '../../../ui/button.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';

export function FairExplanation({ fair, legs }: { fair: FairValue; legs: readonly SlipLeg[] }) {
  const format = useOddsFormat();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        Each leg’s fair price comes from its market at every book that prices all of its sides: the book’s margin is
        taken out (power method), then the median across those books is the fair chance. Legs from different games
        multiply; legs from one game are priced together by the OpticOdds AI correlation engine from the fair leg
        prices. A book’s edge is what it returns per 1 staked in the long run at the fair chance: +2.0% pays above fair,
        −5.0% below.
      </p>
      <ul aria-label="Fair price of each leg" className="flex flex-col gap-1">
        {legs.map((leg, index) => (
          <li key={legKey(leg)}>
            <span className="font-medium">{leg.name}</span> <span className="text-muted">({leg.market})</span>:{' '}
            {describeFairLeg(fair.legs[index] ?? null, format)}
          </li>
        ))}
      </ul>
      {legs.length > 1 ? <p className="font-medium">{describeFairParlay(fair.parlay, format)}</p> : null}
    </div>
  );
}

/** The explanation as a panel below the table. */
export function FairDetails({
  fair,
  legs,
  onClose,
}: {
  fair: FairValue;
  legs: readonly SlipLeg[];
  onClose: () => void;
}) {
  return (
    <section
      id={FAIR_DETAILS_ID}
      aria-label="How fair value is worked out"
      className="mt-2 flex items-start justify-between gap-3 rounded-md border border-line bg-raised p-3"
    >
      <FairExplanation fair={fair} legs={legs} />
      <Button tone="quiet" className="shrink-0" onClick={onClose}>
        <SpokenLabel shown="Close" spoken="Close the fair value explanation" />
      </Button>
    </section>
  );
}
