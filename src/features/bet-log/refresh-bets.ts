/**
 * What the log learns once games are played: each leg's grade and its closing prices.
 *
 * - Grades: the games of legs not yet final are looked up (results, 50 games a call); the legs of
 *   games that are over (completed or cancelled) are graded through the grader, 25 a call across
 *   every logged bet, each selection asked once. A grade is kept in the log: a final one is never
 *   asked again.
 * - Closing prices: once a leg's game has started, its market's history at all ten books (five
 *   books a call) gives the book's closing price and the closing fair price; looked up once, a few
 *   games a refresh (the service allows few history calls).
 */
import type { BetTrackingEndpoints } from '../../api/bet-tracking/endpoints.ts';
import { gradeKey } from '../../api/bet-tracking/grade-key.ts';
import type { Grade, LineHistory } from '../../api/bet-tracking/types.ts';
import { FINAL_LEG_RESULTS, type BetRecord, type LoggedLeg } from '../../domain/bet-log/bet-record.ts';
import { closingPricesOf, type ClosingPrices } from '../../domain/bet-log/clv.ts';
import type { OddsRow } from '../../domain/fair-value/market-sides.ts';
import { americanToDecimal } from '../../domain/odds/odds.ts';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';

const OVER = new Set(['completed', 'cancelled']);
/**
 * Games whose closes one refresh looks up (two history calls each, five books a call): the service
 * allows ten history calls in its window, so a long log fills in its closes over a few refreshes.
 */
const HISTORY_GAMES_PER_REFRESH = 4;

const isFinal = (leg: LoggedLeg) => leg.result !== null && FINAL_LEG_RESULTS.has(leg.result);
/** A leg whose game has begun by `now` (a leg with no known start is asked about). */
const hasStarted = (leg: LoggedLeg, now: number) => {
  const start = Date.parse(leg.game?.startDate ?? '');
  return Number.isNaN(start) || start <= now;
};

export interface RefreshOutcome {
  /** The bets that learnt something, as they are now. */
  updated: BetRecord[];
  /** Selections the grader could not grade, in its words. */
  failures: string[];
}

function closingRowsOf(lines: readonly LineHistory[]): OddsRow[] {
  return lines.flatMap((line) => {
    const decimal = line.closing === null ? null : americanToDecimal(line.closing.price);
    if (decimal === null) return [];
    return [
      {
        sportsbook: line.sportsbook,
        marketId: line.marketId,
        market: line.market,
        name: line.name,
        groupingKey: null,
        selectionLine: line.selectionLine,
        points: line.closing?.points ?? line.points,
        decimalPrice: decimal,
        playerId: line.playerId,
      },
    ];
  });
}

async function gradesFor(
  client: BetTrackingEndpoints,
  bets: readonly BetRecord[],
  now: number,
  signal: AbortSignal | undefined,
) {
  const open = bets.flatMap((bet) => bet.legs.filter((leg) => !isFinal(leg) && hasStarted(leg, now)));
  const results = await client.fetchResults({ fixtureIds: open.map((leg) => leg.fixtureId) }, { signal });
  const over = new Set(
    results.filter((result) => OVER.has(result.fixture.status.toLowerCase())).map((r) => r.fixture.id),
  );
  const toGrade = open.filter((leg) => over.has(leg.fixtureId));
  if (toGrade.length === 0) return { grades: new Map<string, Grade>(), failures: [] };
  const batch = await client.gradeSelections(
    { selections: toGrade.map(({ fixtureId, market, name }) => ({ fixtureId, market, name })) },
    { signal },
  );
  return {
    grades: new Map(batch.grades.map((grade) => [gradeKey(grade.request), grade])),
    failures: batch.failures.map(
      (failure) => `${failure.request.name} (${failure.request.market}): ${failure.message}`,
    ),
  };
}

/** Each started game's closing rows, for the markets its unchecked legs are in. */
async function closingRowsFor(
  client: BetTrackingEndpoints,
  bets: readonly BetRecord[],
  now: number,
  signal: AbortSignal | undefined,
) {
  const marketsByFixture = new Map<string, Set<string>>();
  for (const leg of bets.flatMap((bet) => bet.legs)) {
    if (leg.closingChecked || !hasStarted(leg, now)) continue;
    marketsByFixture.set(leg.fixtureId, (marketsByFixture.get(leg.fixtureId) ?? new Set()).add(leg.market));
  }
  const rows = new Map<string, OddsRow[]>();
  await Promise.all(
    [...marketsByFixture].slice(0, HISTORY_GAMES_PER_REFRESH).map(async ([fixtureId, markets]) => {
      // The service allows few history calls: one refused (429) is asked again at the next refresh.
      const history = await client
        .fetchOddsHistory({ fixtureId, sportsbooks: SPORTSBOOKS, markets: [...markets] }, { signal })
        .catch(() => null);
      // Before the start there is no close yet; an unanswered or unknown game is looked up again later.
      if (history === null || history.fixture.status.toLowerCase() === 'unplayed') return;
      rows.set(fixtureId, closingRowsOf(history.lines));
    }),
  );
  return rows;
}

export async function refreshBets(
  client: BetTrackingEndpoints,
  bets: readonly BetRecord[],
  now: number,
  signal?: AbortSignal,
): Promise<RefreshOutcome> {
  const [{ grades, failures }, closingRows] = await Promise.all([
    gradesFor(client, bets, now, signal),
    closingRowsFor(client, bets, now, signal),
  ]);
  const updated: BetRecord[] = [];
  for (const bet of bets) {
    let changed = false;
    const legs = bet.legs.map((leg) => {
      const grade = isFinal(leg) ? undefined : grades.get(gradeKey(leg));
      const rows = leg.closingChecked ? undefined : closingRows.get(leg.fixtureId);
      if (grade === undefined && rows === undefined) return leg;
      const closing: ClosingPrices | null = rows === undefined ? null : closingPricesOf(rows, leg, bet.book);
      const next: LoggedLeg = {
        ...leg,
        ...(grade !== undefined && grade.result !== leg.result ? { result: grade.result, gradedAt: now } : {}),
        ...(closing !== null
          ? { closingDecimal: closing.bookDecimal, closingFairDecimal: closing.fairDecimal, closingChecked: true }
          : {}),
      };
      changed ||= next.result !== leg.result || next.closingChecked !== leg.closingChecked;
      return next;
    });
    if (changed) updated.push({ ...bet, legs });
  }
  return { updated, failures };
}

/** Whether a refresh could teach the log anything at `now`. */
export function hasWorkAt(bets: readonly BetRecord[], now: number): boolean {
  return bets.some((bet) => bet.legs.some((leg) => hasStarted(leg, now) && (!isFinal(leg) || !leg.closingChecked)));
}
