/**
 * The grid with its verdict and stake above it and its toolbar (fair value, freshness, CSV), for a
 * parlay or a one-leg slip alike. Wide enough for ten price columns (its own width, 704 px), a table
 * whose row headings sort the books; narrower (phones, a narrow widget), a list of books ranked by
 * payout, with the table one tap away. A book's status in the table opens its explanation next to it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MinuteClockProvider } from '../../ui/minute-clock.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';
import { useNarrowerThan } from '../../ui/use-narrow.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import { type Sportsbook } from '../../domain/sportsbooks.ts';
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
import { GridTable } from './table/grid-table.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useAppConfig } from '../../state/app-config-context.tsx';
import type { LiveSummary } from '../../state/live-odds/live-status.ts';
import { useFairValue } from './data/use-fair-value.ts';
import { FairDetails } from './explanations/fair-details.tsx';
import { fairProbabilityOf } from './model/fair-model.ts';
import { DownloadCsvButton } from './toolbar/download-csv-button.tsx';
import { FreshnessLine } from './toolbar/freshness.tsx';
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

function FairValueToggle() {
  const shown = useSettings((state) => state.fairValue);
  const fairValueShown = useSettings((state) => state.fairValueShown);
  return (
    <label className="flex min-h-9 items-center gap-1.5 text-sm">
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => fairValueShown(event.target.checked)}
        className="size-4 accent-accent"
      />
      Fair value
    </label>
  );
}

const NO_BOOKS: ReadonlySet<Sportsbook> = new Set();
const NO_STATUSES: Readonly<Record<string, string>> = {};
const PAYOUT_ORDER: BookSort = { by: 'parlay' };

// Price alerts are the app's: the widget's build (import.meta.env.PB_WIDGET) leaves their code out.
const PRICE_ALERTS = import.meta.env.PB_WIDGET !== true;
const useAlertCheck: typeof usePriceAlertCheck = PRICE_ALERTS ? usePriceAlertCheck : () => undefined;

export function GridView({
  legs,
  columns: chosenColumns,
  mode,
  updatedAt,
  held = false,
  live = 'off',
  statusByFixture = NO_STATUSES,
}: GridViewProps) {
  const { region, controls } = useAppConfig();
  const analyst = controls !== 'reader';
  // The reader's own region's books first (a US reader sees the UK books after the US ones).
  const columns = useMemo(() => regionFirst(chosenColumns, (column) => column.book, region), [chosenColumns, region]);
  // A reader's books start ranked by payout (as the ranked list), an analyst's in the chosen order.
  const [sort, setSort] = useState<BookSort>(analyst ? CHOSEN_ORDER : PAYOUT_ORDER);
  const [openBook, setOpenBook] = useState<Sportsbook | null>(null);
  const [fairOpen, setFairOpen] = useState(false);
  // What opened the explanation on show: it sits next to it, and focus goes back to it on close.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const showsFair = useSettings((state) => state.fairValue);
  const fairValue = useFairValue(legs, showsFair, !held);
  const fair = showsFair ? fairValue : null;
  const fairProbability = fairProbabilityOf(fair);
  const [tableOnNarrow, setTableOnNarrow] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowerThan(rootRef, TABLE_MIN_WIDTH_PX);
  // A reader sees the books ranked (price, payout, a "Bet" link each), the table one tap away; an
  // analyst sees the table wherever it fits.
  const showTable = analyst ? !narrow || tableOnNarrow : tableOnNarrow;
  const sorted = useMemo(() => sortColumnsBy(columns, sort), [columns, sort]);
  // A heading clicked again puts the books back in the user's order.
  const onSort = useCallback(
    (next: BookSort) => setSort((current) => (sameSort(current, next) ? CHOSEN_ORDER : next)),
    [],
  );
  const bestBooks = useMemo(() => findBestBooks(columns), [columns]);
  const bestPrice = useMemo(() => bestPriceOf(columns), [columns]);
  const alertSubject = mode === 'parlay' ? 'best parlay price' : 'best price';
  useAlertCheck(legs, bestPrice, useOddsFormat(), alertSubject);
  // The best edge is the best price (same legs, same fair chance), once there is a fair price.
  const bestEdgeBooks = fairProbability === null ? NO_BOOKS : bestBooks;
  const onFairToggle = useCallback((from: HTMLElement) => {
    setOpenBook(null);
    setOpener(from);
    setFairOpen((open) => !open);
  }, []);
  const bestLegPrices = useMemo(() => findBestLegPrices(columns, legs.length), [columns, legs.length]);
  const showsStraightStandIns =
    mode === 'parlay' &&
    columns.some((column) => column.legCells.some((cell) => cell.kind === 'price' && cell.source === 'straight'));

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

  return (
    <div ref={rootRef} className="relative @container">
      <VerdictLine columns={columns} fairProbability={fairProbability} />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        {analyst ? <FairValueToggle /> : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <FreshnessLine updatedAt={updatedAt} live={live} />
          {narrow || !analyst ? (
            <button
              type="button"
              aria-pressed={tableOnNarrow}
              onClick={() => setTableOnNarrow((shown) => !shown)}
              className="min-h-11 min-w-11 rounded-md border border-line px-2 text-sm"
            >
              <SpokenLabel shown="Table" spoken="Table view" />
            </button>
          ) : null}
          {analyst ? <DownloadCsvButton legs={legs} columns={sorted} mode={mode} fair={fair} /> : null}
        </div>
      </div>
      {PRICE_ALERTS ? <PriceAlertPanel legs={legs} best={bestPrice} subject={alertSubject} /> : null}
      {showTable ? (
        <>
          <MinuteClockProvider>
            <GridTable
              legs={legs}
              columns={sorted}
              bestBooks={bestBooks}
              bestLegPrices={bestLegPrices}
              mode={mode}
              statusByFixture={statusByFixture}
              sort={sort}
              onSort={onSort}
              openBook={openBook}
              onStatusClick={onStatusClick}
              fair={fair}
              bestEdgeBooks={bestEdgeBooks}
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
            <FairDetails
              fair={fair}
              legs={legs}
              onClose={() => setFairOpen(false)}
              opener={opener}
              container={rootRef}
            />
          ) : null}
          {openBook !== null ? (
            <BookDetails
              column={sorted.find((column) => column.book === openBook)}
              legs={legs}
              onClose={() => setOpenBook(null)}
              opener={opener}
              container={rootRef}
            />
          ) : null}
        </>
      ) : (
        <BookRankList
          statusByFixture={statusByFixture}
          legs={legs}
          columns={columns}
          bestLegPrices={bestLegPrices}
          bestBooks={bestBooks}
          fair={fair}
          bestEdgeBooks={bestEdgeBooks}
        />
      )}
    </div>
  );
}
