import { describe, expect, it } from 'vitest';
import { americanToDecimal, combineDecimal } from '../../src/domain/odds/odds.ts';
import { FAIR_PRICING_ENGINE } from '../../src/domain/odds/pricing-engine.ts';
import {
  activeFixtures,
  makeApp,
  oddsOf,
  postParlay,
  type BookResultWire,
  type FixtureWire,
  type OddWire,
} from '../testing/sandbox-client.ts';

const app = makeApp();
type EngineAnswer = { data: Record<string, BookResultWire> } & Record<string, unknown>;

async function nbaGame(index = 0): Promise<{ fixture: FixtureWire; odds: OddWire[] }> {
  const fixture = (await activeFixtures(app, 'league=nba'))[index] as FixtureWire;
  return { fixture, odds: await oddsOf(app, fixture.id, ['DraftKings']) };
}

function mainOdd(odds: readonly OddWire[], marketId: string, test: (odd: OddWire) => boolean): OddWire {
  const odd = odds.find((candidate) => candidate.market_id === marketId && candidate.is_main && test(candidate));
  if (!odd) throw new Error(`no ${marketId}`);
  return odd;
}

/** A team's moneyline and the same team's spread: positively correlated (a win covers more often). */
async function moneylineAndOwnSpread(): Promise<{ fixture: FixtureWire; moneyline: OddWire; spread: OddWire }> {
  const { fixture, odds } = await nbaGame();
  return {
    fixture,
    moneyline: mainOdd(odds, 'moneyline', (odd) => odd.name === fixture.home_team_display),
    spread: mainOdd(odds, 'point_spread', (odd) => odd.selection === fixture.home_team_display),
  };
}

describe(`${FAIR_PRICING_ENGINE} on POST /parlay/odds`, () => {
  it('alone and priced: answers a correlated price in a book’s shape, echoing the prices sent', async () => {
    const { fixture, moneyline, spread } = await moneylineAndOwnSpread();
    const entries = [
      { fixture_id: fixture.id, market: moneyline.market, name: moneyline.name, price_decimal: 1.62 },
      { fixture_id: fixture.id, market: spread.market, name: spread.name, price_american: -105 },
    ];
    const { status, body } = await postParlay<EngineAnswer>(
      app,
      { sportsbooks: [FAIR_PRICING_ENGINE], entries },
      { query: '?odds_format=decimal' },
    );
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['data']);
    const result = body.data[FAIR_PRICING_ENGINE] as BookResultWire;
    expect(result).toEqual({ error: null, missing_entries: null, legs: expect.any(Array), price: expect.any(Number) });
    expect(result.legs).toEqual([
      { fixture_id: fixture.id, market: moneyline.market, name: moneyline.name, price: 1.62 },
      { fixture_id: fixture.id, market: spread.market, name: spread.name, price: 1.95 },
    ]);
    // Positively correlated: the fair joint probability is above the product, so the price is below it.
    const product = 1.62 * (americanToDecimal(-105) ?? 0);
    expect(result.price as number).toBeLessThan(product * 0.9);
    expect(result.price as number).toBeGreaterThan(1.95);
  });

  it('multiplies legs from different games exactly (no margin, no rounding toward a book)', async () => {
    const [first, second] = await activeFixtures(app, 'league=nhl');
    const entries = [
      { fixture_id: first?.id ?? '', market: 'Moneyline', name: first?.home_team_display ?? '', price_decimal: 1.8 },
      { fixture_id: second?.id ?? '', market: 'Moneyline', name: second?.away_team_display ?? '', price_decimal: 2.25 },
    ];
    const { body } = await postParlay<EngineAnswer>(
      app,
      { sportsbooks: [FAIR_PRICING_ENGINE], entries },
      { query: '?odds_format=decimal' },
    );
    expect(body.data[FAIR_PRICING_ENGINE]?.price).toBe(4.05);
  });

  it('refuses to share a request with a book: 400 with a message that says why', async () => {
    const { fixture, moneyline, spread } = await moneylineAndOwnSpread();
    const entries = [moneyline, spread].map((odd) => ({
      fixture_id: fixture.id,
      market: odd.market,
      name: odd.name,
      price_american: odd.price,
    }));
    const { status, body } = await postParlay(app, { sportsbooks: ['DraftKings', FAIR_PRICING_ENGINE], entries });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: `sportsbooks: "${FAIR_PRICING_ENGINE}" must be the only sportsbook in its request (it prices the prices you send, not a book's)`,
    });
  });

  it('refuses an entry without a price, naming it', async () => {
    const { fixture, moneyline, spread } = await moneylineAndOwnSpread();
    const entries = [
      { fixture_id: fixture.id, market: moneyline.market, name: moneyline.name, price_american: -150 },
      { fixture_id: fixture.id, market: spread.market, name: spread.name },
      { fixture_id: fixture.id, market: 'Total Points', name: 'Over 220.5', price_decimal: 'two' },
    ];
    const { status, body } = await postParlay(app, { sportsbooks: [FAIR_PRICING_ENGINE], entries });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: `entries[2].price_decimal: expected decimal odds, a number greater than 1; entries[1]: "${FAIR_PRICING_ENGINE}" needs price_american or price_decimal on every entry`,
    });
  });

  it('cannot combine both sides of one line', async () => {
    const { fixture, odds } = await nbaGame();
    const overOdd = mainOdd(odds, 'total_points', (odd) => odd.selection_line === 'over');
    const underOdd = mainOdd(odds, 'total_points', (odd) => odd.selection_line === 'under');
    const entries = [overOdd, underOdd].map((odd) => ({
      fixture_id: fixture.id,
      market: odd.market,
      name: odd.name,
      price_decimal: 1.91,
    }));
    const { body } = await postParlay(app, { sportsbooks: [FAIR_PRICING_ENGINE], entries });
    expect(body).toEqual({ [FAIR_PRICING_ENGINE]: { error: 'Cannot be combined into a parlay on the sportsbook.' } });
  });

  it('shows a book’s same-game discount as the fair correlation plus the book’s own extra margin', async () => {
    const { fixture, moneyline, spread } = await moneylineAndOwnSpread();
    const entries = [moneyline, spread].map((odd) => ({ fixture_id: fixture.id, market: odd.market, name: odd.name }));
    // Fanatics combines a team's moneyline with its own spread.
    const booked = await postParlay<EngineAnswer>(
      app,
      { sportsbooks: ['Fanatics'], entries },
      { query: '?odds_format=decimal' },
    );
    const fanatics = booked.body.data.Fanatics as BookResultWire;
    expect(fanatics.error).toBeNull();
    const legDecimals = (fanatics.legs ?? []).map((leg) => leg.price);
    const product = combineDecimal(legDecimals);
    const fair = await postParlay<EngineAnswer>(
      app,
      {
        sportsbooks: [FAIR_PRICING_ENGINE],
        entries: entries.map((entry, index) => ({ ...entry, price_decimal: legDecimals[index] })),
      },
      { query: '?odds_format=decimal' },
    );
    const fairCorrelated = fair.body.data[FAIR_PRICING_ENGINE]?.price as number;
    const bookPrice = fanatics.price as number;
    // The real correlation explains part of the discount against the product...
    expect(fairCorrelated).toBeLessThan(product * 0.9);
    // ...and the book takes its extra same-game margin (8% at Fanatics, give or take) on top.
    expect(bookPrice / fairCorrelated).toBeGreaterThan(0.85);
    expect(bookPrice / fairCorrelated).toBeLessThan(0.97);
  });
});
