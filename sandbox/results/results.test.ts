import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';
import {
  activeFixtures,
  FIXED_NOW,
  getJson,
  makeApp,
  testClock,
  upcomingFixtures,
  type FixtureWire,
} from '../testing/sandbox-client.ts';

interface SideWire {
  total: number;
  periods: Record<string, number>;
}

interface ResultWire {
  fixture: FixtureWire;
  scores: { home: SideWire; away: SideWire } | null;
  in_play: { period: string | null; clock: null; last_play: null };
  stats: {
    players: {
      player: { id: string; name: string };
      team: { id: string; name: string };
      stats: Record<string, number>;
    }[];
  };
  last_checked_at: string;
}

const HOUR_MS = 3_600_000;
const resultsPath = (query: string) => `${API_PREFIX}/fixtures/results?${query}`;

async function resultAt(nowMs: number, fixtureId: string, catalog: 'small' | 'realistic' = 'small') {
  const app = makeApp({ now: () => nowMs, catalog });
  const { status, body } = await getJson<{ data: ResultWire[] }>(
    app,
    resultsPath(`fixture_id=${encodeURIComponent(fixtureId)}`),
  );
  expect(status).toBe(200);
  return body.data[0];
}

describe('GET /fixtures/results: the vendor definition', () => {
  it('answers each fixture with fixture, scores, in_play, stats and last_checked_at', async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const unplayed = await resultAt(FIXED_NOW, game.id);
    expect(unplayed).toEqual({
      fixture: expect.objectContaining({ id: game.id, status: 'unplayed' }),
      scores: null,
      in_play: { period: null, clock: null, last_play: null },
      stats: { players: [] },
      last_checked_at: new Date(FIXED_NOW).toISOString().replace('.000Z', 'Z'),
    });
  });

  it('moves through live to completed as time passes, as /fixtures/active says, and a final score never changes', async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const startMs = Date.parse(game.start_date);
    const seen: string[] = [];
    let lastTotal = -1;
    for (const instant of [startMs - 60_000, startMs + 30 * 60_000, startMs + 100 * 60_000, startMs + 200 * 60_000]) {
      const result = await resultAt(instant, game.id);
      const listed = (await activeFixtures(makeApp({ now: () => instant }), 'league=nba')).find(
        (item) => item.id === game.id,
      );
      // Listed while not finished, with the status the results give; gone once completed.
      expect(listed?.status).toBe(result?.fixture.status === 'completed' ? undefined : result?.fixture.status);
      seen.push(result?.fixture.status ?? '');
      const total = (result?.scores?.home.total ?? 0) + (result?.scores?.away.total ?? 0);
      expect(total).toBeGreaterThanOrEqual(lastTotal);
      lastTotal = total;
    }
    expect(seen).toEqual(['unplayed', 'live', 'live', 'completed']);
    const final = await resultAt(startMs + 200 * 60_000, game.id);
    const later = await resultAt(startMs + 30 * 24 * HOUR_MS, game.id);
    expect(later?.scores).toEqual(final?.scores);
    expect(later?.stats).toEqual(final?.stats);
    for (const side of ['home', 'away'] as const) {
      const scores = final?.scores?.[side];
      expect(Object.values(scores?.periods ?? {}).reduce((sum, value) => sum + value, 0)).toBe(scores?.total);
    }
    // No points game ends level.
    expect(final?.scores?.home.total).not.toBe(final?.scores?.away.total);
    // Players' figures for the props offered on them.
    expect(final?.stats.players.length).toBeGreaterThan(0);
    expect(final?.stats.players[0]?.stats).toEqual(expect.objectContaining({ player_points: expect.any(Number) }));
  });

  it('draws scores from the model that prices the games: favourites win most, totals sit near the listed total', async () => {
    // A fortnight of NBA games: their lines an hour before the start, their results once all have ended.
    const clock = testClock();
    const app = makeApp({ now: clock.now });
    const games: FixtureWire[] = [];
    for (const day of [0, 7]) {
      clock.set(FIXED_NOW + day * 24 * HOUR_MS);
      games.push(...(await upcomingFixtures(app, 'league=nba')));
    }
    const unique = [...new Map(games.map((game) => [game.id, game])).values()].slice(0, 100);
    const lines = new Map<string, { home: number; total: number }>();
    for (const game of unique) {
      clock.set(Date.parse(game.start_date) - HOUR_MS);
      const odds = await getJson<{
        data: { odds: { name: string; price: number; points: number | null }[] }[];
      }>(
        app,
        `${API_PREFIX}/fixtures/odds?fixture_id=${game.id}&sportsbook=DraftKings&market=Moneyline&market=Total%20Points&is_main=true`,
      );
      const listed = odds.body.data[0]?.odds ?? [];
      lines.set(game.id, {
        home: listed.find((odd) => odd.name === game.home_team_display)?.price ?? 0,
        total: listed.find((odd) => odd.name.startsWith('Over'))?.points ?? 0,
      });
    }
    clock.set(FIXED_NOW + 16 * 24 * HOUR_MS);
    let favouritesWon = 0;
    let totalGap = 0;
    for (let start = 0; start < unique.length; start += 50) {
      const ids = unique
        .slice(start, start + 50)
        .map((game) => `fixture_id=${game.id}`)
        .join('&');
      const { body } = await getJson<{ data: ResultWire[] }>(app, resultsPath(ids));
      for (const result of body.data) {
        const line = lines.get(result.fixture.id);
        const home = result.scores?.home.total ?? 0;
        const away = result.scores?.away.total ?? 0;
        if ((line?.home ?? 0) < 0 === home > away) favouritesWon++;
        totalGap += home + away - (line?.total ?? 0);
      }
    }
    expect(unique.length).toBeGreaterThan(60);
    expect(favouritesWon / unique.length).toBeGreaterThan(0.55);
    expect(Math.abs(totalGap / unique.length)).toBeLessThan(6);
  });

  it('refuses a call without fixture_id or team_id, and more than 50 fixtures', async () => {
    const app = makeApp();
    expect((await getJson(app, resultsPath('include_cancelled=true'))).body).toEqual({
      error: 'you must provide at least one of fixture_id or team_id',
    });
    const many = Array.from({ length: 51 }, (_, index) => `fixture_id=20251122${String(index).padStart(8, '0')}`).join(
      '&',
    );
    expect((await getJson(app, resultsPath(many))).body).toEqual({ error: 'maximum 50 fixtures allowed' });
  });

  it("answers a team's last finished games by team_id and lookback_num, most recent first", async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    const teamId = game?.home_competitors[0]?.id ?? '';
    const { body } = await getJson<{ data: ResultWire[] }>(app, resultsPath(`team_id=${teamId}&lookback_num=3`));
    expect(body.data).toHaveLength(3);
    const starts = body.data.map((result) => Date.parse(result.fixture.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    for (const result of body.data) {
      expect(result.fixture.status).toBe('completed');
      expect([result.fixture.home_competitors[0]?.id, result.fixture.away_competitors[0]?.id]).toContain(teamId);
    }
  });

  it('leaves cancelled games out unless include_cancelled=true', async () => {
    const app = makeApp({ catalog: 'realistic' });
    const cancelled = (await activeFixtures(app, 'league=nba&status=cancelled'))[0];
    if (!cancelled) throw new Error('every core league lists a cancelled game');
    const path = resultsPath(`fixture_id=${cancelled.id}`);
    expect((await getJson<{ data: ResultWire[] }>(app, path)).body.data).toEqual([]);
    const { body } = await getJson<{ data: ResultWire[] }>(app, `${path}&include_cancelled=true`);
    expect(body.data[0]).toMatchObject({ fixture: { id: cancelled.id, status: 'cancelled' }, scores: null });
  });
});
