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
  return isApiError(error) && ['unauthorized', 'forbidden', 'bad_request'].includes(error.kind);
}

export interface ApiErrorDescription {
  /** What happened, in a few words. */
  title: string;
  /** What it means for the user. */
  explanation: string;
  /** What the user can do. */
  action: string;
}

const CONTACT_OWNER = 'Try again later. If it keeps happening, let the site owner know.';

/** Plain-language text for users; never includes a key or raw technical text apart from a 400's reason. */
export function describeApiError(error: unknown): ApiErrorDescription {
  if (!isApiError(error)) {
    return {
      title: 'Something went wrong',
      explanation: 'Prices could not be loaded because of an unexpected problem on this page.',
      action: 'Reload the page and try again.',
    };
  }
  switch (error.kind) {
    case 'unauthorized':
      return {
        title: 'Odds service refused access',
        explanation: 'The odds service did not accept this site’s access key, so no prices can be loaded.',
        action: CONTACT_OWNER,
      };
    case 'forbidden':
      return {
        title: 'Odds not available here',
        explanation: 'The odds service recognised this site but does not allow it to load this data.',
        action: CONTACT_OWNER,
      };
    case 'rate_limited': {
      const seconds = error.retryAfterSeconds;
      return {
        title: 'Too many requests',
        explanation: 'The odds service is limiting requests for a short while.',
        action: seconds === null ? 'Wait a few seconds, then try again.' : `Retrying in ${seconds} s.`,
      };
    }
    case 'bad_request':
      return {
        title: 'Request not accepted',
        explanation:
          error.detail === null
            ? 'The odds service could not use this request.'
            : `The odds service could not use this request: “${error.detail}”.`,
        action: 'Check your selections (fewer sportsbooks or legs may help) and try again.',
      };
    case 'not_found':
      return {
        title: 'Not found',
        explanation: 'The odds service has no record of what was asked for; a game may have finished or been removed.',
        action: 'Refresh the list and choose again.',
      };
    case 'server':
      return {
        title: 'Odds service problem',
        explanation: 'The odds service had a problem answering. This is usually temporary.',
        action: 'Try again in a minute.',
      };
    case 'network':
      return {
        title: 'No connection',
        explanation: 'The odds service could not be reached. Your connection may be offline or unstable.',
        action: 'Check your connection, then try again.',
      };
    case 'timeout':
      return {
        title: 'Taking too long',
        explanation: 'The odds service did not answer in time.',
        action: 'Try again. If it keeps happening, choose fewer sportsbooks or legs.',
      };
    case 'invalid_response':
      return {
        title: 'Unreadable answer',
        explanation: 'The odds service sent an answer this page could not read, so nothing from it is shown.',
        action: 'Try again in a minute.',
      };
  }
}
