/** The explanation of one book's status, opened from the book's column, below the table. */
import type { SlipLeg } from '../../../domain/slip.ts';
import { Button } from '../../../ui/button.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import type { BookColumn } from '../model/grid-model.ts';
import { BookExplanation, TONE_BY_OUTCOME } from './book-explanation.tsx';

interface BookDetailsProps {
  column: BookColumn | undefined;
  legs: readonly SlipLeg[];
  onClose: () => void;
}

export function BookDetails({ column, legs, onClose }: BookDetailsProps) {
  if (!column) return null;
  const { book } = column;
  return (
    <section
      id="book-details"
      aria-label={`${book}: why no price`}
      className={`mt-2 flex items-start justify-between gap-3 rounded-md border border-line p-3 ${TONE_BY_OUTCOME[column.outcome]}`}
    >
      <BookExplanation
        book={book}
        outcome={column.outcome}
        quote={column.state?.quote}
        legs={legs}
        refetch={column.state?.refetch}
        suspendedLegIndexes={column.suspendedLegIndexes}
      />
      {/* On the tinted panel the plain button keeps its contrast (a quiet one's green would not). */}
      <Button tone="secondary" className="min-h-9 shrink-0 px-2" onClick={onClose}>
        <SpokenLabel shown="Close" spoken={`Close the ${book} explanation`} />
      </Button>
    </section>
  );
}
