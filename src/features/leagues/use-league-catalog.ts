/** Sports, then every sport's leagues in parallel, as one view with explicit states. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import type { League, Sport } from '../../api/types.ts';
import { leaguesOfSportQuery, sportsQuery } from './queries.ts';

export type LeagueCatalog =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | {
      status: 'success';
      /** Sports whose leagues have loaded, in the service's order. */
      sports: { sport: Sport; leagues: League[] }[];
      /** True while some sports' leagues are still on their way. */
      loadingMore: boolean;
      /** Sports whose leagues failed to load. */
      failedSports: Sport[];
      firstError: unknown;
      retryFailed: () => void;
    };

export function useLeagueCatalog(): LeagueCatalog {
  const client = useOddsClient();
  const sports = useQuery(sportsQuery(client));
  const sportList = sports.data ?? [];
  const leagueResults = useQueries({
    queries: sportList.map((sport) => leaguesOfSportQuery(client, sport.id)),
  });

  if (sports.isPending) return { status: 'pending' };
  if (sports.isError) return { status: 'error', error: sports.error, retry: () => void sports.refetch() };

  const loaded: { sport: Sport; leagues: League[] }[] = [];
  const failedSports: Sport[] = [];
  let firstError: unknown = null;
  let loadingMore = false;
  sportList.forEach((sport, index) => {
    const result = leagueResults[index];
    if (!result) return;
    if (result.data) loaded.push({ sport, leagues: result.data });
    else if (result.isError) {
      failedSports.push(sport);
      firstError ??= result.error;
    } else loadingMore = true;
  });

  // Nothing to show yet while some sports are still loading: one loading state, so the picker
  // never flashes an empty list or a partial failure that turns into a full one moments later.
  if (loaded.length === 0 && loadingMore) return { status: 'pending' };
  if (loaded.length === 0 && failedSports.length > 0 && !loadingMore) {
    return { status: 'error', error: firstError, retry: () => leagueResults.forEach((result) => result.isError && void result.refetch()) };
  }
  return {
    status: 'success',
    sports: loaded,
    loadingMore,
    failedSports,
    firstError,
    retryFailed: () => leagueResults.forEach((result) => result.isError && void result.refetch()),
  };
}
