/**
 * One call to the odds service with a timeout: redirects refused, answers over a size bound
 * refused while they stream in (never buffered whole), our key cut out of the answer, anything but
 * JSON turned away. Identical requests in flight share one call in the answer cache
 * (answer-cache.ts), with the cache on or off.
 */
import type { Agent, IncomingMessage } from 'node:http';
import { createKeyRedactor, type KeyRedactor } from './key-redaction.ts';
import { decodedBody, headersOf, sendUpstream, type UpstreamRequest } from './upstream-transport.ts';

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
  /** The connections to it (upstream-transport.ts): the base URL's scheme, kept alive. */
  agent: Agent;
  /** Passed on as the browser sent them; none when unset. */
  passedOn?: PassedOnControls;
}

export interface UpstreamAnswer {
  status: number;
  /** By lower-case name. */
  headers: ReadonlyMap<string, string>;
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
 * The body's bytes (decoded), or null once more than `maxBytes` arrived (the rest is not read, the
 * connection let go): an answer is never held whole before its size is known to fit.
 */
async function readBounded(response: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const declared = response.headers['content-length'];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of decodedBody(response) as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

async function callOnce(
  target: UpstreamTarget,
  redactor: KeyRedactor,
  request: UpstreamRequest,
): Promise<UpstreamOutcome> {
  const exchange = sendUpstream(target.agent, request);
  let timedOut = false;
  // One timer for the whole call, head and body: past it the connection is closed, and whatever
  // is awaited (the head, the next chunk) fails.
  const timer = setTimeout(() => {
    timedOut = true;
    exchange.abort();
  }, target.timeoutMs);
  const failure = (duringBody: boolean): UpstreamOutcome =>
    timedOut ? { kind: 'timeout', duringBody } : { kind: duringBody ? 'broken' : 'unreachable' };

  try {
    let response: IncomingMessage;
    try {
      response = await exchange.response;
    } catch {
      return failure(false);
    }
    const status = response.statusCode ?? 0;
    // A redirect would send our key's request elsewhere; it is never followed or passed on.
    if (status >= 300 && status < 400) {
      exchange.abort();
      return { kind: 'redirect' };
    }
    const maxBytes = target.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    let bytes: Buffer | null;
    try {
      bytes = await readBounded(response, maxBytes);
    } catch {
      return failure(true);
    }
    if (bytes === null) {
      exchange.abort();
      return { kind: 'too-large', maxBytes };
    }
    // Buffer rather than a text decoder: a byte-order mark is kept, so such a body stays not-JSON.
    const received = { status, headers: headersOf(response), text: bytes.toString('utf8'), bytes };
    const answer = withoutKey(received, redactor);
    if (!isJsonAnswer(answer)) return { kind: 'not-json', status: answer.status };
    return { kind: 'answer', answer };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Our key cut out of the answer's body and header values; a header whose name holds the key is
 * dropped whole.
 */
export function withoutKey(answer: UpstreamAnswer, redactor: KeyRedactor): UpstreamAnswer {
  const headers = new Map<string, string>();
  for (const [name, value] of answer.headers) {
    if (!redactor.holdsKey(name)) headers.set(name, redactor.redact(value));
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
