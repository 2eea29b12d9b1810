/**
 * Each slip leg's straight (single-bet) price at each book, from the shared fixture-odds queries:
 * shown where a book gives no parlay leg price, and as the whole grid for a one-leg slip.
 */
import { useCallback, useMemo } from 'react';
import { useQueries, type QueryObserverResult } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { fixtureOddsQuery } from '../../../api/queries.ts';
import type { FixtureWithOdds } from '../../../api/types.ts';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';

export interface StraightPrices {
  /** Decimal price by straightPriceKey(book, leg); a plain object so it is structurally shared. */
  decimalByKey: Readonly<Record<string, number>>;
  /** Fixture ids whose odds have arrived: for those, a price not listed is not offered. */
  answeredFixtures: Readonly<Record<string, true>>;
  /** Fixture ids whose odds could not be loaded. */
  failedFixtures: Readonly<Record<string, true>>;
  /** When the newest odds arrived (ms), 0 before. */
  updatedAt: number;
}

export function straightPriceKey(book: Sportsbook, leg: Pick<SlipLeg, 'fixtureId' | 'market' | 'name'>): string {
  return `${book}\u0000${legKey(leg)}`;
}

export function useStraightPrices(legs: readonly SlipLeg[]): StraightPrices {
  const client = useOddsClient();
  const fixtureIds = useMemo(() => [...new Set(legs.map((leg) => leg.fixtureId))], [legs]);
  const combine = useCallback(
    (results: QueryObserverResult<FixtureWithOdds | null>[]): StraightPrices => {
      const wanted = new Set(legs.map(legKey));
      const decimalByKey: Record<string, number> = {};
      const answeredFixtures: Record<string, true> = {};
      const failedFixtures: Record<string, true> = {};
      let updatedAt = 0;
      results.forEach((result, index) => {
        const fixtureId = fixtureIds[index];
        if (fixtureId === undefined) return;
        if (result.data !== undefined) answeredFixtures[fixtureId] = true;
        else if (result.isError) failedFixtures[fixtureId] = true;
        updatedAt = Math.max(updatedAt, result.dataUpdatedAt);
        for (const odd of result.data?.odds ?? []) {
          if (wanted.has(legKey({ fixtureId, market: odd.market, name: odd.name }))) {
            decimalByKey[straightPriceKey(odd.sportsbook, { fixtureId, market: odd.market, name: odd.name })] = odd.decimalPrice;
          }
        }
      });
      return { decimalByKey, answeredFixtures, failedFixtures, updatedAt };
    },
    [legs, fixtureIds],
  );
  return useQueries({
    queries: fixtureIds.map((fixtureId) => fixtureOddsQuery(client, fixtureId)),
    combine,
  });
}
