/**
 * Book order and entry order must not split the cache: the service is asked one canonical body
 * (books sorted, entries sorted), and a client that listed them in another order gets the answer
 * back in its own order (each book's legs matched to its entries by fixture, market and name).
 */
import type { ParlayRequestBody, ParlayRequestEntry } from '../../src/domain/odds/parlay-request-schema.ts';
import { isRecord } from '../../src/domain/records.ts';

function entrySortKey(entry: ParlayRequestEntry): string {
  return [entry.fixture_id, entry.market, entry.name, entry.price_american ?? '', entry.price_decimal ?? ''].join(
    '\u0000',
  );
}

export function canonicalParlayBody(body: ParlayRequestBody): ParlayRequestBody {
  return {
    sportsbooks: [...body.sportsbooks].sort(),
    entries: [...body.entries].sort((a, b) =>
      entrySortKey(a) < entrySortKey(b) ? -1 : entrySortKey(a) > entrySortKey(b) ? 1 : 0,
    ),
  };
}

type Json = Record<string, unknown>;

function legKey(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const { fixture_id: fixtureId, market, name } = value;
  return typeof fixtureId === 'string' && typeof market === 'string' && typeof name === 'string'
    ? [fixtureId, market, name].join('\u0000')
    : null;
}

// Said once per process: a service whose legs never name themselves would otherwise fill the log.
let unnamedLegsLogged = false;

function logUnnamedLegs(reason: string): void {
  if (unnamedLegsLogged) return;
  unnamedLegsLogged = true;
  console.warn(`[proxy] a parlay answer's legs ${reason}; they are given in the order the caller asked, by position`);
}

/**
 * The legs in the client's entry order. Matched by fixture, market and name; when a leg does not
 * say those, by position (the service answers the canonical body's entries in its order), and the
 * log says so. Never left in the canonical (sorted) order: a slip's second leg would show the first's price.
 */
function legsInOrder(
  legs: unknown[],
  client: readonly ParlayRequestEntry[],
  canonical: readonly ParlayRequestEntry[],
): unknown[] {
  const byPosition = (reason: string): unknown[] => {
    logUnnamedLegs(reason);
    if (legs.length !== canonical.length) return legs;
    return client.map((entry) => legs[canonical.indexOf(entry)]);
  };
  const byKey = new Map<string, unknown[]>();
  for (const leg of legs) {
    const key = legKey(leg);
    if (key === null) return byPosition('do not name their fixture, market and selection');
    byKey.set(key, [...(byKey.get(key) ?? []), leg]);
  }
  const ordered: unknown[] = [];
  for (const entry of client) {
    const leg = byKey.get([entry.fixture_id, entry.market, entry.name].join('\u0000'))?.shift();
    if (leg === undefined) return byPosition('name a fixture, market or selection that was not asked');
    ordered.push(leg);
  }
  return ordered.length === legs.length ? ordered : byPosition('are more than the entries asked');
}

/** Book results keyed by name, with the client's books first in its order, each book's legs in its entry order. */
function reorderBooks(results: Json, client: ParlayRequestBody, canonical: ParlayRequestBody): Json {
  const ordered: Json = {};
  for (const book of [...client.sportsbooks, ...Object.keys(results)]) {
    if (!Object.hasOwn(results, book) || Object.hasOwn(ordered, book)) continue;
    const result = results[book];
    ordered[book] =
      isRecord(result) && Array.isArray(result.legs)
        ? { ...result, legs: legsInOrder(result.legs, client.entries, canonical.entries) }
        : result;
  }
  return ordered;
}

function sameOrder(client: ParlayRequestBody, canonical: ParlayRequestBody): boolean {
  return (
    client.sportsbooks.every((book, index) => book === canonical.sportsbooks[index]) &&
    client.entries.every((entry, index) => entry === canonical.entries[index])
  );
}

/** The answer to the canonical body, in the client's order (the text unchanged when the orders agree). */
export function answerInClientOrder(text: string, client: ParlayRequestBody, canonical: ParlayRequestBody): string {
  if (sameOrder(client, canonical)) return text;
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isRecord(answer)) return text;
  // With the `data` wrapper, or (entries that cannot be combined) books at the top level.
  const reordered = isRecord(answer.data)
    ? { ...answer, data: reorderBooks(answer.data, client, canonical) }
    : reorderBooks(answer, client, canonical);
  return JSON.stringify(reordered);
}
