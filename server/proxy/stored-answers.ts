/**
 * The answer cache's entries in the shared store, written here and read back through valibot
 * schemas: anything not in the form written here (another program's value, garbage, a tampered
 * entry) reads as nothing, never as an answer.
 *
 * - the record, under the question: `freshUntil tag bodyLength`, small, read on every stale look;
 * - the body, under its tag: `json1`, the content type, the service's timings, the bytes. Nothing
 *   else of an upstream answer is stored: whoever can write the store must not be able to make us
 *   answer a redirect, set a cookie or open CORS, so no status and no header is ever replayed from
 *   it. Only 200 JSON answers are stored; the timings (`x-latency-*`, read by the app to learn which
 *   books are quick) are kept as numbers under names of one fixed form;
 * - a failed call's outcome, under its flight, as JSON, for the instances that waited on it.
 */
import * as v from 'valibot';
import { PreparedAnswer } from './prepared-answer.ts';
import type { UpstreamOutcome } from './upstream-call.ts';

export interface SharedRecord {
  freshUntil: number;
  tag: string;
  /** Length of the stored body (its text), so a read of a large one is given the time it takes. */
  bodyLength: number;
}

/** What a failed flight leaves for the instances that waited on it. */
export type StoredFailure =
  { kind: 'failure'; outcome: Exclude<UpstreamOutcome, { kind: 'answer' }> } | { kind: 'busy'; retryInMs: number };

const TAG = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
const NUMBER_TEXT = v.pipe(v.string(), v.nonEmpty(), v.toNumber(), v.finite());

const recordSchema = v.pipe(
  v.string(),
  v.transform((text) => text.split(' ')),
  v.strictTuple([NUMBER_TEXT, TAG, v.pipe(NUMBER_TEXT, v.safeInteger(), v.minValue(0))]),
  v.transform(([freshUntil, tag, bodyLength]): SharedRecord => ({ freshUntil, tag, bodyLength })),
);

export function encodeRecord(record: SharedRecord): string {
  return `${record.freshUntil} ${record.tag} ${record.bodyLength}`;
}

/** The record, or null unless it has the form encodeRecord writes. */
export function decodeRecord(text: string): SharedRecord | null {
  const read = v.safeParse(recordSchema, text);
  return read.success ? read.output : null;
}

const BODY_FORMAT = 'json1';
const STORED_CONTENT_TYPE = 'application/json';
const TIMING_NAME = /^x-latency-[a-z0-9-]{1,40}$/;
const TIMING_VALUE = /^\d{1,7}(?:\.\d{1,9})?$/;
const MAX_TIMINGS = 32;

const timingsSchema = v.pipe(
  v.string(),
  v.transform((text) => (text === '' ? [] : text.split(' '))),
  v.maxLength(MAX_TIMINGS),
  v.array(
    v.pipe(
      v.string(),
      v.transform((member) => member.split('=')),
      v.strictTuple([v.pipe(v.string(), v.regex(TIMING_NAME)), v.pipe(v.string(), v.regex(TIMING_VALUE))]),
    ),
  ),
  v.transform((pairs): Record<string, string> => Object.fromEntries(pairs)),
);

/** The three lines before the body: format, content type, timings. */
const bodyHeadSchema = v.strictTuple([v.literal(BODY_FORMAT), v.literal(STORED_CONTENT_TYPE), timingsSchema]);

function timingsOf(headers: Readonly<Record<string, string>>): string {
  const timings: string[] = [];
  for (const [name, value] of Object.entries(headers))
    if (TIMING_NAME.test(name) && TIMING_VALUE.test(value) && timings.length < MAX_TIMINGS)
      timings.push(`${name}=${value}`);
  return timings.join(' ');
}

export function encodeBody(answer: PreparedAnswer): string {
  return `${BODY_FORMAT}\n${STORED_CONTENT_TYPE}\n${timingsOf(answer.headers)}\n${answer.body.toString('utf8')}`;
}

/** Starts and ends like a JSON object or array: a cheap check that spares a parse of megabytes per read. */
function looksLikeJson(body: string): boolean {
  const text = body.trim();
  return (text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'));
}

/**
 * The stored answer, as a 200 with no header but its timings; null unless its head has the form
 * encodeBody writes, its body looks like JSON and hashes to `tag` (the answer the record names).
 */
export function decodeBody(text: string, tag: string): PreparedAnswer | null {
  // The head's lines found by hand: the body after them may be megabytes, never split.
  const lines: string[] = [];
  let from = 0;
  while (lines.length < 3) {
    const end = text.indexOf('\n', from);
    if (end < 0) return null;
    lines.push(text.slice(from, end));
    from = end + 1;
  }
  const head = v.safeParse(bodyHeadSchema, lines);
  const body = text.slice(from);
  if (!head.success || !looksLikeJson(body)) return null;
  const answer = new PreparedAnswer(200, head.output[2], Buffer.from(body, 'utf8'));
  return answer.tag === tag ? answer : null;
}

const failureOutcomeSchema = v.variant('kind', [
  v.object({ kind: v.literal('timeout'), duringBody: v.boolean() }),
  v.object({ kind: v.literal('unreachable') }),
  v.object({ kind: v.literal('broken') }),
  v.object({ kind: v.literal('redirect') }),
  v.object({ kind: v.literal('too-large'), maxBytes: v.number() }),
  v.object({ kind: v.literal('not-json'), status: v.number() }),
]);

const storedFailureSchema = v.variant('kind', [
  v.object({ kind: v.literal('failure'), outcome: failureOutcomeSchema }),
  v.object({ kind: v.literal('busy'), retryInMs: v.pipe(v.number(), v.finite(), v.minValue(0)) }),
]);

export function encodeFailure(failure: StoredFailure): string {
  return JSON.stringify(failure);
}

/** Another instance's failure as it stored it; null unless it has the shape encodeFailure writes. */
export function decodeFailure(text: string): StoredFailure | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const read = v.safeParse(storedFailureSchema, parsed);
  return read.success ? read.output : null;
}
