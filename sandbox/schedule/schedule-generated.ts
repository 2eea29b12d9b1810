/**
 * Schedules of the generated leagues, by the rhythm of their sport: weekend rounds (soccer and most
 * team sports, with some midweek rounds), nightly slates (basketball, hockey, baseball, cricket),
 * daily tournament matches (tennis, darts, esports...), a Saturday card (MMA, boxing) and golf's
 * Thursday-to-Sunday matchups. Like the core leagues: a pure function of (seed, league, date), and
 * no competitor plays twice on one date.
 */
import type { LeagueInfo } from '../catalog/catalog-sports.ts';
import { intHash, pickHash, unitHash } from '../shared/hash.ts';
import { pairUp, type PlannedGame } from './schedule-plans.ts';
import type { Team } from '../catalog/teams/teams.ts';
import { addDays, dayNumber, weekday, type DateKey } from './time.ts';

type Rhythm = 'rounds' | 'nightly' | 'tournament' | 'card' | 'golf';

const RHYTHMS: Readonly<Record<string, Rhythm>> = {
  basketball: 'nightly',
  hockey: 'nightly',
  baseball: 'nightly',
  cricket: 'nightly',
  tennis: 'tournament',
  table_tennis: 'tournament',
  darts: 'tournament',
  snooker: 'tournament',
  badminton: 'tournament',
  squash: 'tournament',
  esports: 'tournament',
  beach_volleyball: 'tournament',
  curling: 'tournament',
  chess: 'tournament',
  mma: 'card',
  boxing: 'card',
  golf: 'golf',
};

const SATURDAY = 6;

function clockAt(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Friday to Monday rounds (anchor: the Saturday) and, some weeks, a Tuesday/Wednesday round. */
function roundsOn(seed: number, league: LeagueInfo, teams: readonly Team[], date: DateKey): PlannedGame[] {
  const day = weekday(date);
  const offsets: Readonly<Record<number, number>> = { 5: -1, 6: 0, 0: 1, 1: 2, 2: 0, 3: 1 };
  const offset = offsets[day];
  if (offset === undefined) return [];
  const midweek = day === 2 || day === 3;
  const anchor = addDays(date, -offset);
  if (midweek && unitHash(seed, league.id, 'midweek', anchor) >= 0.3) return [];
  const pairs = pairUp(teams, seed, league.id, 'round', anchor);
  // Most games on Saturday and Sunday; a Friday opener and a Monday game now and then.
  const weekendDays = [0, 0, 0, 1, 1, 1, -1, 2];
  return pairs.flatMap(([home, away], index): PlannedGame[] => {
    const gameOffset = midweek ? index % 2 : pickHash(weekendDays, seed, league.id, anchor, index);
    if (gameOffset !== offset) return [];
    const kickoff =
      intHash(12, 20, seed, league.id, anchor, index, 'hour') * 60 +
      pickHash([0, 0, 15, 30, 45], seed, league.id, anchor, index, 'minute');
    return [{ home, away, localDate: date, clock: clockAt(kickoff) }];
  });
}

/** A slate most nights, a few games at a time. */
function nightlyOn(seed: number, league: LeagueInfo, teams: readonly Team[], date: DateKey): PlannedGame[] {
  if (unitHash(seed, league.id, 'rest', date) < 0.2) return [];
  const pairs = pairUp(teams, seed, league.id, 'night', date);
  const count = intHash(1, Math.max(1, pairs.length - 1), seed, league.id, 'games', date);
  const evening =
    league.sportId === 'cricket'
      ? [10 * 60, 14 * 60, 19 * 60]
      : [17 * 60, 18 * 60 + 30, 19 * 60, 19 * 60 + 30, 20 * 60];
  return pairs.slice(0, count).map(([home, away], index) => ({
    home,
    away,
    localDate: date,
    clock: clockAt(pickHash(evening, seed, league.id, date, index)),
  }));
}

/** Matches through the day, every day of the event. */
function tournamentOn(seed: number, league: LeagueInfo, teams: readonly Team[], date: DateKey): PlannedGame[] {
  const pairs = pairUp(teams, seed, league.id, 'draw', date);
  const count = intHash(3, Math.min(12, pairs.length), seed, league.id, 'matches', date);
  return pairs
    .slice(0, count)
    .map(([home, away], index) => ({ home, away, localDate: date, clock: clockAt(10 * 60 + index * 70) }));
}

/** A Saturday-night card: bouts half an hour apart, new pairings each week. */
function cardOn(seed: number, league: LeagueInfo, teams: readonly Team[], date: DateKey): PlannedGame[] {
  if (weekday(date) !== SATURDAY) return [];
  const pairs = pairUp(teams, seed, league.id, 'card', Math.floor(dayNumber(date) / 7));
  const count = intHash(6, Math.min(12, pairs.length), seed, league.id, 'bouts', date);
  return pairs
    .slice(0, count)
    .map(([home, away], index) => ({ home, away, localDate: date, clock: clockAt(18 * 60 + index * 30) }));
}

/** Two-ball matchups, Thursday to Sunday. */
function golfOn(seed: number, league: LeagueInfo, teams: readonly Team[], date: DateKey): PlannedGame[] {
  const day = weekday(date);
  if (day !== 4 && day !== 5 && day !== SATURDAY && day !== 0) return [];
  const pairs = pairUp(teams, seed, league.id, 'matchups', date);
  const count = intHash(10, 16, seed, league.id, 'pairs', date);
  return pairs
    .slice(0, count)
    .map(([home, away], index) => ({ home, away, localDate: date, clock: clockAt(7 * 60 + index * 22) }));
}

export function generatedGamesOn(
  seed: number,
  league: LeagueInfo,
  teams: readonly Team[],
  date: DateKey,
): PlannedGame[] {
  switch (RHYTHMS[league.sportId] ?? 'rounds') {
    case 'nightly':
      return nightlyOn(seed, league, teams, date);
    case 'tournament':
      return tournamentOn(seed, league, teams, date);
    case 'card':
      return cardOn(seed, league, teams, date);
    case 'golf':
      return golfOn(seed, league, teams, date);
    case 'rounds':
      return roundsOn(seed, league, teams, date);
  }
}
