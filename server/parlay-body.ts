/**
 * Checks a parlay request body before it costs an upstream call: shape, types, the closed set of
 * books, and the service's limits. Messages name each problem field by field.
 */
import { MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../src/domain/parlay.ts';
import { isSportsbook, SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
const MAX_TEXT_LENGTH = 200;
const FIXTURE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ParlayBody {
  sportsbooks: string[];
  entries: { fixture_id: string; market: string; name: string }[];
}

export type ParlayBodyCheck = { ok: true; body: ParlayBody } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkText(problems: string[], path: string, value: unknown): value is string {
  if (value === undefined) problems.push(`${path}: required`);
  else if (typeof value !== 'string') problems.push(`${path}: must be a string`);
  else if (value.trim() === '') problems.push(`${path}: must not be empty`);
  else if (value.length > MAX_TEXT_LENGTH) problems.push(`${path}: longer than ${MAX_TEXT_LENGTH} characters`);
  else return true;
  return false;
}

export function checkParlayBody(text: string): ParlayBodyCheck {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (!isRecord(body)) return { ok: false, message: 'The request body must be a JSON object with sportsbooks and entries.' };

  const problems: string[] = [];
  const sportsbooks: string[] = [];
  if (!Array.isArray(body.sportsbooks)) {
    problems.push(body.sportsbooks === undefined ? 'sportsbooks: required' : 'sportsbooks: must be an array of sportsbook names');
  } else if (body.sportsbooks.length === 0) {
    problems.push('sportsbooks: name at least one sportsbook');
  } else {
    body.sportsbooks.forEach((book: unknown, index) => {
      if (typeof book !== 'string') problems.push(`sportsbooks[${index}]: must be a string`);
      else if (!isSportsbook(book)) problems.push(`sportsbooks[${index}]: unknown sportsbook "${book.slice(0, 40)}" (supported: ${SPORTSBOOKS.join(', ')})`);
      else if (sportsbooks.includes(book)) problems.push(`sportsbooks[${index}]: "${book}" is listed twice`);
      else sportsbooks.push(book);
    });
  }

  const entries: ParlayBody['entries'] = [];
  if (!Array.isArray(body.entries)) {
    problems.push(body.entries === undefined ? 'entries: required' : 'entries: must be an array of entries');
  } else if (body.entries.length < MIN_PARLAY_ENTRIES || body.entries.length > MAX_PARLAY_ENTRIES) {
    problems.push(`entries: a parlay takes ${MIN_PARLAY_ENTRIES} to ${MAX_PARLAY_ENTRIES} entries, got ${body.entries.length}`);
  } else {
    body.entries.forEach((entry: unknown, index) => {
      const path = `entries[${index}]`;
      if (!isRecord(entry)) {
        problems.push(`${path}: must be an object with fixture_id, market and name`);
        return;
      }
      const { fixture_id: fixtureId, market, name } = entry;
      const fixtureOk = checkText(problems, `${path}.fixture_id`, fixtureId);
      if (fixtureOk && !FIXTURE_ID.test(fixtureId)) problems.push(`${path}.fixture_id: must be letters and digits`);
      const marketOk = checkText(problems, `${path}.market`, market);
      const nameOk = checkText(problems, `${path}.name`, name);
      if (fixtureOk && marketOk && nameOk) entries.push({ fixture_id: fixtureId, market, name });
    });
  }

  // Show the first few problems: enough to fix the request, short enough to read.
  if (problems.length > 0) return { ok: false, message: `Invalid parlay request: ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? `; and ${problems.length - 8} more` : ''}.` };
  return { ok: true, body: { sportsbooks, entries } };
}
