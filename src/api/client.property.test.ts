/**
 * The HTTP layer and the client under fuzz (arbitrary status, headers and body, or a fetch that throws)
 * end as typed data or one ApiError with a known kind; the key never shows in what users or logs
 * get; Retry-After is read as whole seconds or not at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS, type Sportsbook } from '../domain/sportsbooks.ts';
import { checkProperty } from '../test/fuzz.ts';
import { createOddsClient } from './client.ts';
import { API_ERROR_KINDS, isApiError } from './errors.ts';
import { kindForStatus, parseRetryAfter } from './http.ts';

const KEY = 'fuzz-secret-key-7f3a';
const RUNS = 700;
/** Fuzzed answers carry odds the parser drops; client.test.ts checks how drops are reported. */
const ignoreDrops = () => undefined;

const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const status = fc.oneof(
  { arbitrary: fc.constant(200), weight: 4 },
  fc.constantFrom(201, 204, 301, 302, 400, 401, 403, 404, 405, 413, 418, 429, 500, 502, 503, 504),
  fc.integer({ min: 200, max: 599 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/html',
  'text/plain',
  '',
  'application/octet-stream',
);
const retryAfter = fc.option(
  fc.oneof(
    fc.nat({ max: 100_000 }).map(String),
    fc.string(),
    fc.constantFrom('Wed, 21 Oct 2015 07:28:00 GMT', '  7 ', '-3', '1.5', '9'.repeat(30)),
  ),
);
const parlayish = fc.oneof(
  fc.dictionary(fc.constantFrom(...SPORTSBOOKS, 'data', 'error'), fc.jsonValue(), { maxKeys: 4 }),
  fc.record({
    data: fc.dictionary(
      fc.constantFrom(...SPORTSBOOKS),
      fc.record({ error: fc.option(fc.string()), legs: fc.jsonValue(), price: fc.jsonValue() }, { requiredKeys: [] }),
    ),
  }),
);
const bodyText = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  parlayish.map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constantFrom(
    '',
    '<html><body>502 Bad Gateway</body></html>',
    '{"data": [',
    '{"error": "API key is required"}',
    `{"error": "bad key ${KEY}"}`,
    `key ${KEY} refused`,
    'null',
    '[]',
  ),
  fc
    .jsonValue()
    .map((value) => JSON.stringify(value))
    .map((text) => text.slice(0, Math.floor(text.length / 2))),
);
const answer = fc.record({
  status,
  contentType,
  retryAfter,
  body: bodyText,
  throws: fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, fc.constant(true)),
});
type Answer = typeof answer extends fc.Arbitrary<infer T> ? T : never;

function fakeFetch(planned: Answer) {
  return async (): Promise<Response> => {
    if (planned.throws) throw new TypeError(`fetch failed (${KEY})`);
    const headers = new Headers();
    if (planned.contentType !== '') headers.set('content-type', planned.contentType);
    if (planned.retryAfter !== null) headers.set('retry-after', planned.retryAfter.replace(/[^\t\x20-\x7e]/g, ''));
    return new Response(NULL_BODY_STATUSES.has(planned.status) ? null : planned.body, {
      status: planned.status,
      headers,
    });
  };
}

/** The client's promise, settled: its value, or the error it rejected with. */
async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

function expectWellFormedApiError(error: unknown, planned: Answer) {
  expect(isApiError(error)).toBe(true);
  if (!isApiError(error)) return;
  expect(API_ERROR_KINDS).toContain(error.kind);
  if (planned.throws) expect(error.kind).toBe('network');
  else if (planned.status < 200 || planned.status >= 300) expect(error.kind).toBe(kindForStatus(planned.status));
  else expect(error.kind).toBe('invalid_response');
  // What could reach a user or a log: never the key, never a wall of text.
  expect(error.detail === null || (error.detail.length <= 300 && !error.detail.includes(KEY))).toBe(true);
  expect(error.message.includes(KEY) ? error.message : '').toBe('');
  const seconds = error.retryAfterSeconds;
  expect(seconds === null || (Number.isInteger(seconds) && seconds >= 0)).toBe(true);
  if (error.kind !== 'rate_limited') expect(seconds).toBeNull();
}

describe('the client under fuzz', () => {
  it('listLeagues: leagues, or one well-formed ApiError', async (context) => {
    await checkProperty(
      context,
      fc.asyncProperty(answer, async (planned) => {
        const client = createOddsClient({
          baseUrl: 'http://odds.test',
          fetch: fakeFetch(planned),
          apiKey: KEY,
          onDropped: ignoreDrops,
        });
        const result = await settle(client.listLeagues({ sport: 'basketball' }));
        if (result.ok) {
          expect(planned.status >= 200 && planned.status < 300 && !planned.throws).toBe(true);
          for (const league of result.value)
            expect(typeof league.id === 'string' && league.id.trim() !== '').toBe(true);
        } else {
          expectWellFormedApiError(result.error, planned);
        }
      }),
      RUNS,
    );
  });

  it('priceParlay: one quote per requested book, in order, or one well-formed ApiError', async (context) => {
    const entries = [
      { fixture_id: '20260902FF9AD242', market: 'Moneyline', name: 'Houston Astros' },
      { fixture_id: '20260902AB12CD34', market: 'Total Runs', name: 'Over 8' },
    ];
    const books = fc.array(fc.constantFrom<Sportsbook>(...SPORTSBOOKS), { minLength: 1, maxLength: 4 });
    await checkProperty(
      context,
      fc.asyncProperty(answer, books, async (planned, sportsbooks) => {
        const client = createOddsClient({
          baseUrl: '',
          fetch: fakeFetch(planned),
          apiKey: KEY,
          onDropped: ignoreDrops,
        });
        const result = await settle(client.priceParlay({ entries, sportsbooks }));
        if (result.ok) {
          expect(result.value.map((quote) => quote.book)).toEqual(sportsbooks);
          for (const quote of result.value) {
            expect(['priced', 'missing', 'uncombinable', 'failed', 'absent']).toContain(quote.status);
            if (quote.status === 'priced')
              expect(quote.decimalPrice > 1 && quote.legs.length === entries.length).toBe(true);
          }
        } else {
          expectWellFormedApiError(result.error, planned);
        }
      }),
      RUNS,
    );
  });

  it('parseRetryAfter: whole seconds from now, or null', async (context) => {
    await checkProperty(
      context,
      fc.property(fc.option(fc.string()), fc.integer({ min: 0, max: 4_102_444_800_000 }), (value, now) => {
        const seconds = parseRetryAfter(value, now);
        expect(seconds === null || (Number.isInteger(seconds) && seconds >= 0)).toBe(true);
        if (value !== null && /^\s*\d{1,6}\s*$/.test(value)) expect(seconds).toBe(Number(value.trim()));
      }),
      2000,
    );
  });
});
