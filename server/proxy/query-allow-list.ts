/**
 * The query parameters each proxied route passes on: the ones the service documents for it (the
 * vendor's v3 OpenAPI, spec/upstream-notes.md), each with the normal form of its values. Anything
 * else is dropped before the cache key and the upstream call: a browser adding `?x=<random>` to
 * every request must not make each one a new question that spends the key's shared budget.
 */

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

const FIXTURE_FILTERS: Readonly<Record<string, ParamKind>> = {
  sport: 'slugs',
  league: 'slugs',
  id: 'list',
  numerical_id: 'list',
  team_id: 'list',
  tournament_id: 'single',
  status: 'slugs',
  is_live: 'boolean',
  start_date: 'single',
  start_date_before: 'single',
  start_date_after: 'single',
  season_year: 'single',
  season_week: 'single',
  season_type: 'single',
  division: 'list',
  conference: 'list',
  page: 'whole',
  limit: 'whole',
  cursor: 'single',
  include_statsperform_id: 'boolean',
  include_starting_lineups: 'boolean',
  sportsbook: 'single',
  updated_since: 'single',
};

/** Per route below /api/v3: the parameters passed on. Routes not listed pass none. */
const ROUTE_QUERY_PARAMS: Readonly<Record<string, Readonly<Record<string, ParamKind>>>> = {
  '/sports': {},
  '/sports/active': {},
  '/leagues': { sport: 'slugs', league: 'slugs' },
  '/leagues/active': { sport: 'slugs', league: 'slugs' },
  '/fixtures/active': FIXTURE_FILTERS,
  '/fixtures/odds': {
    fixture_id: 'list',
    sportsbook: 'list',
    market: 'list',
    name: 'list',
    player_id: 'list',
    team_id: 'list',
    is_main: 'boolean',
    odds_format: 'single',
  },
  '/markets/active': { sport: 'slugs', league: 'slugs', fixture_id: 'list', sportsbook: 'list' },
  '/players': {
    sport: 'slugs',
    league: 'slugs',
    id: 'list',
    numerical_id: 'list',
    base_id: 'list',
    team_id: 'list',
    team_base_id: 'list',
    page: 'whole',
    include_statsperform_id: 'boolean',
  },
  '/parlay/odds': { odds_format: 'single', allow_missing_entries: 'boolean', always_include_deep_link: 'boolean' },
};

/** The sandbox's own query parameters (`sandbox_scenario`, `sandbox_fault`), in any letter case: sandbox only. */
const SANDBOX_ONLY_QUERY_PREFIX = 'sandbox_';

const TRUE_FORMS = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE_FORMS = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

function normalised(kind: ParamKind, values: readonly string[]): string[] {
  if (kind === 'list' || kind === 'slugs') {
    const items = new Set<string>();
    for (const value of values)
      for (const item of value.split(',')) {
        const trimmed = item.trim();
        if (trimmed !== '') items.add(kind === 'slugs' ? trimmed.toLowerCase() : trimmed);
      }
    return [...items].sort();
  }
  const first = values.find((value) => value.trim() !== '')?.trim();
  if (first === undefined) return [];
  if (kind === 'boolean') return [TRUE_FORMS.has(first) ? 'true' : FALSE_FORMS.has(first) ? 'false' : first];
  if (kind === 'whole' && /^\d+$/.test(first)) return [String(BigInt(first))];
  return [first];
}

/**
 * `league=NBA,nfl&x=1&league=nba&page=01` on /fixtures/active -> `league=nba&league=nfl&page=1`:
 * the route's documented parameters only, by name in a fixed order, values in their normal form.
 */
export function canonicalQuery(routePath: string, params: URLSearchParams, isSandbox: boolean): string {
  const allowed = Object.hasOwn(ROUTE_QUERY_PARAMS, routePath) ? ROUTE_QUERY_PARAMS[routePath] : undefined;
  const values = new Map<string, string[]>();
  for (const [name, value] of params) {
    const passes =
      (allowed !== undefined && Object.hasOwn(allowed, name)) ||
      (isSandbox && name.toLowerCase().startsWith(SANDBOX_ONLY_QUERY_PREFIX));
    if (!passes) continue;
    const list = values.get(name) ?? [];
    list.push(value);
    values.set(name, list);
  }
  const parts: string[] = [];
  for (const name of [...values.keys()].sort()) {
    const kind: ParamKind = allowed !== undefined && Object.hasOwn(allowed, name) ? (allowed[name] ?? 'list') : 'list';
    for (const value of normalised(kind, values.get(name) ?? []))
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}
