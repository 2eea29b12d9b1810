/** A book's column header: its name (a short label that fits the column) and its "Bet" link. */
import { memo } from 'react';
import type { DeepLinks } from '../../../api/types.ts';
import { bookLinkUrl } from '../../../domain/book-links.ts';
import { formatOdds } from '../../../domain/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { sportsbookColumnLabel, type Sportsbook } from '../../../domain/sportsbooks.ts';
import { useAppConfig } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';

interface BookHeaderProps {
  book: Sportsbook;
  /** The book's parlay price, null when it gave none. */
  combinedDecimal: number | null;
  /** The book's own links from its answer (kept as the same object while the answer is unchanged). */
  deepLinks: DeepLinks | null;
  legs: readonly SlipLeg[];
  isBest: boolean;
}

/** Memoised on these props, so a new answer from one book re-renders that book's header only. */
export const BookHeader = memo(function BookHeader({ book, combinedDecimal, deepLinks, legs, isBest }: BookHeaderProps) {
  const { affiliateLinks, onBookClick } = useAppConfig();
  const stake = useSettings((state) => state.stake);
  const oddsFormat = useSettings((state) => state.oddsFormat);
  const url = bookLinkUrl(deepLinks, affiliateLinks[book], { book, legs, decimalPrice: combinedDecimal, stake });

  return (
    <th
      scope="col"
      className={`border-b border-line px-1 py-1.5 text-center align-bottom text-xs leading-tight font-semibold hyphens-manual [overflow-wrap:anywhere] ${isBest ? 'bg-best-soft text-best' : ''}`}
    >
      <SpokenLabel shown={sportsbookColumnLabel(book)} spoken={book} />
      {url !== null ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className="mt-0.5 block font-medium text-accent underline underline-offset-2"
          onClick={() =>
            onBookClick?.({
              book,
              price: combinedDecimal === null ? null : formatOdds(combinedDecimal, oddsFormat),
              decimalPrice: combinedDecimal,
              url,
            })
          }
        >
          <SpokenLabel shown="Bet ↗" spoken={`Bet at ${book} (opens in a new tab)`} />
        </a>
      ) : null}
    </th>
  );
});
