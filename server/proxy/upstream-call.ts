/**
 * One call to the odds service with a timeout: redirects refused, answers over a size bound
 * refused while they stream in (never buffered whole), our key cut out of the answer, anything but
 * JSON turned away. Identical requests in flight share one call in the answer cache
 * (answer-cache.ts), with the cache on or off.
 */
import { createKeyRedactor, type KeyRedactor } from './key-redaction.ts';

/**
 * Parts of a browser's request passed on to the service as they came, beside the route's own
 * query parameters: the built-in sandbox's forcing controls (server/odds-service.ts decides this
 * once, at start-up). Nothing else a browser sends ever reaches the service.
 */
export interface PassedOnControls {
  /** Request headers, by lower-case name. */
  headers: readonly string[];
  /** Query parameters whose names start with this, in any letter case. */
  queryPrefix: string;
}

export interface UpstreamTarget {
  /** Base URL including the version prefix, e.g. https://api.opticodds.com/api/v3. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Largest answer taken, in bytes (as decoded); default DEFAULT_MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  /** How to reach it: global fetch, or a stand-in's in tests. */
  fetch: (request: Request) => Promise<Response>;
  /** Passed on as the browser sent them; none when unset. */
  passedOn?: PassedOnControls;
}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  /** By lower-case name. */
  headers: ReadonlyMap<string, string>;
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

/**
 * The wait for one call, ended by the timeout: the request's signal lets the connection go, and
 * `abandoned` rejects then.
 */
interface Deadline {
  signal: AbortSignal;
  abandoned: Promise<never>;
  timedOut: () => boolean;
  clear: () => void;
}

function deadlineFor(timeoutMs: number): Deadline {
  const abort = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const reason = new DOMException('Upstream timeout', 'TimeoutError');
      abort.abort(reason);
      // Raced rather than trusted to the fetch: a Request's signal is not always honoured on Node 20.
      reject(reason);
    }, timeoutMs);
  });
  abandoned.catch(() => undefined);
  return { signal: abort.signal, abandoned, timedOut: () => timedOut, clear: () => clearTimeout(timer) };
}

async function callOnce(
  target: UpstreamTarget,
  redactor: KeyRedactor,
  request: UpstreamRequest,
): Promise<UpstreamOutcome> {
  const deadline = deadlineFor(target.timeoutMs);
  const failure = (duringBody: boolean): UpstreamOutcome =>
    deadline.timedOut() ? { kind: 'timeout', duringBody } : { kind: duringBody ? 'broken' : 'unreachable' };

  try {
    let response: Response;
    try {
      const outgoing = new Request(request.url, {
        method: request.method,
        headers: [...request.headers],
        body: request.body,
        redirect: 'manual',
        signal: deadline.signal,
      });
      response = await Promise.race([target.fetch(outgoing), deadline.abandoned]);
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
      const bytes = await Promise.race([readBounded(response, maxBytes), deadline.abandoned]);
      if (bytes === null) return { kind: 'too-large', maxBytes };
      // Buffer rather than response.text(): a byte-order mark is kept, so such a body stays not-JSON.
      const received = { status: response.status, headers: response.headers, text: bytes.toString('utf8'), bytes };
      const answer = withoutKey(received, redactor);
      if (!isJsonAnswer(answer)) return { kind: 'not-json', status: answer.status };
      return { kind: 'answer', answer };
    } catch {
      return failure(true);
    }
  } finally {
    deadline.clear();
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

/** JSON by its content type and by parsing: anything else (a page, a script, garbage) is never passed on. */
function isJsonAnswer(answer: UpstreamAnswer): boolean {
  if (!JSON_CONTENT_TYPE.test(answer.headers.get('content-type') ?? '')) return false;
  try {
    JSON.parse(answer.text);
    return true;
  } catch {
    return false;
  }
}

export function createUpstreamCaller(target: UpstreamTarget): (request: UpstreamRequest) => Promise<UpstreamOutcome> {
  const redactor = createKeyRedactor(target.apiKey);
  return (request) => callOnce(target, redactor, request);
}
