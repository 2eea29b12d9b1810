/** The public surface of the API layer. */
export { createOddsClient, MAX_FIXTURE_PAGES, MAX_FIXTURES_PER_ODDS_CALL, MAX_SPORTSBOOKS_PER_ODDS_CALL, readQuoteTimes } from './client.ts';
export type { OddsClient, OddsClientOptions, PriceParlayOptions, RequestOptions } from './client.ts';
export { ApiError, describeApiError, isAbortError, isApiError, isRetryableApiError } from './errors.ts';
export type { ApiErrorDescription } from './errors.ts';
export { DEFAULT_TIMEOUT_MS } from './http.ts';
export type { FetchFunction } from './http.ts';
export { COMBINATION_MESSAGES, isCombinationMessage, parseParlayAnswer } from './parse-parlay.ts';
export type { ParlayRequest } from './parse-parlay.ts';
export type {
  ApiErrorKind,
  BookOdd,
  BookQuote,
  BookQuoteStatus,
  Competitor,
  DeepLinks,
  Fixture,
  FixturePage,
  FixtureWithOdds,
  League,
  ParlayEntry,
  PricedLeg,
  Sport,
} from './types.ts';
