/**
 * One call to the odds service with a timeout: redirects refused, answers over a size bound
 * refused while they stream in (never buffered whole), our key cut out of the answer, anything but
 * JSON turned away. Identical requests in flight share one call in the answer cache
 * (answer-cache.ts), with the cache on or off.
 */
import { inProcessRequest, type InProcessCall } from './in-process-request.ts';
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
   * its requests carry no AbortSignal unless a forced fault may wait on one, and they go as the
   * lightweight requests of in-process-request.ts (an undici Request per call, with its Headers
   * and linked signal, cost more than the rest of the call's plumbing). The timeout still ends
   * the wait.
   */
  inProcess?: boolean;
  /**
   * In-process: the text an answer was made from, when the sandbox kept it (answerTextOf), so it
   * is taken as it is rather than read back through the Response's stream; undefined: read it.
   */
  answerTextOf?: (response: Response) => string | undefined;
}

/** The sandbox's forced faults (`hang`) may wait on the request's signal: those requests keep one. */
function mayWaitOnSignal(request: UpstreamRequest): boolean {
  return request.headers.has('x-sandbox-fault') || request.url.includes('sandbox_');
}

function requestFor(target: UpstreamTarget, request: UpstreamRequest, signal: AbortSignal | undefined): Request {
  if (target.inProcess === true && signal === undefined) return inProcessRequest(request);
  return new Request(request.url, {
    method: request.method,
    headers: [...request.headers],
    body: request.body,
    redirect: 'manual',
    signal,
  });
}

export interface UpstreamRequest extends InProcessCall {
  method: 'GET' | 'POST';
  /** By lower-case name: a WHATWG Headers is made only for a call that leaves the process. */
  headers: ReadonlyMap<string, string>;
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
 * The wait for one call, ended by the timeout: `abandoned` rejects then. Real upstreams (and the
 * in-process sandbox's forced faults, which may wait on it) get an AbortSignal that lets the
 * request go; an ordinary in-process call needs only the timer (an AbortController, its listener
 * and signal cost more than the rest of such a call's waiting).
 */
interface Deadline {
  signal: AbortSignal | undefined;
  abandoned: Promise<never>;
  timedOut: () => boolean;
  clear: () => void;
}

function deadlineFor(target: UpstreamTarget, request: UpstreamRequest): Deadline {
  const abort = target.inProcess === true && !mayWaitOnSignal(request) ? undefined : new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const reason = new DOMException('Upstream timeout', 'TimeoutError');
      abort?.abort(reason);
      // Raced rather than trusted to the fetch: a Request's signal is not always honoured on Node 20.
      reject(reason);
    }, target.timeoutMs);
  });
  abandoned.catch(() => undefined);
  return { signal: abort?.signal, abandoned, timedOut: () => timedOut, clear: () => clearTimeout(timer) };
}

/** The in-process sandbox's answer as text and bytes, taken as it was made when the sandbox kept it. */
async function inProcessPayload(
  target: UpstreamTarget,
  response: Response,
  deadline: Deadline,
): Promise<{ text: string; bytes: Buffer }> {
  const made = target.answerTextOf?.(response);
  if (made !== undefined) return { text: made, bytes: Buffer.from(made, 'utf8') };
  const bytes = Buffer.from(await Promise.race([response.arrayBuffer(), deadline.abandoned]));
  return { text: bytes.toString('utf8'), bytes };
}

async function callOnce(
  target: UpstreamTarget,
  redactor: KeyRedactor | null,
  request: UpstreamRequest,
): Promise<UpstreamOutcome> {
  const deadline = deadlineFor(target, request);
  const failure = (duringBody: boolean): UpstreamOutcome =>
    deadline.timedOut() ? { kind: 'timeout', duringBody } : { kind: duringBody ? 'broken' : 'unreachable' };

  try {
    let response: Response;
    try {
      response = await Promise.race([target.fetch(requestFor(target, request, deadline.signal)), deadline.abandoned]);
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
      let text: string;
      let bytes: Buffer;
      if (target.inProcess === true) {
        // The in-process sandbox is our own code, its answers already whole in memory: no stream to watch.
        ({ text, bytes } = await inProcessPayload(target, response, deadline));
      } else {
        const payload = await Promise.race([readBounded(response, maxBytes), deadline.abandoned]);
        if (payload === null) return { kind: 'too-large', maxBytes };
        // Buffer rather than response.text(): a byte-order mark is kept, so such a body stays not-JSON.
        bytes = payload;
        text = payload.toString('utf8');
      }
      if (bytes.byteLength > maxBytes) return { kind: 'too-large', maxBytes };
      const received = { status: response.status, headers: response.headers, text, bytes };
      const answer = redactor === null ? received : withoutKey(received, redactor);
      // The in-process sandbox is our own code and writes JSON with JSON.stringify: its type is
      // checked, its text not parsed again (a 2.5 MB answer takes ~20 ms to parse).
      const json = target.inProcess === true ? hasJsonContentType(answer) : isJsonAnswer(answer);
      if (!json) return { kind: 'not-json', status: answer.status };
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
  // The sandbox's key is public (and its answers never repeat it): its answers pass as they came,
  // without a copy of their headers and a scan of their text.
  const redactor = target.isSandbox ? null : createKeyRedactor(target.apiKey);
  return (request) => callOnce(target, redactor, request);
}
