/**
 * Fixtures: planned games placed on the UTC timeline, and their status over time. A game is listed
 * from now until it finishes (start + its sport's duration); games further out than seven days are
 * not listed yet. In the realistic catalog live games show `half` at half-time, and a few percent
 * of games are disrupted, chosen by a hash of the fixture: delayed (shown `delayed` for a few hours
 * before it starts 45 min late), suspended (stopped for an hour a third of the way in) or cancelled
 * (listed as `cancelled` for a day after its advertised start, no odds anywhere). The small catalog
 * has none of these.
 *
 * Certain, not likely: each of the eight core leagues cancels the first game of one set weekday
 * every week (a day it always plays), so at any instant every core league lists a cancelled game
 * (the next one comes into the seven-day view before the last one leaves it). Tests rely on it.
 */
import type { Catalog } from '../catalog/catalog.ts';
import { fixtureIdFor, parseFixtureId } from './fixture-ids.ts';
import { hash32, unitHash } from '../shared/hash.ts';
import type { Team } from '../catalog/teams/teams.ts';
import { addDays, clockMinutes, DAY_MS, localDateKey, localTimeToUtcMs, weekday, type DateKey } from './time.ts';
import { isCoreLeagueId, type CoreLeagueId, type LeagueInfo, type SportInfo } from '../catalog/catalog-sports.ts';

export const LISTING_WINDOW_MS = 7 * DAY_MS;
const MINUTE_MS = 60_000;
const DELAY_MS = 45 * MINUTE_MS;
/** How long before its start a delayed game shows `delayed`. */
const DELAY_NOTICE_MS = 4 * 60 * MINUTE_MS;
const SUSPENSION_MS = 60 * MINUTE_MS;
/** How long a cancelled game stays listed after its advertised start. */
const CANCELLED_LISTING_MS = DAY_MS;

/** The weekday (0 = Sunday) on which each core league cancels its first game: a day it always plays. */
const WEEKLY_CANCELLATION_DAY: Readonly<Record<CoreLeagueId, number>> = {
  nba: 3,
  nhl: 2,
  ncaab: 4,
  mlb: 3,
  nfl: 0,
  ncaaf: 6,
  'england_-_premier_league': 6,
  'spain_-_la_liga': 6,
};

type Disruption = 'none' | 'delayed' | 'suspended' | 'cancelled';

export interface ScheduledFixture {
  id: string;
  numericalId: number;
  gameId: string;
  league: LeagueInfo;
  sport: SportInfo;
  home: Team;
  away: Team;
  /** The league's local date of the game (the date in a dated id). */
  localDate: DateKey;
  /** The advertised start (`start_date`). */
  startMs: number;
  /** When play begins: the start, or later for a delayed game. */
  liveFromMs: number;
  /** When the game is over (it then disappears from listings and its odds are gone). */
  endMs: number;
  venueName: string;
  disruption: Disruption;
  /** Minutes after play begins during which the game shows `half` (realistic catalog only). */
  halftime: readonly [number, number] | null;
}

export type FixtureStatus = 'unplayed' | 'live' | 'half' | 'delayed' | 'suspended' | 'cancelled' | 'completed';

export function fixtureStatus(fixture: ScheduledFixture, nowMs: number): FixtureStatus {
  if (nowMs >= fixture.endMs) return 'completed';
  if (fixture.disruption === 'cancelled') return 'cancelled';
  if (nowMs < fixture.liveFromMs) {
    return fixture.disruption === 'delayed' && nowMs >= fixture.startMs - DELAY_NOTICE_MS ? 'delayed' : 'unplayed';
  }
  const minutesIn = (nowMs - fixture.liveFromMs) / MINUTE_MS;
  const duration = fixture.sport.durationMinutes;
  if (
    fixture.disruption === 'suspended' &&
    minutesIn >= duration / 3 &&
    minutesIn < duration / 3 + SUSPENSION_MS / MINUTE_MS
  )
    return 'suspended';
  const halftime = fixture.halftime;
  if (halftime && fixture.disruption !== 'suspended' && minutesIn >= halftime[0] && minutesIn < halftime[1])
    return 'half';
  return 'live';
}

/** In play: live, at half-time or stopped mid-game. */
export function isInPlay(status: FixtureStatus): boolean {
  return status === 'live' || status === 'half' || status === 'suspended';
}

/** Whether books list odds for the fixture at that moment. */
export function hasOdds(fixture: ScheduledFixture, nowMs: number): boolean {
  const status = fixtureStatus(fixture, nowMs);
  return status !== 'completed' && status !== 'cancelled';
}

export interface FixtureSchedule {
  /**
   * Every fixture not finished at `nowMs` that starts within seven days, sorted by start; only
   * those of the given leagues when a list is given (then only those leagues' games are placed).
   */
  activeFixtures(nowMs: number, leagueIds?: ReadonlySet<string>): readonly ScheduledFixture[];
  /** A fixture by id whatever its date, or null if the id names no game. */
  findFixture(id: string): ScheduledFixture | null;
  /** A league's games on one of its local dates, past or future. */
  fixturesOn(league: LeagueInfo, date: DateKey): readonly ScheduledFixture[];
}

function disruptionOf(seed: number, catalog: Catalog, id: string, weeklyCancellation: boolean): Disruption {
  if (!catalog.liveHabits) return 'none';
  if (weeklyCancellation) return 'cancelled';
  const draw = unitHash(seed, 'disruption', id);
  if (draw < 0.015) return 'cancelled';
  if (draw < 0.035) return 'delayed';
  return draw < 0.045 ? 'suspended' : 'none';
}

// Slates are cheap but asked for constantly: a bounded cache (the realistic catalog has ~350
// leagues with games, ~10 dates each in view) keeps handlers fast.
const SLATE_CACHE_LIMIT = 20_000;

export function createFixtureSchedule(seed: number, catalog: Catalog): FixtureSchedule {
  const slates = new Map<string, ScheduledFixture[]>();
  const byId = new Map<string, ScheduledFixture>();
  const scheduled = catalog.activeLeagues.filter((league) => catalog.sportById(league.sportId)?.lines);
  // Per 30 s bucket: each league's listed games, placed only when asked for (a request for one
  // league does not wait for the ~360 others), and the merged list of all of them.
  let listing: { bucket: number; byLeague: Map<string, ScheduledFixture[]>; all: ScheduledFixture[] | null } | null =
    null;
  function slate(league: LeagueInfo, sport: SportInfo, date: DateKey): ScheduledFixture[] {
    const cacheKey = `${league.id}|${date}`;
    const cached = slates.get(cacheKey);
    if (cached) return cached;
    const games = catalog.gamesOn(seed, league, date);
    const cancelledThisWeek = isCoreLeagueId(league.id) && weekday(date) === WEEKLY_CANCELLATION_DAY[league.id];
    const firstClock = Math.min(...games.map((game) => clockMinutes(game.clock)));
    const firstGame = games.find((game) => clockMinutes(game.clock) === firstClock);
    const fixtures = games.map((game): ScheduledFixture => {
      const id = fixtureIdFor(seed, league, game);
      const startMs = localTimeToUtcMs(date, clockMinutes(game.clock), league.timeZone);
      const disruption = disruptionOf(seed, catalog, id, cancelledThisWeek && game === firstGame);
      const liveFromMs = startMs + (disruption === 'delayed' ? DELAY_MS : 0);
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
        liveFromMs,
        endMs:
          disruption === 'cancelled'
            ? startMs + CANCELLED_LISTING_MS
            : liveFromMs + sport.durationMinutes * MINUTE_MS + (disruption === 'suspended' ? SUSPENSION_MS : 0),
        venueName: game.home.venue,
        disruption,
        halftime: catalog.liveHabits ? sport.halftime : null,
      };
    });
    if (slates.size >= SLATE_CACHE_LIMIT) {
      slates.clear();
      byId.clear();
    }
    slates.set(cacheKey, fixtures);
    for (const fixture of fixtures) byId.set(fixture.id, fixture);
    return fixtures;
  }

  function leagueFixtures(league: LeagueInfo, sport: SportInfo, nowMs: number): ScheduledFixture[] {
    const horizonMs = nowMs + LISTING_WINDOW_MS;
    const listed: ScheduledFixture[] = [];
    // Start a day early: a game that began yesterday (local) may still be live.
    let date = addDays(localDateKey(nowMs, league.timeZone), -1);
    const lastDate = addDays(localDateKey(horizonMs, league.timeZone), 1);
    while (date <= lastDate) {
      for (const fixture of slate(league, sport, date)) {
        if (fixture.endMs > nowMs && fixture.startMs <= horizonMs) listed.push(fixture);
      }
      date = addDays(date, 1);
    }
    return listed;
  }

  function bySchedule(a: ScheduledFixture, b: ScheduledFixture): number {
    return a.startMs - b.startMs || a.id.localeCompare(b.id);
  }

  function activeFixtures(nowMs: number, leagueIds?: ReadonlySet<string>): readonly ScheduledFixture[] {
    // The lists only change when a game finishes or comes into view: built once per 30 s.
    const bucket = Math.floor(nowMs / 30_000);
    if (!listing || listing.bucket !== bucket) listing = { bucket, byLeague: new Map(), all: null };
    const current = listing;
    const ofLeague = (league: LeagueInfo): ScheduledFixture[] => {
      const known = current.byLeague.get(league.id);
      if (known) return known;
      const sport = catalog.sportById(league.sportId);
      const fixtures = sport ? leagueFixtures(league, sport, nowMs) : [];
      current.byLeague.set(league.id, fixtures);
      return fixtures;
    };
    const stillOn = (fixture: ScheduledFixture) => fixture.endMs > nowMs;
    if (leagueIds)
      return scheduled
        .filter((league) => leagueIds.has(league.id))
        .flatMap(ofLeague)
        .sort(bySchedule)
        .filter(stillOn);
    current.all ??= scheduled.flatMap(ofLeague).sort(bySchedule);
    return current.all.filter(stillOn);
  }

  function findFixture(id: string): ScheduledFixture | null {
    const known = byId.get(id);
    if (known) return known;
    const parsed = parseFixtureId(id);
    if (!parsed) return null;
    const candidates =
      parsed.leagueId === null
        ? scheduled.filter((league) => league.idStyle === 'dated')
        : scheduled.filter((league) => league.id === parsed.leagueId && league.idStyle === 'prefixed');
    for (const league of candidates) {
      const sport = catalog.sportById(league.sportId);
      if (!sport) continue;
      const found = slate(league, sport, parsed.date).find((fixture) => fixture.id === id);
      if (found) return found;
    }
    return null;
  }

  function fixturesOn(league: LeagueInfo, date: DateKey): readonly ScheduledFixture[] {
    const sport = catalog.sportById(league.sportId);
    return sport && sport.lines ? slate(league, sport, date) : [];
  }

  return { activeFixtures, findFixture, fixturesOn };
}
