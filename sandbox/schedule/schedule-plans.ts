/**
 * Who plays whom, and when, in each league on a local date: a pure function of (seed, league, date).
 * Each league follows its real rhythm - NBA/NHL/NCAAB nightly slates, MLB three-game series, NFL
 * Thursday/Sunday/Monday weeks, NCAAF Saturdays, soccer weekend rounds plus some midweek rounds - so
 * every league has games in any 7-day window and no team plays twice on one date.
 */
import type { CoreLeagueId } from '../catalog/catalog-sports.ts';
import { intHash, pickHash, shuffleHash, unitHash } from '../shared/hash.ts';
import type { Team } from '../catalog/teams/teams.ts';
import { TEAMS_BY_LEAGUE } from '../catalog/teams/teams.ts';
import { addDays, dayNumber, weekday, type DateKey } from './time.ts';

export interface PlannedGame {
  home: Team;
  away: Team;
  localDate: DateKey;
  /** Local wall-clock kick-off, `HH:MM`. */
  clock: string;
}

const SUNDAY = 0;
const MONDAY = 1;
const TUESDAY = 2;
const WEDNESDAY = 3;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;

/** Looks a date's weekday up in a table of day offsets; undefined when the league rests that day. */
function offsetOn(date: DateKey, offsetsByWeekday: Partial<Record<number, number>>): number | undefined {
  return offsetsByWeekday[weekday(date)];
}

function isWeekend(date: DateKey): boolean {
  const day = weekday(date);
  return day === SATURDAY || day === SUNDAY;
}

/** Pairs teams off from a seeded shuffle; which side is home is seeded per pair. */
export function pairUp(teams: readonly Team[], ...parts: readonly (string | number)[]): [Team, Team][] {
  const shuffled = shuffleHash(teams, ...parts);
  const pairs: [Team, Team][] = [];
  for (let index = 0; index + 1 < shuffled.length; index += 2) {
    const first = shuffled[index] as Team;
    const second = shuffled[index + 1] as Team;
    pairs.push(unitHash(...parts, 'home', index) < 0.5 ? [first, second] : [second, first]);
  }
  return pairs;
}

interface NightlyPlan {
  games: readonly [number, number];
  weekdayClocks: readonly string[];
  weekendClocks: readonly string[];
}

const NIGHTLY: Readonly<Record<'nba' | 'nhl' | 'ncaab', NightlyPlan>> = {
  nba: {
    games: [5, 12],
    weekdayClocks: ['19:00', '19:00', '19:30', '19:30', '20:00', '20:00', '21:00', '22:00', '22:00', '22:30'],
    weekendClocks: ['15:30', '17:00', '18:00', '19:00', '19:30', '20:00', '21:00', '22:00'],
  },
  nhl: {
    games: [4, 13],
    weekdayClocks: ['19:00', '19:00', '19:00', '19:30', '19:30', '20:00', '21:00', '22:00', '22:30'],
    weekendClocks: ['13:00', '15:00', '17:00', '19:00', '19:00', '20:00', '22:00'],
  },
  ncaab: {
    games: [4, 10],
    weekdayClocks: ['18:30', '19:00', '19:00', '20:00', '21:00', '21:30'],
    weekendClocks: ['12:00', '14:00', '16:00', '18:00', '20:00'],
  },
};

function nightlySlate(seed: number, leagueId: 'nba' | 'nhl' | 'ncaab', date: DateKey): PlannedGame[] {
  const plan = NIGHTLY[leagueId];
  const [fewest, most] = plan.games;
  const count = intHash(fewest, most, seed, leagueId, 'games', date);
  const clocks = isWeekend(date) ? plan.weekendClocks : plan.weekdayClocks;
  return pairUp(TEAMS_BY_LEAGUE[leagueId], seed, leagueId, date)
    .slice(0, count)
    .map(([home, away], index) => ({
      home,
      away,
      localDate: date,
      clock: pickHash(clocks, seed, leagueId, date, index),
    }));
}

const MLB_WEEKDAY_CLOCKS = [
  '18:40',
  '19:05',
  '19:07',
  '19:10',
  '19:10',
  '19:40',
  '20:10',
  '21:40',
  '22:10',
  '22:10',
  '13:05',
];
const MLB_WEEKEND_CLOCKS = ['13:05', '13:10', '13:35', '14:10', '16:05', '16:10', '19:10', '19:15'];

/** Three-game series: the same pairs for three days, a few off days, Mondays and Thursdays lighter. */
function mlbSlate(seed: number, date: DateKey): PlannedGame[] {
  const series = Math.floor(dayNumber(date) / 3);
  const offDayChance = weekday(date) === MONDAY || weekday(date) === THURSDAY ? 0.35 : 0.08;
  const clocks = isWeekend(date) ? MLB_WEEKEND_CLOCKS : MLB_WEEKDAY_CLOCKS;
  return pairUp(TEAMS_BY_LEAGUE.mlb, seed, 'mlb', 'series', series)
    .filter((_, index) => unitHash(seed, 'mlb', 'off', date, index) >= offDayChance)
    .map(([home, away]) => ({ home, away, localDate: date, clock: pickHash(clocks, seed, 'mlb', date, home.name) }));
}

/** A slot in a round: days after the round's anchor date and a local kick-off. */
type RoundSlot = readonly [dayOffset: number, clock: string];

function roundGames(
  seed: number,
  leagueId: CoreLeagueId,
  anchor: DateKey,
  slots: readonly RoundSlot[],
  byePairs = 0,
): PlannedGame[] {
  const pairs = pairUp(TEAMS_BY_LEAGUE[leagueId], seed, leagueId, 'round', anchor);
  return pairs.slice(0, pairs.length - byePairs).map(([home, away], index) => {
    const [dayOffset, clock] = slots[Math.min(index, slots.length - 1)] ?? [0, '12:00'];
    return { home, away, localDate: addDays(anchor, dayOffset), clock };
  });
}

/** Thursday night, Sunday early/late/night, Monday night; a few teams on bye. Anchor: Thursday. */
const NFL_SLOTS: readonly RoundSlot[] = [
  [0, '20:15'],
  [4, '20:15'],
  [3, '20:20'],
  [3, '16:25'],
  [3, '16:25'],
  [3, '16:05'],
  [3, '16:05'],
  [3, '13:00'],
];

function nflSlate(seed: number, date: DateKey): PlannedGame[] {
  const daysAfterThursday = offsetOn(date, { [THURSDAY]: 0, [SUNDAY]: 3, [MONDAY]: 4 });
  if (daysAfterThursday === undefined) return [];
  const thursday = addDays(date, -daysAfterThursday);
  const byePairs = intHash(0, 2, seed, 'nfl', 'byes', thursday);
  return roundGames(seed, 'nfl', thursday, NFL_SLOTS, byePairs).filter((game) => game.localDate === date);
}

/** Saturday slate with the odd Thursday or Friday night game. Anchor: Saturday. */
function ncaafSlate(seed: number, date: DateKey): PlannedGame[] {
  const daysBeforeSaturday = offsetOn(date, { [THURSDAY]: 2, [FRIDAY]: 1, [SATURDAY]: 0 });
  if (daysBeforeSaturday === undefined) return [];
  const saturday = addDays(date, daysBeforeSaturday);
  const thursdayGame = unitHash(seed, 'ncaaf', 'thursday', saturday) < 0.6;
  const fridayGame = unitHash(seed, 'ncaaf', 'friday', saturday) < 0.7;
  const slots: RoundSlot[] = [
    thursdayGame ? [-2, '19:30'] : [0, '12:00'],
    fridayGame ? [-1, '19:00'] : [0, '15:30'],
    [0, '12:00'],
    [0, '12:00'],
    [0, '15:30'],
    [0, '15:30'],
    [0, '19:00'],
    [0, '19:30'],
    [0, '19:30'],
    [0, '20:00'],
    [0, '12:00'],
    [0, '15:30'],
  ];
  return roundGames(seed, 'ncaaf', saturday, slots).filter((game) => game.localDate === date);
}

interface SoccerPlan {
  /** Offsets from the round's Saturday. */
  weekend: readonly RoundSlot[];
  /** Offsets from the round's Tuesday. */
  midweek: readonly RoundSlot[];
}

const SOCCER: Readonly<Record<'england_-_premier_league' | 'spain_-_la_liga', SoccerPlan>> = {
  'england_-_premier_league': {
    weekend: [
      [0, '12:30'],
      [0, '15:00'],
      [0, '15:00'],
      [0, '15:00'],
      [0, '15:00'],
      [0, '17:30'],
      [1, '14:00'],
      [1, '14:00'],
      [1, '16:30'],
      [2, '20:00'],
    ],
    midweek: [
      [0, '19:30'],
      [0, '19:30'],
      [0, '20:00'],
      [0, '20:00'],
      [0, '20:15'],
      [1, '19:30'],
      [1, '19:30'],
      [1, '20:00'],
      [1, '20:00'],
      [1, '20:15'],
    ],
  },
  'spain_-_la_liga': {
    weekend: [
      [-1, '21:00'],
      [0, '14:00'],
      [0, '16:15'],
      [0, '18:30'],
      [0, '21:00'],
      [1, '14:00'],
      [1, '16:15'],
      [1, '18:30'],
      [1, '21:00'],
      [2, '21:00'],
    ],
    midweek: [
      [0, '19:00'],
      [0, '19:00'],
      [0, '21:00'],
      [0, '21:00'],
      [0, '21:30'],
      [1, '19:00'],
      [1, '19:00'],
      [1, '21:00'],
      [1, '21:00'],
      [1, '21:30'],
    ],
  },
};

/** A weekend round every week (Friday to Monday) and, some weeks, a Tuesday/Wednesday round. */
function soccerSlate(
  seed: number,
  leagueId: 'england_-_premier_league' | 'spain_-_la_liga',
  date: DateKey,
): PlannedGame[] {
  const plan = SOCCER[leagueId];
  const daysAfterSaturday = offsetOn(date, { [FRIDAY]: -1, [SATURDAY]: 0, [SUNDAY]: 1, [MONDAY]: 2 });
  if (daysAfterSaturday !== undefined) {
    const saturday = addDays(date, -daysAfterSaturday);
    return roundGames(seed, leagueId, saturday, plan.weekend).filter((game) => game.localDate === date);
  }
  const daysAfterTuesday = offsetOn(date, { [TUESDAY]: 0, [WEDNESDAY]: 1 });
  if (daysAfterTuesday === undefined) return [];
  const tuesday = addDays(date, -daysAfterTuesday);
  if (unitHash(seed, leagueId, 'midweek', tuesday) >= 0.4) return [];
  return roundGames(seed, leagueId, tuesday, plan.midweek).filter((game) => game.localDate === date);
}

/** Every game a league plays on a local date. */
export function plannedGamesOn(seed: number, leagueId: CoreLeagueId, date: DateKey): PlannedGame[] {
  switch (leagueId) {
    case 'nba':
    case 'nhl':
    case 'ncaab':
      return nightlySlate(seed, leagueId, date);
    case 'mlb':
      return mlbSlate(seed, date);
    case 'nfl':
      return nflSlate(seed, date);
    case 'ncaaf':
      return ncaafSlate(seed, date);
    case 'england_-_premier_league':
    case 'spain_-_la_liga':
      return soccerSlate(seed, leagueId, date);
  }
}
