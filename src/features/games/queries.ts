/** Server data for the games browser: each league's upcoming games. */
import { queryOptions } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';

/** Games appear, go live and finish over minutes, not seconds. */
const GAMES_STALE_MS = 60_000;
const GAMES_REFRESH_MS = 2 * 60_000;

const gameKeys = {
  all: ['games'] as const,
  ofLeague: (leagueId: string) => [...gameKeys.all, 'league', leagueId] as const,
};

/** One query per league, so choosing another league never refetches the ones already shown. */
export function leagueGamesQuery(client: OddsClient, leagueId: string) {
  return queryOptions({
    queryKey: gameKeys.ofLeague(leagueId),
    queryFn: ({ signal }) => client.listAllActiveFixtures({ leagues: [leagueId] }, { signal }),
    staleTime: GAMES_STALE_MS,
    refetchInterval: GAMES_REFRESH_MS,
  });
}
