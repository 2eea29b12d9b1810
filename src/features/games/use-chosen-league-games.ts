/** The chosen leagues' games, one query per league, merged into one list sorted by start. */
import { useCallback } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import type { Fixture } from '../../api/types.ts';
import { leagueGamesQuery, leagueNamesQuery } from './queries.ts';

export interface LeagueLoadState {
  leagueId: string;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  /** All of the league's games as listed (before any time window). */
  games: readonly Fixture[];
  retry: () => void;
}

export interface ChosenLeagueGames {
  /** Every loaded game once, sorted by start then matchup. */
  games: Fixture[];
  leagues: LeagueLoadState[];
}

function byStartThenMatchup(a: Fixture, b: Fixture): number {
  return Date.parse(a.startDate) - Date.parse(b.startDate) || a.awayTeam.localeCompare(b.awayTeam) || a.id.localeCompare(b.id);
}

export function useChosenLeagueGames(leagueIds: readonly string[]): ChosenLeagueGames {
  const client = useOddsClient();
  // Stable per league list, so the merge and sort rerun only when an answer changes.
  const combine = useCallback(
    (results: UseQueryResult<Fixture[]>[]): ChosenLeagueGames => {
      const byId = new Map<string, Fixture>();
      const leagues = leagueIds.map((leagueId, index): LeagueLoadState => {
        const result = results[index];
        const games = result?.data ?? [];
        for (const game of games) if (!byId.has(game.id)) byId.set(game.id, game);
        return {
          leagueId,
          status: result?.data ? 'success' : result?.isError ? 'error' : 'pending',
          error: result?.error ?? null,
          games,
          retry: () => void result?.refetch(),
        };
      });
      return { games: [...byId.values()].sort(byStartThenMatchup), leagues };
    },
    [leagueIds],
  );
  return useQueries({ queries: leagueIds.map((leagueId) => leagueGamesQuery(client, leagueId)), combine });
}

/**
 * A league's display name: from its games when it has some, else from the service's league list
 * (one small request an hour; needed while loading and for leagues without games), else its id.
 */
export function useLeagueNames(leagues: readonly LeagueLoadState[]): (leagueId: string) => string {
  const client = useOddsClient();
  const needsLookup = leagues.some((league) => league.games.length === 0);
  const directory = useQuery({ ...leagueNamesQuery(client), enabled: needsLookup });
  const fromGames = new Map<string, string>();
  for (const league of leagues) {
    const name = league.games[0]?.leagueName;
    if (name) fromGames.set(league.leagueId, name);
  }
  return (leagueId) => fromGames.get(leagueId) ?? directory.data?.get(leagueId) ?? leagueId;
}
