/**
 * The query parameters a proxied route passes on: the ones the service documents for it (the
 * vendor's v3 OpenAPI, spec/upstream-notes.md), each with the normal form of its values, declared
 * with the route (routes/*.ts), and the parameters every route reads alike in one form of their own
 * (VALUE_FORMS). Anything else is dropped before the cache key and the upstream
 * call: a browser adding `?x=<random>` to every request must not make each one a new question that
 * spends the key's shared budget.
 */
import { sportsbookNamed } from '../../src/domain/sportsbooks.ts';

/**
 * How a parameter's values are read and written back, so that spellings the service treats alike
 * are one question:
 * - `list`: repeated and/or comma-separated values, trimmed, de-duplicated and sorted;
 * - `slugs`: a list of lowercase slugs (sport, league ids, statuses): lowercased too;
 * - `boolean`: one flag, written `true` or `false` for every spelling Go's ParseBool takes;
 * - `whole`: one whole number, without leading zeros;
 * - `single`: one value as sent (the service reads the first of several).
 */
type ParamKind = 'list' | 'slugs' | 'boolean' | 'whole' | 'single';

/**
 * Parameters the service reads alike on every endpoint, each value in one form wherever a route
 * takes them, whatever kind the route declares: a book in any of its spellings is its display name
 * (`draftkings`, `DRAFTKINGS` -> `DraftKings`; a name none of the ten books goes by stays as sent);
 * a market or an odds format in any letter case is lowercase (the service matches both by letters).
 */
const VALUE_FORMS: Readonly<Record<string, (value: string) => string>> = {
  sportsbook: (value) => sportsbookNamed(value) ?? value,
  market: (value) => value.toLowerCase(),
  odds_format: (value) => value.toLowerCase(),
};

const asSent = (value: string) => value;

const TRUE_FORMS = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE_FORMS = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

function normalised(kind: ParamKind, values: readonly string[], form: (value: string) => string): string[] {
  if (kind === 'list' || kind === 'slugs') {
    const items = new Set<string>();
    for (const value of values)
      for (const item of value.split(',')) {
        const trimmed = item.trim();
        if (trimmed !== '') items.add(form(kind === 'slugs' ? trimmed.toLowerCase() : trimmed));
      }
    return [...items].sort();
  }
  const sent = values.find((value) => value.trim() !== '')?.trim();
  if (sent === undefined) return [];
  const first = form(sent);
  if (kind === 'boolean') return [TRUE_FORMS.has(first) ? 'true' : FALSE_FORMS.has(first) ? 'false' : first];
  if (kind === 'whole' && /^\d+$/.test(first)) return [String(BigInt(first))];
  return [first];
}

/** A route's parameters, by name. */
export type QueryRules = Readonly<Record<string, ParamKind>>;

/**
 * `league=NBA,nfl&x=1&league=nba&page=01` under FIXTURE_FILTERS -> `league=nba&league=nfl&page=1`:
 * the route's documented parameters only, by name in a fixed order, values in their normal form.
 * Parameters named with `passedOnPrefix` (any letter case) pass as they came.
 */
export function canonicalQuery(params: URLSearchParams, rules: QueryRules, passedOnPrefix?: string): string {
  const values = new Map<string, string[]>();
  for (const [name, value] of params) {
    const passes =
      Object.hasOwn(rules, name) ||
      (passedOnPrefix !== undefined && name.toLowerCase().startsWith(passedOnPrefix.toLowerCase()));
    if (!passes) continue;
    const list = values.get(name) ?? [];
    list.push(value);
    values.set(name, list);
  }
  const parts: string[] = [];
  for (const name of [...values.keys()].sort()) {
    const kind: ParamKind = Object.hasOwn(rules, name) ? (rules[name] ?? 'list') : 'list';
    for (const value of normalised(kind, values.get(name) ?? [], VALUE_FORMS[name] ?? asSent))
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}
