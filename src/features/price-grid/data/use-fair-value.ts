/**
 * Fair value for the slip: each leg's fair price from its market at every book (margin removed,
 * consensus across books: domain/fair-value.ts), and the fair parlay price. Legs alone in their game
 * multiply; when legs share a game the correlation engine (`OpticOdds AI`) prices the slip at our
 * fair leg prices, once per slip (its correlation is then applied to the fair legs as they move).
 * Cross-game slips cost no request: the legs' markets are the slip's odds the grid already has.
 */
import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { hasSlipLegStandIn, slipLegOddsQuery } from '../../../api/queries.ts';
import type { FixtureWithOdds } from '../../../api/types.ts';
import { fairParlayPrice, splitLegsByGame } from '../../../domain/fair-value/fair-parlay.ts';
import { fairLegPrice, type FairLegResult } from '../../../domain/fair-value/fair-value.ts';
import { combineDecimal } from '../../../domain/odds/odds.ts';
import { legKey, slipGameMarkets, type SlipLeg } from '../../../domain/slip.ts';
import { useSlipQuiet } from '../../../state/app-stores-context.tsx';
import { useCombinedQueries } from './use-combined-queries.ts';

export type FairParlay =
  | { status: 'waiting' }
  | { status: 'none'; reason: string }
  | {
      status: 'fair';
      probability: number;
      decimal: number;
      /** The fair legs multiplied, as if independent. */
      independentDecimal: number;
      /** Whether the correlation engine adjusted it (legs sharing a game). */
      correlated: boolean;
    };

export interface FairValue {
  /** Each leg's fair price or why there is none; null while its game's odds are on their way. */
  legs: (FairLegResult | null)[];
  parlay: FairParlay;
}

/**
 * The engine is asked once per slip: its correlation (its price over the product of the prices
 * sent) barely moves with the legs' prices, so it is applied to the fair legs as they move.
 */
function fairParlayKey(legs: readonly SlipLeg[]) {
  return ['fair-parlay', legs.map(legKey)] as const;
}

/**
 * Each answer's fair prices by leg: an unchanged answer is the same object (the query cache shares
 * structure), so a leg's margin is worked out again only when its game's odds change, not for every
 * book's answer or leg added (each is a root search per book: ~6 ms for a 12-leg slip).
 */
const fairByAnswer = new WeakMap<FixtureWithOdds, Map<string, FairLegResult>>();

function fairLegPriceIn(answer: FixtureWithOdds | null, leg: SlipLeg): FairLegResult {
  if (answer === null) return fairLegPrice([], { market: leg.market, name: leg.name });
  let byLeg = fairByAnswer.get(answer);
  if (byLeg === undefined) {
    byLeg = new Map();
    fairByAnswer.set(answer, byLeg);
  }
  const key = legKey(leg);
  let fair = byLeg.get(key);
  if (fair === undefined) {
    fair = fairLegPrice(answer.odds, { market: leg.market, name: leg.name });
    byLeg.set(key, fair);
  }
  return fair;
}

function useFairLegs(legs: readonly SlipLeg[], enabled: boolean): (FairLegResult | null)[] {
  const client = useOddsClient();
  const queryClient = useQueryClient();
  const gameMarkets = useMemo(() => slipGameMarkets(legs), [legs]);
  // Only a leg whose game row stands in waits for the slip to be still.
  const asked = useSlipQuiet(() =>
    gameMarkets.some(({ fixtureId, market }) => hasSlipLegStandIn(queryClient, fixtureId, market)),
  );
  const combine = useCallback(
    (results: QueryObserverResult<FixtureWithOdds | null>[]) =>
      // Hidden fair value: its result is never read, so no leg's market is worked through.
      legs.map((leg) => {
        if (!enabled) return null;
        const result =
          results[gameMarkets.findIndex((pair) => pair.fixtureId === leg.fixtureId && pair.market === leg.market)];
        // A game row's main lines standing in are not the whole market: its margin waits for the answer.
        if (result === undefined || result.data === undefined || result.isPlaceholderData) return null;
        return fairLegPriceIn(result.data, leg);
      }),
    [legs, gameMarkets, enabled],
  );
  // The same queries as the grid's single-bet prices: no request of their own.
  const queries = useMemo(
    () =>
      gameMarkets.map(({ fixtureId, market }) => {
        const query = slipLegOddsQuery(client, queryClient, fixtureId, market, asked);
        return { ...query, enabled: enabled && query.enabled === true };
      }),
    [client, queryClient, gameMarkets, asked, enabled],
  );
  return useCombinedQueries(queries, combine);
}

/**
 * `askEngine`: false while the slip is still being changed in quick succession, so the engine, like
 * the books, is asked about the slip the user stops at, not every slip on the way.
 */
export function useFairValue(legs: readonly SlipLeg[], enabled = true, askEngine = true): FairValue {
  const client = useOddsClient();
  const fairLegs = useFairLegs(legs, enabled);
  const sharesAGame = useMemo(() => splitLegsByGame(legs).sameGameGroups.length > 0, [legs]);
  const prices = useMemo(() => fairLegs.map((leg) => (leg?.status === 'fair' ? leg.decimal : null)), [fairLegs]);
  const allFair = prices.every((price) => price !== null);
  const fairDecimals = useMemo(() => prices.filter((price) => price !== null), [prices]);

  // Keyed by the slip alone: the fair prices are those of the moment it is first asked (to two
  // decimals, as the engine takes them), and its correlation is then applied as they move.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one engine request per slip, not per price move
  const correlation = useQuery({
    queryKey: fairParlayKey(legs),
    queryFn: async ({ signal }) => {
      const entries = legs.map((leg, index) => ({
        fixture_id: leg.fixtureId,
        market: leg.market,
        name: leg.name,
        decimalPrice: Number((fairDecimals[index] ?? 1).toFixed(2)),
      }));
      const answer = await client.priceWithEngine({ entries }, { signal });
      return answer.status === 'priced'
        ? {
            status: 'priced' as const,
            ratio: answer.decimalPrice / combineDecimal(entries.map((entry) => entry.decimalPrice)),
          }
        : answer;
    },
    enabled: enabled && askEngine && sharesAGame && allFair && prices.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return useMemo((): FairValue => {
    if (fairLegs.some((leg) => leg === null)) return { legs: fairLegs, parlay: { status: 'waiting' } };
    if (!allFair) {
      const count = prices.filter((price) => price === null).length;
      return {
        legs: fairLegs,
        parlay: {
          status: 'none',
          reason: `${count === 1 ? 'A leg has' : `${count} legs have`} no fair price, so the parlay has none.`,
        },
      };
    }
    const independent = fairParlayPrice(fairDecimals.map((decimal) => 1 / decimal));
    if (independent === null)
      return { legs: fairLegs, parlay: { status: 'none', reason: 'The fair leg prices could not be combined.' } };
    if (!sharesAGame)
      return {
        legs: fairLegs,
        parlay: { status: 'fair', ...independent, independentDecimal: independent.decimal, correlated: false },
      };
    if (correlation.data === undefined) {
      if (correlation.isError)
        return {
          legs: fairLegs,
          parlay: {
            status: 'none',
            reason: 'The correlation engine did not answer, so legs sharing a game cannot be priced fairly.',
          },
        };
      return { legs: fairLegs, parlay: { status: 'waiting' } };
    }
    if (correlation.data.status === 'failed') {
      return {
        legs: fairLegs,
        parlay: {
          status: 'none',
          reason: `The correlation engine would not price these legs together (“${correlation.data.message}”).`,
        },
      };
    }
    const decimal = independent.decimal * correlation.data.ratio;
    return {
      legs: fairLegs,
      parlay: {
        status: 'fair',
        probability: 1 / decimal,
        decimal,
        independentDecimal: independent.decimal,
        correlated: true,
      },
    };
  }, [fairLegs, prices, allFair, fairDecimals, sharesAGame, correlation.data, correlation.isError]);
}
