/**
 * Phones: the books as a list ranked by payout (book, parlay price, payout, status), each opening to
 * its per-leg prices, its explanation and its link. All ten books fit without sideways scrolling.
 */
import { memo } from 'react';
import { formatMoney, formatMoneyCompact } from '../../../domain/display.ts';
import { liveLegNote } from '../../../domain/game-status.ts';
import { formatEdge, stakeAboveLimit } from '../../../domain/fair-value/fair-parlay.ts';
import { payoutFor } from '../../../domain/odds/odds.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { legKey } from '../../../domain/slip.ts';
import { sportsbookRegionMark } from '../../../domain/book-regions.ts';
import { useAppConfig, useCurrency } from '../../../state/app-config-context.tsx';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { useOddsFormat } from '../../../state/use-format-odds.ts';
import { ExpandingExplanation } from '../../../ui/expanding-explanation.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { OddsText } from '../../../ui/odds-text.tsx';
import { BookExplanation } from '../explanations/book-explanation.tsx';
import {
  columnEdge,
  deepLinksOf,
  legDecimalsOf,
  isBestPrice,
  OUTCOME_STATUS,
  sortColumns,
  type BookColumn,
  type LegCell,
} from '../model/grid-model.ts';
import { BookBetLink } from '../book-bet-link.tsx';
import { BookAction } from '../book-action.tsx';
import { BestMark, UpdatingPrice } from '../table/price-cells.tsx';
import { RegionMark } from '../region-mark.tsx';
import type { FairValue } from '../data/use-fair-value.ts';
import { FairExplanation } from '../explanations/fair-details.tsx';
import { fairProbabilityOf } from '../model/fair-model.ts';
import { InjuredLegs } from './injured-legs.tsx';

interface BookRankListProps {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  bestLegPrices: readonly (number | null)[];
  bestBooks: ReadonlySet<string>;
  /** Fair prices, null when fair value is hidden. */
  fair: FairValue | null;
  bestEdgeBooks: ReadonlySet<string>;
  /** Each slip game's status, by fixture id: legs on live games are named above the ranking. */
  statusByFixture: Readonly<Record<string, string>>;
}

/** The fair price above the ranking, its explanation one tap away. */
function FairLine({ fair, legs }: { fair: FairValue; legs: readonly SlipLeg[] }) {
  const format = useOddsFormat();
  const stake = useSettings((state) => state.stake);
  const currency = useCurrency().code;
  const { parlay } = fair;
  const subject = legs.length === 1 ? 'Fair price' : 'Fair parlay';
  return (
    <div className="mb-2 rounded-md border border-line bg-raised px-2 py-1.5 text-sm">
      <ExpandingExplanation
        panelLabel="How fair value is worked out"
        buttonClassName="flex min-h-9 w-full items-center justify-between gap-2 text-left"
        panelClassName="pt-2"
        label={(open) => (
          <>
            <span>
              <span className="font-semibold">{subject}: </span>
              {parlay.status === 'fair' ? (
                <>
                  <OddsText decimal={parlay.decimal} format={format} className="font-semibold" /> · pays{' '}
                  {formatMoneyCompact(payoutFor(stake, parlay.decimal), currency)}
                </>
              ) : parlay.status === 'waiting' ? (
                <span className="text-muted">working it out…</span>
              ) : (
                <span className="text-muted">none</span>
              )}
            </span>
            <span className="shrink-0 text-xs text-accent underline underline-offset-2">
              {open ? 'Hide' : 'How?'}
              <span className="sr-only"> fair value is worked out</span>
            </span>
          </>
        )}
      >
        <FairExplanation fair={fair} legs={legs} />
      </ExpandingExplanation>
    </div>
  );
}

function LegPrice({ cell, isBest, book }: { cell: LegCell | undefined; isBest: boolean; book: string }) {
  const format = useOddsFormat();
  if (cell?.kind === 'price') {
    return (
      <span className={isBest ? 'font-semibold text-best' : cell.source === 'straight' ? 'text-muted' : ''}>
        <OddsText decimal={cell.decimal} format={format} />
        {cell.source === 'straight' ? <span className="text-xs"> (single bet)</span> : null}
        {isBest ? <span className="text-xs"> best</span> : null}
      </span>
    );
  }
  if (cell?.kind === 'not-offered') return <span className="text-warn">Not offered</span>;
  if (cell?.kind === 'suspended') return <span className="text-warn">Suspended at {book}</span>;
  if (cell?.kind === 'cancelled') return <span className="text-bad">Cancelled</span>;
  if (cell?.kind === 'waiting') return <span className="text-muted">Asking…</span>;
  return <span className="text-muted">No price</span>;
}

interface BookRowProps {
  column: BookColumn;
  rank: number | null;
  isBest: boolean;
  legs: readonly SlipLeg[];
  bestLegPrices: readonly (number | null)[];
  /** The book's edge against fair, undefined when fair value is hidden. */
  edge: number | null | undefined;
  isBestEdge: boolean;
}

const BookRow = memo(function BookRow({ column, rank, isBest, legs, bestLegPrices, edge, isBestEdge }: BookRowProps) {
  const format = useOddsFormat();
  const stake = useSettings((state) => state.stake);
  const currency = useCurrency().code;
  const { book, combinedDecimal, outcome } = column;
  // While the book is asked about a changed slip, its price before (greyed, marked updating).
  const shownDecimal = combinedDecimal ?? column.updatingDecimal;
  const aboveLimit = column.maxStake !== null && stakeAboveLimit(stake, column.maxStake);
  const status = outcome === 'priced' || outcome === 'waiting' ? null : OUTCOME_STATUS[outcome];
  const regionMark = sportsbookRegionMark(book, useAppConfig().region);

  return (
    <li className={`border-b border-line last:border-b-0 ${isBest ? 'bg-best-soft' : ''}`}>
      <ExpandingExplanation
        panelLabel={`${book}: leg prices and details`}
        wrapperClassName="flex flex-wrap items-center justify-end pr-2"
        aside={
          // Never folded away: the one thing a reader came to do. On the row, short ("Bet": the row names
          // the book), so four books are four lines in an article's 400 px column (the name keeps 4.5rem,
          // the price and payout give way); under the row only where it has less than 14rem.
          <BookBetLink
            book={book}
            combinedDecimal={combinedDecimal}
            deepLinks={deepLinksOf(column)}
            legs={legs}
            shown="Bet ↗"
            className="my-0.5 flex min-h-11 shrink-0 items-center rounded-md bg-accent px-3 text-sm font-semibold text-accent-ink"
          />
        }
        buttonClassName="grid min-h-11 min-w-0 grow basis-56 grid-cols-[1rem_minmax(4.5rem,1fr)_minmax(0,4.5rem)_minmax(0,4.5rem)_0.75rem] items-center gap-1.5 px-2 py-2 text-left text-sm"
        panelClassName="flex w-full flex-col gap-2 px-3 pb-3 text-sm"
        label={(open) => (
          <>
            <span className="text-xs text-muted">{rank ?? '–'}</span>
            <span className="min-w-0 font-semibold">
              {book}
              {regionMark !== null ? <RegionMark mark={regionMark} /> : null}
            </span>
            <span className="text-right font-semibold tabular-nums">
              {combinedDecimal !== null ? (
                <>
                  <OddsText decimal={combinedDecimal} format={format} />
                  {isBest ? <BestMark /> : null}
                </>
              ) : status ? (
                <span className="block text-xs leading-tight font-medium text-warn">
                  <span aria-hidden="true">{status.icon} </span>
                  {status.words}
                </span>
              ) : column.updatingDecimal !== null ? (
                <UpdatingPrice decimal={column.updatingDecimal} book={book} />
              ) : (
                <span className="text-xs text-muted">Asking…</span>
              )}
            </span>{' '}
            <span className="text-right tabular-nums">
              {shownDecimal !== null ? (
                <span className={combinedDecimal === null ? 'text-muted' : ''}>
                  {formatMoneyCompact(payoutFor(stake, shownDecimal), currency)}
                </span>
              ) : (
                <span className="text-muted">–</span>
              )}
              {/* Words apart, for a screen reader too: the payout, then a maximum stake in the same currency. */}{' '}
              {edge !== undefined && edge !== null ? (
                <span
                  className={`block text-xs ${isBestEdge ? 'font-semibold text-best' : edge > 0 ? 'text-up' : 'text-muted'}`}
                >
                  <SpokenLabel shown={formatEdge(edge)} spoken={`, edge ${formatEdge(edge)} against fair`} />
                </span>
              ) : null}
              {column.maxStake !== null && aboveLimit ? (
                <span className="block text-xs font-semibold text-bad">
                  <SpokenLabel
                    shown={`⚠ max ${formatMoneyCompact(column.maxStake, currency)}`}
                    spoken={`, your stake is above ${book}'s maximum of ${formatMoney(column.maxStake, currency)}`}
                  />
                </span>
              ) : null}
            </span>
            <span aria-hidden="true" className="text-muted">
              {open ? '▴' : '▾'}
            </span>
          </>
        )}
      >
        <ul aria-label={`${book}: price of each leg`} className="flex flex-col gap-1">
          {legs.map((leg, index) => {
            const cell = column.legCells[index];
            return (
              <li key={legKey(leg)} className="flex justify-between gap-2">
                <span className="min-w-0 break-words">{leg.name}</span>
                <LegPrice
                  cell={cell}
                  book={book}
                  isBest={isBestPrice(cell?.kind === 'price' ? cell.decimal : null, bestLegPrices[index] ?? null)}
                />
              </li>
            );
          })}
        </ul>
        {column.maxStake !== null ? (
          <p className={aboveLimit ? 'font-semibold text-bad' : 'text-muted'}>
            {book} takes at most {formatMoney(column.maxStake, currency)} on this bet
            {aboveLimit ? ': your stake is above it.' : '.'}
          </p>
        ) : null}
        {column.state !== null && outcome !== 'priced' ? (
          <BookExplanation
            book={book}
            outcome={outcome}
            quote={column.state.quote}
            legs={legs}
            refetch={column.state.refetch}
            suspendedLegIndexes={column.suspendedLegIndexes}
          />
        ) : null}
        <BookBetLink
          book={book}
          combinedDecimal={combinedDecimal}
          deepLinks={deepLinksOf(column)}
          legs={legs}
          shown={`Bet at ${book} ↗`}
          className="font-medium text-accent underline underline-offset-2"
        />
        <BookAction book={book} combinedDecimal={combinedDecimal} legs={legs} legDecimals={legDecimalsOf(column)} />
      </ExpandingExplanation>
    </li>
  );
});

export function BookRankList({
  legs,
  columns,
  bestLegPrices,
  bestBooks,
  fair,
  bestEdgeBooks,
  statusByFixture,
}: BookRankListProps) {
  const liveLegs = legs.flatMap((leg) => {
    const note = liveLegNote(statusByFixture[leg.fixtureId] ?? '');
    return note === null ? [] : [{ leg, note }];
  });
  const ranked = sortColumns(columns, 'payout');
  const fairProbability = fairProbabilityOf(fair);
  // Priced books are numbered 1, 2, 3…; books without a price follow, unnumbered.
  const ranks = new Map(
    ranked.filter((column) => column.combinedDecimal !== null).map((column, index) => [column.book, index + 1]),
  );
  return (
    <div>
      {liveLegs.length > 0 ? (
        <ul aria-label="Legs on live games" className="mb-2 rounded-md bg-bad-soft px-2 py-1.5 text-sm text-bad">
          {liveLegs.map(({ leg, note }) => (
            <li key={legKey(leg)}>
              {leg.name}: <span className="font-semibold">{note}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <InjuredLegs legs={legs} />
      {fair !== null ? <FairLine fair={fair} legs={legs} /> : null}
      {/* The ranks, the list's name and each row's ▾ say it to the eye; said in full to assistive tech. */}
      <p className="sr-only">
        Ranked by payout{fair !== null ? ', with each book’s edge against fair' : ''}. Open a book for its leg prices.
      </p>
      <ol aria-label="Books ranked by payout" className="rounded-md border border-line">
        {ranked.map((column) => (
          <BookRow
            key={column.book}
            column={column}
            rank={ranks.get(column.book) ?? null}
            isBest={bestBooks.has(column.book)}
            legs={legs}
            bestLegPrices={bestLegPrices}
            edge={fair === null ? undefined : columnEdge(column, fairProbability)}
            isBestEdge={bestEdgeBooks.has(column.book)}
          />
        ))}
      </ol>
    </div>
  );
}
