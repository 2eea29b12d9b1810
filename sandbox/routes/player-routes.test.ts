/** GET /players against the vendor's v3 OpenAPI: filters, envelope, fields, paging and refusals. */
import { describe, expect, it } from 'vitest';
import { getJson, makeApp, TEST_KEY } from '../testing/sandbox-client.ts';
import { PLAYERS_FILTER_ERROR } from './player-routes.ts';

interface PlayerWire {
  id: string;
  name: string;
  position: string;
  number: number;
  is_active: boolean;
  first_name: string;
  last_name: string;
  base_id: number;
  numerical_id: number;
  source_ids: Record<string, string>;
  sport: { id: string; name: string };
  league: { id: string; name: string };
  team: { id: string; name: string; numerical_id: number };
}

interface PlayersBody {
  data: PlayerWire[];
  page: number;
  has_more: boolean;
}

interface FixtureWire {
  home_competitors: { id: string; name: string }[];
}

describe('GET /players', () => {
  const app = makeApp();

  it("lists a league's players with the vendor's fields, their team among them", async () => {
    const { status, body } = await getJson<PlayersBody>(app, '/api/v3/players?league=nba');
    expect(status).toBe(200);
    const lebron = body.data.find((player) => player.name === 'LeBron James');
    expect(lebron).toMatchObject({
      first_name: 'LeBron',
      last_name: 'James',
      is_active: true,
      source_ids: {},
      sport: { id: 'basketball', name: 'Basketball' },
      league: { id: 'nba', name: 'NBA' },
      team: { name: 'Los Angeles Lakers' },
    });
    expect(lebron?.id).toMatch(/^[0-9A-F]{12}$/);
    expect(body.data.every((player) => player.league.id === 'nba')).toBe(true);
    const names = body.data.map((player) => player.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("gives a player the team id the fixtures use for the player's team", async () => {
    const { body: players } = await getJson<PlayersBody>(app, '/api/v3/players?league=nba');
    const lakersId = players.data.find((player) => player.name === 'LeBron James')?.team.id;
    const { body: fixtures } = await getJson<{ data: FixtureWire[] }>(
      app,
      `/api/v3/fixtures/active?team_id=${lakersId}`,
    );
    expect(fixtures.data.length).toBeGreaterThan(0);
    const { body: teamPlayers } = await getJson<PlayersBody>(app, `/api/v3/players?league=nba&team_id=${lakersId}`);
    expect(teamPlayers.data.map((player) => player.name)).toContain('LeBron James');
    expect(teamPlayers.data.every((player) => player.team.id === lakersId)).toBe(true);
  });

  it('answers the same body every time (deterministic), and by sport, by id or comma-separated', async () => {
    const first = await getJson<PlayersBody>(app, '/api/v3/players?league=nba');
    const again = await getJson<PlayersBody>(makeApp({ seed: 99 }), '/api/v3/players?league=NBA');
    expect(again.body).toEqual(first.body);
    const id = first.body.data[0]?.id ?? '';
    const byId = await getJson<PlayersBody>(app, `/api/v3/players?id=${id}`);
    expect(byId.body.data.map((player) => player.id)).toEqual([id]);
    const both = await getJson<PlayersBody>(app, '/api/v3/players?league=nba,nfl');
    expect(new Set(both.body.data.map((player) => player.league.id))).toEqual(new Set(['nba', 'nfl']));
    const bySport = await getJson<PlayersBody>(app, '/api/v3/players?sport=basketball');
    expect(bySport.body.data.every((player) => player.sport.id === 'basketball')).toBe(true);
  });

  it('pages 100 players at a time with page and has_more', async () => {
    const first = await getJson<PlayersBody>(app, '/api/v3/players?sport=football');
    expect(first.body.page).toBe(1);
    const all = [...first.body.data];
    let page = first.body;
    while (page.has_more) {
      expect(page.data).toHaveLength(100);
      page = (await getJson<PlayersBody>(app, `/api/v3/players?sport=football&page=${page.page + 1}`)).body;
      all.push(...page.data);
    }
    expect(new Set(all.map((player) => player.id)).size).toBe(all.length);
  });

  it('an unknown league has no players', async () => {
    const { status, body } = await getJson<PlayersBody>(app, '/api/v3/players?league=no_such_league');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], page: 1, has_more: false });
  });

  it('refuses a listing without sport, league or id, and a bad page or flag, as 400 with an error', async () => {
    for (const query of [
      '',
      '?team_id=ABC',
      '?page=0&league=nba',
      '?league=nba&page=x',
      '?league=nba&include_statsperform_id=maybe',
    ]) {
      const { status, body } = await getJson<{ error: string }>(app, `/api/v3/players${query}`);
      expect(status, query).toBe(400);
      expect(typeof body.error).toBe('string');
    }
    expect((await getJson<{ error: string }>(app, '/api/v3/players')).body.error).toBe(PLAYERS_FILTER_ERROR);
  });

  it('asks for a key like every route', async () => {
    const { status } = await getJson(app, '/api/v3/players?league=nba', {});
    expect(status).toBe(401);
    expect((await getJson(app, `/api/v3/players?league=nba&key=${TEST_KEY}`, {})).status).toBe(200);
  });
});
