/**
 * GET /grader/odds (one selection) and POST /grader/odds (up to 25 at once). GET answers
 * `{data: graded}` or the grader's error `{message, code}` (404 for an unknown game, 400 for a bet it
 * cannot grade); POST answers `{data: [graded...], errors: [{fixture_id, market, name, message, code}]}`
 * in request order, and 400 field by field for a malformed body before grading anything.
 */
import type { Context } from 'hono';
import { createGraderRequestCheck, MAX_GRADED_SELECTIONS } from '../../src/domain/odds/grader-request-schema.ts';
import type { SandboxState } from '../state.ts';
import { errorResponse } from '../routes/guards.ts';
import { jsonAnswer } from '../routes/json-answer.ts';
import { catalogDelay, parseBoolean } from '../routes/route-helpers.ts';
import { gradeAt, type GradeAnswer } from './grader.ts';

const checkBody = createGraderRequestCheck({
  notJson: 'invalid JSON body',
  notObject: 'body must be an object with selections',
  required: 'required',
  notString: 'expected a string',
  selectionsNotArray: 'expected an array',
  selectionCount: (count) => `expected 1 to ${MAX_GRADED_SELECTIONS} selections, got ${count}`,
  selectionNotObject: 'expected an object',
  emptyText: 'must not be empty',
  textTooLong: (maxLength) => `at most ${maxLength} characters`,
  badFixtureId: 'not a fixture id',
});

function showLive(context: Context): boolean | null {
  // The vendor's docs spell it both ways.
  const value = parseBoolean(context.req.query('show_live_results') ?? context.req.query('show_live_result'));
  return value === null ? null : value === true;
}

function errorJson(answer: Extract<GradeAnswer, { kind: 'error' }>) {
  return { message: answer.message, code: answer.code };
}

export function gradeOneHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const fixtureId = context.req.query('fixture_id');
    const market = context.req.query('market');
    const name = context.req.query('name');
    const missing = [
      ['fixture_id', fixtureId],
      ['market', market],
      ['name', name],
    ].filter(([, value]) => value === undefined || value === '');
    if (missing.length > 0)
      return errorResponse(context, 400, `${missing.map(([field]) => field).join(', ')}: required`);
    const live = showLive(context);
    if (live === null) return errorResponse(context, 400, 'show_live_results: expected true or false');
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const answer = gradeAt(
      state,
      {
        fixtureId: fixtureId ?? '',
        market: market ?? '',
        name: name ?? '',
        playerId: context.req.query('player_id') || undefined,
        showLiveResults: live,
      },
      state.now(),
    );
    if (answer.kind === 'error') return jsonAnswer(context, errorJson(answer), answer.status);
    return jsonAnswer(context, { data: answer.row });
  };
}

export function gradeManyHandler(state: SandboxState) {
  return async (context: Context): Promise<Response> => {
    const check = checkBody(await context.req.text());
    if (check.kind === 'unreadable') return errorResponse(context, 400, check.message);
    if (check.kind === 'invalid') return errorResponse(context, 400, check.problems.join('; '));
    const live = showLive(context);
    if (live === null) return errorResponse(context, 400, 'show_live_results: expected true or false');
    const delayed = await catalogDelay(context, state);
    if (delayed) return delayed;
    const nowMs = state.now();
    const data: unknown[] = [];
    const errors: unknown[] = [];
    for (const selection of check.body.selections) {
      const answer = gradeAt(
        state,
        {
          fixtureId: selection.fixture_id,
          market: selection.market,
          name: selection.name,
          playerId: selection.player_id,
          showLiveResults: live,
        },
        nowMs,
      );
      if (answer.kind === 'graded') data.push(answer.row);
      else
        errors.push({
          fixture_id: selection.fixture_id,
          market: selection.market,
          name: selection.name,
          ...errorJson(answer),
        });
    }
    return jsonAnswer(context, { data, errors });
  };
}
