/**
 * The one error type every API call rejects with (apart from a caller's own cancellation, which is
 * re-thrown untouched so TanStack Query sees a cancellation).
 */
import type { ApiErrorKind } from './types.ts';

export const API_ERROR_KINDS: readonly ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'rate_limited',
  'bad_request',
  'not_found',
  'server',
  'network',
  'timeout',
  'invalid_response',
  'blocked',
];

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status when a response arrived, null for network failures and timeouts. */
  status?: number | null;
  retryAfterSeconds?: number | null;
  /** The server's own error text, when it sent one. */
  detail?: string | null;
  /** Developer-facing text; defaults to kind, status and detail. Never shown to users. */
  message?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  readonly detail: string | null;

  constructor(init: ApiErrorInit) {
    const status = init.status ?? null;
    const detail = init.detail ?? null;
    const statusText = status === null ? '' : ` (HTTP ${status})`;
    super(init.message ?? `${init.kind}${statusText}${detail === null ? '' : `: ${detail}`}`, { cause: init.cause });
    this.kind = init.kind;
    this.status = status;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.detail = detail;
  }
}

/** Also recognises an ApiError from another copy of this module (e.g. app and widget bundles). */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { name?: unknown; kind?: unknown };
  return (
    candidate.name === 'ApiError' &&
    typeof candidate.kind === 'string' &&
    (API_ERROR_KINDS as readonly string[]).includes(candidate.kind)
  );
}

/** A caller's cancellation (AbortController.abort, TanStack Query unmount): not a failure to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A rate limit (429): waited out, once, rather than retried on the usual backoff. */
export function isRateLimitedError(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'rate_limited';
}

/** Failures worth retrying automatically; the rest will fail the same way again. */
export function isRetryableApiError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return ['network', 'timeout', 'server', 'rate_limited'].includes(error.kind);
}

/**
 * The service refused the question itself (the key, the plan, the request): asked again as it is,
 * it is refused again, so it is asked again only when the user says so (Try again, Retry), never
 * by a refresh, a streamed move or a return to the tab.
 */
export function isRefusedApiError(error: unknown): boolean {
  return isApiError(error) && ['unauthorized', 'forbidden', 'bad_request', 'blocked'].includes(error.kind);
}
