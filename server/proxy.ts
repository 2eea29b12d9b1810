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

export const API_PREFIX = '/api/v3';
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

type ProxiedMethod = 'GET' | 'POST';

/** The routes the browser may reach, and how. Everything else is 404 or 405. */
export const PROXIED_ROUTES: Readonly<Record<string, ProxiedMethod>> = {
  '/sports': 'GET',
  '/leagues': 'GET',
  '/fixtures/active': 'GET',
  '/fixtures/odds': 'GET',
  '/parlay/odds': 'POST',
};

/** Headers the sandbox reads to force outcomes; forwarded only when the upstream is the sandbox. */
const SANDBOX_ONLY_HEADERS = ['x-sandbox-scenario', 'x-sandbox-latency', 'x-sandbox-fault'];
/** Query parameters never forwarded: a browser must not choose the key. */
const DROPPED_QUERY_PARAMS = new Set(['key']);
const SANDBOX_ONLY_QUERY_PARAMS = new Set(['sandbox_scenario', 'sandbox_fault']);
/** Upstream response headers worth passing on; the rest (cookies, server banners) stay behind. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after'];

export interface UpstreamTarget {
  /** Base URL including the version prefix, e.g. https://api.opticodds.com/api/v3. */
  baseUrl: string;
  apiKey: string;
  isSandbox: boolean;
  timeoutMs: number;
  /** How to reach it: global fetch for the real service, the sandbox app's own fetch in-process. */
  fetch: (request: Request) => Promise<Response>;
}

function jsonError(c: Context, status: 400 | 404 | 405 | 413 | 429 | 502 | 504, message: string, headers?: Record<string, string>) {
  return c.json({ error: message }, status, { 'Cache-Control': 'no-store', ...headers });
}

function upstreamUrl(target: UpstreamTarget, routePath: string, requestUrl: URL): string {
  const query = new URLSearchParams();
  for (const [name, value] of requestUrl.searchParams) {
    if (DROPPED_QUERY_PARAMS.has(name)) continue;
    if (!target.isSandbox && SANDBOX_ONLY_QUERY_PARAMS.has(name)) continue;
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

/** Mount on `/api/*`: every path under it gets a JSON answer, whatever its shape. */
export interface ProxyOptions {
  /** Per-client request limit; null turns it off (benchmarks). */
  clientLimit: Omit<ClientRateLimitOptions, 'now'> | null;
}

export const DEFAULT_PROXY_OPTIONS: ProxyOptions = { clientLimit: { limit: 600, windowMs: 60_000 } };

export function createProxy(target: UpstreamTarget, options: ProxyOptions = DEFAULT_PROXY_OPTIONS): Hono {
  const proxy = new Hono();
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
      const check = checkParlayBody(await c.req.text());
      if (!check.ok) return jsonError(c, 400, check.message);
      body = JSON.stringify(check.body);
    }
    // One controller for both the timeout and the browser going away. (A composed
    // AbortSignal.any() held only by a Request can be garbage-collected on Node 20.)
    const upstreamAbort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      upstreamAbort.abort(new DOMException('Upstream timeout', 'TimeoutError'));
    }, target.timeoutMs);
    const onClientGone = () => upstreamAbort.abort(c.req.raw.signal.reason);
    c.req.raw.signal.addEventListener('abort', onClientGone, { once: true });
    const finish = () => {
      clearTimeout(timer);
      c.req.raw.signal.removeEventListener('abort', onClientGone);
    };
    // Raced rather than trusted to the fetch: a Request's signal is not always honoured on Node 20.
    const abandoned = new Promise<never>((_, reject) => {
      upstreamAbort.signal.addEventListener('abort', () => reject(upstreamAbort.signal.reason), { once: true });
    });
    abandoned.catch(() => undefined);

    let upstream: Response;
    try {
      upstream = await Promise.race([
        target.fetch(
          new Request(upstreamUrl(target, routePath, requestUrl), {
            method: allowedMethod,
            headers: upstreamHeaders(target, c.req.raw.headers, body !== undefined),
            body,
            redirect: 'manual',
            signal: upstreamAbort.signal,
          }),
        ),
        abandoned,
      ]);
    } catch {
      finish();
      if (timedOut) {
        return jsonError(c, 504, `The odds service did not answer within ${Math.round(target.timeoutMs / 1000)} s.`);
      }
      return jsonError(c, 502, 'Could not reach the odds service.');
    }

    // A redirect would send our key's request elsewhere; it is never followed or passed on.
    if (upstream.status >= 300 && upstream.status < 400) {
      finish();
      await upstream.body?.cancel();
      return jsonError(c, 502, 'The odds service answered with a redirect, which is not followed.');
    }

    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    let payload: ArrayBuffer;
    try {
      payload = await Promise.race([upstream.arrayBuffer(), abandoned]);
    } catch {
      if (timedOut) {
        return jsonError(c, 504, `The odds service did not finish answering within ${Math.round(target.timeoutMs / 1000)} s.`);
      }
      return jsonError(c, 502, 'The connection to the odds service broke while it was answering.');
    } finally {
      finish();
    }
    return new Response(payload, { status: upstream.status, headers });
  });

  return proxy;
}
