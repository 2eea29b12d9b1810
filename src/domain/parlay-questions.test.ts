import { describe, expect, it } from 'vitest';
import { parlayQuestionsFor, slipHasPrices } from './parlay-questions.ts';
import { MAX_SLIP_LEGS, type SlipLeg } from './slip.ts';

const leg = (fixtureId: string, name = 'Home', market = 'Moneyline'): SlipLeg => ({
  fixtureId,
  market,
  name,
  game: null,
});
const TWO_GAMES = [leg('game-1'), leg('game-2')];

describe('parlayQuestionsFor', () => {
  it('asks each book once for the slip’s entries, in the order given', () => {
    const entries = [
      { fixture_id: 'game-1', market: 'Moneyline', name: 'Home' },
      { fixture_id: 'game-2', market: 'Moneyline', name: 'Home' },
    ];
    expect(parlayQuestionsFor({ legs: TWO_GAMES, books: ['Novig', 'DraftKings', 'Novig'], held: false })).toEqual({
      ask: true,
      questions: [
        { book: 'Novig', entries },
        { book: 'DraftKings', entries },
      ],
    });
  });

  it('says why nothing is asked', () => {
    const books = ['DraftKings'] as const;
    const reasonFor = (legs: readonly SlipLeg[], chosen: readonly (typeof books)[number][] = books, held = false) => {
      const questions = parlayQuestionsFor({ legs, books: chosen, held });
      return questions.ask ? 'asked' : questions.reason;
    };
    expect(reasonFor([])).toBe('empty-slip');
    expect(reasonFor([leg('game-1')])).toBe('one-leg');
    expect(reasonFor(TWO_GAMES, [])).toBe('no-book');
    expect(reasonFor([leg('game-1', 'Home'), leg('game-1', 'Away')])).toBe('clashing-legs');
    expect(reasonFor(Array.from({ length: MAX_SLIP_LEGS + 1 }, (_, index) => leg(`game-${index}`)))).toBe(
      'over-the-limit',
    );
    expect(reasonFor(TWO_GAMES, books, true)).toBe('held');
    expect(reasonFor(Array.from({ length: MAX_SLIP_LEGS }, (_, index) => leg(`game-${index}`)))).toBe('asked');
  });

  it('names the clashing legs, so the slip can say what to fix', () => {
    const questions = parlayQuestionsFor({
      legs: [leg('game-1', 'Home'), leg('game-1', 'Away'), leg('game-2')],
      books: ['DraftKings'],
      held: false,
    });
    expect(questions.ask === false && questions.reason === 'clashing-legs' && [...questions.conflicts.keys()]).toEqual([
      `game-1\u0000Moneyline\u0000Home`,
      `game-1\u0000Moneyline\u0000Away`,
    ]);
  });

  it('has prices to show for a one-leg slip and a slip still changing, not for one that cannot be priced', () => {
    const shows = (legs: readonly SlipLeg[], held = false) =>
      slipHasPrices(parlayQuestionsFor({ legs, books: ['DraftKings'], held }));
    expect(shows(TWO_GAMES)).toBe(true);
    expect(shows([leg('game-1')])).toBe(true);
    expect(shows(TWO_GAMES, true)).toBe(true);
    expect(shows([])).toBe(false);
    expect(shows([leg('game-1', 'Home'), leg('game-1', 'Away')])).toBe(false);
  });
});
