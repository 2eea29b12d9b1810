/** Small pieces every route shares: list parameters, the catalog latency, JSON bodies built once. */
import type { Context } from 'hono';
import { SPORTSBOOKS, sportsbookSlug, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey } from '../odds/books.ts';
import { errorResponse } from './guards.ts';
import { plannedCatalogLatencyMs, sleep } from '../faults/latency.ts';
import { priceBucket } from '../odds/book-pricing.ts';
import { LATENCY_HEADER_ERROR, latencyModeFor, type SandboxState } from '../state.ts';

/**
 * Array parameters as the vendor takes them: repeated (`sportsbook=a&sportsbook=b`) and/or
 * comma-separated (`sportsbook=a,b`), under any of the given names.
 */
export function queryList(context: Context, ...names: string[]): string[] {
  return names
    .flatMap((name) => context.req.queries(name) ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** Waits the catalog's realistic latency; returns an error response if the latency header is bad. */
export async function catalogDelay(context: Context, state: SandboxState): Promise<Response | null> {
  const mode = latencyModeFor(context, state);
  if (mode === null) return errorResponse(context, 400, LATENCY_HEADER_ERROR);
  if (mode === 'realistic') {
    await sleep(plannedCatalogLatencyMs(state.seed, context.req.path, priceBucket(state.now()), context.req.url));
  }
  return null;
}

/** `true`/`false` (any case); undefined when absent; null when it is something else. */
export function parseBoolean(value: string | undefined): boolean | null | undefined {
  if (value === undefined || value === '') return undefined;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return null;
}

const MAX_SPORTSBOOKS_PER_REQUEST = 5;

/**
 * The books of `sportsbook=` (repeated or comma-separated), or the service's refusal when there are
 * none or more than five (/fixtures/odds and the odds stream say it alike).
 */
export function requestedBookNames(context: Context): { names: string[] } | { error: string } {
  const names = [...new Set(queryList(context, 'sportsbook'))];
  if (names.length === 0) return { error: 'At least one sportsbook is required' };
  if (names.length > MAX_SPORTSBOOKS_PER_REQUEST)
    return { error: `maximum ${MAX_SPORTSBOOKS_PER_REQUEST} sportsbooks allowed` };
  return { names };
}

/** A book named in a query, by its name, key or slug in any case (the service is forgiving); null if unknown. */
export function bookFromQuery(value: string): Sportsbook | null {
  const lower = value.toLowerCase();
  return (
    SPORTSBOOKS.find(
      (book) => book.toLowerCase() === lower || bookKey(book) === lower || sportsbookSlug(book) === lower,
    ) ?? null
  );
}
