/**
 * Each slip leg's straight (single-bet) price at each book, from the shared fixture-odds queries:
 * shown where a book gives no parlay leg price, and as the whole grid for a one-leg slip.
 */
import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { hasSlipLegStandIn, slipLegOddsQuery } from '../../../api/queries.ts';
import type { FixtureWithOdds } from '../../../api/types.ts';
import { deepLinkUrl } from '../../../domain/book-links.ts';
import { legKey, slipGameMarkets, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useSlipQuiet } from '../../../state/app-stores-context.tsx';
import { useCombinedQueries } from './use-combined-queries.ts';

export interface StraightPrices {
  /** Decimal price by straightPriceKey(book, leg); a plain object so it is structurally shared. */
  decimalByKey: Readonly<Record<string, number>>;
  /** When that price last changed (epoch seconds), by the same key, where the service says. */
  changedAtByKey: Readonly<Record<string, number>>;
  /** The book's own link for that bet, by the same key, where it has one. */
  deepLinkByKey: Readonly<Record<string, string>>;
  /** The most the book takes on that bet (exchanges), by the same key. */
  maxStakeByKey: Readonly<Record<string, number>>;
  /** Bets the book has suspended (a live stream's locked line), by the same key: no price until it reopens. */
  lockedByKey: Readonly<Record<string, true>>;
  /** Each slip game's status as its odds say (`unplayed`, `live`, `cancelled`...), by fixture id. */
  statusByFixture: Readonly<Record<string, string>>;
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

/**
 * The slip's legs at each book as single bets, from each game's markets on the slip (the queries an
 * opened market uses, batched five games a call and refreshed with the prices), asked for once the
 * slip is still. A game counts as answered once all its slip markets are (a game row's main lines
 * standing in meanwhile give prices, never "not offered"), and as failed when one failed with
 * nothing to show. `observeOnly`: read what the cache holds and ask nothing (the grid asks).
 */
export function useStraightPrices(
  legs: readonly SlipLeg[],
  { observeOnly = false }: { observeOnly?: boolean } = {},
): StraightPrices {
  const client = useOddsClient();
  const queryClient = useQueryClient();
  const gameMarkets = useMemo(() => slipGameMarkets(legs), [legs]);
  // Only a leg whose game row stands in waits for the slip to be still.
  const asked = useSlipQuiet(() =>
    gameMarkets.some(({ fixtureId, market }) => hasSlipLegStandIn(queryClient, fixtureId, market)),
  );
  const combine = useCallback(
    (results: QueryObserverResult<FixtureWithOdds | null>[]): StraightPrices => {
      const wanted = new Set(legs.map(legKey));
      const decimalByKey: Record<string, number> = {};
      const changedAtByKey: Record<string, number> = {};
      const deepLinkByKey: Record<string, string> = {};
      const maxStakeByKey: Record<string, number> = {};
      const lockedByKey: Record<string, true> = {};
      const statusByFixture: Record<string, string> = {};
      const answeredFixtures: Record<string, true> = {};
      const failedFixtures: Record<string, true> = {};
      let updatedAt = 0;
      const waitingFixtures = new Set<string>();
      results.forEach((result, index) => {
        const fixtureId = gameMarkets[index]?.fixtureId;
        if (fixtureId === undefined) return;
        if (result.data === undefined || result.isPlaceholderData) {
          waitingFixtures.add(fixtureId);
          if (result.isError) failedFixtures[fixtureId] = true;
        }
        updatedAt = Math.max(updatedAt, result.dataUpdatedAt);
        if (result.data) statusByFixture[fixtureId] = result.data.fixture.status;
        for (const odd of result.data?.odds ?? []) {
          const leg = { fixtureId, market: odd.market, name: odd.name };
          if (!wanted.has(legKey(leg))) continue;
          const key = straightPriceKey(odd.sportsbook, leg);
          if (odd.locked === true) {
            lockedByKey[key] = true;
            continue;
          }
          decimalByKey[key] = odd.decimalPrice;
          if (odd.timestamp !== null) changedAtByKey[key] = odd.timestamp;
          const link = deepLinkUrl(odd.deepLink);
          if (link !== null) deepLinkByKey[key] = link;
          if (odd.maxStake !== null) maxStakeByKey[key] = odd.maxStake;
        }
      });
      for (const { fixtureId } of gameMarkets) if (!waitingFixtures.has(fixtureId)) answeredFixtures[fixtureId] = true;
      return {
        decimalByKey,
        changedAtByKey,
        deepLinkByKey,
        maxStakeByKey,
        lockedByKey,
        statusByFixture,
        answeredFixtures,
        failedFixtures,
        updatedAt,
      };
    },
    [legs, gameMarkets],
  );
  const queries = useMemo(
    () =>
      gameMarkets.map(({ fixtureId, market }) => {
        const query = slipLegOddsQuery(client, queryClient, fixtureId, market, asked);
        return observeOnly ? { ...query, enabled: false } : query;
      }),
    [client, queryClient, gameMarkets, asked, observeOnly],
  );
  return useCombinedQueries(queries, combine);
}
