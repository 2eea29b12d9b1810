/**
 * Grading: GET /grader/odds (one selection) and POST /grader/odds (up to 25). A POST body is checked
 * field by field (src/domain/odds/grader-request-schema.ts, the rules the sandbox uses too) before it
 * can cost an upstream call, and asked as checked (the service answers in the order asked). A grade
 * is Pending until its game is over and final after: kept a minute, then a day once every game in
 * it is over.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { createGraderRequestCheck, MAX_GRADED_SELECTIONS } from '../../../src/domain/odds/grader-request-schema.ts';
import type { ProxiedAnswering } from '../answering.ts';
import { jsonError } from '../answer-response.ts';
import type { FreshnessPolicy } from '../answer-cache.ts';
import { everyGameOver, SETTLED_FRESH_MS } from '../settled-answers.ts';
import { upstreamQuestion } from '../upstream-request.ts';
import { bodyWithin } from './body-limit.ts';
import type { ProxiedRoute } from './proxied-route.ts';
import { resourceRoutes } from './resource.ts';

const GRADE_FRESHNESS: FreshnessPolicy = {
  freshMs: 60_000,
  staleMs: 60_000,
  settled: { freshMs: SETTLED_FRESH_MS, test: everyGameOver },
};

const GRADE_ONE: ProxiedRoute = {
  method: 'GET',
  path: '/grader/odds',
  query: {
    fixture_id: 'single',
    market: 'single',
    name: 'single',
    player_id: 'single',
    sport: 'single',
    league: 'single',
    show_live_results: 'boolean',
    void_substitutes: 'boolean',
  },
  freshness: GRADE_FRESHNESS,
};

const GRADE_MANY: ProxiedRoute = {
  method: 'POST',
  path: '/grader/odds',
  query: { show_live_results: 'boolean', void_substitutes: 'boolean' },
  freshness: GRADE_FRESHNESS,
};

export const GRADER_ROUTES: readonly ProxiedRoute[] = [GRADE_ONE, GRADE_MANY];

/** 25 selections are ~5 KB. */
const MAX_REQUEST_BODY_BYTES = 32 * 1024;
/** Enough problems to fix the request, few enough to read. */
const PROBLEMS_SHOWN = 8;

const checkRequest = createGraderRequestCheck({
  notJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object with selections.',
  required: 'required',
  notString: 'must be a string',
  selectionsNotArray: 'must be an array of selections',
  selectionCount: (count) => `grade 1 to ${MAX_GRADED_SELECTIONS} selections at a time, got ${count}`,
  selectionNotObject: 'must be an object with fixture_id, market and name',
  emptyText: 'must not be empty',
  textTooLong: (maxLength) => `longer than ${maxLength} characters`,
  badFixtureId: 'must be 1 to 100 printable characters without spaces',
});

export function graderRoutes(answering: ProxiedAnswering): Hono {
  const limitBody = bodyWithin(MAX_REQUEST_BODY_BYTES, (c) =>
    jsonError(c, 413, `Request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KB.`),
  );
  const gradeMany: MiddlewareHandler = async (c: Context) => {
    let text: string;
    try {
      text = await c.req.text();
    } catch {
      return jsonError(c, 400, 'The request body did not arrive whole.');
    }
    const check = checkRequest(text);
    if (check.kind === 'unreadable') return jsonError(c, 400, check.message);
    if (check.kind === 'invalid') {
      const { problems } = check;
      const more = problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '';
      return jsonError(c, 400, `Invalid grading request: ${problems.slice(0, PROBLEMS_SHOWN).join('; ')}${more}.`);
    }
    const search = new URL(c.req.url).searchParams;
    const question = upstreamQuestion(answering.target, GRADE_MANY, search, c.req.raw.headers, check.body);
    const served = await answering.answer(question, GRADE_MANY, answering.clientOf(c));
    return answering.respond(c, GRADE_MANY, served);
  };
  return resourceRoutes('/grader', [
    { route: GRADE_ONE, handlers: [answering.answerGet(GRADE_ONE)] },
    { route: GRADE_MANY, handlers: [limitBody, gradeMany] },
  ]);
}
