import { describe, expect, it } from 'vitest';
import { getJson, makeApp, oddsOf, upcomingFixtures } from '../testing/sandbox-client.ts';

const app = makeApp({ catalog: 'realistic' });

interface MarketWire {
  id: string;
  name: string;
  numerical_id: number;
}

describe('GET /markets/active', () => {
  it("lists a game's markets once each, game lines first, exactly the markets its odds come in", async () => {
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const { status, body } = await getJson<{ data: MarketWire[] }>(app, `/api/v3/markets/active?fixture_id=${game.id}`);
    expect(status).toBe(200);
    const names = body.data.map((market) => market.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3)).toEqual(['Moneyline', 'Point Spread', 'Total Points']);
    expect(names).toContain('Player Points');
    expect(body.data.length).toBeGreaterThan(40);
    const oddsMarkets = new Set(
      (await oddsOf(app, game.id, ['DraftKings', 'BetMGM', 'Fanatics', 'Novig', 'Unibet'])).map((odd) => odd.market),
    );
    for (const market of oddsMarkets) expect(names, market).toContain(market);
  });

  it('narrows to the markets a book offers, and asks for a game', async () => {
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const all = (await getJson<{ data: MarketWire[] }>(app, `/api/v3/markets/active?fixture_id=${game.id}`)).body.data;
    const novig = (
      await getJson<{ data: MarketWire[] }>(app, `/api/v3/markets/active?fixture_id=${game.id}&sportsbook=Novig`)
    ).body.data;
    expect(novig.length).toBeGreaterThan(0);
    expect(novig.length).toBeLessThan(all.length);
    const missing = await getJson<{ error: string }>(app, '/api/v3/markets/active');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('you must provide at least one fixture_id');
  });
});
