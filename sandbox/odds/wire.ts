/** The vendor's JSON shapes for fixtures and odds, and the six odds formats a caller may ask for. */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { hash32 } from '../shared/hash.ts';
import { fixtureStatus, isInPlay, type ScheduledFixture } from '../schedule/schedule.ts';
import type { Team } from '../catalog/teams/teams.ts';

const SANDBOX_ODDS_FORMATS = ['american', 'decimal', 'probability', 'malay', 'hong_kong', 'indonesian'] as const;
export type SandboxOddsFormat = (typeof SANDBOX_ODDS_FORMATS)[number];

/** The requested format, `american` when absent, or null when the value is not supported. */
export function parseOddsFormat(value: string | undefined): SandboxOddsFormat | null {
  if (value === undefined || value === '') return 'american';
  const lower = value.toLowerCase();
  return SANDBOX_ODDS_FORMATS.find((format) => format === lower) ?? null;
}

export const ODDS_FORMAT_ERROR = `odds_format: expected one of ${SANDBOX_ODDS_FORMATS.join(', ')}`;

function twoPlaces(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * An American price in the requested format: decimal and the Asian formats to 2 dp, probability
 * to 4 dp. Hong Kong = profit per unit; Malay = the same up to 1, else -1/HK; Indonesian = the
 * American price over 100 (HK above 1, -1/HK below).
 */
export function formatPrice(american: number, format: SandboxOddsFormat): number {
  if (format === 'american') return american;
  const decimal = americanToDecimal(american) ?? 1;
  const profit = decimal - 1;
  switch (format) {
    case 'decimal':
      return twoPlaces(decimal);
    case 'probability':
      return Math.round(10_000 / decimal) / 10_000;
    case 'hong_kong':
      return twoPlaces(profit);
    case 'malay':
      return twoPlaces(profit <= 1 ? profit : -1 / profit);
    case 'indonesian':
      return twoPlaces(profit >= 1 ? profit : -1 / profit);
  }
}

function competitorJson(team: Team) {
  return {
    id: team.id,
    name: team.name,
    abbreviation: team.abbreviation,
    base_id: team.baseId,
    numerical_id: team.numericalId,
    logo: null,
  };
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function fixtureJson(fixture: ScheduledFixture, nowMs: number) {
  const status = fixtureStatus(fixture, nowMs);
  const rotation = 100 + 2 * (fixture.numericalId % 450);
  return {
    id: fixture.id,
    numerical_id: fixture.numericalId,
    game_id: fixture.gameId,
    start_date: isoSeconds(fixture.startMs),
    home_competitors: [competitorJson(fixture.home)],
    away_competitors: [competitorJson(fixture.away)],
    home_team_display: fixture.home.name,
    away_team_display: fixture.away.name,
    home_rotation_number: rotation + 1,
    away_rotation_number: rotation,
    status,
    is_live: isInPlay(status),
    season_type: 'Regular Season',
    season_year: fixture.localDate.slice(0, 4),
    season_week: null,
    venue_name: fixture.venueName,
    venue_location: null,
    venue_neutral: false,
    sport: { id: fixture.sport.id, name: fixture.sport.name, numerical_id: fixture.sport.numericalId },
    league: { id: fixture.league.id, name: fixture.league.name, numerical_id: fixture.league.numericalId },
    tournament: null,
    has_odds: status !== 'cancelled',
    source_ids: {},
    // The listing changes when the status does: at the start (or delay) and at the end.
    updated_at: isoSeconds(Math.min(nowMs, status === 'unplayed' ? fixture.startMs - 86_400_000 : fixture.startMs)),
  };
}

/** Links a book's apps and site would open; on a domain that never resolves (`.invalid`). */
function deepLink(book: Sportsbook, fixtureId: string, outcome: string) {
  const base = `https://sportsbook.${bookKey(book).replace(/_/g, '')}.sandbox.invalid`;
  const event = encodeURIComponent(fixtureId);
  return {
    android: `${base}/app/android/event/${event}?outcome=${outcome}&source=opticodds`,
    desktop: `${base}/event/${event}?outcome=${outcome}&source=opticodds`,
    ios: `${base}/app/ios/event/${event}?outcome=${outcome}&source=opticodds`,
  };
}

/** An exchange's resting liquidity at and behind the quoted price (Novig). */
export interface ExchangeDepth {
  maxStake: number;
  levels: readonly { american: number; size: number }[];
}

export interface OddWireInput {
  selection: FairSelection;
  book: Sportsbook;
  american: number;
  timestampSeconds: number;
  format: SandboxOddsFormat;
  exchange: ExchangeDepth | null;
}

export function oddJson({ selection, book, american, timestampSeconds, format, exchange }: OddWireInput) {
  const id = `${selection.fixtureId}:${bookKey(book)}:${selection.market.id}:${toIdentifier(selection.name)}`;
  const outcome = hash32('outcome', id).toString(16).padStart(8, '0');
  return {
    id,
    sportsbook: book,
    market: selection.market.name,
    name: selection.name,
    is_main: selection.isMain,
    selection: selection.selection,
    normalized_selection: selection.normalizedSelection,
    selection_line: selection.selectionLine,
    points: selection.points,
    price: formatPrice(american, format),
    timestamp: timestampSeconds,
    grouping_key: selection.groupingKey,
    market_id: selection.market.id,
    player_id: selection.playerId,
    team_id: selection.teamId,
    limits: exchange ? { max: exchange.maxStake } : null,
    ...(exchange
      ? {
          order_book: exchange.levels.map((level) => ({
            price: formatPrice(level.american, format),
            size: level.size,
          })),
        }
      : {}),
    source_ids: {
      market_id: hash32('source-market', selection.fixtureId, book, selection.groupId).toString(16).padStart(8, '0'),
      selection_id: outcome,
    },
    deep_link: deepLink(book, selection.fixtureId, outcome),
  };
}
