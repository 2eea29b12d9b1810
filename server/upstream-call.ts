/**
 * One call to the odds service with a timeout, shared by identical requests in flight: when 100
 * browsers ask for the same slip at once, the service is asked once and all get its answer.
 * Requests differ by method, URL (query included), body and sandbox headers, so different slips
 * never share. Nothing is cached after the answer arrives.
 */
export interface UpstreamTarget {
  /** Base URL including the version prefix, e.g. https://api.opticodds.com/api/v3. */
  baseUrl: string;
  apiKey: string;
  isSandbox: boolean;
  timeoutMs: number;
  /** How to reach it: global fetch for the real service, the sandbox app's own fetch in-process. */
  fetch: (request: Request) => Promise<Response>;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Headers;
  body: string | undefined;
}

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  payload: ArrayBuffer;
}

export type UpstreamOutcome =
  | { kind: 'answer'; answer: UpstreamAnswer }
  /** No answer (or not all of it) within the timeout. */
  | { kind: 'timeout'; duringBody: boolean }
  | { kind: 'unreachable' }
  | { kind: 'broken' }
  | { kind: 'redirect' }
  /** Every browser waiting for it went away. */
  | { kind: 'cancelled' };

interface InFlight {
  outcome: Promise<UpstreamOutcome>;
  waiters: number;
  abandon: () => void;
}

function coalescingKey(request: UpstreamRequest): string {
  const sandboxHeaders = [...request.headers].filter(([name]) => name.startsWith('x-sandbox-')).map(([name, value]) => `${name}=${value}`);
  return [request.method, request.url, sandboxHeaders.sort().join('&'), request.body ?? ''].join('\n');
}

async function callOnce(target: UpstreamTarget, request: UpstreamRequest, abort: AbortController): Promise<UpstreamOutcome> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort(new DOMException('Upstream timeout', 'TimeoutError'));
  }, target.timeoutMs);
  // Raced rather than trusted to the fetch: a Request's signal is not always honoured on Node 20.
  const abandoned = new Promise<never>((_, reject) => {
    abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
  });
  abandoned.catch(() => undefined);
  const failure = (duringBody: boolean): UpstreamOutcome =>
    timedOut ? { kind: 'timeout', duringBody } : abort.signal.aborted ? { kind: 'cancelled' } : { kind: duringBody ? 'broken' : 'unreachable' };

  try {
    let response: Response;
    try {
      response = await Promise.race([
        target.fetch(new Request(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal: abort.signal })),
        abandoned,
      ]);
    } catch {
      return failure(false);
    }
    // A redirect would send our key's request elsewhere; it is never followed or passed on.
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'redirect' };
    }
    try {
      const payload = await Promise.race([response.arrayBuffer(), abandoned]);
      const answer = { status: response.status, headers: response.headers, payload };
      // The sandbox's key is public (and its answers never repeat it).
      return { kind: 'answer', answer: target.isSandbox ? answer : withoutKey(answer, target.apiKey) };
    } catch {
      return failure(true);
    }
  } finally {
    clearTimeout(timer);
  }
}

const KEY_REDACTED = '[redacted]';
/** Shorter "keys" (test stand-ins) would match ordinary text; real keys are far longer. */
const MIN_REDACTED_KEY_LENGTH = 8;

/**
 * A service that repeats the key it was sent (in an error text, a debug header) must not hand it
 * to every browser: our key is cut out of the answer's body and header values.
 */
export function withoutKey(answer: UpstreamAnswer, apiKey: string): UpstreamAnswer {
  if (apiKey.length < MIN_REDACTED_KEY_LENGTH) return answer;
  const headers = new Headers();
  for (const [name, value] of answer.headers) headers.append(name, value.split(apiKey).join(KEY_REDACTED));
  const bytes = Buffer.from(answer.payload);
  const key = Buffer.from(apiKey);
  if (bytes.indexOf(key) === -1) return { ...answer, headers };
  const text = bytes.toString('utf8').split(apiKey).join(KEY_REDACTED);
  const redacted = Buffer.from(text, 'utf8');
  return { ...answer, headers, payload: redacted.buffer.slice(redacted.byteOffset, redacted.byteOffset + redacted.byteLength) };
}

export function createUpstreamCaller(target: UpstreamTarget) {
  const inFlight = new Map<string, InFlight>();

  /** Asks the service, or joins an identical question already asked. */
  return async function callUpstream(request: UpstreamRequest, clientSignal: AbortSignal): Promise<UpstreamOutcome> {
    const key = coalescingKey(request);
    let shared = inFlight.get(key);
    if (!shared) {
      const abort = new AbortController();
      const outcome = callOnce(target, request, abort).finally(() => inFlight.delete(key));
      shared = { outcome, waiters: 0, abandon: () => abort.abort(new DOMException('All clients left', 'AbortError')) };
      inFlight.set(key, shared);
    }
    const joined = shared;
    joined.waiters++;
    const leave = () => {
      joined.waiters--;
      if (joined.waiters === 0) joined.abandon();
    };
    clientSignal.addEventListener('abort', leave, { once: true });
    try {
      return await joined.outcome;
    } finally {
      clientSignal.removeEventListener('abort', leave);
    }
  };
}
