/** Fake fetch helpers for the API tests (not shipped: only *.test.ts files import this). */
import type { FetchFunction } from '../../api/http.ts';

export interface RecordedCall {
  url: string;
  init: RequestInit;
  headers: Headers;
}

export function recordingFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetch: FetchFunction = async (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  };
  return { fetch, calls };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** A fetch that never answers, and rejects with the signal's reason once aborted (as real fetch does). */
export const hangingFetch: FetchFunction = (_url, init) =>
  new Promise((_resolve, reject) => {
    const signal = init.signal;
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
