/**
 * What we send the odds service for a browser's request, in one canonical form, so that requests
 * meaning the same thing are the same question (one cache entry, one call): only the route's
 * documented query parameters (query-allow-list.ts), values normalised, sorted and de-duplicated;
 * the parlay body with books and entries sorted, a grading body as checked. Anything else a browser adds (cache-busting
 * `?x=random`, the key, a header) never reaches the cache key or the service, except the controls
 * the target passes on (the built-in sandbox's forcing controls, server/odds-service.ts).
 */
import type { GraderRequestBody } from '../../src/domain/odds/grader-request-schema.ts';
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { canonicalQuery } from './query-allow-list.ts';
import type { ProxiedRoute } from './routes/proxied-route.ts';
import type { UpstreamTarget } from './upstream-call.ts';
import type { UpstreamRequest } from './upstream-transport.ts';

/** A browser's request as a question to the service: its cache key now, the request itself only if it is asked. */
export interface UpstreamQuestion {
  /** Everything the answer depends on: method, route and query, passed-on headers, body. Never the key. */
  key: string;
  /** False when it forces an outcome (a passed-on header): such an answer says nothing about the key's budget. */
  informsBudget: boolean;
  request: () => UpstreamRequest;
}

/** The headers of `incoming` the target passes on, as [name, value] in the target's order. */
function passedOnHeaders(target: UpstreamTarget, incoming: Headers): [string, string][] {
  const passed: [string, string][] = [];
  for (const name of target.passedOn?.headers ?? []) {
    const value = incoming.get(name);
    if (value !== null) passed.push([name, value]);
  }
  return passed;
}

/**
 * Whether the request carries a control the target passes on (it forces an outcome). Such a
 * request goes as sent: a forced scenario names a parlay's entries by their position (`missing:1`).
 */
export function forcesOutcome(target: UpstreamTarget, search: URLSearchParams, incoming: Headers): boolean {
  const { passedOn } = target;
  if (passedOn === undefined) return false;
  if (passedOn.headers.some((name) => incoming.has(name))) return true;
  const prefix = passedOn.queryPrefix.toLowerCase();
  for (const name of search.keys()) if (name.toLowerCase().startsWith(prefix)) return true;
  return false;
}

/**
 * The question a request asks. Building the request (its headers, the URL) waits until an upstream
 * call needs it: a request answered from the cache never builds one.
 */
export function upstreamQuestion(
  target: UpstreamTarget,
  route: ProxiedRoute,
  search: URLSearchParams,
  incoming: Headers,
  body: ParlayRequestBody | GraderRequestBody | null,
): UpstreamQuestion {
  const query = canonicalQuery(search, route.query, target.passedOn?.queryPrefix);
  const pathAndQuery = `${route.path}${query ? `?${query}` : ''}`;
  const bodyText = body === null ? undefined : JSON.stringify(body);
  const passedOn = passedOnHeaders(target, incoming);
  const { method } = route;
  return {
    key: [method, pathAndQuery, passedOn.map(([name, value]) => `${name}=${value}`).join('&'), bodyText ?? ''].join(
      '\n',
    ),
    informsBudget: passedOn.length === 0,
    request: () => {
      const headers = new Map([
        ['accept', 'application/json'],
        ['x-api-key', target.apiKey],
      ]);
      if (bodyText !== undefined) headers.set('content-type', 'application/json');
      for (const [name, value] of passedOn) headers.set(name, value);
      return { method, url: `${target.baseUrl}${pathAndQuery}`, headers, body: bodyText };
    },
  };
}
