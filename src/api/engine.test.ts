import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../sandbox/app.ts';
import { createOddsClient } from './client.ts';
import { parseEngineAnswer } from './parse/parse-engine.ts';

const NOW = Date.parse('2026-11-22T15:00:00Z');

function sandboxClient() {
  const sandbox = createSandboxApp({
    apiKey: 'k',
    latency: 'zero',
    randomFailures: false,
    catalog: 'small',
    now: () => NOW,
  });
  return createOddsClient({
    baseUrl: 'http://sandbox.test',
    apiKey: 'k',
    fetch: async (input, init) => sandbox.fetch(new Request(input, init)),
  });
}

describe('the correlation engine (OpticOdds AI)', () => {
  it('prices our own leg prices: a same-game pair correlated (not the product), different games multiplied', async () => {
    const client = sandboxClient();
    const [first, second] = (await client.listAllActiveFixtures({ leagues: ['nba'] })).filter(
      (game) => game.status === 'unplayed',
    );
    if (!first || !second) throw new Error('no NBA games');
    const [odds] = await client.getFixtureOdds({
      fixtureIds: [first.id],
      sportsbooks: ['DraftKings'],
      markets: ['moneyline', 'point_spread'],
      mainLinesOnly: true,
    });
    const moneyline = odds?.odds.find((odd) => odd.market === 'Moneyline' && odd.name === first.homeTeam);
    const spread = odds?.odds.find((odd) => odd.market === 'Point Spread' && odd.name.startsWith(`${first.homeTeam} `));
    if (!moneyline || !spread) throw new Error('no main lines');
    const entry = (fixtureId: string, market: string, name: string, decimalPrice: number) => ({
      fixture_id: fixtureId,
      market,
      name,
      decimalPrice,
    });

    const sameGame = await client.priceWithEngine({
      entries: [entry(first.id, 'Moneyline', moneyline.name, 1.6), entry(first.id, 'Point Spread', spread.name, 1.95)],
    });
    if (sameGame.status !== 'priced') throw new Error(sameGame.message);
    // A team's win and its own cover go together: the fair joint chance is above the product.
    expect(sameGame.decimalPrice).toBeLessThan(1.6 * 1.95);

    const crossGame = await client.priceWithEngine({
      entries: [entry(first.id, 'Moneyline', moneyline.name, 1.6), entry(second.id, 'Moneyline', second.homeTeam, 2.1)],
    });
    if (crossGame.status !== 'priced') throw new Error(crossGame.message);
    expect(crossGame.decimalPrice).toBeCloseTo(1.6 * 2.1, 2);
  });

  it('reads the engine’s answer keyed by its name or as data itself, and says what went wrong otherwise', () => {
    expect(parseEngineAnswer({ data: { 'OpticOdds AI': { error: null, price: 150, legs: [] } } })).toEqual({
      status: 'priced',
      decimalPrice: 2.5,
    });
    expect(parseEngineAnswer({ data: { error: null, price: -200 } })).toEqual({ status: 'priced', decimalPrice: 1.5 });
    expect(
      parseEngineAnswer({ data: { 'OpticOdds AI': { error: 'Cannot be combined into a parlay on the sportsbook.' } } }),
    ).toEqual({
      status: 'failed',
      message: 'Cannot be combined into a parlay on the sportsbook.',
    });
    expect(parseEngineAnswer({ data: { 'OpticOdds AI': { error: null, price: '150' } } }).status).toBe('failed');
    expect(parseEngineAnswer('nonsense').status).toBe('failed');
    expect(parseEngineAnswer(null).status).toBe('failed');
  });
});
