/**
 * One call to the odds service with a timeout, shared by identical requests in flight: when 100
 * browsers ask for the same slip at once, the service is asked once and all get its answer.
 * Requests differ by method, URL (query included), body and sandbox headers, so different slips
 * never share. Nothing is cached after the answer arrives.
 */
import { createKeyRedactor, type KeyRedactor } from './key-redaction.ts';

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
  /** An answer that is not JSON (by its content type or its text): never passed on as it came. */
  | { kind: 'not-json'; status: number }
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

async function callOnce(target: UpstreamTarget, redactor: KeyRedactor, request: UpstreamRequest, abort: AbortController): Promise<UpstreamOutcome> {
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
      const answer = withoutKey({ status: response.status, headers: response.headers, payload }, redactor);
      if (!isJsonAnswer(answer)) return { kind: 'not-json', status: answer.status };
      return { kind: 'answer', answer };
    } catch {
      return failure(true);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Our key cut out of the answer's body and header values; a header whose name holds the key is
 * dropped whole.
 */
export function withoutKey(answer: UpstreamAnswer, redactor: KeyRedactor): UpstreamAnswer {
  const headers = new Headers();
  for (const [name, value] of answer.headers) {
    if (!redactor.holdsKey(name)) headers.append(name, redactor.redact(value));
  }
  const text = Buffer.from(answer.payload).toString('utf8');
  const redacted = redactor.redact(text);
  if (redacted === text) return { ...answer, headers };
  const bytes = Buffer.from(redacted, 'utf8');
  return { ...answer, headers, payload: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
}

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

/** JSON by its content type and by parsing: anything else (a page, a script, garbage) is never passed on. */
export function isJsonAnswer(answer: UpstreamAnswer): boolean {
  if (!JSON_CONTENT_TYPE.test(answer.headers.get('content-type') ?? '')) return false;
  try {
    JSON.parse(Buffer.from(answer.payload).toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

export function createUpstreamCaller(target: UpstreamTarget) {
  const inFlight = new Map<string, InFlight>();
  // The sandbox's key is public (and its answers never repeat it).
  const redactor = target.isSandbox ? createKeyRedactor('') : createKeyRedactor(target.apiKey);

  /** Asks the service, or joins an identical question already asked. */
  return async function callUpstream(request: UpstreamRequest, clientSignal: AbortSignal): Promise<UpstreamOutcome> {
    const key = coalescingKey(request);
    let shared = inFlight.get(key);
    if (!shared) {
      const abort = new AbortController();
      const outcome = callOnce(target, redactor, request, abort).finally(() => inFlight.delete(key));
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
