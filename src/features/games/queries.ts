/** Server data for the games browser: each league's upcoming games. */
import { queryOptions } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';
import { toSearchablePlayers } from '../../domain/player-search.ts';

/** Games appear, go live and finish over minutes, not seconds. */
const GAMES_STALE_MS = 60_000;
const GAMES_REFRESH_MS = 2 * 60_000;

/** Rosters change over days; a search session never needs them again. */
const PLAYERS_STALE_MS = 60 * 60_000;

const gameKeys = {
  all: ['games'] as const,
  ofLeague: (leagueId: string) => [...gameKeys.all, 'league', leagueId] as const,
  playersOf: (leagueId: string) => [...gameKeys.all, 'players', leagueId] as const,
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

/** A league's players, folded for search once per answer (select), asked for only while a bettor searches. */
export function leaguePlayersQuery(client: OddsClient, leagueId: string) {
  return queryOptions({
    queryKey: gameKeys.playersOf(leagueId),
    queryFn: ({ signal }) => client.listLeaguePlayers({ league: leagueId }, { signal }),
    select: toSearchablePlayers,
    staleTime: PLAYERS_STALE_MS,
    // Finding teams never waits on players: one retry, then the search goes on without them.
    retry: 1,
  });
}
