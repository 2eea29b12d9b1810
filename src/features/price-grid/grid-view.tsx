/**
 * The grid with its verdict and stake above it and its toolbar (fair value, freshness, CSV), for a
 * parlay or a one-leg slip alike. Wide enough for ten price columns (its own width, 704 px), a table
 * whose row headings sort the books; narrower (phones, a narrow widget), a list of books ranked by
 * payout, with the table one tap away. A book's status in the table opens its explanation next to it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { MinuteClockProvider } from '../../ui/minute-clock.tsx';
import { useNarrowerThan } from '../../ui/use-narrow.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { regionFirst } from '../../domain/book-regions.ts';
import { BookDetails } from './explanations/book-details.tsx';
import { BookRankList } from './list/book-rank-list.tsx';
import {
  bestPriceOf,
  CHOSEN_ORDER,
  findBestBooks,
  findBestLegPrices,
  sameSort,
  sortColumnsBy,
  type BookColumn,
  type BookSort,
  type ColumnOutcome,
} from './model/grid-model.ts';
import { VerdictLine } from './toolbar/verdict-line.tsx';
import { GridToolbar } from './toolbar/grid-toolbar.tsx';
import { GridTable } from './table/grid-table.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useAppConfig } from '../../state/app-config-context.tsx';
import type { LiveSummary } from '../../state/live-odds/live-status.ts';
import { useFairValue, type FairValue } from './data/use-fair-value.ts';
import { FairDetails } from './explanations/fair-details.tsx';
import { fairProbabilityOf } from './model/fair-model.ts';
import { PriceAlertPanel } from './alerts/price-alert-panel.tsx';
import { usePriceAlertCheck } from './alerts/use-price-alert.ts';
import { useOddsFormat } from '../../state/use-format-odds.ts';

interface GridViewProps {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  /** When the newest price arrived (ms), 0 before any. */
  updatedAt: number;
  /** The slip is still being changed in quick succession: nothing is asked about it yet. */
  held?: boolean;
  /** Whether the slip's prices arrive by live stream (the freshness line says). */
  live?: LiveSummary;
  /** Each slip game's status as its odds say, by fixture id (live legs are marked). */
  statusByFixture?: Readonly<Record<string, string>>;
}

/** Ten price columns beside the legs need about this much width (44rem). */
const TABLE_MIN_WIDTH_PX = 704;

const NO_BOOKS: ReadonlySet<Sportsbook> = new Set();
const NO_STATUSES: Readonly<Record<string, string>> = {};
const PAYOUT_ORDER: BookSort = { by: 'parlay' };

// Price alerts are the app's: the widget's build (import.meta.env.PB_WIDGET) leaves their code out.
const PRICE_ALERTS = import.meta.env.PB_WIDGET !== true;
const useAlertCheck: typeof usePriceAlertCheck = PRICE_ALERTS ? usePriceAlertCheck : () => undefined;

/**
 * The books' order: a reader's start ranked by payout (as the ranked list), an analyst's in the
 * chosen order; a heading clicked again puts the books back in the user's order.
 */
function useBookSort(analyst: boolean): [BookSort, (next: BookSort) => void] {
  const [sort, setSort] = useState<BookSort>(analyst ? CHOSEN_ORDER : PAYOUT_ORDER);
  const onSort = useCallback(
    (next: BookSort) => setSort((current) => (sameSort(current, next) ? CHOSEN_ORDER : next)),
    [],
  );
  return [sort, onSort];
}

/** Which explanation is open (a book's, or the fair price's), and what opened it. */
interface Explanations {
  openBook: Sportsbook | null;
  fairOpen: boolean;
  /** What opened the explanation on show: it sits next to it, and focus goes back to it on close. */
  opener: HTMLElement | null;
  onStatusClick: (book: Sportsbook, outcome: ColumnOutcome, from: HTMLElement) => void;
  onFairToggle: (from: HTMLElement) => void;
  closeBook: () => void;
  closeFair: () => void;
}

function useExplanations(columns: readonly BookColumn[]): Explanations {
  const [openBook, setOpenBook] = useState<Sportsbook | null>(null);
  const [fairOpen, setFairOpen] = useState(false);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // The status buttons get one stable handler (memoised cells), which reads the latest columns.
  const latestColumns = useRef(columns);
  useEffect(() => {
    latestColumns.current = columns;
  }, [columns]);
  const onStatusClick = useCallback((book: Sportsbook, outcome: ColumnOutcome, from: HTMLElement) => {
    setFairOpen(false);
    setOpener(from);
    if (outcome === 'failed') {
      // "Retry" says what it does: ask that book again, and show what happens.
      void latestColumns.current.find((column) => column.book === book)?.state?.refetch();
      setOpenBook(book);
      return;
    }
    setOpenBook((open) => (open === book ? null : book));
  }, []);
  const onFairToggle = useCallback((from: HTMLElement) => {
    setOpenBook(null);
    setOpener(from);
    setFairOpen((open) => !open);
  }, []);
  const closeBook = useCallback(() => setOpenBook(null), []);
  const closeFair = useCallback(() => setFairOpen(false), []);
  return { openBook, fairOpen, opener, onStatusClick, onFairToggle, closeBook, closeFair };
}

/** The fair prices, when the user shows them (worked out once the books are asked). */
function useShownFair(legs: readonly SlipLeg[], held: boolean): FairValue | null {
  const showsFair = useSettings((state) => state.fairValue);
  const fairValue = useFairValue(legs, showsFair, !held);
  return showsFair ? fairValue : null;
}

interface GridTableSectionProps {
  legs: readonly SlipLeg[];
  /** In the order shown. */
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  statusByFixture: Readonly<Record<string, string>>;
  bestBooks: ReadonlySet<Sportsbook>;
  bestLegPrices: readonly (number | null)[];
  bestEdgeBooks: ReadonlySet<Sportsbook>;
  fair: FairValue | null;
  sort: BookSort;
  onSort: (next: BookSort) => void;
  explanations: Explanations;
  /** Where the explanations are placed. */
  container: RefObject<HTMLDivElement | null>;
}

/** The table, the key to its grey prices, and the explanation open beside it. */
function GridTableSection({ legs, columns, mode, fair, explanations, container, ...table }: GridTableSectionProps) {
  const { openBook, fairOpen, opener, onStatusClick, onFairToggle, closeBook, closeFair } = explanations;
  const showsStraightStandIns =
    mode === 'parlay' &&
    columns.some((column) => column.legCells.some((cell) => cell.kind === 'price' && cell.source === 'straight'));
  return (
    <>
      <MinuteClockProvider>
        <GridTable
          {...table}
          legs={legs}
          columns={columns}
          mode={mode}
          fair={fair}
          openBook={openBook}
          onStatusClick={onStatusClick}
          fairOpen={fairOpen}
          onFairToggle={onFairToggle}
        />
      </MinuteClockProvider>
      {/* The ranked list labels each single-bet price "(single bet)" itself; only the table needs the key. */}
      {showsStraightStandIns ? (
        <p className="mt-2 text-xs text-muted">
          Grey prices are single-bet prices, shown where a book gave no parlay price.
        </p>
      ) : null}
      {fair !== null && fairOpen ? (
        <FairDetails fair={fair} legs={legs} onClose={closeFair} opener={opener} container={container} />
      ) : null}
      {openBook !== null ? (
        <BookDetails
          column={columns.find((column) => column.book === openBook)}
          legs={legs}
          onClose={closeBook}
          opener={opener}
          container={container}
        />
      ) : null}
    </>
  );
}

export function GridView({
  legs,
  columns: chosenColumns,
  mode,
  updatedAt,
  held = false,
  live = 'off',
  statusByFixture = NO_STATUSES,
}: GridViewProps) {
  const { region, controls, priceAlerts } = useAppConfig();
  const analyst = controls !== 'reader';
  // The reader's own region's books first (a US reader sees the UK books after the US ones).
  const columns = useMemo(() => regionFirst(chosenColumns, (column) => column.book, region), [chosenColumns, region]);
  const [sort, onSort] = useBookSort(analyst);
  const sorted = useMemo(() => sortColumnsBy(columns, sort), [columns, sort]);
  const explanations = useExplanations(columns);
  const fair = useShownFair(legs, held);
  const [tableOnNarrow, setTableOnNarrow] = useState(false);
  const onTableToggle = useCallback(() => setTableOnNarrow((shown) => !shown), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowerThan(rootRef, TABLE_MIN_WIDTH_PX);
  // A reader sees the books ranked (price, payout, a "Bet" link each), the table one tap away; an
  // analyst sees the table wherever it fits.
  const showTable = analyst ? !narrow || tableOnNarrow : tableOnNarrow;
  const bestBooks = useMemo(() => findBestBooks(columns), [columns]);
  const bestPrice = useMemo(() => bestPriceOf(columns), [columns]);
  const bestLegPrices = useMemo(() => findBestLegPrices(columns, legs.length), [columns, legs.length]);
  const fairProbability = fairProbabilityOf(fair);
  // The best edge is the best price (same legs, same fair chance), once there is a fair price.
  const bestEdgeBooks = fairProbability === null ? NO_BOOKS : bestBooks;
  const alertSubject = mode === 'parlay' ? 'best parlay price' : 'best price';
  useAlertCheck(legs, bestPrice, useOddsFormat(), alertSubject);
  const ranked = { legs, statusByFixture, bestBooks, bestLegPrices, bestEdgeBooks, fair };

  const toolbar = (
    <GridToolbar
      analyst={analyst}
      narrow={narrow}
      tableOnNarrow={tableOnNarrow}
      onTableToggle={onTableToggle}
      updatedAt={updatedAt}
      live={live}
      legs={legs}
      columns={sorted}
      mode={mode}
      fair={fair}
      besideStake={!analyst}
    />
  );

  return (
    <div ref={rootRef} className="relative @container">
      {/* A reader's toolbar (how fresh, the table switch) fits beside the stake: a line fewer in an article. */}
      <VerdictLine
        columns={columns}
        fairProbability={fairProbability}
        sameGame={fair?.parlay.status === 'fair' && fair.parlay.correlated}
        beside={analyst ? undefined : toolbar}
      />
      {analyst ? toolbar : null}
      {PRICE_ALERTS && priceAlerts !== false ? (
        <PriceAlertPanel legs={legs} best={bestPrice} subject={alertSubject} />
      ) : null}
      {showTable ? (
        <GridTableSection
          {...ranked}
          columns={sorted}
          mode={mode}
          sort={sort}
          onSort={onSort}
          explanations={explanations}
          container={rootRef}
        />
      ) : (
        <BookRankList {...ranked} columns={columns} />
      )}
    </div>
  );
}
