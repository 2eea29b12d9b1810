/**
 * The single HTTP path every endpoint goes through: builds the URL, applies the timeout, and turns
 * every failure into an ApiError (except the caller's own cancellation, re-thrown as is).
 */
import { ApiError } from './errors.ts';
import type { ApiErrorKind, BlockedBy } from './types.ts';
import { API_PREFIX } from '../domain/odds/api-prefix.ts';

export const DEFAULT_TIMEOUT_MS = 12_000;
/** Server error text longer than this is cut; it is for people, not for parsing. */
const MAX_DETAIL_LENGTH = 300;

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** What every request of one client shares. */
export interface HttpTransport {
  /** Prefix under which `/api/v3/...` lives: `''` for same origin, or e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  fetch: FetchFunction;
  /** Sent as X-Api-Key when set. The browser app never has one; its server adds it. */
  apiKey?: string;
  timeoutMs: number;
  /** In a browser: whether a request that failed to connect was blocked by the page's CSP or by CORS. */
  checkBlocked?: (url: string) => Promise<BlockedBy | null>;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

export interface JsonRequest {
  method: 'GET' | 'POST';
  /** Path below /api/v3, e.g. `/fixtures/odds`. */
  path: string;
  /** Arrays become repeated parameters (`league=a&league=b`); undefined values are left out. */
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sees the answer's headers as soon as they arrive (e.g. the service's per-book timings). */
  onResponseHeaders?: (headers: Headers) => void;
}

/** Each value once (the service counts a repeated parameter against its per-call limits). */
export function unique<Item>(items: readonly Item[]): Item[] {
  return [...new Set(items)];
}

/** encodeURIComponent rather than URLSearchParams: `%20`, never `+`, for `Hard Rock`. */
function buildQueryString(query: Readonly<Record<string, QueryValue>> = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [String(value)];
    for (const item of values) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(item)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, QueryValue>>): string {
  return `${baseUrl.replace(/\/+$/, '')}${API_PREFIX}${path}${buildQueryString(query)}`;
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Seconds until the service's rate-limit window resets, from `x-ratelimit-reset` (Unix seconds, as
 * the live service sends it; a small number is read as seconds from now). Null when absent or unreadable.
 */
function parseRateLimitReset(value: string | null, now: number = Date.now()): number | null {
  if (value === null || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const number = Number(value.trim());
  // Anything before 2001 cannot be a Unix time: it is a delta.
  const seconds = number > 1_000_000_000 ? number - now / 1000 : number;
  return Math.max(0, Math.ceil(seconds));
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 400 && status < 500) return 'bad_request';
  // Our proxy answers 504 when the odds service is slower than its timeout.
  if (status === 504) return 'timeout';
  if (status >= 500) return 'server';
  return 'invalid_response';
}

function redact(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[key]') : text;
}

/** The server's own words from an error body: `{"error": "..."}` (or message/detail), or short plain text. */
function readErrorDetail(text: string, contentType: string, apiKey: string | undefined): string | null {
  let detail: string | null = null;
  const parsed = tryParseJson(text);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const record = parsed.value as Record<string, unknown>;
    const candidate = [record.error, record.message, record.detail].find((field) => typeof field === 'string');
    detail = typeof candidate === 'string' ? candidate : null;
  } else if (!parsed.ok && contentType.includes('text/plain')) {
    detail = text;
  }
  const trimmed = detail?.trim() ?? '';
  if (trimmed === '') return null;
  return redact(trimmed, apiKey).slice(0, MAX_DETAIL_LENGTH);
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Links the caller's signal to a timeout; remembers which of the two fired. */
function linkSignals(callerSignal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const state = { timedOut: false };
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  return {
    signal: controller.signal,
    state,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

function requestHeaders(transport: HttpTransport, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (transport.apiKey) headers['X-Api-Key'] = transport.apiKey;
  return headers;
}

/**
 * Sends one request and returns the parsed JSON body of a 2xx answer (shape unchecked: callers
 * parse it with a schema). Rejects with ApiError, or with the caller's abort reason when the
 * caller's signal aborted.
 */
export async function requestJson(transport: HttpTransport, request: JsonRequest): Promise<unknown> {
  const callerSignal = request.signal;
  callerSignal?.throwIfAborted();
  const hasBody = request.body !== undefined;
  const url = buildUrl(transport.baseUrl, request.path, request.query);
  const link = linkSignals(callerSignal, transport.timeoutMs);

  let response: Response;
  let text: string;
  try {
    response = await transport.fetch(url, {
      method: request.method,
      headers: requestHeaders(transport, hasBody),
      body: hasBody ? JSON.stringify(request.body) : undefined,
      signal: link.signal,
    });
    request.onResponseHeaders?.(response.headers);
    // Reading the body is part of the request: the timeout and cancellation cover it too.
    text = await response.text();
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason ?? error;
    if (link.state.timedOut) throw new ApiError({ kind: 'timeout', cause: error });
    const blockedBy = (await transport.checkBlocked?.(url)) ?? null;
    if (blockedBy !== null) throw new ApiError({ kind: 'blocked', detail: blockedBy, cause: error });
    throw new ApiError({ kind: 'network', cause: error });
  } finally {
    link.dispose();
  }
  // A fetch that ignored the signal must not turn a cancelled request into data.
  callerSignal?.throwIfAborted();

  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok) {
    const kind = kindForStatus(response.status);
    throw new ApiError({
      kind,
      status: response.status,
      detail: readErrorDetail(text, contentType, transport.apiKey),
      // The wait the service asks for; without Retry-After, until its rate-limit window resets.
      retryAfterSeconds:
        kind === 'rate_limited'
          ? (parseRetryAfter(response.headers.get('retry-after')) ??
            parseRateLimitReset(response.headers.get('x-ratelimit-reset')))
          : null,
    });
  }

  const parsed = tryParseJson(text);
  if (!parsed.ok) {
    // An empty, truncated or HTML 2xx body: something between us and the service is wrong.
    throw new ApiError({ kind: 'invalid_response', status: response.status });
  }
  return parsed.value;
}
