/**
 * What the schedule promises at any instant, not just likely: checked every two hours across two
 * years and at the instants the end-to-end suite is proven at (a US daylight-saving change, a
 * year's end, the default world).
 */
import { describe, expect, it } from 'vitest';
import { catalogOf } from '../catalog/catalog.ts';
import { CORE_LEAGUE_IDS } from '../catalog/catalog-sports.ts';
import { createFixtureSchedule, fixtureStatus, type ScheduledFixture } from './schedule.ts';

const HOUR_MS = 3_600_000;
const E2E_INSTANTS = ['2026-03-08T06:45:00Z', '2026-12-31T23:40:00Z', '2026-11-24T17:00:00Z'].map(Date.parse);
const SWEEP_FROM = Date.parse('2026-01-01T00:00:00Z');
const SWEEP_TO = Date.parse('2028-01-01T00:00:00Z');

function sweepInstants(): number[] {
  const instants = [...E2E_INSTANTS];
  for (let instant = SWEEP_FROM; instant < SWEEP_TO; instant += 2 * HOUR_MS) instants.push(instant);
  return instants;
}

// Sweeps of thousands of instants: seconds on an idle machine, more on a busy one.
describe('the realistic schedule', { timeout: 60_000 }, () => {
  const catalog = catalogOf('realistic');
  const schedule = createFixtureSchedule(1, catalog);
  const coreLeagues = CORE_LEAGUE_IDS.map((id) => {
    const league = catalog.leagueById(id);
    if (!league) throw new Error(`no league ${id}`);
    return league;
  });

  it('lists a cancelled game in every core league at any instant', () => {
    const missing: string[] = [];
    for (const instant of sweepInstants()) {
      for (const league of coreLeagues) {
        const listed = schedule.activeFixtures(instant, new Set([league.id]));
        if (!listed.some((fixture) => fixtureStatus(fixture, instant) === 'cancelled')) {
          missing.push(`${league.id} at ${new Date(instant).toISOString()}`);
        }
      }
    }
    expect(missing.slice(0, 5)).toEqual([]);
  });

  it('keeps cancellations rare: about one game in fifty', () => {
    const week = schedule.activeFixtures(E2E_INSTANTS[2] ?? 0, new Set(CORE_LEAGUE_IDS));
    const cancelled = week.filter((fixture) => fixture.disruption === 'cancelled').length;
    expect(cancelled).toBeGreaterThanOrEqual(CORE_LEAGUE_IDS.length);
    expect(cancelled / week.length).toBeLessThan(0.05);
  });

  it('never lists a matchup twice at one moment; the same teams meet again on a day only hours apart', () => {
    // The core leagues (baseball's series among them) and a hundred of the generated ones.
    const leagueIds = new Set([...CORE_LEAGUE_IDS, ...catalog.activeLeagues.slice(0, 100).map((league) => league.id)]);
    const clashes: string[] = [];
    for (let instant = SWEEP_FROM; instant < SWEEP_TO; instant += 7 * 24 * HOUR_MS) {
      const byMatchup = new Map<string, ScheduledFixture[]>();
      for (const fixture of schedule.activeFixtures(instant, leagueIds)) {
        const key = `${fixture.league.id}|${fixture.away.name}@${fixture.home.name}|${fixture.localDate}`;
        byMatchup.set(key, [...(byMatchup.get(key) ?? []), fixture]);
      }
      for (const [key, games] of byMatchup) {
        const starts = games.map((game) => game.startMs).sort((a, b) => a - b);
        for (let index = 1; index < starts.length; index++) {
          if ((starts[index] ?? 0) - (starts[index - 1] ?? 0) < 3 * HOUR_MS) clashes.push(key);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('lists colon-prefixed ids for MLB games, and upcoming MLB games at the suite’s instants', () => {
    for (const instant of E2E_INSTANTS) {
      const mlb = schedule.activeFixtures(instant, new Set(['mlb']));
      const upcoming = mlb.filter((fixture) => fixture.startMs > instant + HOUR_MS);
      expect(upcoming.length).toBeGreaterThan(0);
      for (const fixture of mlb) expect(fixture.id).toMatch(/^mlb:[0-9A-F]{12}$/);
    }
  });
});
