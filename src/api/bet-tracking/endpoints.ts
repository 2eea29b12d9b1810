/**
 * The endpoints the screens after the bet read: a line's history (the chart), games' results and
 * their selections' grades (the bet log), and injuries (legs on injured players). Each asks within
 * the service's limits - five books a history call, 50 games a results call, 25 selections a
 * grading call - splitting a larger question into as few calls as it can and merging the answers.
 * Their schemas load with the first request (they are for screens the first paint never shows).
 */
import { MAX_GRADED_SELECTIONS } from '../../domain/odds/grader-request-schema.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { createTransport, warnDropped, type OddsClientOptions } from '../client.ts';
import { requestJson, unique, type HttpTransport } from '../http.ts';
import type { DroppedReport, RequestOptions } from '../types.ts';
import { gradeKey } from './grade-key.ts';
import type { GradedRow } from './schemas.ts';
import type { GameResult, Grade, GradeBatch, GradeRequest, Injury, LineHistory, OddsHistory } from './types.ts';

/** The service's limits per call. */
const MAX_HISTORY_BOOKS = 5;
const MAX_RESULT_FIXTURES = 50;
/** fetchInjuries stops here even if the service says there is more. */
const MAX_INJURY_PAGES = 20;

export interface OddsHistoryParams {
  fixtureId: string;
  /** Any number of the ten: asked five a call. */
  sportsbooks: readonly Sportsbook[];
  /** Market names or ids; the service needs at least one with the timeseries. */
  markets?: readonly string[];
  isMain?: boolean;
  /** Every price listed, not only the opening and closing ones. */
  includeTimeseries?: boolean;
  /** With the timeseries: the moments a line was suspended, too. */
  includeLocked?: boolean;
}

export interface BetTrackingEndpoints {
  /**
   * A game's lines at the books asked: opening and closing prices and, with `includeTimeseries`,
   * every price listed since the line opened. Null when the service knows no such game.
   */
  fetchOddsHistory(params: OddsHistoryParams, options?: RequestOptions): Promise<OddsHistory | null>;
  /** Games' scores and players' figures, in the order asked (games the service does not know left out). */
  fetchResults(params: { fixtureIds: readonly string[] }, options?: RequestOptions): Promise<GameResult[]>;
  /** One selection's grade (GET /grader/odds); a selection it cannot grade is an ApiError. */
  gradeSelection(params: GradeRequest & { showLiveResults?: boolean }, options?: RequestOptions): Promise<Grade>;
  /**
   * Grades any number of selections, 25 a call (POST /grader/odds): each asked once, each answered
   * by a grade or a failure in the service's words.
   */
  gradeSelections(
    params: { selections: readonly GradeRequest[]; showLiveResults?: boolean },
    options?: RequestOptions,
  ): Promise<GradeBatch>;
  /** The injury report of some leagues or teams (every page). */
  fetchInjuries(
    params: { leagues?: readonly string[]; teamIds?: readonly string[] },
    options?: RequestOptions,
  ): Promise<Injury[]>;
}

function loadSchemas(): Promise<typeof import('./schemas.ts')> {
  const schemas = import('./schemas.ts');
  // Awaited after the request; a failed load rejects there.
  schemas.catch(() => undefined);
  return schemas;
}

function chunks<Item>(items: readonly Item[], size: number): Item[][] {
  const out: Item[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

function gradeOf(request: GradeRequest, row: GradedRow): Grade {
  const { result, status, homeScore, awayScore, playerScore } = row;
  return { request, result, status, homeScore, awayScore, playerScore };
}

function createBetTrackingEndpoints(
  transport: HttpTransport,
  onDropped: (report: DroppedReport) => void,
): BetTrackingEndpoints {
  const reportDropped = (path: string, count: number, detail: string) => {
    if (count > 0) onDropped({ path, count, detail });
  };

  const gradeBatch = async (
    selections: readonly GradeRequest[],
    showLiveResults: boolean | undefined,
    signal: AbortSignal | undefined,
  ): Promise<GradeBatch> => {
    const schemas = loadSchemas();
    const body = await requestJson(transport, {
      method: 'POST',
      path: '/grader/odds',
      query: { show_live_results: showLiveResults },
      body: {
        selections: selections.map(({ fixtureId, market, name, playerId }) =>
          playerId === undefined
            ? { fixture_id: fixtureId, market, name }
            : { fixture_id: fixtureId, market, name, player_id: playerId },
        ),
      },
      signal,
    });
    const { parseGradesBody } = await schemas;
    const parsed = parseGradesBody(body);
    reportDropped('/grader/odds', parsed.dropped, 'unreadable grades');
    const graded = new Map(parsed.graded.map((row) => [row.key, row]));
    const failed = new Map(parsed.errors.map((row) => [row.key, row]));
    const batch: GradeBatch = { grades: [], failures: [] };
    for (const request of selections) {
      const key = gradeKey(request);
      const row = graded.get(key);
      const error = failed.get(key);
      if (row) batch.grades.push(gradeOf(request, row));
      else if (error) batch.failures.push({ request, message: error.message, code: error.code });
      else batch.failures.push({ request, message: 'The grader did not answer for this selection.', code: null });
    }
    return batch;
  };

  return {
    async fetchOddsHistory(params, { signal } = {}) {
      const schemas = loadSchemas();
      const books = unique(params.sportsbooks);
      const answers = await Promise.all(
        chunks(books, MAX_HISTORY_BOOKS).map((sportsbook) =>
          requestJson(transport, {
            method: 'GET',
            path: '/fixtures/odds/historical',
            query: {
              fixture_id: params.fixtureId,
              sportsbook,
              market: params.markets === undefined ? undefined : unique(params.markets),
              is_main: params.isMain,
              include_timeseries: params.includeTimeseries,
              include_locked: params.includeLocked,
            },
            signal,
          }),
        ),
      );
      const { parseOddsHistoryBody } = await schemas;
      let history: OddsHistory | null = null;
      const lines: LineHistory[] = [];
      for (const body of answers) {
        const parsed = parseOddsHistoryBody(body);
        reportDropped('/fixtures/odds/historical', parsed.dropped, 'unreadable lines or books outside the ten');
        if (!parsed.history) continue;
        history ??= parsed.history;
        // Only the books asked in that call: a book answered twice is kept once.
        lines.push(...parsed.history.lines.filter((line) => books.includes(line.sportsbook)));
      }
      return history && { fixture: history.fixture, lines };
    },

    async fetchResults({ fixtureIds }, { signal } = {}) {
      const ids = unique(fixtureIds);
      if (ids.length === 0) return [];
      const schemas = loadSchemas();
      const answers = await Promise.all(
        chunks(ids, MAX_RESULT_FIXTURES).map((fixture_id) =>
          requestJson(transport, { method: 'GET', path: '/fixtures/results', query: { fixture_id }, signal }),
        ),
      );
      const { parseResultsBody } = await schemas;
      const byId = new Map<string, GameResult>();
      for (const body of answers) {
        const parsed = parseResultsBody(body);
        reportDropped('/fixtures/results', parsed.dropped, 'unreadable results');
        for (const result of parsed.items) byId.set(result.fixture.id, result);
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async gradeSelection({ showLiveResults, ...request }, { signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, {
        method: 'GET',
        path: '/grader/odds',
        query: {
          fixture_id: request.fixtureId,
          market: request.market,
          name: request.name,
          player_id: request.playerId,
          show_live_results: showLiveResults,
        },
        signal,
      });
      return gradeOf(request, (await schemas).parseGradeBody(body));
    },

    async gradeSelections({ selections, showLiveResults }, { signal } = {}) {
      // Each selection once: a leg shared by two logged parlays is one question.
      const distinct = [...new Map(selections.map((selection) => [gradeKey(selection), selection])).values()];
      const batches = await Promise.all(
        chunks(distinct, MAX_GRADED_SELECTIONS).map((batch) => gradeBatch(batch, showLiveResults, signal)),
      );
      return {
        grades: batches.flatMap((batch) => batch.grades),
        failures: batches.flatMap((batch) => batch.failures),
      };
    },

    async fetchInjuries({ leagues = [], teamIds = [] }, { signal } = {}) {
      if (leagues.length === 0 && teamIds.length === 0) return [];
      const schemas = loadSchemas();
      const injuries: Injury[] = [];
      for (let page = 1; page <= MAX_INJURY_PAGES; page += 1) {
        const body = await requestJson(transport, {
          method: 'GET',
          path: '/injuries',
          query: {
            league: leagues.length > 0 ? unique(leagues) : undefined,
            team_id: teamIds.length > 0 ? unique(teamIds) : undefined,
            page,
          },
          signal,
        });
        const parsed = (await schemas).parseInjuriesBody(body);
        reportDropped('/injuries', parsed.dropped, 'unreadable injury rows');
        injuries.push(...parsed.items);
        if (!parsed.hasMore) break;
      }
      return injuries;
    },
  };
}

/** The client of the screens after the bet, on the same options (and transport) as the odds client. */
export function createBetTrackingClient(options: OddsClientOptions): BetTrackingEndpoints {
  return createBetTrackingEndpoints(createTransport(options), options.onDropped ?? warnDropped);
}
