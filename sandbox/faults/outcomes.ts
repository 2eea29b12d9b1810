/**
 * The one vocabulary for forcing what the odds service does, defined once and used by the sandbox
 * (`X-Sandbox-Scenario` per book, `X-Sandbox-Fault` per request), the fault upstream
 * (server/testing/fault-upstream.ts, for faults only a broken service shows), the e2e helpers and the
 * docs (sandbox/README.md, docs/testing.md; a test checks they list every name).
 */

/** Where an outcome can be forced. */
export type ForcedBy = 'scenario' | 'fault' | 'fault-upstream';

interface OutcomeDefinition {
  /** One book's part of a /parlay/odds answer, or the whole request. */
  scope: 'book' | 'request';
  forcedBy: readonly ForcedBy[];
  /** For the docs: what the caller gets. */
  meaning: string;
}

export const OUTCOMES = {
  // One book's part of a /parlay/odds answer.
  priced: {
    scope: 'book',
    forcedBy: ['scenario'],
    meaning: 'The book prices every leg, even ones it would not offer (a model price).',
  },
  missing: {
    scope: 'book',
    forcedBy: ['scenario'],
    meaning: '`missing` / `missing:0,2`: the last entry / those entries are missing (`Missing odds for entries.`).',
  },
  uncombinable: {
    scope: 'book',
    forcedBy: ['scenario'],
    meaning:
      '`uncombinable` / `uncombinable:selections|sportsbook|games`: the book refuses the combination, in its own words / those.',
  },
  failed: {
    scope: 'book',
    forcedBy: ['scenario'],
    meaning: "The book's upstream failed: `Error with response. Try again later.`",
  },
  absent: { scope: 'book', forcedBy: ['scenario', 'fault-upstream'], meaning: 'The answer has nothing for the book.' },
  'price-string': {
    scope: 'book',
    forcedBy: ['scenario', 'fault-upstream'],
    meaning: "The book's `price` arrives as a string (a wrong shape).",
  },
  'legs-short': {
    scope: 'book',
    forcedBy: ['fault-upstream'],
    meaning: "The book's `legs` has one leg fewer than the request.",
  },
  'data-array': {
    scope: 'book',
    forcedBy: ['fault-upstream'],
    meaning: '`data` arrives as an array instead of an object keyed by book.',
  },
  'extra-fields': {
    scope: 'book',
    forcedBy: ['fault-upstream'],
    meaning: 'Every result and leg carries fields the interface does not name.',
  },
  'extra-books': {
    scope: 'book',
    forcedBy: ['fault-upstream'],
    meaning: 'The answer carries results for books nobody asked for.',
  },
  slow: {
    scope: 'book',
    forcedBy: ['scenario', 'fault-upstream'],
    meaning: '`slow:<ms>` (sandbox, per book, with any outcome) / `delayMs` (fault upstream): answers after that long.',
  },
  // The whole request.
  'unauthorized-missing-key': {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: '401 `{"error":"API key is required"}`.',
  },
  'unauthorized-invalid-key': {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: '401 `{"error":"Invalid or inactive API key"}`.',
  },
  forbidden: {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: '403 `{"error":"Your plan does not include this endpoint"}`.',
  },
  'rate-limited': {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning:
      '429 `{"error":"Rate limit exceeded"}` with `Retry-After` (sandbox: `rate-limited:<secs>`, default 5; fault upstream: `retryAfterSeconds`, default 3).',
  },
  'rate-limited-no-retry-after': {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: '429 without `Retry-After`.',
  },
  'server-error': {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: '500 `{"error":"Internal server error"}`.',
  },
  hang: {
    scope: 'request',
    forcedBy: ['fault', 'fault-upstream'],
    meaning: 'No answer until the caller gives up (our proxy answers 504 after `UPSTREAM_TIMEOUT_MS`).',
  },
  'bad-gateway-html': { scope: 'request', forcedBy: ['fault-upstream'], meaning: '502 with an nginx HTML page.' },
  'empty-200': { scope: 'request', forcedBy: ['fault-upstream'], meaning: '200 with an empty body.' },
  'malformed-json': { scope: 'request', forcedBy: ['fault-upstream'], meaning: '200 with JSON that does not parse.' },
  truncated: {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning: '200 promising the whole body, sending half, then dropping the connection.',
  },
  reset: { scope: 'request', forcedBy: ['fault-upstream'], meaning: 'The connection is reset before any answer.' },
  'echo-key': {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning: '500 whose body and headers repeat the API key it was sent.',
  },
  'echo-key-encoded': {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning:
      '200 repeating the API key in every encoded form (any case, JSON \\u escapes, percent-encoding, base64), in body, header values and a header name.',
  },
  'html-page': {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning: '200 `text/html` page whose `<script src>` points at another proxied path (`scriptSrc`).',
  },
  script: {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning: '200 `text/javascript` that would call `alert()`.',
  },
  redirect: {
    scope: 'request',
    forcedBy: ['fault-upstream'],
    meaning: '302 to another address (never followed by our proxy).',
  },
} as const satisfies Record<string, OutcomeDefinition>;

export type OutcomeName = keyof typeof OUTCOMES;

/** The outcome names one way of forcing accepts. */
export type OutcomeForcedBy<Via extends ForcedBy> = {
  [Name in OutcomeName]: Via extends (typeof OUTCOMES)[Name]['forcedBy'][number] ? Name : never;
}[OutcomeName];

/** Per book, with `X-Sandbox-Scenario`. */
export type ScenarioOutcomeName = OutcomeForcedBy<'scenario'>;
/** Per request, with `X-Sandbox-Fault`. */
export type RequestFaultName = OutcomeForcedBy<'fault'>;
/** What the fault upstream can do. */
export type FaultUpstreamOutcomeName = OutcomeForcedBy<'fault-upstream'>;

export function outcomesForcedBy<Via extends ForcedBy>(via: Via): OutcomeForcedBy<Via>[] {
  return (Object.keys(OUTCOMES) as OutcomeName[]).filter((name): name is OutcomeForcedBy<Via> =>
    (OUTCOMES[name].forcedBy as readonly ForcedBy[]).includes(via),
  );
}
