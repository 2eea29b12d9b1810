import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';
import { TEAMS_BY_LEAGUE } from '../catalog/teams/teams.ts';
import { FIXED_NOW, getJson, makeApp, oddsOf, upcomingFixtures } from '../testing/sandbox-client.ts';
import { INJURY_STATUSES, injuryAt } from './injury-report.ts';

interface InjuryWire {
  id: string;
  player: { id: string; name: string; position: string };
  team: { id: string; name: string; abbreviation: string };
  sport: { id: string; name: string };
  league: { id: string; name: string };
  status: string;
  type: string;
  description: string;
  expected_return: string;
  updated_at: string;
}

const DAY_MS = 86_400_000;
const injuries = async (nowMs: number, query: string) =>
  (
    await getJson<{ data: InjuryWire[]; page: number; has_more: boolean }>(
      makeApp({ now: () => nowMs }),
      `${API_PREFIX}/injuries?${query}`,
    )
  ).body;

describe('GET /injuries: the vendor definition', () => {
  it('answers rows of player, team, status and type, for the leagues asked, deterministic from seed and clock', async () => {
    const body = await injuries(FIXED_NOW, 'league=nba&league=nfl');
    expect(body).toMatchObject({ page: 1, has_more: false });
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(row).toEqual({
        id: expect.any(String),
        player: { id: expect.any(String), name: expect.any(String), position: expect.any(String) },
        team: { id: expect.any(String), name: expect.any(String), abbreviation: expect.any(String) },
        sport: { id: expect.stringMatching(/^(basketball|football)$/), name: expect.any(String) },
        league: { id: expect.stringMatching(/^(nba|nfl)$/), name: expect.any(String) },
        status: expect.any(String),
        type: expect.any(String),
        description: expect.any(String),
        expected_return: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        updated_at: expect.any(String),
      });
      expect(INJURY_STATUSES).toContain(row.status);
    }
    expect(await injuries(FIXED_NOW, 'league=nba&league=nfl')).toEqual(body);
    expect((await getJson(makeApp(), `${API_PREFIX}/injuries`)).body).toEqual({
      error: 'you must provide at least one of sport, league, or team_id',
    });
  });

  it('names, at any instant, an Out player and a Questionable one whose teams play before they are back', async () => {
    // Every 7 hours for three weeks, so every hour of the day and every weekday come round.
    for (let step = 0; step < 72; step++) {
      const at = FIXED_NOW + step * 7 * 3_600_000;
      const app = makeApp({ now: () => at });
      const fixtures = (await upcomingFixtures(app, 'league=nba')).filter(
        (game) => Date.parse(game.start_date) > at + 3_600_000,
      );
      const report = await injuries(at, 'league=nba');
      const playsWhileListed = (row: InjuryWire) =>
        fixtures.some(
          (game) =>
            [game.home_competitors[0]?.id, game.away_competitors[0]?.id].includes(row.team.id) &&
            Date.parse(game.start_date) < Date.parse(`${row.expected_return}T00:00:00Z`),
        );
      const certain = {
        at: new Date(at).toISOString(),
        out: report.data.some((row) => row.status === 'Out' && playsWhileListed(row)),
        doubtful: report.data.some((row) => row.status === 'Questionable' && playsWhileListed(row)),
      };
      expect(certain).toEqual({ at: certain.at, out: true, doubtful: true });
    }
  });

  it('keeps a small, steady share of each league injured, with statuses that change through the week', () => {
    for (const league of ['nba', 'nfl', 'mlb', 'nhl', 'england_-_premier_league'] as const) {
      const players = TEAMS_BY_LEAGUE[league].flatMap((team) => team.players);
      const shares: number[] = [];
      let changed = 0;
      for (let day = 0; day < 28; day++) {
        const at = FIXED_NOW + day * DAY_MS;
        const injured = players.filter((player) => injuryAt(1, player.id, at) !== null);
        shares.push(injured.length / players.length);
        changed += players.filter(
          (player) => injuryAt(1, player.id, at)?.status !== injuryAt(1, player.id, at + DAY_MS)?.status,
        ).length;
      }
      const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
      expect({ league, steady: mean > 0.03 && mean < 0.2 && Math.max(...shares) < 0.3 }).toEqual({
        league,
        steady: true,
      });
      expect(changed).toBeGreaterThan(0);
    }
  });

  it("pulls an Out player's props at every book, while his fit teammates keep theirs", async () => {
    // The first NBA game (within the next weeks) with a player ruled out at its start.
    for (let day = 0; day < 21; day++) {
      const at = FIXED_NOW + day * DAY_MS;
      const app = makeApp({ now: () => at });
      for (const game of await upcomingFixtures(app, 'league=nba')) {
        const teamIds = [game.home_competitors[0]?.id, game.away_competitors[0]?.id];
        const roster = TEAMS_BY_LEAGUE.nba.filter((team) => teamIds.includes(team.id)).flatMap((team) => team.players);
        const startMs = Date.parse(game.start_date);
        const out = roster.find((player) => injuryAt(1, player.id, startMs)?.status === 'Out');
        if (!out) continue;
        const odds = await oddsOf(app, game.id);
        expect(odds.filter((odd) => odd.player_id === out.id)).toEqual([]);
        expect(odds.some((odd) => odd.player_id !== null && odd.player_id !== out.id)).toBe(true);
        const report = await injuries(startMs, `team_id=${out.teamId}`);
        expect(report.data.find((row) => row.player.id === out.id)?.status).toBe('Out');
        return;
      }
    }
    throw new Error('no game with a player ruled out in three weeks');
  });
});
