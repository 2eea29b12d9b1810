/**
 * "Find the conflict" for a book that will not combine the slip: ask it again with one leg left
 * out at a time (all at once) and report the legs whose removal lets it combine the rest.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import type { BookQuote } from '../../../api/types.ts';
import { toParlayEntries, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { parlayQuoteQuery } from './queries.ts';

export type ConflictSearch =
  | { phase: 'idle' }
  /** Two legs: leaving one out leaves no parlay, so nothing needs asking. */
  | { phase: 'pair' }
  | { phase: 'checking'; checked: number; total: number }
  | {
      phase: 'done';
      /** Legs (slip indexes) whose removal makes the book combine the rest. */
      culpritIndexes: number[];
      /** Whether the book then prices the rest, or combines it but lacks some odds. */
      restIsPriced: boolean;
      /** Legs whose check failed, and why (the first failure). */
      uncheckedIndexes: number[];
      error: unknown;
    };

function combinesTheRest(quote: BookQuote): boolean {
  return quote.status === 'priced' || quote.status === 'missing';
}

export function useConflictSearch(book: Sportsbook, legs: readonly SlipLeg[]) {
  const queryClient = useQueryClient();
  const client = useOddsClient();
  const [search, setSearch] = useState<ConflictSearch>({ phase: 'idle' });

  const start = useCallback(async () => {
    if (legs.length <= 2) {
      setSearch({ phase: 'pair' });
      return;
    }
    const entries = toParlayEntries(legs);
    const total = legs.length;
    let checked = 0;
    setSearch({ phase: 'checking', checked, total });
    // Through the cache: if the user then removes the culprit, that book's price is already there.
    const outcomes = await Promise.allSettled(
      entries.map(async (_, leftOut) => {
        const rest = entries.filter((_entry, index) => index !== leftOut);
        const quote = await queryClient.fetchQuery(parlayQuoteQuery(client, book, rest));
        checked += 1;
        setSearch({ phase: 'checking', checked, total });
        return quote;
      }),
    );
    const culpritIndexes: number[] = [];
    const uncheckedIndexes: number[] = [];
    let restIsPriced = true;
    let error: unknown = null;
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'rejected') {
        uncheckedIndexes.push(index);
        error ??= outcome.reason;
      } else if (combinesTheRest(outcome.value)) {
        culpritIndexes.push(index);
        if (outcome.value.status !== 'priced') restIsPriced = false;
      }
    });
    setSearch({ phase: 'done', culpritIndexes, restIsPriced, uncheckedIndexes, error });
  }, [book, client, legs, queryClient]);

  return { search, start };
}
