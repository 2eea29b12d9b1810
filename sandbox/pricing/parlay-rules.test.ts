import { describe, expect, it } from 'vitest';
import { americanToDecimal, combineDecimal, decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from '../odds/book-rounding.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import {
  activeFixtures,
  entryOf,
  makeApp,
  oddsOf,
  postParlay,
  type BookResultWire,
  type FixtureWire,
  type OddWire,
  type ParlayEntry,
} from '../testing/sandbox-client.ts';

const app = makeApp();
const OWN_MESSAGES: Readonly<Record<Sportsbook, string>> = {
  BetMGM: 'Could not create parlay for all games.',
  'BetMGM (UK)': 'Could not create parlay for all games.',
  BetRivers: 'Cannot be combined into a parlay on the sportsbook.',
  Betway: 'Cannot be combined into a parlay on the sportsbook.',
  Bwin: 'Cannot be combined into a parlay on the sportsbook.',
  DraftKings: 'SelectionsCannotBeCombined',
  Fanatics: 'Cannot be combined into a parlay on the sportsbook.',
  'Hard Rock': 'Cannot be combined into a parlay on the sportsbook.',
  Novig: 'Cannot be combined into a parlay on the sportsbook.',
  Unibet: 'Cannot be combined into a parlay on the sportsbook.',
};

/** An NBA game with its odds at every book. */
async function nbaGame(index = 0): Promise<{ fixture: FixtureWire; odds: OddWire[] }> {
  const fixture = (await activeFixtures(app, 'league=nba'))[index] as FixtureWire;
  return { fixture, odds: await oddsOf(app, fixture.id) };
}

function mainOdd(odds: readonly OddWire[], marketId: string, test: (odd: OddWire) => boolean = () => true): OddWire {
  const odd = odds.find((candidate) => candidate.market_id === marketId && candidate.is_main && test(candidate));
  if (!odd) throw new Error(`no ${marketId}`);
  return odd;
}

/** Over-side props offered at every one of the given books. */
function propsOfferedAt(odds: readonly OddWire[], books: readonly Sportsbook[]): OddWire[] {
  return odds.filter(
    (odd) =>
      odd.sportsbook === books[0] &&
      odd.selection_line === 'over' &&
      odd.player_id &&
      books.every((book) =>
        odds.some((other) => other.sportsbook === book && other.name === odd.name && other.market === odd.market),
      ),
  );
}

describe('same-game parlays', () => {
  it('are priced with the book’s own correlation adjustment, not the product of the legs', async () => {
    const { fixture, odds } = await nbaGame();
    const entries: ParlayEntry[] = [
      entryOf(
        mainOdd(odds, 'moneyline', (odd) => odd.name === fixture.home_team_display),
        fixture.id,
      ),
      entryOf(
        mainOdd(odds, 'total_points', (odd) => odd.selection_line === 'over'),
        fixture.id,
      ),
    ];
    const books: Sportsbook[] = ['DraftKings', 'BetMGM', 'Fanatics'];
    const { body } = await postParlay(app, { sportsbooks: books, entries });
    for (const book of books) {
      const result = body.data[book] as BookResultWire;
      expect(result.error, book).toBeNull();
      const legs = (result.legs ?? []).map((leg) => americanToDecimal(leg.price) ?? 1);
      const product = roundAmericanLikeABook(decimalToAmerican(combineDecimal(legs)));
      expect(result.price, book).toBeLessThan(product);
      expect(result.price as number, book).toBeGreaterThan(100);
    }
  });
});

describe('combination rules', () => {
  it('refuses both sides of one line in one game at every book: body keyed by book, no data', async () => {
    const { fixture, odds } = await nbaGame();
    const home = mainOdd(odds, 'point_spread', (odd) => odd.selection === fixture.home_team_display);
    const away = mainOdd(odds, 'point_spread', (odd) => odd.selection === fixture.away_team_display);
    const { status, body } = await postParlay<Record<string, unknown>>(app, {
      sportsbooks: SPORTSBOOKS,
      entries: [entryOf(home, fixture.id), entryOf(away, fixture.id)],
    });
    expect(status).toBe(200);
    expect(body).toEqual(Object.fromEntries(SPORTSBOOKS.map((book) => [book, { error: OWN_MESSAGES[book] }])));
  });

  it('refuses a moneyline with the same team’s spread at most books; the answer mixes both shapes', async () => {
    const { fixture, odds } = await nbaGame();
    const moneyline = mainOdd(odds, 'moneyline', (odd) => odd.name === fixture.home_team_display);
    const spread = mainOdd(odds, 'point_spread', (odd) => odd.selection === fixture.home_team_display);
    const { body } = await postParlay<Record<string, unknown> & { data: Record<string, BookResultWire> }>(app, {
      sportsbooks: ['DraftKings', 'Fanatics', 'BetRivers', 'Bwin'],
      entries: [entryOf(moneyline, fixture.id), entryOf(spread, fixture.id)],
    });
    expect(body.DraftKings).toEqual({ error: 'SelectionsCannotBeCombined' });
    expect(body.BetRivers).toEqual({ error: 'Cannot be combined into a parlay on the sportsbook.' });
    expect(Object.keys(body.data)).toEqual(['Fanatics', 'Bwin']);
    expect(body.data.Fanatics?.price).toEqual(expect.any(Number));
  });

  it('caps one game at 3 legs at BetMGM and BetMGM (UK)', async () => {
    let found: { fixture: FixtureWire; props: OddWire[]; odds: OddWire[] } | null = null;
    for (let index = 0; index < 10 && !found; index++) {
      const { fixture, odds } = await nbaGame(index);
      const props = propsOfferedAt(odds, ['BetMGM', 'BetMGM (UK)', 'DraftKings']).filter(
        (odd, position, all) => all.findIndex((other) => other.player_id === odd.player_id) === position,
      );
      if (props.length >= 2) found = { fixture, props, odds };
    }
    if (!found) throw new Error('no game with two props at BetMGM, BetMGM (UK) and DraftKings');
    const { fixture, props, odds } = found;
    const threeLegs = [
      entryOf(
        mainOdd(odds, 'moneyline', (odd) => odd.name === fixture.home_team_display),
        fixture.id,
      ),
      entryOf(
        mainOdd(odds, 'total_points', (odd) => odd.selection_line === 'under'),
        fixture.id,
      ),
      entryOf(props[0] as OddWire, fixture.id),
    ];
    const books: Sportsbook[] = ['BetMGM', 'BetMGM (UK)', 'DraftKings'];
    const three = await postParlay(app, { sportsbooks: books, entries: threeLegs });
    expect(books.map((book) => three.body.data[book]?.error)).toEqual([null, null, null]);

    const four = await postParlay<Record<string, unknown> & { data: Record<string, BookResultWire> }>(app, {
      sportsbooks: books,
      entries: [...threeLegs, entryOf(props[1] as OddWire, fixture.id)],
    });
    expect(four.body.BetMGM).toEqual({ error: 'Could not create parlay for all games.' });
    expect(four.body['BetMGM (UK)']).toEqual({ error: 'Could not create parlay for all games.' });
    expect(four.body.data.DraftKings?.error).toBeNull();
  });

  it('refuses same-game player props at Bwin and Novig but not elsewhere', async () => {
    let found: { fixture: FixtureWire; prop: OddWire; odds: OddWire[] } | null = null;
    for (let index = 0; index < 10 && !found; index++) {
      const { fixture, odds } = await nbaGame(index);
      const [prop] = propsOfferedAt(odds, ['Bwin', 'Novig', 'DraftKings']);
      if (prop) found = { fixture, prop, odds };
    }
    if (!found) throw new Error('no prop offered at Bwin, Novig and DraftKings');
    const { fixture, prop, odds } = found;
    const entries = [
      entryOf(
        mainOdd(odds, 'moneyline', (odd) => odd.name === fixture.away_team_display),
        fixture.id,
      ),
      entryOf(prop, fixture.id),
    ];
    const { body } = await postParlay<Record<string, unknown> & { data: Record<string, BookResultWire> }>(app, {
      sportsbooks: ['Bwin', 'Novig', 'DraftKings'],
      entries,
    });
    expect(body.Bwin).toEqual({ error: 'Cannot be combined into a parlay on the sportsbook.' });
    expect(body.Novig).toEqual({ error: 'Cannot be combined into a parlay on the sportsbook.' });
    expect(body.data.DraftKings?.error).toBeNull();
  });

  it('does not apply same-game rules across games', async () => {
    const first = await nbaGame(0);
    const second = await nbaGame(1);
    const entries = [
      entryOf(
        mainOdd(first.odds, 'point_spread', (odd) => odd.selection === first.fixture.home_team_display),
        first.fixture.id,
      ),
      entryOf(
        mainOdd(second.odds, 'point_spread', (odd) => odd.selection === second.fixture.away_team_display),
        second.fixture.id,
      ),
    ];
    const { body } = await postParlay(app, { sportsbooks: ['DraftKings', 'BetMGM'], entries });
    expect(body.data.DraftKings?.error).toBeNull();
    expect(body.data.BetMGM?.error).toBeNull();
  });
});
