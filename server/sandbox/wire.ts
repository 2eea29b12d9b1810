/** The vendor's JSON shapes for fixtures and odds, and the odds formats a caller may ask for. */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { americanToDecimal } from '../../src/domain/odds.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { fixtureStatus, type ScheduledFixture } from './schedule.ts';
import type { Team } from './teams.ts';

export const SANDBOX_ODDS_FORMATS = ['american', 'decimal', 'probability'] as const;
export type SandboxOddsFormat = (typeof SANDBOX_ODDS_FORMATS)[number];

/** The requested format, `american` when absent, or null when the value is not supported. */
export function parseOddsFormat(value: string | undefined): SandboxOddsFormat | null {
  if (value === undefined || value === '') return 'american';
  const lower = value.toLowerCase();
  return SANDBOX_ODDS_FORMATS.find((format) => format === lower) ?? null;
}

export const ODDS_FORMAT_ERROR = `odds_format: expected one of ${SANDBOX_ODDS_FORMATS.join(', ')}`;

/** An American price in the requested format: decimals to 2 dp, probabilities to 4 dp. */
export function formatPrice(american: number, format: SandboxOddsFormat): number {
  if (format === 'american') return american;
  const decimal = americanToDecimal(american) ?? 1;
  return format === 'decimal' ? Math.round(decimal * 100) / 100 : Math.round(10_000 / decimal) / 10_000;
}

function competitorJson(team: Team) {
  return { id: team.id, name: team.name, abbreviation: team.abbreviation, logo: null };
}

export function fixtureJson(fixture: ScheduledFixture, nowMs: number) {
  const status = fixtureStatus(fixture, nowMs);
  return {
    id: fixture.id,
    numerical_id: fixture.numericalId,
    game_id: fixture.gameId,
    start_date: new Date(fixture.startMs).toISOString().replace('.000Z', 'Z'),
    home_competitors: [competitorJson(fixture.home)],
    away_competitors: [competitorJson(fixture.away)],
    home_team_display: fixture.home.name,
    away_team_display: fixture.away.name,
    status,
    is_live: status === 'live',
    season_type: 'Regular Season',
    season_year: fixture.localDate.slice(0, 4),
    season_week: null,
    venue_name: fixture.venueName,
    venue_location: null,
    venue_neutral: false,
    sport: { id: fixture.sport.id, name: fixture.sport.name, numerical_id: fixture.sport.numericalId },
    league: { id: fixture.league.id, name: fixture.league.name, numerical_id: fixture.league.numericalId },
    tournament: null,
    has_odds: true,
  };
}

export function oddJson(selection: FairSelection, book: Sportsbook, american: number, timestampSeconds: number, format: SandboxOddsFormat) {
  return {
    id: `${selection.fixtureId}:${bookKey(book)}:${selection.market.id}:${toIdentifier(selection.name)}`,
    sportsbook: book,
    market: selection.market.name,
    name: selection.name,
    is_main: selection.isMain,
    selection: selection.selection,
    selection_line: selection.selectionLine,
    points: selection.points,
    price: formatPrice(american, format),
    market_id: selection.market.id,
    grouping_key: selection.groupingKey,
    player_id: selection.playerId,
    team_id: selection.teamId,
    timestamp: timestampSeconds,
    deep_link: null,
  };
}
