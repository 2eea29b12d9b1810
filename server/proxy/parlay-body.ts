/**
 * Checks a parlay request body before it costs an upstream call, with the rules the sandbox uses
 * too (src/domain/odds/parlay-request-schema.ts), in our server's words. Stricter than the odds
 * service in one way: a price on an entry is refused unless the pricing engine is asked, so what we
 * forward (and cache) is only what the service reads.
 */
import { LRUCache } from 'lru-cache';
import { createParlayRequestCheck, type ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { MAX_PARLAY_ENTRIES, MIN_PARLAY_ENTRIES } from '../../src/domain/odds/parlay.ts';
import { canonicalParlayBody } from './parlay-order.ts';

type ParlayBodyCheck = { ok: true; body: ParlayRequestBody } | { ok: false; message: string };

/** Enough problems to fix the request, few enough to read. */
const PROBLEMS_SHOWN = 8;

const entryCount = (count: number) =>
  `a parlay takes ${MIN_PARLAY_ENTRIES} to ${MAX_PARLAY_ENTRIES} entries, got ${count}`;

const checkRequest = createParlayRequestCheck({
  notJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object with sportsbooks and entries.',
  required: 'required',
  notString: 'must be a string',
  sportsbooksNotArray: 'must be an array of sportsbook names',
  noSportsbooks: 'name at least one sportsbook',
  unknownSportsbook: (name) => `unknown sportsbook "${name.slice(0, 40)}" (supported: ${SPORTSBOOKS.join(', ')})`,
  duplicateSportsbook: (name) => `"${name}" is listed twice`,
  engineNotAlone: `"${FAIR_PRICING_ENGINE}" prices from your own prices and must be the only sportsbook in its request`,
  entriesNotArray: 'must be an array of entries',
  tooFewEntries: entryCount,
  tooManyEntries: entryCount,
  entryNotObject: 'must be an object with fixture_id, market and name',
  emptyText: 'must not be empty',
  textTooLong: (maxLength) => `longer than ${maxLength} characters`,
  badFixtureId: 'must be 1 to 100 printable characters without spaces',
  badAmericanPrice: 'must be a number of at least 100 or at most -100',
  badDecimalPrice: 'must be a number above 1',
  pricesOnlyForEngine: `price_american and price_decimal are only for "${FAIR_PRICING_ENGINE}"`,
});

export function checkParlayBody(text: string): ParlayBodyCheck {
  const check = checkRequest(text);
  if (check.kind === 'valid') return { ok: true, body: check.body };
  if (check.kind === 'unreadable') return { ok: false, message: check.message };
  const { problems } = check;
  const more = problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '';
  return { ok: false, message: `Invalid parlay request: ${problems.slice(0, PROBLEMS_SHOWN).join('; ')}${more}.` };
}

type CheckedBody = { ok: true; body: ParlayRequestBody; canonical: ParlayRequestBody } | { ok: false; message: string };

/** Characters of request bodies whose checks are kept (a slip's body is a few hundred to a few thousand). */
const CHECKED_BODY_CHARS = 4 * 1024 * 1024;

/**
 * Checked bodies by their text: an article's readers send the same few slips, byte for byte, so a
 * repeated body skips the JSON parse, the schema check and the sort. Only valid ones are kept;
 * the bodies handed out are shared, and nothing changes them.
 */
export class CheckedParlayBodies {
  readonly #valid = new LRUCache<string, Extract<CheckedBody, { ok: true }>>({
    maxSize: CHECKED_BODY_CHARS,
    sizeCalculation: (_, text) => text.length + 64,
  });

  check(text: string): CheckedBody {
    const known = this.#valid.get(text);
    if (known !== undefined) return known;
    const check = checkParlayBody(text);
    if (!check.ok) return check;
    const checked = { ok: true as const, body: check.body, canonical: canonicalParlayBody(check.body) };
    this.#valid.set(text, checked);
    return checked;
  }
}
