/**
 * What we send the odds service for a browser's request, in one canonical form, so that requests
 * meaning the same thing are the same question (one cache entry, one call): only the route's
 * documented query parameters (query-allow-list.ts), values normalised, sorted and de-duplicated;
 * the parlay body with books and entries sorted. Anything else a browser adds (cache-busting
 * `?x=random`, the key, the sandbox's own parameters on a live service) never reaches the cache
 * key or the service.
 */
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { canonicalQuery } from './query-allow-list.ts';
import type { UpstreamRequest, UpstreamTarget } from './upstream-call.ts';

/** Headers the sandbox reads to force outcomes; forwarded only when the upstream is the sandbox. */
const SANDBOX_ONLY_HEADERS = [
  'x-sandbox-scenario',
  'x-sandbox-latency',
  'x-sandbox-fault',
  'x-sandbox-price-change',
  'x-sandbox-line-lock',
];

/** A browser's request as a question to the service: its cache key now, the request itself only if it is asked. */
export interface UpstreamQuestion {
  /** Everything the answer depends on: method, route and query, sandbox headers, body. Never the key. */
  key: string;
  /** False when the sandbox was told to fail on purpose: such an answer says nothing about the key's budget. */
  informsBudget: boolean;
  request: () => UpstreamRequest;
}

/**
 * The question a request asks. Building the request (its headers, the URL) waits until an upstream
 * call needs it: a request answered from the cache never builds one.
 */
export function upstreamQuestion(
  target: UpstreamTarget,
  routePath: string,
  requestUrl: URL,
  incoming: Headers,
  body: ParlayRequestBody | null,
): UpstreamQuestion {
  const query = canonicalQuery(routePath, requestUrl.searchParams, target.isSandbox);
  const pathAndQuery = `${routePath}${query ? `?${query}` : ''}`;
  const bodyText = body === null ? undefined : JSON.stringify(body);
  const sandboxHeaders: [string, string][] = [];
  if (target.isSandbox) {
    for (const name of SANDBOX_ONLY_HEADERS) {
      const value = incoming.get(name);
      if (value !== null) sandboxHeaders.push([name, value]);
    }
  }
  const method = body === null ? 'GET' : 'POST';
  return {
    key: [
      method,
      pathAndQuery,
      sandboxHeaders.map(([name, value]) => `${name}=${value}`).join('&'),
      bodyText ?? '',
    ].join('\n'),
    informsBudget: sandboxHeaders.length === 0,
    request: () => {
      const headers = new Map([
        ['accept', 'application/json'],
        ['x-api-key', target.apiKey],
      ]);
      if (bodyText !== undefined) headers.set('content-type', 'application/json');
      for (const [name, value] of sandboxHeaders) headers.set(name, value);
      return { method, url: `${target.baseUrl}${pathAndQuery}`, headers, body: bodyText };
    },
  };
}
