/**
 * How bettors name the well-known leagues: the short name a narrow game header shows, and the
 * abbreviations and nicknames league search finds them by ("EPL", "UCL", "college football").
 * Ids as the service spells them; a league not listed here is called by its own name.
 */
import { searchable } from './search-text.ts';

interface LeagueNames {
  /** What a game header shows, short enough for a phone's row beside the time. */
  short: string;
  /** What else bettors type for it (the short name and the service's name are found anyway). */
  aliases: readonly string[];
}

const LEAGUE_NAMES: Readonly<Record<string, LeagueNames>> = {
  nfl: { short: 'NFL', aliases: ['pro football'] },
  ncaaf: { short: 'NCAAF', aliases: ['college football', 'CFB', 'NCAA football', 'FBS'] },
  nba: { short: 'NBA', aliases: [] },
  ncaab: { short: 'NCAAB', aliases: ['college basketball', 'CBB', 'NCAA basketball', 'March Madness'] },
  wnba: { short: 'WNBA', aliases: [] },
  mlb: { short: 'MLB', aliases: [] },
  nhl: { short: 'NHL', aliases: [] },
  'england_-_premier_league': { short: 'Premier League', aliases: ['EPL', 'English Premier League', 'Prem'] },
  'england_-_championship': { short: 'EFL Championship', aliases: ['EFL'] },
  'uefa_-_champions_league': { short: 'Champions League', aliases: ['UCL', 'UEFA Champions League'] },
  'uefa_-_europa_league': { short: 'Europa League', aliases: ['UEL', 'UEFA Europa League'] },
  'uefa_-_conference_league': { short: 'Conference League', aliases: ['UECL', 'UEFA Conference League'] },
  'usa_-_major_league_soccer': { short: 'MLS', aliases: ['Major League Soccer'] },
  'spain_-_la_liga': { short: 'La Liga', aliases: ['LaLiga'] },
  'germany_-_bundesliga': { short: 'Bundesliga', aliases: ['Buli'] },
  'italy_-_serie_a': { short: 'Serie A', aliases: [] },
  'france_-_ligue_1': { short: 'Ligue 1', aliases: ['L1'] },
  'netherlands_-_eredivisie': { short: 'Eredivisie', aliases: [] },
  'portugal_-_primeira_liga': { short: 'Primeira Liga', aliases: ['Liga Portugal'] },
  'scotland_-_premiership': { short: 'Scottish Prem', aliases: ['SPFL', 'Scottish Premiership'] },
  'mexico_-_liga_mx': { short: 'Liga MX', aliases: [] },
};

/** The league's name as a game header shows it: its short name where bettors have one, else its own. */
export function leagueShortName(leagueId: string, name: string): string {
  return LEAGUE_NAMES[leagueId]?.short ?? name;
}

/**
 * How well a league answers a search (already `searchable`): 0 when the query is one of its names or
 * abbreviations ("epl", "nba"), 1 when it is part of them ("premier", "college"), null when neither.
 */
export function leagueSearchRank(
  league: { id: string; name: string; sportName: string; region: string | null },
  query: string,
): 0 | 1 | null {
  const names = LEAGUE_NAMES[league.id];
  const own = [league.name, ...(names ? [names.short, ...names.aliases] : [])].map(searchable);
  if (own.includes(query)) return 0;
  const all = [...own, searchable(league.sportName), searchable(league.region ?? '')];
  return all.some((text) => text.includes(query)) ? 1 : null;
}
