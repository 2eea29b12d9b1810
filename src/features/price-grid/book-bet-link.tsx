/**
 * A book's "Bet" link (the table's column header and the phone list's row): the host's affiliate
 * link for the book when it has one, else the book's own bet-slip link; the click is reported to
 * the host. Nothing when neither exists.
 */
import type { DeepLinks } from '../../api/types.ts';
import { bookLinkUrl } from '../../domain/book-links.ts';
import { formatOdds } from '../../domain/odds/odds.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { useAppConfig } from '../../state/app-config-context.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../state/use-format-odds.ts';
import { SpokenLabel } from '../../ui/spoken-label.tsx';

interface BookBetLinkProps {
  book: Sportsbook;
  /** The book's parlay price, null when it gave none. */
  combinedDecimal: number | null;
  deepLinks: DeepLinks | null;
  legs: readonly SlipLeg[];
  /** What the eye sees; assistive tech hears "Bet at <book> (opens in a new tab)". */
  shown: string;
  className: string;
}

export function BookBetLink({ book, combinedDecimal, deepLinks, legs, shown, className }: BookBetLinkProps) {
  const { affiliateLinks, onBookClick } = useAppConfig();
  const stake = useSettings((state) => state.stake);
  const format = useOddsFormat();
  const url = bookLinkUrl(deepLinks, affiliateLinks[book], { book, legs, decimalPrice: combinedDecimal, stake });
  if (url === null) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer sponsored"
      className={className}
      onClick={() =>
        onBookClick?.({
          book,
          price: combinedDecimal === null ? null : formatOdds(combinedDecimal, format),
          decimalPrice: combinedDecimal,
          url,
        })
      }
    >
      <SpokenLabel shown={shown} spoken={`Bet at ${book} (opens in a new tab)`} />
    </a>
  );
}
