import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../api/types.ts';
import { groupGamesByDay, scheduleGames, toSearchableGames } from './game-schedule.ts';

// Local times, so the day filters' calendar days hold in any time zone.
const NOW = new Date(2026, 10, 22, 12, 0).getTime();

function game(id: string, start: Date, overrides: Partial<Fixture> = {}): Fixture {
  return {
    id,
    startDate: start.toISOString(),
    status: 'scheduled',
    isLive: false,
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    homeCompetitors: [],
    awayCompetitors: [],
    sportId: 'soccer',
    leagueId: 'laliga',
    leagueName: 'La Liga',
    ...overrides,
  };
}

const live = game('live', new Date(2026, 10, 21, 23, 0), { isLive: true, homeTeam: 'Atlético Madrid' });
const today = game('today', new Date(2026, 10, 22, 18, 0));
const tomorrow = game('tomorrow', new Date(2026, 10, 23, 18, 0), { awayTeam: 'Atletico Ottawa' });
const later = game('later', new Date(2026, 10, 26, 18, 0));
const beyondWindow = game('beyond', new Date(2026, 11, 5, 18, 0));
const games = toSearchableGames([live, today, tomorrow, later, beyondWindow]);

describe('scheduleGames', () => {
  it('sorts upcoming games into the day filters in one pass, keeping their order', () => {
    const { anyUpcoming, byDay } = scheduleGames(games, '', NOW);
    expect(anyUpcoming).toBe(true);
    expect(byDay.week).toEqual([live, today, tomorrow, later]);
    // A live game counts as today's even if it started yesterday, and never as tomorrow's.
    expect(byDay.today).toEqual([live, today]);
    expect(byDay.tomorrow).toEqual([tomorrow]);
  });

  it('matches team and league names with accents folded, whatever the case', () => {
    expect(scheduleGames(games, '  ATLETICO ', NOW).byDay.week).toEqual([live, tomorrow]);
    expect(scheduleGames(games, 'liga', NOW).byDay.week).toHaveLength(4);
    const none = scheduleGames(games, 'Zzyzx', NOW);
    expect(none.byDay.week).toEqual([]);
    expect(none.anyUpcoming).toBe(true);
  });

  it('finds a game by a team abbreviation its competitors carry, and by a team name with a typo', () => {
    const lakers = game('lakers', new Date(2026, 10, 22, 19, 0), {
      homeTeam: 'Los Angeles Lakers',
      awayTeam: 'Oklahoma City Thunder',
      homeCompetitors: [{ id: 'lal', name: 'Los Angeles Lakers', abbreviation: 'LAL', logo: null }],
      awayCompetitors: [{ id: 'okc', name: 'Oklahoma City Thunder', abbreviation: 'OKC', logo: null }],
    });
    const withLakers = toSearchableGames([today, lakers, tomorrow]);
    for (const text of ['OKC', 'lal', 'Lakers', 'Lakres', 'thundr']) {
      expect(scheduleGames(withLakers, text, NOW).byDay.week).toEqual([lakers]);
    }
  });

  it('lists a game the service gave no start date last, under "Time to be confirmed"', () => {
    const unscheduled = { ...game('tbc', new Date(NOW)), startDate: '' };
    const { byDay } = scheduleGames(toSearchableGames([today, unscheduled, tomorrow]), '', NOW);
    expect(byDay.week).toEqual([today, unscheduled, tomorrow]);
    expect(byDay.today).toEqual([today]);
    expect(groupGamesByDay(byDay.week, NOW).map((day) => [day.heading, day.games.map((listed) => listed.id)])).toEqual([
      ['Today', ['today']],
      ['Tomorrow', ['tomorrow']],
      ['Time to be confirmed', ['tbc']],
    ]);
  });

  it('lists cancelled games last, under "Cancelled", out of their day', () => {
    const cancelled = { ...game('off', new Date(NOW)), status: 'cancelled' };
    const { byDay } = scheduleGames(toSearchableGames([today, cancelled, tomorrow]), '', NOW);
    expect(byDay.today).toEqual([today, cancelled]);
    expect(groupGamesByDay(byDay.week, NOW).map((day) => [day.heading, day.games.map((listed) => listed.id)])).toEqual([
      ['Today', ['today']],
      ['Tomorrow', ['tomorrow']],
      ['Cancelled', ['off']],
    ]);
  });

  it('says when nothing is upcoming at all', () => {
    expect(scheduleGames(toSearchableGames([beyondWindow]), '', NOW).anyUpcoming).toBe(false);
  });
});
