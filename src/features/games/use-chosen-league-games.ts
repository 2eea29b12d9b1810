/** The chosen leagues' games, one query per league, merged into one list sorted by start. */
import { useCallback, useMemo } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { activeLeaguesQuery } from '../../api/catalog-queries.ts';
import type { Fixture, League } from '../../api/types.ts';
import { gameLineMarkets, type GameLineMarkets } from '../../domain/game-lines.ts';
import { leagueGamesQuery } from './queries.ts';

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

/** A game with no start date yet (NaN) sorts after all the rest. */
const startSortMs = (game: Fixture) => Date.parse(game.startDate) || Infinity;

function byStartThenMatchup(a: Fixture, b: Fixture): number {
  return startSortMs(a) - startSortMs(b) || a.awayTeam.localeCompare(b.awayTeam) || a.id.localeCompare(b.id);
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

export interface LeagueDirectory {
  /** A league's display name: from the service's list, else from its games, else its id. */
  nameOf: (leagueId: string) => string;
  /** The columns of a game's row: its sport's main markets (null until the list has arrived). */
  lineMarketsOf: (game: Fixture) => GameLineMarkets | null;
}

/** What the active-leagues list (the league picker's one request, shared) says about leagues. */
export function useLeagueDirectory(leagues: readonly LeagueLoadState[]): LeagueDirectory {
  const client = useOddsClient();
  const directory = useQuery(activeLeaguesQuery(client));
  return useMemo(() => {
    const byId = new Map<string, League>((directory.data ?? []).map((league) => [league.id, league]));
    // Built once per list, so each game row gets the same object every render (its memo holds).
    const lineMarketsByLeague = new Map<string, GameLineMarkets>();
    const bySport = new Map<string, GameLineMarkets>();
    for (const league of directory.data ?? []) {
      const markets = gameLineMarkets(league.mainMarkets);
      lineMarketsByLeague.set(league.id, markets);
      if (!bySport.has(league.sportId)) bySport.set(league.sportId, markets);
    }
    const fromGames = new Map<string, string>();
    for (const league of leagues) {
      const name = league.games[0]?.leagueName;
      if (name) fromGames.set(league.leagueId, name);
    }
    return {
      nameOf: (leagueId) => byId.get(leagueId)?.name ?? fromGames.get(leagueId) ?? leagueId,
      lineMarketsOf: (game) => lineMarketsByLeague.get(game.leagueId) ?? bySport.get(game.sportId) ?? null,
    };
  }, [directory.data, leagues]);
}
