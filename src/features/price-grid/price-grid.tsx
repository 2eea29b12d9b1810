/**
 * The price grid section: the slip's parlay priced at every chosen book, side by side, or what
 * the user needs to do first (add legs, choose books, fix clashing legs).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { findSlipConflicts, legKey } from '../../domain/slip.ts';
import { useQueryClient } from '@tanstack/react-query';
import { preloadParlayParser } from '../../api/client.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { useReadSlipAndSettings, useSettings, useSlip, useSlipHeld } from '../../state/app-stores-context.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';

// The grids are most of this feature's code and nothing of the first paint (the slip starts empty),
// so they load in their own chunk, fetched as soon as the section mounts.
const loadGrids = () => import('./grids.ts');
const ParlayGrid = lazy(() => loadGrids().then((grids) => ({ default: grids.ParlayGrid })));
const StraightGrid = lazy(() => loadGrids().then((grids) => ({ default: grids.StraightGrid })));
/** The best price in a line, for the app's bottom bar (in the grids' chunk: no first paint shows it). */
export const BestPriceLine = lazy(() => loadGrids().then((grids) => ({ default: grids.BestPriceLine })));
/** Asks the books about a changed slip before the grid renders it (data/price-early.tsx). */
const PriceEarly = lazy(() => loadGrids().then((grids) => ({ default: grids.PriceEarly })));

function PriceGridBody() {
  const legs = useSlip((state) => state.legs);
  const books = useSettings((state) => state.books);
  const conflicts = useMemo(() => findSlipConflicts(legs), [legs]);
  const held = useSlipHeld();

  if (legs.length === 0) {
    return (
      <StatusMessage title="Your slip is empty">
        Choose a league, then add selections from its games to your slip. Prices from every sportsbook you choose appear
        here.
      </StatusMessage>
    );
  }
  if (books.length === 0) {
    return (
      <StatusMessage tone="warning" title="No sportsbooks chosen">
        Choose at least one sportsbook to see its prices for your slip.
      </StatusMessage>
    );
  }
  if (conflicts.size > 0) {
    const reasons = [...new Set(legs.flatMap((leg) => conflicts.get(legKey(leg))?.reason ?? []))];
    return (
      <StatusMessage tone="warning" title="Fix the clashing legs in your slip first">
        <p>No book will combine these, so no book has been asked.</p>
        <ul className="mt-1 list-disc pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </StatusMessage>
    );
  }
  return (
    <Suspense fallback={<StatusMessage title="Loading prices…" />}>
      {legs.length === 1 ? (
        <StraightGrid legs={legs} books={books} />
      ) : (
        <ParlayGrid legs={legs} books={books} held={held} />
      )}
    </Suspense>
  );
}

export function PriceGrid() {
  const readSlip = useReadSlipAndSettings();
  const queryClient = useQueryClient();
  const client = useOddsClient();
  // PriceEarly mounts once the grids' code is asked for: rendered at once, it would start fetching
  // those chunks (~10 files) inside the page's first render, its longest task.
  const [gridsAsked, setGridsAsked] = useState(false);
  useEffect(() => {
    // The answers' parser is fetched beside the grids' code, not after the first answer arrives.
    // The slip the page opens with (a share link's) is asked about as soon as the code that asks
    // has arrived, before the grid's first render (data/price-early.tsx).
    const askForGrids = () => {
      preloadParlayParser();
      void loadGrids().then((grids) => {
        const { slip, settings, held } = readSlip();
        grids.askBooksAbout({ queryClient, client }, slip.legs, settings.books, held);
      });
      setGridsAsked(true);
    };
    if (readSlip().slip.legs.length > 0) {
      askForGrids();
      return;
    }
    // An empty slip (a first visit) needs none of it yet: a task of its own, after the first effects.
    const later = setTimeout(askForGrids);
    return () => clearTimeout(later);
  }, [readSlip, queryClient, client]);
  return (
    <section
      id="price-grid"
      aria-labelledby="price-grid-heading"
      className="min-w-0 rounded-lg border border-line bg-surface shadow-sm"
    >
      <div className="border-b border-line px-4 py-2.5">
        <h2 id="price-grid-heading" className="text-base font-semibold">
          Prices by sportsbook
        </h2>
      </div>
      <div className="p-3 sm:p-4">
        <PriceGridBody />
        {gridsAsked && (
          <Suspense fallback={null}>
            <PriceEarly />
          </Suspense>
        )}
      </div>
    </section>
  );
}
