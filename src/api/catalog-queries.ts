/**
 * Query options for the catalog: the leagues the first paint lists. Apart from the odds' queries
 * (queries.ts), which the parts after the first paint read, and which bring the odds batcher.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OddsClient } from './client.ts';

/** Sports and leagues change a few times a season. */
const CATALOG_STALE_MS = 60 * 60 * 1000;
/** The sports the parlay pricer covers (upstream notes, "Parlay coverage"), in the order shown. */
export const PARLAY_SPORT_IDS = [
  'basketball',
  'football',
  'baseball',
  'hockey',
  'soccer',
  'tennis',
  'golf',
  'mma',
] as const;

export const catalogKeys = {
  activeLeagues: () => ['catalog', 'active-leagues'] as const,
  markets: (fixtureId: string) => ['catalog', 'markets', fixtureId] as const,
};

/** Leagues with games this week, of the sports the pricer covers: one request. */
export function activeLeaguesQuery(client: OddsClient) {
  return queryOptions({
    queryKey: catalogKeys.activeLeagues(),
    // No cancellation: the list is small and wanted by every view, so a request is never wasted.
    queryFn: () => client.listActiveLeagues({ sports: PARLAY_SPORT_IDS }),
    staleTime: CATALOG_STALE_MS,
    gcTime: CATALOG_STALE_MS,
  });
}
