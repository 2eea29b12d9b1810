/**
 * The price grid section: the slip's parlay priced at every chosen book, side by side, or what
 * the user needs to do first (add legs, choose books, fix clashing legs).
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { preloadParlayParser } from '../../api/pricing-endpoints.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { parlayQuestionsFor } from '../../domain/parlay-questions.ts';
import { legKey, MAX_SLIP_LEGS } from '../../domain/slip.ts';
import { useAppConfig } from '../../state/app-config-context.tsx';
import { useSettings, useSlip, useSlipHeld, useSlipToPrice } from '../../state/app-stores-context.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';

// The grids are most of this feature's code and nothing of the first paint (the slip starts empty),
// so they load in their own chunk, fetched as soon as the section mounts.
const loadGrids = () => import('./grids.ts');
const ParlayGrid = lazy(() => loadGrids().then((grids) => ({ default: grids.ParlayGrid })));
const StraightGrid = lazy(() => loadGrids().then((grids) => ({ default: grids.StraightGrid })));
/** The best price in a line, for the app's bottom bar (in the grids' chunk: no first paint shows it). */
export const BestPriceLine = lazy(() => loadGrids().then((grids) => ({ default: grids.BestPriceLine })));

function ClashingLegs({ reasons }: { reasons: readonly string[] }) {
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

/** The grid for the slip, or what to do first: the same rule that decides what the books are asked. */
function PriceGridBody() {
  const legs = useSlip((state) => state.legs);
  const books = useSettings((state) => state.books);
  const held = useSlipHeld();
  const parlay = useMemo(() => parlayQuestionsFor({ legs, books, held }), [legs, books, held]);
  const { mode } = useAppConfig();

  if (!parlay.ask && parlay.reason === 'empty-slip') {
    // A grid-only widget (an article's preset parlay) shows no leagues or games to choose from.
    return (
      <StatusMessage title="Your slip is empty">
        {mode === 'grid'
          ? 'This parlay has no legs, so there are no prices to compare.'
          : 'Choose a league, then add selections from its games to your slip. Prices from every sportsbook you choose appear here.'}
      </StatusMessage>
    );
  }
  if (!parlay.ask && parlay.reason === 'over-the-limit') {
    return (
      <StatusMessage tone="warning" title="Too many legs to price">
        A slip holds at most {MAX_SLIP_LEGS} legs. Remove some to see prices.
      </StatusMessage>
    );
  }
  if (!parlay.ask && parlay.reason === 'no-book') {
    return (
      <StatusMessage tone="warning" title="No sportsbooks chosen">
        Choose at least one sportsbook to see its prices for your slip.
      </StatusMessage>
    );
  }
  if (!parlay.ask && parlay.reason === 'clashing-legs') {
    const { conflicts } = parlay;
    return <ClashingLegs reasons={[...new Set(legs.flatMap((leg) => conflicts.get(legKey(leg))?.reason ?? []))]} />;
  }
  return (
    <Suspense fallback={<StatusMessage title="Loading prices…" />}>
      {!parlay.ask && parlay.reason === 'one-leg' ? (
        <StraightGrid legs={legs} books={books} />
      ) : (
        <ParlayGrid legs={legs} books={books} asked={parlay.ask} />
      )}
    </Suspense>
  );
}

/**
 * Asks about the slip (data/slip-asking.ts) from the moment the grids' code has arrived: the slip a
 * page opens with (a share link's) before the grid's first render, then every change of it before
 * the grid renders that. The answers' parser is fetched beside the grids' code, not after the first
 * answer arrives. An empty slip (a first visit) needs none of it yet: a task of its own, after the
 * first effects.
 */
function useAskingAboutTheSlip(): void {
  const slip = useSlipToPrice();
  const queryClient = useQueryClient();
  const client = useOddsClient();
  useEffect(() => {
    let stopAsking: (() => void) | undefined;
    let stopped = false;
    const startAsking = () => {
      preloadParlayParser();
      void loadGrids().then((grids) => {
        if (!stopped) stopAsking = grids.askAboutEverySlip({ queryClient, client }, slip);
      });
    };
    const later = slip.read().legs.length > 0 ? undefined : setTimeout(startAsking);
    if (later === undefined) startAsking();
    return () => {
      stopped = true;
      clearTimeout(later);
      stopAsking?.();
    };
  }, [slip, queryClient, client]);
}

export function PriceGrid() {
  useAskingAboutTheSlip();
  const grid = useAppConfig().mode === 'grid';
  // A grid-only widget is this section and its slip: its own header says what it is, so the
  // section's title is for assistive tech only (a line less in an article's sidebar).
  const heading = (
    <h2 id="price-grid-heading" className={grid ? 'sr-only' : 'text-base font-semibold'}>
      Prices by sportsbook
    </h2>
  );
  return (
    // In a grid-only widget the verdict and the books are boxes of their own: no card around them.
    <section
      id="price-grid"
      aria-labelledby="price-grid-heading"
      className={grid ? 'min-w-0' : 'min-w-0 rounded-lg border border-line bg-surface shadow-sm'}
    >
      {grid ? heading : <div className="border-b border-line px-4 py-2.5">{heading}</div>}
      <div className={grid ? '' : 'p-3 sm:p-4'}>
        <PriceGridBody />
      </div>
    </section>
  );
}
