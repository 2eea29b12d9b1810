/**
 * The answer cache's entries in the shared store, written here and read back through valibot
 * schemas: anything not in the form written here (another program's value, garbage, a tampered
 * entry) reads as nothing, never as an answer. Every entry carries a seal (entry-seal.ts) over the
 * store key it lives under and what it says, so whoever can write the store without our secret
 * cannot forge one, replay one under another question, or stretch one's freshness.
 *
 * - the record, under the question: `freshUntil tag bodyLength seal`, small, read on every stale look;
 * - the body, under its tag: `json2`, the seal, the content type, the service's timings, the bytes
 *   (sealed through the tag, a digest of them, which the store key holds). Nothing else of an
 *   upstream answer is stored: no status and no header is ever replayed from the store, so it
 *   cannot make us answer a redirect, set a cookie or open CORS. Only 200 JSON answers are stored;
 *   the timings (`x-latency-*`, read by the app to learn which books are quick) are kept as numbers
 *   under names of one fixed form;
 * - a failed call's outcome, under its flight, as the seal and JSON, for the instances that waited on it.
 */
import * as v from 'valibot';
import type { EntrySeal } from './entry-seal.ts';
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

/**
 * A stored entry as read back: its value, or why it is not used. `seal`: in our form, but not
 * sealed with this process's secret (a forgery, or another instance's without a shared one).
 */
export type StoredRead<T> = { ok: true; value: T } | { ok: false; problem: 'form' | 'seal' };

const unusable = (problem: 'form' | 'seal') => ({ ok: false, problem }) as const;

/** `text` split at its last space into what is sealed and the seal; null without one. */
function sealedParts(text: string): { sealed: string; seal: string } | null {
  const space = text.lastIndexOf(' ');
  return space < 0 ? null : { sealed: text.slice(0, space), seal: text.slice(space + 1) };
}

const TAG = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
const NUMBER_TEXT = v.pipe(v.string(), v.nonEmpty(), v.toNumber(), v.finite());

const recordSchema = v.pipe(
  v.string(),
  v.transform((text) => text.split(' ')),
  v.strictTuple([NUMBER_TEXT, TAG, v.pipe(NUMBER_TEXT, v.safeInteger(), v.minValue(0))]),
  v.transform(([freshUntil, tag, bodyLength]): SharedRecord => ({ freshUntil, tag, bodyLength })),
);

export function encodeRecord(record: SharedRecord, storeKey: string, seal: EntrySeal): string {
  const sealed = `${record.freshUntil} ${record.tag} ${record.bodyLength}`;
  return `${sealed} ${seal.seal(storeKey, sealed)}`;
}

/** The record stored under `storeKey`, if it has the form encodeRecord writes and our seal. */
export function decodeRecord(text: string, storeKey: string, seal: EntrySeal): StoredRead<SharedRecord> {
  const parts = sealedParts(text);
  const read = parts === null ? null : v.safeParse(recordSchema, parts.sealed);
  if (parts === null || read === null || !read.success) return unusable('form');
  return seal.verifies(storeKey, parts.sealed, parts.seal) ? { ok: true, value: read.output } : unusable('seal');
}

const BODY_FORMAT = 'json2';
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

/** The sealed lines before the body: format, content type, timings. */
const bodyHeadSchema = v.strictTuple([v.literal(BODY_FORMAT), v.literal(STORED_CONTENT_TYPE), timingsSchema]);

function timingsOf(headers: Readonly<Record<string, string>>): string {
  const timings: string[] = [];
  for (const [name, value] of Object.entries(headers))
    if (TIMING_NAME.test(name) && TIMING_VALUE.test(value) && timings.length < MAX_TIMINGS)
      timings.push(`${name}=${value}`);
  return timings.join(' ');
}

/** The body entry of `answer`, to be stored under `storeKey` (which names its tag). */
export function encodeBody(answer: PreparedAnswer, storeKey: string, seal: EntrySeal): string {
  const head = [BODY_FORMAT, STORED_CONTENT_TYPE, timingsOf(answer.headers)];
  const [format, ...rest] = head;
  return [format, seal.seal(storeKey, head.join('\n')), ...rest, answer.body.toString('utf8')].join('\n');
}

/** Starts and ends like a JSON object or array: a cheap check that spares a parse of megabytes per read. */
function looksLikeJson(body: string): boolean {
  const text = body.trim();
  return (text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'));
}

/**
 * The stored answer, as a 200 with no header but its timings, if its head has the form encodeBody
 * writes and our seal under `storeKey`, and its body looks like JSON and hashes to `tag` (the answer
 * the record names).
 */
export function decodeBody(text: string, storeKey: string, tag: string, seal: EntrySeal): StoredRead<PreparedAnswer> {
  // The head's lines found by hand: the body after them may be megabytes, never split.
  const lines: string[] = [];
  let from = 0;
  while (lines.length < 4) {
    const end = text.indexOf('\n', from);
    if (end < 0) return unusable('form');
    lines.push(text.slice(from, end));
    from = end + 1;
  }
  const [format = '', entrySeal = '', ...rest] = lines;
  const headLines = [format, ...rest];
  const head = v.safeParse(bodyHeadSchema, headLines);
  const body = text.slice(from);
  if (!head.success || !looksLikeJson(body)) return unusable('form');
  if (!seal.verifies(storeKey, headLines.join('\n'), entrySeal)) return unusable('seal');
  const answer = new PreparedAnswer(200, head.output[2], Buffer.from(body, 'utf8'));
  return answer.tag === tag ? { ok: true, value: answer } : unusable('form');
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

export function encodeFailure(failure: StoredFailure, storeKey: string, seal: EntrySeal): string {
  const sealed = JSON.stringify(failure);
  return `${sealed} ${seal.seal(storeKey, sealed)}`;
}

/** Another instance's failure as it stored it under `storeKey`, if it has the shape encodeFailure writes and our seal. */
export function decodeFailure(text: string, storeKey: string, seal: EntrySeal): StoredRead<StoredFailure> {
  const parts = sealedParts(text);
  if (parts === null) return unusable('form');
  let parsed: unknown;
  try {
    parsed = JSON.parse(parts.sealed);
  } catch {
    return unusable('form');
  }
  const read = v.safeParse(storedFailureSchema, parsed);
  if (!read.success) return unusable('form');
  return seal.verifies(storeKey, parts.sealed, parts.seal) ? { ok: true, value: read.output } : unusable('seal');
}
