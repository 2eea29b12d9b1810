/**
 * The realistic catalog's leagues: ~1,550 rows like the live service's /leagues, ~350 of them with
 * games (~245 soccer). Real names come from the data files; the long tail is generated from fixed
 * word lists and a hash of the name, so it is the same on every machine and for every seed:
 * - soccer countries listed without leagues get `<Country> - Premier League`, `- First Division`,
 *   `- Cup`... (2 to 6 of them);
 * - basketball, hockey, volleyball and handball get country leagues for countries without real ones;
 * - tennis gets ATP Challenger and ITF events named after real host cities.
 * Which generated leagues have games is also a hash of the name (tier 1 more often than tier 2).
 */
import {
  CORE_LEAGUES,
  isCoreLeagueId,
  leagueSlug,
  MODELS,
  type LeagueInfo,
  type LeagueModel,
} from './catalog-sports.ts';
import { LEAGUE_BLOCKS, TENNIS_CITIES, TENNIS_TOUR_EVENTS } from './catalog-data-leagues.ts';
import { GENERATED_SOCCER_TIERS, SOCCER_COUNTRIES } from './catalog-data-soccer.ts';
import { REALISTIC_SPORTS, SPORT_MODELS } from './catalog-realistic-sports.ts';
import { intHash, pickHash, unitHash } from '../shared/hash.ts';

/** The live service's /leagues row count (upstream notes, "Catalog size"). */
const REALISTIC_LEAGUE_COUNT = 1_554;

interface LeagueRow {
  name: string;
  sportId: string;
  region: string;
  regionCode: string;
  timeZone: string;
  active: boolean;
  gender: 'men' | 'women';
  isCollege: boolean;
}

/** `Premier League*(W)` -> the name and its flags. */
function parseItem(item: string): { name: string; active: boolean; women: boolean; college: boolean } {
  const name = item.replace(/\*|\(W\)|\(C\)/g, '').trim();
  return { name, active: item.includes('*'), women: item.includes('(W)'), college: item.includes('(C)') };
}

function rowsOf(
  sportId: string,
  region: string,
  regionCode: string,
  timeZone: string,
  prefix: string,
  items: readonly string[],
): LeagueRow[] {
  return items.map((item) => {
    const parsed = parseItem(item);
    return {
      name: prefix ? `${prefix} - ${parsed.name}` : parsed.name,
      sportId,
      region,
      regionCode,
      timeZone,
      active: parsed.active,
      gender: parsed.women ? 'women' : 'men',
      isCollege: parsed.college,
    };
  });
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

interface Country {
  name: string;
  code: string;
  zone: string;
}

function soccerRows(): { rows: LeagueRow[]; countries: Country[] } {
  const rows: LeagueRow[] = [];
  const countries: Country[] = [];
  for (const line of lines(SOCCER_COUNTRIES)) {
    const [name = '', code = '', zone = '', list] = line.split('|');
    const isConfederation = ['EU', 'SAM', 'NAM', 'ASI', 'AFR', 'INT', 'OCE'].includes(code);
    if (!isConfederation) countries.push({ name, code, zone });
    const region = isConfederation && name !== 'International' ? 'International' : name;
    if (list !== undefined) {
      rows.push(...rowsOf('soccer', region, code, zone, name, list.split(',')));
      continue;
    }
    // A smaller football nation: a generated set of leagues, the top flight usually with games.
    const count = intHash(2, 6, 'soccer-tiers', name);
    GENERATED_SOCCER_TIERS.slice(0, count).forEach((tier, index) => {
      const chance = [0.72, 0.3, 0.04][index] ?? 0;
      const [row] = rowsOf('soccer', name, code, zone, name, [tier]);
      if (row) rows.push({ ...row, active: unitHash('soccer-active', row.name) < chance });
    });
  }
  return { rows, countries };
}

function blockRows(): LeagueRow[] {
  return lines(LEAGUE_BLOCKS).flatMap((line) => {
    const [sportId = '', region = '', code = '', zone = '', prefix = '', list = ''] = line.split('|');
    return rowsOf(sportId, region, code, zone, prefix, list.split(','));
  });
}

/** Country leagues for the sports whose real lists stop at the big leagues. */
const COUNTRY_TAILS: readonly { sportId: string; tiers: readonly string[]; countries: number; activeChance: number }[] =
  [
    {
      sportId: 'basketball',
      tiers: ['Premier League', 'Division 1', "Women's League(W)"],
      countries: 30,
      activeChance: 0.03,
    },
    { sportId: 'volleyball', tiers: ['Superliga', "Women's Superliga(W)"], countries: 14, activeChance: 0 },
    { sportId: 'handball', tiers: ['Handball League', "Women's Handball League(W)"], countries: 12, activeChance: 0 },
    { sportId: 'hockey', tiers: ['Hockey League'], countries: 10, activeChance: 0 },
  ];

function countryTailRows(countries: readonly Country[], existing: readonly LeagueRow[]): LeagueRow[] {
  return COUNTRY_TAILS.flatMap(({ sportId, tiers, countries: wanted, activeChance }) => {
    const covered = new Set(existing.filter((row) => row.sportId === sportId).map((row) => row.region));
    return countries
      .filter((country) => !covered.has(country.name))
      .slice(0, wanted)
      .flatMap((country) =>
        rowsOf(sportId, country.name, country.code, country.zone, country.name, [...tiers]).map((row) => ({
          ...row,
          active: row.gender === 'men' && unitHash(sportId, 'active', row.name) < activeChance,
        })),
      );
  });
}

const TENNIS_ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Shanghai',
  'Australia/Sydney',
  'Europe/London',
  'America/Sao_Paulo',
];

function tennisRows(count: number): LeagueRow[] {
  const row = (name: string, active: boolean, gender: 'men' | 'women'): LeagueRow => ({
    name,
    sportId: 'tennis',
    region: 'World',
    regionCode: 'INT',
    timeZone: pickHash(TENNIS_ZONES, 'tennis-zone', name),
    active,
    gender,
    isCollege: false,
  });
  const rows: LeagueRow[] = lines(TENNIS_TOUR_EVENTS).flatMap((line) => {
    const [tour = '', list = ''] = line.split('|');
    return list.split(',').map((item) => {
      const parsed = parseItem(item);
      return row(`${tour} - ${parsed.name}`, parsed.active, tour === 'WTA' ? 'women' : 'men');
    });
  });
  const cities = TENNIS_CITIES.split(',');
  // Challengers first, then ITF events, until the catalog reaches the live size.
  for (let index = 0; rows.length < count; index++) {
    const city = cities[index % cities.length] ?? 'Rome';
    const round = Math.floor(index / cities.length);
    const name =
      round === 0
        ? `ATP Challenger - ${city}`
        : round === 1
          ? `ITF Men - ${pickHash(['M15', 'M25'], city)} ${city}`
          : `ITF Women - ${pickHash(['W15', 'W35', 'W50', 'W75'], city, round)} ${city}${round > 2 ? ` ${round - 1}` : ''}`;
    const gender = name.startsWith('ITF Women') ? 'women' : 'men';
    rows.push(row(name, unitHash('tennis-active', name) < (round === 0 ? 0.05 : 0.015), gender));
  }
  return rows;
}

/** Outright-only sports (politics...) never have games; any model will do for their leagues. */
const OUTRIGHT_MODEL: LeagueModel = MODELS.nfl;
/** Older colon-prefixed fixture ids (upstream notes, "Ids"): MLB and the Asian baseball leagues. */
const PREFIXED_ID_LEAGUES = new Set(['mlb', 'kbo', 'npb']);

function toLeague(row: LeagueRow, numericalId: number): LeagueInfo {
  const id = leagueSlug(row.name);
  const sport = REALISTIC_SPORTS.find((candidate) => candidate.id === row.sportId);
  const idStyle = PREFIXED_ID_LEAGUES.has(id) ? 'prefixed' : 'dated';
  const coreLeague = isCoreLeagueId(id) ? CORE_LEAGUES.find((candidate) => candidate.id === id) : undefined;
  if (coreLeague) return { ...coreLeague, idStyle };
  return {
    id,
    name: row.name,
    numericalId,
    sportId: row.sportId,
    region: row.region,
    regionCode: row.regionCode,
    gender: row.gender,
    isCollege: row.isCollege,
    timeZone: row.timeZone,
    // Sports without head-to-head games (politics...) have no fixtures, so never games this week.
    active: row.active && sport?.lines !== null,
    idStyle,
    roster: 'generated',
    model: SPORT_MODELS.get(row.sportId) ?? OUTRIGHT_MODEL,
  };
}

/** Every league of the realistic catalog, in /leagues order (by sport, then as listed). */
export function buildRealisticLeagues(): LeagueInfo[] {
  const soccer = soccerRows();
  const others = blockRows();
  const tails = countryTailRows(soccer.countries, others);
  const withoutTennis = [...soccer.rows, ...others, ...tails];
  const rows = [...withoutTennis, ...tennisRows(REALISTIC_LEAGUE_COUNT - withoutTennis.length)];
  const sportOrder = new Map(REALISTIC_SPORTS.map((sport, index) => [sport.id, index]));
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (sportOrder.get(a.row.sportId) ?? 99) - (sportOrder.get(b.row.sportId) ?? 99) || a.index - b.index);
  const seen = new Set<string>();
  const leagues: LeagueInfo[] = [];
  let nextNumericalId = CORE_LEAGUES.length + 1;
  for (const { row } of sorted) {
    // The same name in two sports (`Germany - Bundesliga`): the later one says which sport it is.
    const sportName = REALISTIC_SPORTS.find((sport) => sport.id === row.sportId)?.name ?? row.sportId;
    const named = seen.has(leagueSlug(row.name)) ? { ...row, name: `${row.name} (${sportName})` } : row;
    const id = leagueSlug(named.name);
    if (seen.has(id)) continue;
    seen.add(id);
    leagues.push(toLeague(named, isCoreLeagueId(id) ? 0 : nextNumericalId++));
  }
  return leagues;
}
