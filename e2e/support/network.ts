/**
 * The network side of e2e tests: opening the app on a share link, forcing how the sandbox answers
 * (named in the one outcome vocabulary, sandbox/faults/outcomes.ts), and recording what was asked.
 */
import type { Page, Request, Response } from '@playwright/test';
import type { RequestFaultName, ScenarioOutcomeName } from '../../sandbox/faults/outcomes.ts';
import { decodeSlip, encodeSlip } from '../../src/domain/slip.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { E2eLeg } from './sandbox-data.ts';

/**
 * Opens the app on a share link carrying these legs (and books, format, and the fair-value choice:
 * an analyst's link shows fair value, a bettor's app opens without it).
 */
export async function openWithSlip(
  page: Page,
  legs: readonly E2eLeg[],
  options: { books?: readonly string[]; format?: string; fairValue?: boolean } = {},
): Promise<void> {
  const params = new URLSearchParams({ legs: encodeSlip(legs) });
  if (options.books) params.set('books', options.books.join(','));
  if (options.format) params.set('format', options.format);
  if (options.fairValue !== undefined) params.set('fair', options.fairValue ? '1' : '0');
  await page.goto(`/?${params.toString()}`);
}

/** One book's forced outcome: a per-book outcome name, with its argument where it takes one. */
type BookDirective = ScenarioOutcomeName | `${'missing' | 'uncombinable' | 'slow'}:${string}`;
/** Books (or `*`, every book not named) and how each answers; several directives join with `+`. */
export type BookDirectives = Partial<Record<Sportsbook | '*', BookDirective | readonly BookDirective[]>>;
/** A whole-request fault, e.g. `rate-limited` or `rate-limited:2`. */
type RequestFault = RequestFaultName | `rate-limited:${number}`;

/** The `X-Sandbox-Scenario` header for these books, e.g. `DraftKings=uncombinable;BetMGM=missing:1`. */
function scenarioHeader(directives: BookDirectives): string {
  return Object.entries(directives)
    .map(([book, directive]) => `${book}=${typeof directive === 'string' ? directive : (directive ?? []).join('+')}`)
    .join(';');
}

export interface ForcedHeaders {
  /** `X-Sandbox-Scenario`: how named books answer. */
  scenario?: BookDirectives;
  /** `X-Sandbox-Fault`: the whole request fails. */
  fault?: RequestFault;
}

/**
 * Adds sandbox headers to the browser's pricing requests, chosen per request (the app asks each
 * book on its own, so one request is one book).
 */
export async function forcePricing(page: Page, choose: (request: Request) => ForcedHeaders | null): Promise<void> {
  await page.route('**/api/v3/parlay/odds*', async (route) => {
    const forced = choose(route.request());
    const headers = { ...route.request().headers() };
    if (forced?.scenario) headers['x-sandbox-scenario'] = scenarioHeader(forced.scenario);
    if (forced?.fault) headers['x-sandbox-fault'] = forced.fault;
    await route.continue({ headers });
  });
}

/** Forces how books answer the browser's pricing requests, the same for every request or per request. */
export async function forceParlayScenario(
  page: Page,
  scenario: BookDirectives | ((request: Request) => BookDirectives | null),
): Promise<void> {
  await forcePricing(page, (request) => {
    const directives = typeof scenario === 'function' ? scenario(request) : scenario;
    return directives ? { scenario: directives } : null;
  });
}

/**
 * A slip's first price at a book is asked in the GET form (`?book=…&legs=…`, one book, the legs
 * share-encoded), which a CDN may answer; a price asked again is a POST with a JSON body.
 */
function sharedFormParams(request: Request): URLSearchParams | null {
  return request.method() === 'GET' ? new URL(request.url()).searchParams : null;
}

/** The books a pricing request asked for. */
export function requestedBooks(request: Request): string[] {
  const shared = sharedFormParams(request);
  if (shared) return shared.getAll('book');
  const body = request.postDataJSON() as { sportsbooks?: string[] } | null;
  return body?.sportsbooks ?? [];
}

/** The legs (selection names) a pricing request asked about. */
export function requestedLegNames(request: Request): string[] {
  const shared = sharedFormParams(request);
  if (shared) return decodeSlip(shared.get('legs') ?? '').legs.map((leg) => leg.name);
  const body = request.postDataJSON() as { entries?: { name: string }[] } | null;
  return (body?.entries ?? []).map((entry) => entry.name);
}

function isPricingRequest(request: Request): boolean {
  return (
    (request.method() === 'POST' || request.method() === 'GET') &&
    new URL(request.url()).pathname === '/api/v3/parlay/odds'
  );
}

function isOddsRequest(request: Request): boolean {
  return isPricingRequest(request) || new URL(request.url()).pathname === '/api/v3/fixtures/odds';
}

/**
 * Our server's 504 to a pricing request, from now on: our server gave up on the odds service. The
 * page's own request timeout shows the same message, so a test of our server's waits for this.
 */
export function pricingTimedOutAtOurServer(page: Page): Promise<Response> {
  return page.waitForResponse((response) => isPricingRequest(response.request()) && response.status() === 504);
}

/** Collects the page's requests to the odds service from now on: pricing (/parlay/odds) and all odds. */
export function recordRequests(page: Page): { pricing: Request[]; odds: Request[] } {
  const recorded = { pricing: [] as Request[], odds: [] as Request[] };
  page.on('request', (request) => {
    if (isPricingRequest(request)) recorded.pricing.push(request);
    if (isOddsRequest(request)) recorded.odds.push(request);
  });
  return recorded;
}
