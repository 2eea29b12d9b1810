import { describe, expect, it } from 'vitest';
import { describeApiError } from './error-descriptions.ts';
import {
  API_ERROR_KINDS,
  ApiError,
  isAbortError,
  isApiError,
  isRefusedApiError,
  isRetryableApiError,
} from './errors.ts';

describe('describeApiError', () => {
  it.each(API_ERROR_KINDS)('%s: says what happened, what it means and what to do', (kind) => {
    const description = describeApiError(new ApiError({ kind, status: 500, detail: 'x' }));
    expect(description.title.trim()).not.toBe('');
    expect(description.explanation.trim()).not.toBe('');
    expect(description.action.trim()).not.toBe('');
  });

  it('rate_limited tells when the retry happens, when known', () => {
    expect(describeApiError(new ApiError({ kind: 'rate_limited', status: 429, retryAfterSeconds: 12 }))).toEqual({
      title: 'Too many requests',
      explanation: 'The odds service is limiting requests for a short while.',
      action: 'Retrying in 12 s.',
    });
    expect(describeApiError(new ApiError({ kind: 'rate_limited', status: 429 })).action).toBe(
      'Wait a few seconds, then try again.',
    );
  });

  it('never repeats the server’s text for access errors (it could carry a key)', () => {
    for (const kind of ['unauthorized', 'forbidden', 'server'] as const) {
      const text = JSON.stringify(describeApiError(new ApiError({ kind, detail: 'Invalid API key sk_live_abc123' })));
      expect(text).not.toContain('sk_live_abc123');
    }
  });

  it('passes on a bad request’s reason', () => {
    const description = describeApiError(
      new ApiError({ kind: 'bad_request', status: 400, detail: 'maximum 5 sportsbooks allowed' }),
    );
    expect(description.explanation).toContain('maximum 5 sportsbooks allowed');
  });

  it('has words for errors that are not ApiErrors', () => {
    const description = describeApiError(new Error('boom'));
    expect(description.title).toBe('Something went wrong');
    expect(JSON.stringify(description)).not.toContain('boom');
  });
});

describe('error predicates', () => {
  it('isApiError recognises ApiErrors, including look-alikes from another bundle', () => {
    expect(isApiError(new ApiError({ kind: 'network' }))).toBe(true);
    expect(isApiError({ name: 'ApiError', kind: 'timeout' })).toBe(true);
    expect(isApiError({ name: 'ApiError', kind: 'nonsense' })).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('isAbortError tells a cancellation from a failure', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(controller.signal.reason)).toBe(true);
    expect(isAbortError(new ApiError({ kind: 'timeout' }))).toBe(false);
    expect(isAbortError(new DOMException('t', 'TimeoutError'))).toBe(false);
  });

  it('isRefusedApiError: the key, the plan or the request refused, nothing else', () => {
    for (const kind of ['unauthorized', 'forbidden', 'bad_request'] as const)
      expect(isRefusedApiError(new ApiError({ kind }))).toBe(true);
    for (const kind of ['rate_limited', 'server', 'network', 'timeout', 'invalid_response', 'not_found'] as const)
      expect(isRefusedApiError(new ApiError({ kind }))).toBe(false);
    expect(isRefusedApiError(new Error('x'))).toBe(false);
    expect(isRefusedApiError(null)).toBe(false);
  });

  it('isRetryableApiError: only what may succeed next time', () => {
    expect(isRetryableApiError(new ApiError({ kind: 'server', status: 502 }))).toBe(true);
    expect(isRetryableApiError(new ApiError({ kind: 'network' }))).toBe(true);
    expect(isRetryableApiError(new ApiError({ kind: 'unauthorized', status: 401 }))).toBe(false);
    expect(isRetryableApiError(new ApiError({ kind: 'invalid_response' }))).toBe(false);
    expect(isRetryableApiError(new Error('x'))).toBe(false);
  });

  it('an ApiError’s message says kind, status and detail', () => {
    const error = new ApiError({ kind: 'unauthorized', status: 401, detail: 'API key is required' });
    expect(error.message).toBe('unauthorized (HTTP 401): API key is required');
    expect(error.name).toBe('ApiError');
    expect(error).toBeInstanceOf(Error);
  });
});
