/**
 * "How fair value is worked out": the method in a few sentences, then this slip's own figures (each
 * leg's fair price and where it came from, or why there is none, and the fair parlay). Opened from
 * the fair column (table) or the fair line (phone list).
 */
import type { RefObject } from 'react';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import { PopoverPanel } from '../../../ui/popover-panel.tsx';
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

/** The explanation next to the fair column's control that opened it. */
export function FairDetails({
  fair,
  legs,
  onClose,
  opener,
  container,
}: {
  fair: FairValue;
  legs: readonly SlipLeg[];
  onClose: () => void;
  opener: HTMLElement | null;
  container: RefObject<HTMLElement | null>;
}) {
  return (
    <PopoverPanel
      id={FAIR_DETAILS_ID}
      label="How fair value is worked out"
      opener={opener}
      container={container}
      onClose={onClose}
      className="flex max-h-[60vh] items-start justify-between gap-3 overflow-y-auto bg-raised p-3"
    >
      {(close) => (
        <>
          <FairExplanation fair={fair} legs={legs} />
          <Button tone="quiet" className="shrink-0" onClick={close}>
            <SpokenLabel shown="Close" spoken="Close the fair value explanation" />
          </Button>
        </>
      )}
    </PopoverPanel>
  );
}
