/** Server data for the league picker: the sports, and each sport's leagues. */
import { queryOptions } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';

/** Sports and leagues change a few times a season; an hour keeps them fresh enough. */
const CATALOG_STALE_MS = 60 * 60 * 1000;

export const leagueKeys = {
  all: ['catalog'] as const,
  sports: () => [...leagueKeys.all, 'sports'] as const,
  leaguesOfSport: (sportId: string) => [...leagueKeys.all, 'leagues', sportId] as const,
};

export function sportsQuery(client: OddsClient) {
  return queryOptions({
    queryKey: leagueKeys.sports(),
    queryFn: ({ signal }) => client.listSports({ signal }),
    staleTime: CATALOG_STALE_MS,
    gcTime: CATALOG_STALE_MS,
  });
}

export function leaguesOfSportQuery(client: OddsClient, sportId: string) {
  return queryOptions({
    queryKey: leagueKeys.leaguesOfSport(sportId),
    queryFn: ({ signal }) => client.listLeagues({ sport: sportId }, { signal }),
    staleTime: CATALOG_STALE_MS,
    gcTime: CATALOG_STALE_MS,
  });
}
