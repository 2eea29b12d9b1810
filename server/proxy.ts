/**
 * The /api/v3 proxy: an allow-list of routes forwarded to the odds service with our key added.
 * The upstream path always comes from the allow-list, never from the request, so nothing a
 * browser sends (encoded dots, absolute URLs, extra slashes) can reach another path or host.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkParlayBody } from './parlay-body.ts';
import { clientRateLimit, type ClientRateLimitOptions } from './client-rate-limit.ts';
import { createUpstreamCaller, type UpstreamTarget } from './upstream-call.ts';
import { requestGuard } from './request-guard.ts';

export const API_PREFIX = '/api/v3';
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

type ProxiedMethod = 'GET' | 'POST';

/** The routes the browser may reach, and how. Everything else is 404 or 405. */
export const PROXIED_ROUTES: Readonly<Record<string, ProxiedMethod>> = {
  '/sports': 'GET',
  '/sports/active': 'GET',
  '/leagues': 'GET',
  '/leagues/active': 'GET',
  '/fixtures/active': 'GET',
  '/fixtures/odds': 'GET',
  '/parlay/odds': 'POST',
};

/** Headers the sandbox reads to force outcomes; forwarded only when the upstream is the sandbox. */
const SANDBOX_ONLY_HEADERS = ['x-sandbox-scenario', 'x-sandbox-latency', 'x-sandbox-fault'];
/** Query parameters never forwarded: a browser must not choose the key. */
const DROPPED_QUERY_PARAMS = new Set(['key']);
/** The sandbox's own query parameters (`sandbox_scenario`, `sandbox_fault`), in any letter case. */
const SANDBOX_ONLY_QUERY_PREFIX = 'sandbox_';
/** Upstream response headers worth passing on; the rest (cookies, server banners) stay behind. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after'];
/** Per-book quote times (`x-latency-draftkings: 212`): harmless, sent by the real service too, read by the benchmark. */
const FORWARDED_RESPONSE_HEADER_PREFIXES = ['x-latency-'];

export type { UpstreamTarget } from './upstream-call.ts';

/** Every /api/v3 answer, ours or the service's: never anything a browser would render or run. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function jsonError(c: Context, status: 400 | 404 | 405 | 413 | 429 | 502 | 504, message: string, headers?: Record<string, string>) {
  return c.json({ error: message }, status, { 'Cache-Control': 'no-store', ...headers });
}

function upstreamUrl(target: UpstreamTarget, routePath: string, requestUrl: URL): string {
  const query = new URLSearchParams();
  for (const [name, value] of requestUrl.searchParams) {
    const lowerName = name.toLowerCase();
    if (DROPPED_QUERY_PARAMS.has(lowerName)) continue;
    if (!target.isSandbox && lowerName.startsWith(SANDBOX_ONLY_QUERY_PREFIX)) continue;
    query.append(name, value);
  }
  const search = query.toString();
  return `${target.baseUrl}${routePath}${search ? `?${search}` : ''}`;
}

function upstreamHeaders(target: UpstreamTarget, incoming: Headers, hasBody: boolean): Headers {
  const headers = new Headers({ accept: 'application/json', 'x-api-key': target.apiKey });
  if (hasBody) headers.set('content-type', 'application/json');
  if (target.isSandbox) {
    for (const name of SANDBOX_ONLY_HEADERS) {
      const value = incoming.get(name);
      if (value !== null) headers.set(name, value);
    }
  }
  return headers;
}

export interface ProxyOptions {
  /** Per-client request limit; null turns it off (benchmarks). */
  clientLimit: Omit<ClientRateLimitOptions, 'now'> | null;
  /** Origins whose pages may call us (besides our own). */
  allowedOrigins?: readonly string[];
}

export const DEFAULT_PROXY_OPTIONS: ProxyOptions = { clientLimit: { limit: 600, windowMs: 60_000 } };

/** Mount on `/api/*`: every path under it gets a JSON answer, whatever its shape. */
export function createProxy(target: UpstreamTarget, options: ProxyOptions = DEFAULT_PROXY_OPTIONS): Hono {
  const proxy = new Hono();
  const callUpstream = createUpstreamCaller(target);
  proxy.use('*', async (c, next) => {
    await next();
    if (c.res.body !== null) c.res.headers.set('content-type', JSON_CONTENT_TYPE);
  });
  proxy.use('*', requestGuard(options.allowedOrigins ?? []));
  if (options.clientLimit) proxy.use('*', clientRateLimit(options.clientLimit));

  proxy.use(
    '*',
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: (c) => jsonError(c, 413, `Request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KB.`),
    }),
  );

  proxy.all('*', async (c) => {
    const requestUrl = new URL(c.req.url);
    const routePath = requestUrl.pathname.startsWith(`${API_PREFIX}/`) ? requestUrl.pathname.slice(API_PREFIX.length) : '';
    const allowedMethod = Object.hasOwn(PROXIED_ROUTES, routePath) ? PROXIED_ROUTES[routePath] : undefined;
    if (allowedMethod === undefined) return jsonError(c, 404, 'Not found');
    if (c.req.method !== allowedMethod) {
      return jsonError(c, 405, 'Method not allowed', { Allow: allowedMethod });
    }

    let body: string | undefined;
    if (allowedMethod === 'POST') {
      // Checked here so a malformed or oversized request never spends an upstream call.
      let text: string;
      try {
        text = await c.req.text();
      } catch {
        // The client went away (or was cut off) mid-body: nobody is left to answer.
        return jsonError(c, 400, 'The request body did not arrive whole.');
      }
      const check = checkParlayBody(text);
      if (!check.ok) return jsonError(c, 400, check.message);
      body = JSON.stringify(check.body);
    }
    const outcome = await callUpstream(
      {
        method: allowedMethod,
        url: upstreamUrl(target, routePath, requestUrl),
        headers: upstreamHeaders(target, c.req.raw.headers, body !== undefined),
        body,
      },
      c.req.raw.signal,
    );
    const seconds = Math.round(target.timeoutMs / 1000);
    switch (outcome.kind) {
      case 'timeout':
        return jsonError(c, 504, outcome.duringBody ? `The odds service did not finish answering within ${seconds} s.` : `The odds service did not answer within ${seconds} s.`);
      case 'unreachable':
        return jsonError(c, 502, 'Could not reach the odds service.');
      case 'broken':
        return jsonError(c, 502, 'The connection to the odds service broke while it was answering.');
      case 'redirect':
        return jsonError(c, 502, 'The odds service answered with a redirect, which is not followed.');
      case 'cancelled':
        return jsonError(c, 502, 'The request was cancelled.');
      case 'not-json':
        return jsonError(c, 502, `The odds service answered HTTP ${outcome.status} with something that is not JSON.`);
      case 'answer': {
        const headers = new Headers({ 'cache-control': 'no-store' });
        for (const name of FORWARDED_RESPONSE_HEADERS) {
          const value = outcome.answer.headers.get(name);
          if (value !== null) headers.set(name, value);
        }
        for (const [name, value] of outcome.answer.headers) {
          if (FORWARDED_RESPONSE_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix))) headers.set(name, value);
        }
        // Each waiter gets its own copy: a Response consumes its body.
        return new Response(outcome.answer.payload.slice(0), { status: outcome.answer.status, headers });
      }
    }
  });

  return proxy;
}
