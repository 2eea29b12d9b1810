import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from './errors.ts';
import { buildUrl, parseRetryAfter, requestJson } from './http.ts';
import type { FetchFunction, HttpTransport } from './http.ts';
import { hangingFetch, jsonResponse, recordingFetch } from '../test/api/fake-fetch.ts';

afterEach(() => {
  vi.useRealTimers();
});

function transport(fetch: FetchFunction, extra: Partial<HttpTransport> = {}): HttpTransport {
  return { baseUrl: 'http://127.0.0.1:4010', fetch, timeoutMs: 1000, ...extra };
}

async function failure(fetch: FetchFunction, extra: Partial<HttpTransport> = {}): Promise<ApiError> {
  try {
    await requestJson(transport(fetch, extra), { method: 'GET', path: '/leagues' });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const answer = (response: () => Response) => recordingFetch(() => response()).fetch;

describe('requestJson: statuses', () => {
  it('401 with a JSON body is unauthorized, with the server’s text as detail', async () => {
    const error = await failure(answer(() => jsonResponse({ error: 'Invalid or inactive API key' }, { status: 401 })));
    expect(error).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      detail: 'Invalid or inactive API key',
      retryAfterSeconds: null,
    });
  });

  it('403 is forbidden', async () => {
    expect(await failure(answer(() => jsonResponse({ error: 'Not licensed' }, { status: 403 })))).toMatchObject({
      kind: 'forbidden',
      status: 403,
      detail: 'Not licensed',
    });
  });

  it.each([
    [400, 'bad_request'],
    [422, 'bad_request'],
    [404, 'not_found'],
    [405, 'bad_request'],
    [500, 'server'],
    [503, 'server'],
    [504, 'timeout'],
  ] as const)('%i is %s', async (status, kind) => {
    const error = await failure(answer(() => jsonResponse({ error: 'maximum 5 sportsbooks allowed' }, { status })));
    expect(error).toMatchObject({ kind, status, detail: 'maximum 5 sportsbooks allowed' });
  });

  it('429 with Retry-After in seconds', async () => {
    const error = await failure(
      answer(() => jsonResponse({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '7' } })),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 7, detail: 'slow down' });
  });

  it('429 with Retry-After as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T17:00:00Z') });
    const inThirtySeconds = 'Tue, 24 Nov 2026 17:00:30 GMT';
    const error = await failure(
      answer(() => new Response('', { status: 429, headers: { 'retry-after': inThirtySeconds } })),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(30);
  });

  it("429 without Retry-After waits until the service's rate-limit window resets (x-ratelimit-reset)", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T17:00:00Z') });
    const resetInSix = String(Date.parse('2026-11-24T17:00:06Z') / 1000);
    const error = await failure(
      answer(
        () =>
          new Response('', { status: 429, headers: { 'x-ratelimit-reset': resetInSix, 'x-ratelimit-remaining': '0' } }),
      ),
    );
    expect(error.retryAfterSeconds).toBe(6);
    const withBoth = await failure(
      answer(() => new Response('', { status: 429, headers: { 'retry-after': '2', 'x-ratelimit-reset': resetInSix } })),
    );
    expect(withBoth.retryAfterSeconds).toBe(2);
  });

  it('429 without Retry-After (and with an empty body)', async () => {
    const error = await failure(answer(() => new Response(null, { status: 429 })));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: null, detail: null });
  });

  it('500 with a JSON body is server, with detail', async () => {
    const error = await failure(answer(() => jsonResponse({ error: 'Internal error' }, { status: 500 })));
    expect(error).toMatchObject({ kind: 'server', status: 500, detail: 'Internal error' });
  });

  it('502 with an HTML page is server, without the page as detail', async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
    const error = await failure(
      answer(() => new Response(page, { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    expect(error).toMatchObject({ kind: 'server', status: 502, detail: null });
  });

  it('a short plain-text error body becomes the detail', async () => {
    const error = await failure(
      answer(() => new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } })),
    );
    expect(error.detail).toBe('Bad Gateway');
  });

  it('the client’s own key never appears in detail or message', async () => {
    const key = 'secret-key-123';
    const error = await failure(
      answer(() => jsonResponse({ error: `Invalid key ${key}` }, { status: 401 })),
      { apiKey: key },
    );
    expect(error.detail).toBe('Invalid key [key]');
    expect(error.message).not.toContain(key);
  });
});

describe('requestJson: bodies of successful answers', () => {
  it('returns the parsed JSON', async () => {
    const body = await requestJson(transport(answer(() => jsonResponse({ data: [] }))), {
      method: 'GET',
      path: '/sports',
    });
    expect(body).toEqual({ data: [] });
  });

  it.each([
    ['an empty body', ''],
    ['a truncated body', '{"data":[{"id":"nba","name":"NB'],
    ['an HTML page', '<!doctype html><html><body>Hello</body></html>'],
  ])('a 200 with %s is invalid_response', async (_label, text) => {
    const error = await failure(answer(() => new Response(text, { status: 200 })));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200 });
  });
});

describe('requestJson: failures without an answer', () => {
  it('a fetch TypeError is network', async () => {
    const offline: FetchFunction = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(offline);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('a failed fetch the page’s setup blocked (CSP or CORS) is blocked, said apart from a lost connection', async () => {
    const refused: FetchFunction = () => Promise.reject(new TypeError('Failed to fetch'));
    const asked: string[] = [];
    const checkBlocked = (by: 'csp' | 'cors' | null) => (url: string) => {
      asked.push(url);
      return Promise.resolve(by);
    };
    expect(await failure(refused, { checkBlocked: checkBlocked('cors') })).toMatchObject({
      kind: 'blocked',
      detail: 'cors',
      status: null,
    });
    expect(await failure(refused, { checkBlocked: checkBlocked('csp') })).toMatchObject({
      kind: 'blocked',
      detail: 'csp',
    });
    expect(await failure(refused, { checkBlocked: checkBlocked(null) })).toMatchObject({ kind: 'network' });
    expect(asked).toHaveLength(3);
  });

  it('no answer within timeoutMs is timeout', async () => {
    const error = await failure(hangingFetch, { timeoutMs: 20 });
    expect(error).toMatchObject({ kind: 'timeout', status: null });
  });

  it('a caller abort re-throws the abort itself, not an ApiError', async () => {
    const controller = new AbortController();
    const pending = requestJson(transport(hangingFetch), { method: 'GET', path: '/sports', signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((reason: unknown) => reason);
    expect(isApiError(error)).toBe(false);
    expect(error).toBe(controller.signal.reason);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('a caller abort with a custom reason re-throws that reason', async () => {
    const controller = new AbortController();
    const reason = new Error('navigated away');
    const pending = requestJson(transport(hangingFetch), { method: 'GET', path: '/sports', signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('an already aborted signal never calls fetch', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [] }));
    const controller = new AbortController();
    controller.abort();
    await expect(
      requestJson(transport(fetch), { method: 'GET', path: '/sports', signal: controller.signal }),
    ).rejects.toBe(controller.signal.reason);
    expect(calls).toHaveLength(0);
  });

  it('an answer arriving after the caller aborted is still a cancellation', async () => {
    const controller = new AbortController();
    const late: FetchFunction = async () => {
      controller.abort();
      return jsonResponse({ data: [] });
    };
    await expect(
      requestJson(transport(late), { method: 'GET', path: '/sports', signal: controller.signal }),
    ).rejects.toBe(controller.signal.reason);
  });
});

describe('requestJson: what is sent', () => {
  it('sends X-Api-Key only when the client has a key', async () => {
    const withKey = recordingFetch(() => jsonResponse({ data: [] }));
    await requestJson(transport(withKey.fetch, { apiKey: 'k-1' }), { method: 'GET', path: '/sports' });
    expect(withKey.calls[0]?.headers.get('x-api-key')).toBe('k-1');

    const withoutKey = recordingFetch(() => jsonResponse({ data: [] }));
    await requestJson(transport(withoutKey.fetch), { method: 'GET', path: '/sports' });
    expect(withoutKey.calls[0]?.headers.has('x-api-key')).toBe(false);
    expect(withoutKey.calls[0]?.url).not.toContain('key=');
  });

  it('sends a JSON body with its content type', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: {} }));
    await requestJson(transport(fetch), { method: 'POST', path: '/parlay/odds', body: { entries: [] } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"entries":[]}');
  });
});

describe('buildUrl and parseRetryAfter', () => {
  it('repeats array parameters and encodes values', () => {
    expect(
      buildUrl('', '/fixtures/odds', {
        sportsbook: ['BetMGM (UK)', 'Hard Rock'],
        fixture_id: ['A&B'],
        market: undefined,
      }),
    ).toBe('/api/v3/fixtures/odds?sportsbook=BetMGM%20(UK)&sportsbook=Hard%20Rock&fixture_id=A%26B');
    expect(buildUrl('http://127.0.0.1:4010/', '/sports')).toBe('http://127.0.0.1:4010/api/v3/sports');
  });

  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
  });
});
