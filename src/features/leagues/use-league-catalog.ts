/**
 * The leagues a user can pick: those with games this week, of the sports the parlay pricer covers,
 * in one request (the service's full list is 1,500+ leagues and 600 KB), grouped by sport.
 */
import { useQuery } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { activeLeaguesQuery, PARLAY_SPORT_IDS } from '../../api/catalog-queries.ts';
import type { League, Sport } from '../../api/types.ts';

export type LeagueCatalog =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | {
      status: 'success';
      /** Sports with leagues, in PARLAY_SPORT_IDS order (any other sport after). */
      sports: { sport: Sport; leagues: League[] }[];
      /** Every league, for search. */
      leagues: League[];
    };

function sportRank(sportId: string): number {
  const rank = (PARLAY_SPORT_IDS as readonly string[]).indexOf(sportId);
  return rank === -1 ? PARLAY_SPORT_IDS.length : rank;
}

function groupBySport(leagues: readonly League[]): { sport: Sport; leagues: League[] }[] {
  const groups = new Map<string, { sport: Sport; leagues: League[] }>();
  for (const league of leagues) {
    const group = groups.get(league.sportId) ?? { sport: { id: league.sportId, name: league.sportName }, leagues: [] };
    group.leagues.push(league);
    groups.set(league.sportId, group);
  }
  return [...groups.values()].sort((a, b) => sportRank(a.sport.id) - sportRank(b.sport.id));
}

// At module level so its identity is stable: TanStack reruns a `select` whenever the function
// changes, so an inline one would regroup (and deep-compare) the list on every render.
function toCatalogData(leagues: League[]) {
  return { leagues, sports: groupBySport(leagues) };
}

export function useLeagueCatalog(): LeagueCatalog {
  const client = useOddsClient();
  const query = useQuery({ ...activeLeaguesQuery(client), select: toCatalogData });
  if (query.data) return { status: 'success', sports: query.data.sports, leagues: query.data.leagues };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'pending' };
}
