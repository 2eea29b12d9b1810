/**
 * Matching what the pricer echoes back (missing entries, leg echoes) to the slip's legs.
 * The service sends `missing_entries` in its normalised identifier form, and that form is only
 * inferred from observed pairs, so matching runs in tiers from strict to forgiving; a stricter
 * tier always claims its legs first, and each leg is claimed at most once.
 */
import { toIdentifier, toTolerantKey } from '../identifiers.ts';

/** The three strings that identify a selection, in the service's field names. */
export interface SelectionRef {
  fixture_id: string;
  market: string;
  name: string;
}

interface EntryKeys {
  fixtureId: string;
  fixtureIdLoose: string;
  market: string;
  name: string;
  marketTolerant: ReadonlySet<string>;
  nameTolerant: ReadonlySet<string>;
}

type TierTest = (candidate: SelectionRef, entry: EntryKeys) => boolean;

function looseFixtureId(fixtureId: string): string {
  return fixtureId.trim().toUpperCase();
}

/** Both the raw text's tolerant key and its identifier's: `Jokić` may come back as `joki` or `jokic`. */
function tolerantKeysOf(text: string): ReadonlySet<string> {
  return new Set([toTolerantKey(text), toTolerantKey(toIdentifier(text))]);
}

function keysOf(entry: SelectionRef): EntryKeys {
  return {
    fixtureId: entry.fixture_id,
    fixtureIdLoose: looseFixtureId(entry.fixture_id),
    market: toIdentifier(entry.market),
    name: toIdentifier(entry.name),
    marketTolerant: tolerantKeysOf(entry.market),
    nameTolerant: tolerantKeysOf(entry.name),
  };
}

const MATCH_TIERS: readonly TierTest[] = [
  // 1. The documented form: the service's strings equal our identifiers exactly.
  (candidate, entry) =>
    candidate.fixture_id === entry.fixtureId && candidate.market === entry.market && candidate.name === entry.name,
  // 2. The service echoed display strings (or another case) instead of identifiers.
  (candidate, entry) =>
    looseFixtureId(candidate.fixture_id) === entry.fixtureIdLoose &&
    toIdentifier(candidate.market) === entry.market &&
    toIdentifier(candidate.name) === entry.name,
  // 3. Normalised differently: accents, apostrophes, periods, a trailing `_`.
  (candidate, entry) =>
    looseFixtureId(candidate.fixture_id) === entry.fixtureIdLoose &&
    entry.marketTolerant.has(toTolerantKey(candidate.market)) &&
    entry.nameTolerant.has(toTolerantKey(candidate.name)),
];

/**
 * Pairs each candidate with at most one entry. Returns, per candidate, the index of its entry
 * or null. Within a tier, candidates are served in order and each takes the first free entry.
 */
export function pairSelections(
  candidates: readonly SelectionRef[],
  entries: readonly SelectionRef[],
): (number | null)[] {
  const entryKeys = entries.map(keysOf);
  const claimed = new Array<boolean>(entries.length).fill(false);
  const pairing: (number | null)[] = candidates.map(() => null);

  for (const matches of MATCH_TIERS) {
    candidates.forEach((candidate, candidateIndex) => {
      if (pairing[candidateIndex] !== null) return;
      const entryIndex = entryKeys.findIndex((keys, index) => !claimed[index] && matches(candidate, keys));
      if (entryIndex === -1) return;
      claimed[entryIndex] = true;
      pairing[candidateIndex] = entryIndex;
    });
  }
  return pairing;
}

/**
 * Which slip legs the service reported as missing. `matchedIndexes` are unique indexes into
 * `entries`, ascending; `unmatched` keeps the reported entries no leg could be found for, so the
 * UI can still say something about them.
 */
export function matchMissingEntries<Missing extends SelectionRef>(
  missing: readonly Missing[],
  entries: readonly SelectionRef[],
): { matchedIndexes: number[]; unmatched: Missing[] } {
  const pairing = pairSelections(missing, entries);
  const matchedIndexes: number[] = [];
  const unmatched: Missing[] = [];
  missing.forEach((reported, index) => {
    const entryIndex = pairing[index];
    if (entryIndex === null || entryIndex === undefined) unmatched.push(reported);
    else matchedIndexes.push(entryIndex);
  });
  matchedIndexes.sort((a, b) => a - b);
  return { matchedIndexes, unmatched };
}
