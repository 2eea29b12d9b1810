import { describe, expect, it } from 'vitest';
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import {
  FIXED_NOW,
  getJson,
  makeApp,
  postParlay,
  testClock,
  upcomingFixtures,
  type FixtureWire,
  type FixtureWithOddsWire,
  type OddWire,
} from '../testing/sandbox-client.ts';

const app = makeApp({ catalog: 'realistic' });
const FIVE_BOOKS = SPORTSBOOKS.slice(0, 5)
  .map((book) => `sportsbook=${encodeURIComponent(book)}`)
  .join('&');

async function firstGame(league: string, target = app): Promise<FixtureWire> {
  const [fixture] = await upcomingFixtures(target, `league=${league}`);
  if (!fixture) throw new Error(`no ${league} game`);
  return fixture;
}

async function oddsAnswer(query: string, target = app) {
  const response = await target.request(`/api/v3/fixtures/odds?${query}`, { headers: { 'X-Api-Key': 'test-key' } });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text) as { data: FixtureWithOddsWire[] } & { error?: string },
    headers: response.headers,
  };
}

describe('realistic odds volume', () => {
  it('answers one NFL game unfiltered at five books with megabytes: thousands of odds in about 100 markets', async () => {
    const game = await firstGame('nfl');
    const { text, body } = await oddsAnswer(`fixture_id=${game.id}&${FIVE_BOOKS}`);
    const odds = body.data[0]?.odds ?? [];
    expect(text.length).toBeGreaterThan(1_800_000);
    expect(text.length).toBeLessThan(3_500_000);
    expect(odds.length).toBeGreaterThan(2_000);
    expect(new Set(odds.map((odd) => odd.market)).size).toBeGreaterThan(80);
    const markets = new Set(odds.map((odd) => odd.market));
    for (const market of [
      'Moneyline',
      '1st Half Point Spread',
      '2nd Quarter Total Points',
      'Team Total',
      'Player Passing Yards',
      '1st Half Player Receiving Yards',
      'Anytime Touchdown Scorer',
      'Winning Margin',
    ]) {
      expect(markets.has(market), market).toBe(true);
    }
    expect(odds.some((odd) => odd.market === 'Player Passing Yards' && !odd.is_main)).toBe(true);
  });

  it('honours market (name or id, comma or repeated), is_main, player_id and team_id', async () => {
    const game = await firstGame('nba');
    const byMarket = await oddsAnswer(
      `fixture_id=${game.id}&sportsbook=DraftKings&market=Moneyline,point_spread&market=Player%20Points`,
    );
    expect(new Set(byMarket.body.data[0]?.odds.map((odd) => odd.market))).toEqual(
      new Set(['Moneyline', 'Point Spread', 'Player Points']),
    );
    const main = await oddsAnswer(`fixture_id=${game.id}&sportsbook=DraftKings&is_main=true`);
    expect(main.body.data[0]?.odds.every((odd) => odd.is_main)).toBe(true);
    const all = main.body.data[0]?.odds ?? [];
    const playerId = all.find((odd) => odd.player_id)?.player_id ?? '';
    const byPlayer = await oddsAnswer(`fixture_id=${game.id}&sportsbook=DraftKings&player_id=${playerId}`);
    expect(byPlayer.body.data[0]?.odds.length).toBeGreaterThan(10);
    expect(byPlayer.body.data[0]?.odds.every((odd) => odd.player_id === playerId)).toBe(true);
    const teamId = game.home_competitors[0]?.id ?? '';
    const byTeamOnly = await oddsAnswer(`team_id=${teamId}&sportsbook=DraftKings&market=Moneyline`);
    expect(byTeamOnly.body.data.length).toBeGreaterThan(0);
    expect(
      byTeamOnly.body.data.every((fixture) =>
        [fixture.home_competitors[0]?.id, fixture.away_competitors[0]?.id].includes(teamId),
      ),
    ).toBe(true);
    expect(byTeamOnly.body.data.flatMap((fixture) => fixture.odds).every((odd) => odd.team_id === teamId)).toBe(true);
  });

  it('has no league-wide mode, ignores books it does not know, keeps the 5-book limit', async () => {
    const noSelector = await oddsAnswer(`league=nba&${FIVE_BOOKS}`);
    expect(noSelector.status).toBe(400);
    expect(noSelector.body).toEqual({ error: 'you must provide at least one of fixture_id, player_id, or team_id' });
    const game = await firstGame('nhl');
    const unknown = await oddsAnswer(`fixture_id=${game.id}&sportsbook=Pinnacle&sportsbook=Novig`);
    expect(unknown.status).toBe(200);
    expect(new Set(unknown.body.data[0]?.odds.map((odd) => odd.sportsbook))).toEqual(new Set(['Novig']));
    const six = await oddsAnswer(`fixture_id=${game.id}&${FIVE_BOOKS}&sportsbook=Novig`);
    expect(six.body).toEqual({ error: 'maximum 5 sportsbooks allowed' });
  });
});

describe('realistic odd fields', () => {
  it('gives every odd deep links, a standardised selection and source ids; Novig alone a stake limit and an order book', async () => {
    const game = await firstGame('nba');
    const odds =
      (await oddsAnswer(`fixture_id=${game.id}&sportsbook=Novig,DraftKings&is_main=true`)).body.data[0]?.odds ?? [];
    for (const odd of odds) {
      expect(odd.deep_link.desktop).toMatch(/^https:\/\/sportsbook\.[a-z]+\.sandbox\.invalid\//);
      expect(Object.keys(odd.deep_link).sort()).toEqual(['android', 'desktop', 'ios']);
      expect(odd.normalized_selection).toMatch(/^(home|away|draw|over|under|yes|no|odd|even|none|[a-z0-9_]+)$/);
      expect(Object.keys(odd.source_ids).length).toBeGreaterThan(0);
    }
    const novig = odds.filter((odd) => odd.sportsbook === 'Novig');
    const draftKings = odds.filter((odd) => odd.sportsbook === 'DraftKings');
    expect(novig.length).toBeGreaterThan(0);
    for (const odd of novig) {
      expect(odd.limits?.max).toBeGreaterThan(0);
      expect(odd.order_book?.[0]).toEqual({ price: odd.price, size: odd.limits?.max });
    }
    expect(draftKings.every((odd) => odd.limits === null && odd.order_book === undefined)).toBe(true);
    const moneyline = draftKings.filter((odd) => odd.market === 'Moneyline').map((odd) => odd.normalized_selection);
    expect(moneyline.sort()).toEqual(['away', 'home']);
  });

  it('answers in the six odds formats', async () => {
    const game = await firstGame('nhl');
    const priceIn = async (format: string) =>
      (
        await oddsAnswer(`fixture_id=${game.id}&sportsbook=DraftKings&market=Moneyline&odds_format=${format}`)
      ).body.data[0]?.odds.map((odd) => odd.price) ?? [];
    const american = await priceIn('american');
    const decimal = american.map((price) => americanToDecimal(price) ?? 0);
    expect(await priceIn('decimal')).toEqual(decimal.map((value) => Math.round(value * 100) / 100));
    expect(await priceIn('probability')).toEqual(decimal.map((value) => Math.round(10_000 / value) / 10_000));
    expect(await priceIn('hong_kong')).toEqual(decimal.map((value) => Math.round((value - 1) * 100) / 100));
    expect(await priceIn('malay')).toEqual(
      decimal.map((value) => Math.round((value - 1 <= 1 ? value - 1 : -1 / (value - 1)) * 100) / 100),
    );
    expect(await priceIn('indonesian')).toEqual(american.map((price) => Math.round(price) / 100));
    expect((await oddsAnswer(`fixture_id=${game.id}&sportsbook=DraftKings&odds_format=roman`)).status).toBe(400);
  });

  it('stamps each odd with when its price last changed: often hours ago, and only when the price moved', async () => {
    const clock = testClock();
    const timed = makeApp({ catalog: 'realistic', now: clock.now });
    const game = await firstGame('nfl', timed);
    const query = `fixture_id=${game.id}&sportsbook=DraftKings`;
    const now = (await oddsAnswer(query, timed)).body.data[0]?.odds ?? [];
    const nowSeconds = FIXED_NOW / 1000;
    expect(now.every((odd) => odd.timestamp <= nowSeconds)).toBe(true);
    const ages = now.map((odd) => nowSeconds - odd.timestamp).sort((a, b) => a - b);
    expect(ages[Math.floor(ages.length / 2)]).toBeGreaterThan(3_600);

    const sample = now.filter((_, index) => index % 97 === 0);
    let movedJustThen = 0;
    for (const odd of sample) {
      const at = async (seconds: number) => {
        clock.set(seconds * 1000);
        return (await oddsAnswer(query, timed)).body.data[0]?.odds.find((other) => other.id === odd.id);
      };
      const sinceChange = await at(odd.timestamp + 15);
      expect(sinceChange?.price, odd.id).toBe(odd.price);
      expect(sinceChange?.timestamp, odd.id).toBe(odd.timestamp);
      if ((await at(odd.timestamp - 15))?.price !== odd.price) movedJustThen++;
    }
    expect(movedJustThen / sample.length).toBeGreaterThan(0.9);
  });

  it('holds, at any moment and every book, an alternate line last moved 90 minutes ago or more', async () => {
    // The end-to-end suite's instants and a day of quarter hours: certain, not likely.
    const instants = ['2026-03-08T06:45:00Z', '2026-12-31T23:40:00Z', '2026-11-24T17:00:00Z'].map(Date.parse);
    for (let step = 0; step < 96; step += 7) instants.push(Date.parse('2026-11-24T00:00:00Z') + step * 15 * 60_000);
    const clock = testClock();
    const timed = makeApp({ catalog: 'realistic', now: clock.now });
    const shortOf: string[] = [];
    for (const instant of instants) {
      clock.set(instant);
      const game = await firstGame('nba', timed);
      for (const books of [SPORTSBOOKS.slice(0, 5), SPORTSBOOKS.slice(5)]) {
        const bookQuery = books.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
        const odds =
          (await oddsAnswer(`fixture_id=${game.id}&${bookQuery}&market=point_spread,total_points`, timed)).body.data[0]
            ?.odds ?? [];
        for (const book of books) {
          const alternates = odds.filter((odd) => odd.sportsbook === book && !odd.is_main);
          if (alternates.length < 4) continue;
          const oldest = Math.max(...alternates.map((odd) => instant / 1000 - odd.timestamp));
          if (oldest < 90 * 60) shortOf.push(`${book} at ${new Date(instant).toISOString()}: ${oldest} s`);
        }
      }
    }
    expect(shortOf).toEqual([]);
  });

  it('keeps a parlay’s leg prices equal to the book’s odds at the same moment', async () => {
    const [first, second] = await upcomingFixtures(app, 'league=nfl');
    if (!first || !second) throw new Error('no NFL games');
    const odds = [first, second].map(
      async (fixture) =>
        (await oddsAnswer(`fixture_id=${fixture.id}&sportsbook=BetMGM&market=Player%20Passing%20Yards,Moneyline`)).body
          .data[0]?.odds ?? [],
    );
    const [firstOdds, secondOdds] = await Promise.all(odds);
    const pick = (list: readonly OddWire[] | undefined, market: string) => list?.find((odd) => odd.market === market);
    const legs = [pick(firstOdds, 'Player Passing Yards'), pick(secondOdds, 'Moneyline')];
    const entries = legs.map((odd, index) => ({
      fixture_id: [first, second][index]?.id ?? '',
      market: odd?.market ?? '',
      name: odd?.name ?? '',
    }));
    const { body } = await postParlay(app, { sportsbooks: ['BetMGM'], entries });
    expect(body.data.BetMGM?.legs?.map((leg) => leg.price)).toEqual(legs.map((odd) => odd?.price));
  });
});

describe('realistic habits', () => {
  it('sends x-ratelimit-* on core endpoints, in fixed 15 s windows', async () => {
    const clock = testClock(FIXED_NOW + 3_000);
    const timed = makeApp({ catalog: 'realistic', now: clock.now });
    const first = await getJson(timed, '/api/v3/sports');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2500');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2499');
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(FIXED_NOW / 1000 + 15));
    clock.advance(5_000);
    expect((await getJson(timed, '/api/v3/leagues/active')).headers.get('x-ratelimit-remaining')).toBe('2498');
    clock.advance(7_000);
    const nextWindow = await getJson(timed, '/api/v3/fixtures/active?league=nba');
    expect(nextWindow.headers.get('x-ratelimit-remaining')).toBe('2499');
    expect(nextWindow.headers.get('x-ratelimit-reset')).toBe(String(FIXED_NOW / 1000 + 30));
  });

  it('keys Bwin’s parlay result under another label about half the time, per request and 30 s bucket', async () => {
    const clock = testClock();
    const timed = makeApp({ catalog: 'realistic', now: clock.now });
    const [first, second] = await upcomingFixtures(timed, 'league=england_-_premier_league');
    const entries = [first, second].map((fixture) => ({
      fixture_id: fixture?.id ?? '',
      market: 'Moneyline 3-Way',
      name: fixture?.home_team_display ?? '',
    }));
    const labels: string[] = [];
    for (let bucket = 0; bucket < 40; bucket++) {
      const { body } = await postParlay<{ data: Record<string, unknown> }>(timed, {
        sportsbooks: ['Bwin', 'DraftKings'],
        entries,
      });
      const keys = Object.keys(body.data);
      expect(keys).toContain('DraftKings');
      expect(keys.filter((key) => key !== 'DraftKings')).toHaveLength(1);
      labels.push(keys.find((key) => key !== 'DraftKings') ?? '');
      const again = await postParlay<{ data: Record<string, unknown> }>(timed, {
        sportsbooks: ['Bwin', 'DraftKings'],
        entries,
      });
      expect(Object.keys(again.body.data)).toEqual(keys);
      clock.advance(30_000);
    }
    const underOtherLabel = labels.filter((label) => label === 'Blue Book').length;
    expect(labels.filter((label) => label !== 'Blue Book' && label !== 'Bwin')).toEqual([]);
    expect(underOtherLabel).toBeGreaterThan(8);
    expect(underOtherLabel).toBeLessThan(32);
  });
});
