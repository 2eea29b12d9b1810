/**
 * What we send the odds service for a browser's request, in one canonical form, so that requests
 * meaning the same thing are the same question (one cache entry, one call): query parameters
 * sorted, repeated and comma-separated values merged and sorted; the parlay body with books and
 * entries sorted. The key and the sandbox's own parameters never pass to a live service.
 */
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import type { UpstreamRequest, UpstreamTarget } from './upstream-call.ts';

/** Query parameters never forwarded: a browser must not choose the key. */
const DROPPED_QUERY_PARAMS = new Set(['key']);
/** The sandbox's own query parameters (`sandbox_scenario`, `sandbox_fault`), in any letter case. */
const SANDBOX_ONLY_QUERY_PREFIX = 'sandbox_';
/** Headers the sandbox reads to force outcomes; forwarded only when the upstream is the sandbox. */
const SANDBOX_ONLY_HEADERS = [
  'x-sandbox-scenario',
  'x-sandbox-latency',
  'x-sandbox-fault',
  'x-sandbox-price-change',
  'x-sandbox-line-lock',
];

/** `b=2,1&a=x&b=3` -> `a=x&b=1&b=2&b=3` (the service takes lists repeated or comma-separated alike). */
function canonicalQuery(params: URLSearchParams, isSandbox: boolean): string {
  const values = new Map<string, Set<string>>();
  for (const [name, value] of params) {
    const lowerName = name.toLowerCase();
    if (DROPPED_QUERY_PARAMS.has(lowerName)) continue;
    if (!isSandbox && lowerName.startsWith(SANDBOX_ONLY_QUERY_PREFIX)) continue;
    const set = values.get(name) ?? new Set<string>();
    for (const item of value.split(',')) if (item.trim() !== '') set.add(item.trim());
    values.set(name, set);
  }
  const parts: string[] = [];
  for (const name of [...values.keys()].sort()) {
    for (const value of [...(values.get(name) ?? [])].sort())
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

/** A browser's request as a question to the service: its cache key now, the request itself only if it is asked. */
export interface UpstreamQuestion {
  /** Everything the answer depends on: method, route and query, sandbox headers, body. Never the key. */
  key: string;
  /** False when the sandbox was told to fail on purpose: such an answer says nothing about the key's budget. */
  informsBudget: boolean;
  request: () => UpstreamRequest;
}

/**
 * The question a request asks. Building the request (Headers, the URL) waits until an upstream
 * call needs it: a request answered from the cache never builds one.
 */
export function upstreamQuestion(
  target: UpstreamTarget,
  routePath: string,
  requestUrl: URL,
  incoming: Headers,
  body: ParlayRequestBody | null,
): UpstreamQuestion {
  const query = canonicalQuery(requestUrl.searchParams, target.isSandbox);
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
      const headers = new Headers({ accept: 'application/json', 'x-api-key': target.apiKey });
      if (bodyText !== undefined) headers.set('content-type', 'application/json');
      for (const [name, value] of sandboxHeaders) headers.set(name, value);
      return { method, url: `${target.baseUrl}${pathAndQuery}`, headers, body: bodyText };
    },
  };
}
