/**
 * Checks a parlay request body before it costs an upstream call: shape, types, the closed set of
 * books (or the fair-pricing engine alone, with a price on every entry), and the service's limits.
 * Messages name each problem field by field.
 */
import { isFixtureId, MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../../src/domain/odds/parlay.ts';
import { isSportsbook, SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
const MAX_TEXT_LENGTH = 200;

export interface ParlayEntryBody {
  fixture_id: string;
  market: string;
  name: string;
  /** Only for the fair-pricing engine: the caller's own price for this entry. */
  price_american?: number;
  price_decimal?: number;
}

export interface ParlayBody {
  sportsbooks: string[];
  entries: ParlayEntryBody[];
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

function checkBooks(problems: string[], raw: unknown): string[] {
  const sportsbooks: string[] = [];
  if (!Array.isArray(raw)) {
    problems.push(raw === undefined ? 'sportsbooks: required' : 'sportsbooks: must be an array of sportsbook names');
  } else if (raw.length === 0) {
    problems.push('sportsbooks: name at least one sportsbook');
  } else {
    raw.forEach((book: unknown, index) => {
      if (typeof book !== 'string') problems.push(`sportsbooks[${index}]: must be a string`);
      else if (!isSportsbook(book) && book !== FAIR_PRICING_ENGINE)
        problems.push(
          `sportsbooks[${index}]: unknown sportsbook "${book.slice(0, 40)}" (supported: ${SPORTSBOOKS.join(', ')})`,
        );
      else if (sportsbooks.includes(book)) problems.push(`sportsbooks[${index}]: "${book}" is listed twice`);
      else sportsbooks.push(book);
    });
    if (sportsbooks.includes(FAIR_PRICING_ENGINE) && raw.length > 1) {
      problems.push(
        `sportsbooks: "${FAIR_PRICING_ENGINE}" prices from your own prices and must be the only sportsbook in its request`,
      );
    }
  }
  return sportsbooks;
}

/** The caller's price on an entry, for the fair-pricing engine: American (|x| >= 100) or decimal (> 1). */
function checkEntryPrice(
  problems: string[],
  path: string,
  entry: Record<string, unknown>,
  required: boolean,
): Pick<ParlayEntryBody, 'price_american' | 'price_decimal'> | null {
  const { price_american: american, price_decimal: decimal } = entry;
  if (american === undefined && decimal === undefined) {
    if (required)
      problems.push(`${path}: "${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`);
    return {};
  }
  if (!required) {
    problems.push(`${path}: price_american and price_decimal are only for "${FAIR_PRICING_ENGINE}"`);
    return null;
  }
  const price: Pick<ParlayEntryBody, 'price_american' | 'price_decimal'> = {};
  let ok = true;
  if (american !== undefined) {
    if (typeof american !== 'number' || !Number.isFinite(american) || Math.abs(american) < 100) {
      problems.push(`${path}.price_american: must be a number of at least 100 or at most -100`);
      ok = false;
    } else price.price_american = american;
  }
  if (decimal !== undefined) {
    if (typeof decimal !== 'number' || !Number.isFinite(decimal) || decimal <= 1) {
      problems.push(`${path}.price_decimal: must be a number above 1`);
      ok = false;
    } else price.price_decimal = decimal;
  }
  return ok ? price : null;
}

function checkEntries(problems: string[], raw: unknown, pricesRequired: boolean): ParlayEntryBody[] {
  const entries: ParlayEntryBody[] = [];
  if (!Array.isArray(raw)) {
    problems.push(raw === undefined ? 'entries: required' : 'entries: must be an array of entries');
    return entries;
  }
  if (raw.length < MIN_PARLAY_ENTRIES || raw.length > MAX_PARLAY_ENTRIES) {
    problems.push(`entries: a parlay takes ${MIN_PARLAY_ENTRIES} to ${MAX_PARLAY_ENTRIES} entries, got ${raw.length}`);
    return entries;
  }
  raw.forEach((entry: unknown, index) => {
    const path = `entries[${index}]`;
    if (!isRecord(entry)) {
      problems.push(`${path}: must be an object with fixture_id, market and name`);
      return;
    }
    const { fixture_id: fixtureId, market, name } = entry;
    const fixtureOk = checkText(problems, `${path}.fixture_id`, fixtureId);
    if (fixtureOk && !isFixtureId(fixtureId))
      problems.push(`${path}.fixture_id: must be 1 to 100 printable characters without spaces`);
    const marketOk = checkText(problems, `${path}.market`, market);
    const nameOk = checkText(problems, `${path}.name`, name);
    const price = checkEntryPrice(problems, path, entry, pricesRequired);
    if (fixtureOk && isFixtureId(fixtureId) && marketOk && nameOk && price !== null)
      entries.push({ fixture_id: fixtureId, market, name, ...price });
  });
  return entries;
}

export function checkParlayBody(text: string): ParlayBodyCheck {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' };
  }
  if (!isRecord(body))
    return { ok: false, message: 'The request body must be a JSON object with sportsbooks and entries.' };

  const problems: string[] = [];
  const sportsbooks = checkBooks(problems, body.sportsbooks);
  const entries = checkEntries(problems, body.entries, sportsbooks.includes(FAIR_PRICING_ENGINE));

  // Show the first few problems: enough to fix the request, short enough to read.
  if (problems.length > 0)
    return {
      ok: false,
      message: `Invalid parlay request: ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? `; and ${problems.length - 8} more` : ''}.`,
    };
  return { ok: true, body: { sportsbooks, entries } };
}
