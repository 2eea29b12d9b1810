/**
 * The answers of the historical odds, results, grader and injuries endpoints, read with valibot at
 * the boundary: the envelope strict (a wrong one is an ApiError), items forgiving (a bad line, row
 * or entry costs only itself). Where the vendor's definitions leave room, both readings are taken:
 * an instant as epoch seconds, milliseconds or an ISO string; no `olv` but a timeseries (the first
 * entry opens); a cancelled game graded as an error (code 109) reads as a void, Refunded.
 */
import * as v from 'valibot';
import { toIdentifier } from '../../domain/identifiers.ts';
import { sportsbookNamed } from '../../domain/sportsbooks.ts';
import {
  americanPriceSchema,
  fixtureSchema,
  invalidResponse,
  listEnvelope,
  nonEmptyText,
  optionalId,
  optionalNumber,
  optionalText,
  parseEnvelope,
  parseItems,
  safeItem,
  type ParsedList,
} from '../parse/schemas.ts';
import {
  GRADE_RESULTS,
  INJURY_STATUSES,
  type GameResult,
  type Grade,
  type GradeFailure,
  type Injury,
  type LineHistory,
  type LinePrice,
  type OddsHistory,
  type PlayerFigures,
  type PricePoint,
  type SideScore,
} from './types.ts';
import { gradeKey } from './grade-key.ts';

/** Epoch seconds (the odds' habit), milliseconds, or an ISO string: epoch ms either way. */
const instantSchema = v.pipe(
  v.union([v.pipe(v.number(), v.finite()), v.string()]),
  v.transform((value) => (typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value))),
  v.check((ms) => Number.isFinite(ms) && ms > 0, 'not an instant'),
);
const optionalInstant = v.fallback(v.nullish(instantSchema, null), null);

const linePriceSchema = v.fallback(
  v.nullish(
    v.pipe(
      v.object({ price: americanPriceSchema, points: optionalNumber }),
      v.transform((line): LinePrice => ({ price: line.price, points: line.points })),
    ),
    null,
  ),
  null,
);

const pricePointSchema = v.pipe(
  v.object({
    price: americanPriceSchema,
    points: optionalNumber,
    timestamp: instantSchema,
    locked: v.fallback(v.nullish(v.boolean(), false), false),
  }),
  v.transform((entry): PricePoint => ({
    price: entry.price,
    points: entry.points,
    at: entry.timestamp,
    locked: entry.locked,
  })),
);

const entriesSchema = v.pipe(
  v.fallback(v.nullish(v.array(v.unknown()), []), []),
  v.transform((items) => parseItems(items, safeItem(pricePointSchema)).items.sort((a, b) => a.at - b.at)),
);

const historyLineSchema = v.pipe(
  v.object({
    sportsbook: nonEmptyText,
    market: nonEmptyText,
    market_id: optionalText,
    name: nonEmptyText,
    selection: optionalText,
    selection_line: v.fallback(v.nullish(v.picklist(['over', 'under']), null), null),
    points: optionalNumber,
    is_main: v.fallback(v.nullish(v.boolean(), false), false),
    player_id: optionalId,
    team_id: optionalId,
    olv: linePriceSchema,
    clv: linePriceSchema,
    entries: entriesSchema,
  }),
  v.transform((line): LineHistory | null => {
    const sportsbook = sportsbookNamed(line.sportsbook);
    if (!sportsbook) return null;
    const [first] = line.entries;
    return {
      sportsbook,
      market: line.market,
      marketId: line.market_id ?? toIdentifier(line.market),
      name: line.name,
      selection: line.selection ?? line.name,
      selectionLine: line.selection_line,
      points: line.points,
      isMain: line.is_main,
      playerId: line.player_id,
      teamId: line.team_id,
      opening: line.olv ?? (first ? { price: first.price, points: first.points } : null),
      closing: line.clv,
      entries: line.entries,
    };
  }),
);

export interface ParsedOddsHistory {
  /** Null when the service knows no such game (an empty `data`). */
  history: OddsHistory | null;
  /** Lines unreadable or at books outside the ten. */
  dropped: number;
}

export function parseOddsHistoryBody(body: unknown): ParsedOddsHistory {
  const envelope = parseEnvelope(listEnvelope, body, '/fixtures/odds/historical');
  const [first] = envelope.data;
  if (first === undefined) return { history: null, dropped: 0 };
  const fixture = safeItem(fixtureSchema)(first);
  const odds = safeItem(v.object({ odds: v.array(v.unknown()) }))(first);
  if (!fixture || !odds) throw invalidResponse('/fixtures/odds/historical');
  const lines = parseItems(odds.odds, (item) => safeItem(historyLineSchema)(item));
  return { history: { fixture, lines: lines.items }, dropped: lines.dropped };
}

const sideScoreSchema = v.pipe(
  v.object({
    total: v.pipe(v.number(), v.finite()),
    periods: v.fallback(v.nullish(v.record(v.string(), v.pipe(v.number(), v.finite())), {}), {}),
  }),
  v.transform((side): SideScore => ({ total: side.total, periods: side.periods })),
);

const playerFiguresSchema = v.pipe(
  v.object({
    player: v.object({ id: v.pipe(optionalId, v.nonNullable(v.string())), name: nonEmptyText }),
    team: v.fallback(v.nullish(v.object({ id: optionalId }), null), null),
    stats: v.fallback(v.nullish(v.record(v.string(), v.pipe(v.number(), v.finite())), {}), {}),
  }),
  v.transform((row): PlayerFigures => ({
    playerId: row.player.id,
    playerName: row.player.name,
    teamId: row.team?.id ?? null,
    stats: row.stats,
  })),
);

const resultSchema = v.pipe(
  v.object({
    fixture: fixtureSchema,
    scores: v.fallback(v.nullish(v.object({ home: sideScoreSchema, away: sideScoreSchema }), null), null),
    in_play: v.fallback(
      v.nullish(v.object({ period: v.fallback(v.nullish(v.union([v.string(), v.number()]), null), null) }), null),
      null,
    ),
    stats: v.fallback(
      v.nullish(v.object({ players: v.fallback(v.nullish(v.array(v.unknown()), []), []) }), null),
      null,
    ),
    last_checked_at: optionalInstant,
  }),
  v.transform((row): GameResult => ({
    fixture: row.fixture,
    scores: row.scores,
    periodInPlay: row.in_play?.period === null || row.in_play?.period === undefined ? null : String(row.in_play.period),
    players: parseItems(row.stats?.players ?? [], safeItem(playerFiguresSchema)).items,
    checkedAt: row.last_checked_at,
  })),
);

export function parseResultsBody(body: unknown): ParsedList<GameResult> {
  const envelope = parseEnvelope(listEnvelope, body, '/fixtures/results');
  return parseItems(envelope.data, safeItem(resultSchema));
}

const gradedRowSchema = v.object({
  fixture_id: nonEmptyText,
  market: nonEmptyText,
  name: nonEmptyText,
  result: v.picklist(GRADE_RESULTS),
  status: v.fallback(v.nullish(v.string(), 'Unknown'), 'Unknown'),
  home_score: optionalNumber,
  away_score: optionalNumber,
  player_score: optionalNumber,
});

const gradeErrorSchema = v.object({
  fixture_id: nonEmptyText,
  market: nonEmptyText,
  name: nonEmptyText,
  message: v.fallback(v.nullish(v.string(), null), null),
  error: v.fallback(v.nullish(v.string(), null), null),
  code: optionalNumber,
});

/** The service's code for "Game has been canceled": every bet on it is void. */
const CANCELLED_GAME_CODE = 109;

export type GradedRow = Omit<Grade, 'request'> & { key: string };
export type GradeErrorRow = Omit<GradeFailure, 'request'> & { key: string };

function gradedRow(row: v.InferOutput<typeof gradedRowSchema>): GradedRow {
  return {
    key: gradeKey({ fixtureId: row.fixture_id, market: row.market, name: row.name }),
    result: row.result,
    status: row.status,
    homeScore: row.home_score,
    awayScore: row.away_score,
    playerScore: row.player_score,
  };
}

function errorRow(row: v.InferOutput<typeof gradeErrorSchema>): GradedRow | GradeErrorRow {
  const key = gradeKey({ fixtureId: row.fixture_id, market: row.market, name: row.name });
  if (row.code === CANCELLED_GAME_CODE)
    return { key, result: 'Refunded', status: 'Cancelled', homeScore: null, awayScore: null, playerScore: null };
  return { key, message: row.message ?? row.error ?? 'The grader could not grade this selection.', code: row.code };
}

export interface ParsedGrades {
  graded: GradedRow[];
  errors: GradeErrorRow[];
  dropped: number;
}

const gradesEnvelope = v.object({
  data: v.array(v.unknown()),
  errors: v.fallback(v.nullish(v.array(v.unknown()), []), []),
});

export function parseGradesBody(body: unknown): ParsedGrades {
  const envelope = parseEnvelope(gradesEnvelope, body, '/grader/odds');
  const graded = parseItems(envelope.data, safeItem(v.pipe(gradedRowSchema, v.transform(gradedRow))));
  const errors = parseItems(envelope.errors, safeItem(v.pipe(gradeErrorSchema, v.transform(errorRow))));
  return {
    graded: [...graded.items, ...errors.items.filter((row): row is GradedRow => 'result' in row)],
    errors: errors.items.filter((row): row is GradeErrorRow => !('result' in row)),
    dropped: graded.dropped + errors.dropped,
  };
}

/** GET /grader/odds: `{data: row}`. */
export function parseGradeBody(body: unknown): GradedRow {
  return gradedRow(parseEnvelope(v.object({ data: gradedRowSchema }), body, '/grader/odds').data);
}

const injurySchema = v.pipe(
  v.object({
    player: v.object({ id: v.pipe(optionalId, v.nonNullable(v.string())), name: nonEmptyText, position: optionalText }),
    team: v.fallback(v.nullish(v.object({ id: optionalId, name: optionalText }), null), null),
    league: v.fallback(v.nullish(v.object({ id: optionalId }), null), null),
    status: nonEmptyText,
    type: optionalText,
    description: optionalText,
    expected_return: optionalText,
    updated_at: optionalInstant,
  }),
  v.transform((row): Injury => {
    const known = INJURY_STATUSES.find((status) => status.toLowerCase() === row.status.toLowerCase());
    return {
      playerId: row.player.id,
      playerName: row.player.name,
      position: row.player.position,
      teamId: row.team?.id ?? null,
      teamName: row.team?.name ?? null,
      leagueId: row.league?.id ?? null,
      status: known ?? 'Other',
      statusText: row.status,
      type: row.type,
      description: row.description,
      expectedReturn: row.expected_return,
      updatedAt: row.updated_at,
    };
  }),
);

export interface ParsedInjuryPage extends ParsedList<Injury> {
  hasMore: boolean;
}

export function parseInjuriesBody(body: unknown): ParsedInjuryPage {
  const envelope = parseEnvelope(
    v.object({ data: v.array(v.unknown()), has_more: v.fallback(v.nullish(v.boolean(), false), false) }),
    body,
    '/injuries',
  );
  return { ...parseItems(envelope.data, safeItem(injurySchema)), hasMore: envelope.has_more };
}
