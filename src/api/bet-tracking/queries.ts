/**
 * Query options for the screens after the bet. A line's history is asked for when its chart opens:
 * an open game's grows, so it is fresh for a minute (the service allows few of these calls, and our
 * server shares one answer among readers); a finished game's never changes. Results refresh by the
 * minute while any game is on; injuries every few minutes.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import type { BetTrackingEndpoints, OddsHistoryParams } from './endpoints.ts';
import type { GameResult, OddsHistory } from './types.ts';

const MINUTE_MS = 60_000;
const FINAL_STATUSES = new Set(['completed', 'cancelled']);

const isFinal = (status: string) => FINAL_STATUSES.has(status.toLowerCase());

const betTrackingKeys = {
  all: ['after-the-bet'] as const,
  history: (params: OddsHistoryParams) =>
    [
      ...betTrackingKeys.all,
      'history',
      params.fixtureId,
      [...params.sportsbooks].sort().join(','),
      [...(params.markets ?? [])].sort().join(','),
      params.isMain ?? null,
      params.includeTimeseries ?? false,
      params.includeLocked ?? false,
    ] as const,
  results: (fixtureIds: readonly string[]) =>
    [...betTrackingKeys.all, 'results', [...fixtureIds].sort().join(',')] as const,
  injuries: (leagues: readonly string[]) =>
    [...betTrackingKeys.all, 'injuries', [...leagues].sort().join(',')] as const,
};

/** A leg's price history at the chosen books, every price since the line opened (the chart's data). */
export function lineHistoryQuery(
  client: BetTrackingEndpoints,
  leg: { fixtureId: string; market: string },
  sportsbooks: readonly Sportsbook[],
) {
  const params: OddsHistoryParams = {
    fixtureId: leg.fixtureId,
    sportsbooks,
    markets: [leg.market],
    includeTimeseries: true,
    includeLocked: true,
  };
  return queryOptions({
    queryKey: betTrackingKeys.history(params),
    queryFn: ({ signal }) => client.fetchOddsHistory(params, { signal }),
    staleTime: (query) => {
      const history: OddsHistory | null | undefined = query.state.data;
      return history && isFinal(history.fixture.status) ? Infinity : MINUTE_MS;
    },
  });
}

/** Games' results; refreshed each minute until every game asked about is over. */
export function resultsQuery(client: BetTrackingEndpoints, fixtureIds: readonly string[]) {
  const allOver = (results: readonly GameResult[] | undefined) =>
    results !== undefined &&
    results.length === fixtureIds.length &&
    results.every((result) => isFinal(result.fixture.status));
  return queryOptions({
    queryKey: betTrackingKeys.results(fixtureIds),
    queryFn: ({ signal }) => client.fetchResults({ fixtureIds }, { signal }),
    staleTime: (query) => (allOver(query.state.data) ? Infinity : MINUTE_MS),
    refetchInterval: (query) => (allOver(query.state.data) ? false : MINUTE_MS),
  });
}

/** The injury report of the leagues on screen: statuses change a few times a week. */
export function injuriesQuery(client: Pick<BetTrackingEndpoints, 'fetchInjuries'>, leagues: readonly string[]) {
  return queryOptions({
    queryKey: betTrackingKeys.injuries(leagues),
    queryFn: ({ signal }) => client.fetchInjuries({ leagues }, { signal }),
    staleTime: 5 * MINUTE_MS,
    enabled: leagues.length > 0,
  });
}
