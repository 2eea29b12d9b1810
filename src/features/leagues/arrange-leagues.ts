/**
 * Which leagues the picker shows up front. The service lists hundreds of leagues; the popular ones
 * (and any the user already chose) stay one click away, the rest fold behind "More".
 */
import type { League, Sport } from '../../api/types.ts';

/** Most-bet leagues first; ids as the service spells them. */
const POPULAR_LEAGUE_IDS: readonly string[] = [
  'nba',
  'nfl',
  'ncaaf',
  'ncaab',
  'mlb',
  'nhl',
  'england_-_premier_league',
  'uefa_-_champions_league',
  'spain_-_la_liga',
  'wnba',
  'usa_-_major_league_soccer',
];

export interface SportLeagues {
  sport: Sport;
  /** Shown as toggles straight away. */
  upFront: League[];
  /**
   * Behind the sport's "More" toggle, in the service's order: sorted by name only when shown. Soccer
   * alone has ~250, of which the first screen shows only the count, and sorting them there lengthened
   * the task that draws the leagues (Total Blocking Time).
   */
  more: League[];
}

export interface LeagueArrangement {
  /** Sports with a popular or chosen league, in the service's order. */
  featured: SportLeagues[];
  /** Every other sport, all of its leagues behind one "More sports" toggle. */
  otherSports: SportLeagues[];
}

function popularityRank(leagueId: string): number {
  const rank = POPULAR_LEAGUE_IDS.indexOf(leagueId);
  return rank === -1 ? Number.POSITIVE_INFINITY : rank;
}

function byPopularityThenName(a: League, b: League): number {
  return popularityRank(a.id) - popularityRank(b.id) || a.name.localeCompare(b.name);
}

export function arrangeLeagues(
  catalog: readonly { sport: Sport; leagues: readonly League[] }[],
  chosenIds: readonly string[],
): LeagueArrangement {
  const chosen = new Set(chosenIds);
  const featured: SportLeagues[] = [];
  const otherSports: SportLeagues[] = [];
  for (const { sport, leagues } of catalog) {
    if (leagues.length === 0) continue;
    const isUpFront = (league: League) => chosen.has(league.id) || POPULAR_LEAGUE_IDS.includes(league.id);
    const upFront = leagues.filter(isUpFront).sort(byPopularityThenName);
    const more = leagues.filter((league) => !isUpFront(league));
    // A sport with nothing up front goes behind "More sports" (its `upFront` is then empty).
    (upFront.length > 0 ? featured : otherSports).push({ sport, upFront, more });
  }
  return { featured, otherSports };
}
