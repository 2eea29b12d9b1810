/**
 * Fixtures: planned games placed on the UTC timeline. A game is listed from now until it finishes
 * (start + its sport's duration); games further out than seven days are not listed yet.
 */
import { LEAGUES, sportById, type LeagueInfo, type SportInfo } from './catalog-sports.ts';
import { hash32 } from './hash.ts';
import { fixtureIdFor, plannedGamesOn } from './schedule-plans.ts';
import type { Team } from './teams.ts';
import { addDays, clockMinutes, DAY_MS, expandCompactDate, localDateKey, localTimeToUtcMs, type DateKey } from './time.ts';

export const LISTING_WINDOW_MS = 7 * DAY_MS;

export interface ScheduledFixture {
  id: string;
  numericalId: number;
  gameId: string;
  league: LeagueInfo;
  sport: SportInfo;
  home: Team;
  away: Team;
  /** The league's local date of the game (the date in the id). */
  localDate: DateKey;
  startMs: number;
  endMs: number;
  venueName: string;
}

export type FixtureStatus = 'unplayed' | 'live' | 'completed';

export function fixtureStatus(fixture: ScheduledFixture, nowMs: number): FixtureStatus {
  if (nowMs < fixture.startMs) return 'unplayed';
  return nowMs < fixture.endMs ? 'live' : 'completed';
}

export interface FixtureSchedule {
  /** Every fixture not finished at `nowMs` that starts within seven days, sorted by start. */
  activeFixtures(nowMs: number): ScheduledFixture[];
  /** A fixture by id whatever its date, or null if the id names no game. */
  findFixture(id: string): ScheduledFixture | null;
}

// Slates are cheap but requested constantly; a small bounded cache keeps handlers fast.
const SLATE_CACHE_LIMIT = 600;

export function createFixtureSchedule(seed: number): FixtureSchedule {
  const slates = new Map<string, ScheduledFixture[]>();

  function slate(league: LeagueInfo, date: DateKey): ScheduledFixture[] {
    const cacheKey = `${league.id}|${date}`;
    const cached = slates.get(cacheKey);
    if (cached) return cached;
    const sport = sportById(league.sportId);
    const fixtures = plannedGamesOn(seed, league.id, date).map((game): ScheduledFixture => {
      const id = fixtureIdFor(seed, league.id, game);
      const startMs = localTimeToUtcMs(date, clockMinutes(game.clock), league.timeZone);
      return {
        id,
        numericalId: 100_000 + (hash32('fixture-number', id) % 900_000),
        gameId: `${game.home.numericalId}-${game.away.numericalId}-${date}`,
        league,
        sport,
        home: game.home,
        away: game.away,
        localDate: date,
        startMs,
        endMs: startMs + sport.durationMinutes * 60_000,
        venueName: game.home.venue,
      };
    });
    if (slates.size >= SLATE_CACHE_LIMIT) slates.clear();
    slates.set(cacheKey, fixtures);
    return fixtures;
  }

  function activeFixtures(nowMs: number): ScheduledFixture[] {
    const horizonMs = nowMs + LISTING_WINDOW_MS;
    const active: ScheduledFixture[] = [];
    for (const league of LEAGUES) {
      // Start a day early: a game that began yesterday (local) may still be live.
      let date = addDays(localDateKey(nowMs, league.timeZone), -1);
      const lastDate = addDays(localDateKey(horizonMs, league.timeZone), 1);
      while (date <= lastDate) {
        for (const fixture of slate(league, date)) {
          if (fixture.endMs > nowMs && fixture.startMs <= horizonMs) active.push(fixture);
        }
        date = addDays(date, 1);
      }
    }
    return active.sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  }

  function findFixture(id: string): ScheduledFixture | null {
    const date = expandCompactDate(id.slice(0, 8));
    if (!date || !/^\d{8}[0-9A-F]{8}$/.test(id)) return null;
    for (const league of LEAGUES) {
      const found = slate(league, date).find((fixture) => fixture.id === id);
      if (found) return found;
    }
    return null;
  }

  return { activeFixtures, findFixture };
}
