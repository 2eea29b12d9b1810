/**
 * Asks every chosen book about a changed slip the moment the slip changes, not after React has
 * rendered the change: the grid's queries start from its render's effects, and rendering a new leg
 * took ~20 ms on the bench (bench/grid.mjs), all of it between the tap and the first request. The
 * queries are the grid's own (same key, same request), so when the grid renders it finds them
 * already asked and asks nothing twice. What the grid would not ask about (one leg, no book,
 * clashing legs, a slip still changing quickly) is not asked about here either.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { findSlipConflicts, slipKeyOf, toParlayEntries } from '../../../domain/slip.ts';
import { useSlipLegsChanged } from '../../../state/app-stores-context.tsx';
import { bookSpeedsOf } from './book-speed.ts';
import { parlayQuoteQuery } from './queries.ts';
import type { SettleTracker } from './use-slip-settling.ts';

export function PriceEarly({ tracker }: { tracker: SettleTracker }) {
  const queryClient = useQueryClient();
  const client = useOddsClient();
  useSlipLegsChanged(({ legs }, { books }) => {
    if (legs.length < 2 || books.length === 0 || findSlipConflicts(legs).size > 0) return;
    if (tracker.isHeld(slipKeyOf(legs))) return;
    const entries = toParlayEntries(legs);
    for (const book of bookSpeedsOf(client).askingOrder(books))
      void queryClient.prefetchQuery(parlayQuoteQuery(client, book, entries));
  });
  return null;
}
