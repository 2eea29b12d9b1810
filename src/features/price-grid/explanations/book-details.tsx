/** The explanation of one book's status, opened from the book's column, next to what opened it. */
import type { RefObject } from 'react';
import type { SlipLeg } from '../../../domain/slip.ts';
import { PopoverPanel } from '../../../ui/popover-panel.tsx';
import { Button } from '../../../ui/button.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import type { BookColumn } from '../model/grid-model.ts';
import { BookExplanation, TONE_BY_OUTCOME } from './book-explanation.tsx';

interface BookDetailsProps {
  column: BookColumn | undefined;
  legs: readonly SlipLeg[];
  onClose: () => void;
  /** The status button that opened it, and the positioned box the panel is placed in. */
  opener: HTMLElement | null;
  container: RefObject<HTMLElement | null>;
}

export function BookDetails({ column, legs, onClose, opener, container }: BookDetailsProps) {
  if (!column) return null;
  const { book } = column;
  return (
    <PopoverPanel
      id="book-details"
      label={`${book}: why no price`}
      opener={opener}
      container={container}
      onClose={onClose}
      className={`flex items-start justify-between gap-3 p-3 ${TONE_BY_OUTCOME[column.outcome]}`}
    >
      {(close) => (
        <>
          <BookExplanation
            book={book}
            outcome={column.outcome}
            quote={column.state?.quote}
            legs={legs}
            refetch={column.state?.refetch}
            suspendedLegIndexes={column.suspendedLegIndexes}
          />
          {/* On the tinted panel the plain button keeps its contrast (a quiet one's green would not). */}
          <Button tone="secondary" className="min-h-9 shrink-0 px-2" onClick={close}>
            <SpokenLabel shown="Close" spoken={`Close the ${book} explanation`} />
          </Button>
        </>
      )}
    </PopoverPanel>
  );
}
