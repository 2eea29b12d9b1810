/**
 * One call to the odds service with a timeout: redirects refused, answers over a size bound
 * refused while they stream in (never buffered whole), our key cut out of the answer, anything but
 * JSON turned away. Identical requests in flight share one call in the answer cache
 * (answer-cache.ts), with the cache on or off.
 */
import { createKeyRedactor, type KeyRedactor } from './key-redaction.ts';

export interface UpstreamTarget {
  /** Base URL including the version prefix, e.g. https://api.opticodds.com/api/v3. */
  baseUrl: string;
  apiKey: string;
  isSandbox: boolean;
  timeoutMs: number;
  /** Largest answer taken, in bytes (as decoded); default DEFAULT_MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  /** How to reach it: global fetch for the real service, the sandbox app's own fetch in-process. */
  fetch: (request: Request) => Promise<Response>;
  /**
   * Answered in this process (the built-in sandbox): no connection to give back on a timeout, so
   * its requests carry no AbortSignal unless a forced fault may wait on one (undici links each
   * signal to the request at a real cost per call), and their bodies are handed over as text
   * (InProcessRequest). The timeout still ends the wait.
   */
  inProcess?: boolean;
}

/**
 * A request whose body is already text, for the in-process sandbox: its text is handed over as
 * is. A WHATWG Request built with a body wraps it in a ReadableStream that the sandbox would then
 * read back through the stream machinery, the costliest step of an in-process call. `body` stays
 * null: the sandbox reads bodies only through text() and json().
 */
class InProcessRequest extends Request {
  constructor(url: string, init: { method: string; headers: Headers; signal?: AbortSignal }, bodyText: string) {
    super(url, { method: init.method, headers: init.headers, signal: init.signal });
    // Own properties, not overriding methods: the DOM's Request declares these as methods and
    // Node's (the server build's types) as properties, and TypeScript refuses an override of either
    // kind under the other.
    Object.defineProperties(this, {
      text: { value: (): Promise<string> => Promise.resolve(bodyText) },
      json: { value: (): Promise<unknown> => Promise.resolve(bodyText).then((text): unknown => JSON.parse(text)) },
      arrayBuffer: { value: (): Promise<ArrayBuffer> => Promise.resolve(new TextEncoder().encode(bodyText).buffer) },
    });
  }
}

/** The sandbox's forced faults (`hang`) may wait on the request's signal: those requests keep one. */
function mayWaitOnSignal(request: UpstreamRequest): boolean {
  return request.headers.has('x-sandbox-fault') || request.url.includes('sandbox_');
}

function requestFor(target: UpstreamTarget, request: UpstreamRequest, signal: AbortSignal): Request {
  if (target.inProcess !== true)
    return new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
  const inProcessSignal = mayWaitOnSignal(request) ? signal : undefined;
  return request.body === undefined
    ? new Request(request.url, { method: request.method, headers: request.headers, signal: inProcessSignal })
    : new InProcessRequest(
        request.url,
        { method: request.method, headers: request.headers, signal: inProcessSignal },
        request.body,
      );
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
  /** The body, decoded (UTF-8) once for redaction and the JSON check. */
  text: string;
  /** The body's bytes as passed on: as they came when nothing was redacted, else the redacted text's. */
  bytes: Buffer;
}

export type UpstreamOutcome =
  | { kind: 'answer'; answer: UpstreamAnswer }
  /** No answer (or not all of it) within the timeout. */
  | { kind: 'timeout'; duringBody: boolean }
  | { kind: 'unreachable' }
  | { kind: 'broken' }
  | { kind: 'redirect' }
  /** An answer larger than the bound: cut off as soon as it passed it. */
  | { kind: 'too-large'; maxBytes: number }
  /** An answer that is not JSON (by its content type or its text): never passed on as it came. */
  | { kind: 'not-json'; status: number };

/** Far above the largest filtered answer (a few MB for five books' odds on one game). */
const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * The body's bytes, or null once more than `maxBytes` arrived (the rest is not read, the
 * connection let go): an answer is never held whole before its size is known to fit.
 */
async function readBounded(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}

async function callOnce(
  target: UpstreamTarget,
  redactor: KeyRedactor,
  request: UpstreamRequest,
): Promise<UpstreamOutcome> {
  const abort = new AbortController();
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
    timedOut ? { kind: 'timeout', duringBody } : { kind: duringBody ? 'broken' : 'unreachable' };

  try {
    let response: Response;
    try {
      response = await Promise.race([target.fetch(requestFor(target, request, abort.signal)), abandoned]);
    } catch {
      return failure(false);
    }
    // A redirect would send our key's request elsewhere; it is never followed or passed on.
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'redirect' };
    }
    try {
      const maxBytes = target.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
      // The in-process sandbox is our own code, its answers already whole in memory: no stream to watch.
      const payload =
        target.inProcess === true
          ? Buffer.from(await Promise.race([response.arrayBuffer(), abandoned]))
          : await Promise.race([readBounded(response, maxBytes), abandoned]);
      if (payload === null || payload.byteLength > maxBytes) return { kind: 'too-large', maxBytes };
      // Buffer rather than response.text(): a byte-order mark is kept, so such a body stays not-JSON.
      const text = payload.toString('utf8');
      const answer = withoutKey({ status: response.status, headers: response.headers, text, bytes: payload }, redactor);
      // The in-process sandbox is our own code and writes JSON with JSON.stringify: its type is
      // checked, its text not parsed again (a 2.5 MB answer takes ~20 ms to parse).
      const json = target.inProcess === true ? hasJsonContentType(answer) : isJsonAnswer(answer);
      if (!json) return { kind: 'not-json', status: answer.status };
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
  const text = redactor.redact(answer.text);
  // Unchanged text keeps its bytes (no second encoding of a large answer).
  return { ...answer, headers, text, bytes: text === answer.text ? answer.bytes : Buffer.from(text, 'utf8') };
}

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

function hasJsonContentType(answer: UpstreamAnswer): boolean {
  return JSON_CONTENT_TYPE.test(answer.headers.get('content-type') ?? '');
}

/** JSON by its content type and by parsing: anything else (a page, a script, garbage) is never passed on. */
function isJsonAnswer(answer: UpstreamAnswer): boolean {
  if (!hasJsonContentType(answer)) return false;
  try {
    JSON.parse(answer.text);
    return true;
  } catch {
    return false;
  }
}

export function createUpstreamCaller(target: UpstreamTarget): (request: UpstreamRequest) => Promise<UpstreamOutcome> {
  // The sandbox's key is public (and its answers never repeat it).
  const redactor = target.isSandbox ? createKeyRedactor('') : createKeyRedactor(target.apiKey);
  return (request) => callOnce(target, redactor, request);
}
