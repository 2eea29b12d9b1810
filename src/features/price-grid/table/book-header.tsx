/**
 * A book's column header: its name (a short label that fits the column, broken only between words,
 * never mid-word: no "BetM GM", no "Draft-Kings"; the full name on hover and for screen readers) and
 * its "Bet" link.
 */
import { memo } from 'react';
import type { DeepLinks } from '../../../api/types.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { sportsbookColumnLabel, type Sportsbook } from '../../../domain/sportsbooks.ts';
import { sportsbookRegionMark } from '../../../domain/book-regions.ts';
import { useAppConfig } from '../../../state/app-config-context.tsx';
import { RegionMark } from '../region-mark.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { BookBetLink } from '../book-bet-link.tsx';
import { BookAction } from '../book-action.tsx';
import { sameLegDecimals } from '../model/grid-model.ts';

interface BookHeaderProps {
  book: Sportsbook;
  /** The book's parlay price, null when it gave none. */
  combinedDecimal: number | null;
  /** The book's own links from its answer (kept as the same object while the answer is unchanged). */
  deepLinks: DeepLinks | null;
  legs: readonly SlipLeg[];
  /** The book's leg prices, for "I placed this" (a new list on every answer, compared by value). */
  legDecimals: readonly (number | null)[];
  isBest: boolean;
}

function sameHeader(before: BookHeaderProps, after: BookHeaderProps): boolean {
  return (
    before.book === after.book &&
    before.combinedDecimal === after.combinedDecimal &&
    before.deepLinks === after.deepLinks &&
    before.legs === after.legs &&
    before.isBest === after.isBest &&
    sameLegDecimals(before.legDecimals, after.legDecimals)
  );
}

/** Memoised on these props, so a new answer from one book re-renders that book's header only. */
export const BookHeader = memo(function BookHeader({
  book,
  combinedDecimal,
  deepLinks,
  legs,
  legDecimals,
  isBest,
}: BookHeaderProps) {
  const regionMark = sportsbookRegionMark(book, useAppConfig().region);
  return (
    <th
      scope="col"
      className={`border-b border-line px-0.5 py-1.5 text-center align-bottom text-xs leading-tight font-semibold break-normal ${isBest ? 'bg-best-soft text-best' : ''}`}
    >
      <span title={book}>
        <SpokenLabel shown={sportsbookColumnLabel(book)} spoken={book} />
      </span>
      {/* Seen only: the column keeps the book's name for assistive tech (the ranked list says the region). */}
      {regionMark !== null ? <RegionMark mark={regionMark} spoken={false} stacked /> : null}
      <BookBetLink
        book={book}
        combinedDecimal={combinedDecimal}
        deepLinks={deepLinks}
        legs={legs}
        shown="Bet ↗"
        className="mt-0.5 block font-medium text-accent underline underline-offset-2"
      />
      <BookAction book={book} combinedDecimal={combinedDecimal} legs={legs} legDecimals={legDecimals} />
    </th>
  );
}, sameHeader);
