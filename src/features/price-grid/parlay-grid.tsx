/** Two or more legs: every chosen book asked for the parlay, each answering on its own time. */
import { useMemo } from 'react';
import { toParlayEntries, type SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { buildParlayColumn } from './model/grid-model.ts';
import { GridView } from './grid-view.tsx';
import { RequestFailureBanner } from './explanations/request-failure-banner.tsx';
import { useBookQuotes } from './data/use-book-quotes.ts';
import { useLiveRepricing } from './data/use-live-repricing.ts';
import { useStraightPrices } from './data/use-straight-prices.ts';
import { useSlipLive } from './data/use-slip-live.ts';

interface ParlayGridProps {
  legs: readonly SlipLeg[];
  books: readonly Sportsbook[];
  /**
   * Whether the books are asked about these legs (domain/parlay-questions.ts); false while the slip
   * is still changing quickly, when answers already held for it show and nothing is asked.
   */
  asked: boolean;
}

export function ParlayGrid({ legs, books, asked }: ParlayGridProps) {
  const entries = useMemo(() => toParlayEntries(legs), [legs]);
  const quoteStates = useBookQuotes(books, entries, { enabled: asked });
  const straight = useStraightPrices(legs);
  const live = useSlipLive(legs);
  const moves = useLiveRepricing({
    books,
    legs,
    entries,
    straight,
    streamed: live === 'live' || live === 'reconnecting',
  });
  const columns = useMemo(
    () => quoteStates.map((state) => buildParlayColumn(state, legs, straight, moves)),
    [quoteStates, legs, straight, moves],
  );
  const failures = useMemo(() => quoteStates.filter((state) => state.requestError !== null), [quoteStates]);
  const stillAsking = useMemo(() => quoteStates.filter((state) => state.isWaiting), [quoteStates]);
  const updatedAt = quoteStates.reduce((newest, state) => Math.max(newest, state.dataUpdatedAt), 0);

  return (
    <>
      <RequestFailureBanner failures={failures} stillAsking={stillAsking} bookCount={books.length} />
      <GridView
        legs={legs}
        columns={columns}
        mode="parlay"
        updatedAt={updatedAt}
        held={!asked}
        live={live}
        statusByFixture={straight.statusByFixture}
      />
    </>
  );
}
