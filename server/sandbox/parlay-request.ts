/**
 * Validation of a POST /parlay/odds body. Every problem is reported field by field in one message,
 * e.g. `entries[1].market: required; sportsbooks[0]: unknown sportsbook "Foo"`.
 */
import { MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../../src/domain/parlay.ts';
import { isSportsbook, type Sportsbook } from '../../src/domain/sportsbooks.ts';

export interface ParlayEntryInput {
  fixture_id: string;
  market: string;
  name: string;
}

export interface ParlayRequest {
  sportsbooks: Sportsbook[];
  entries: ParlayEntryInput[];
}


const ENTRY_FIELDS = ['fixture_id', 'market', 'name'] as const;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkSportsbooks(value: unknown, problems: string[]): Sportsbook[] {
  if (value === undefined || value === null) {
    problems.push('sportsbooks: required');
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push('sportsbooks: expected an array of sportsbook names');
    return [];
  }
  if (value.length === 0) problems.push('sportsbooks: at least 1 sportsbook required');
  const books: Sportsbook[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') problems.push(`sportsbooks[${index}]: expected a string`);
    else if (!isSportsbook(item)) problems.push(`sportsbooks[${index}]: unknown sportsbook ${JSON.stringify(item)}`);
    else if (books.includes(item)) problems.push(`sportsbooks[${index}]: duplicate sportsbook ${JSON.stringify(item)}`);
    else books.push(item);
  });
  return books;
}

function checkEntries(value: unknown, problems: string[]): ParlayEntryInput[] {
  if (value === undefined || value === null) {
    problems.push('entries: required');
    return [];
  }
  if (!Array.isArray(value)) {
    problems.push('entries: expected an array of entries');
    return [];
  }
  if (value.length < MIN_PARLAY_ENTRIES) problems.push(`entries: at least ${MIN_PARLAY_ENTRIES} entries required`);
  if (value.length > MAX_PARLAY_ENTRIES) problems.push(`entries: at most ${MAX_PARLAY_ENTRIES} entries allowed`);
  const entries: ParlayEntryInput[] = [];
  value.forEach((item: unknown, index) => {
    if (!isRecord(item)) {
      problems.push(`entries[${index}]: expected an object with fixture_id, market and name`);
      return;
    }
    const entry: ParlayEntryInput = { fixture_id: '', market: '', name: '' };
    for (const field of ENTRY_FIELDS) {
      const fieldValue = item[field];
      if (fieldValue === undefined || fieldValue === null) problems.push(`entries[${index}].${field}: required`);
      else if (typeof fieldValue !== 'string') problems.push(`entries[${index}].${field}: expected a string`);
      else if (fieldValue.trim() === '') problems.push(`entries[${index}].${field}: must not be empty`);
      else entry[field] = fieldValue;
    }
    entries.push(entry);
  });
  return entries;
}

export function parseParlayRequest(bodyText: string): ParseResult<ParlayRequest> {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { ok: false, error: 'body: expected a JSON object (the body is not valid JSON)' };
  }
  if (!isRecord(body)) return { ok: false, error: 'body: expected a JSON object with sportsbooks and entries' };
  const problems: string[] = [];
  const sportsbooks = checkSportsbooks(body.sportsbooks, problems);
  const entries = checkEntries(body.entries, problems);
  return problems.length > 0 ? { ok: false, error: problems.join('; ') } : { ok: true, value: { sportsbooks, entries } };
}
