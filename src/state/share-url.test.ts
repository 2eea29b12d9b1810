import { describe, expect, it } from 'vitest';
import { buildShareUrl, readShareParams } from './share-url.ts';
import { encodeSlip, MAX_SLIP_LEGS, type SlipLeg } from '../domain/slip.ts';

const legs: SlipLeg[] = [
  { fixtureId: '20261122FF9AD242', market: 'Point Spread', name: 'Houston Astros -1.5', game: null },
  { fixtureId: '20261123AB12CD34', market: 'Player Points', name: "D'Angelo Russell Over 14.5", game: null },
];

describe('share links', () => {
  it('restores slip, books, format and the fair-value choice from the link it built', () => {
    for (const fairValue of [true, false]) {
      const url = buildShareUrl('https://example.com/?utm=x', {
        legs,
        books: ['BetMGM (UK)', 'DraftKings'],
        oddsFormat: 'decimal',
        fairValue,
      });
      expect(new URL(url).searchParams.get('utm')).toBe('x');
      expect(readShareParams(new URL(url).search)).toEqual({
        overrides: { legs, books: ['BetMGM (UK)', 'DraftKings'], oddsFormat: 'decimal', fairValue },
        notices: [],
      });
    }
  });

  it('keeps the usual fair-value choice when the link has an unreadable one, and says so', () => {
    expect(readShareParams('?fair=yes')).toEqual({
      overrides: {},
      notices: ['This link has an unreadable fair-value setting ("yes"); your usual choice is kept.'],
    });
  });

  it('opens in the region a link asks for, and never writes one into a link', () => {
    expect(readShareParams('?region=UK')).toEqual({ overrides: { region: 'uk' }, notices: [] });
    expect(readShareParams('?region=fr').notices).toEqual([
      'This link asks for an unknown region ("fr"); your usual region is kept.',
    ]);
    const url = buildShareUrl('https://example.com/?region=uk', {
      legs,
      books: [],
      oddsFormat: 'decimal',
      fairValue: true,
    });
    expect(new URL(url).searchParams.has('region')).toBe(false);
  });

  it('drops unknown books and formats with a notice each', () => {
    const { overrides, notices } = readShareParams('?books=DraftKings,Caesars,&format=roman');
    expect(overrides).toEqual({ books: ['DraftKings'] });
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain('Caesars');
  });

  it('reports unreadable legs and keeps the rest', () => {
    const { overrides, notices } = readShareParams('?legs=F1~Moneyline~Boston%2520Celtics,%%%');
    expect(overrides.legs).toEqual([{ fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null }]);
    expect(notices).toEqual(['1 leg in this link could not be read and was left out.']);
  });

  it('says the leg limit for a link with more legs than a slip holds, not that they could not be read', () => {
    const legs = Array.from({ length: MAX_SLIP_LEGS + 3 }, (_, index) => ({
      fixtureId: `F${index}`,
      market: 'Moneyline',
      name: 'Boston Celtics',
    }));
    const { overrides, notices } = readShareParams(`?legs=${encodeURIComponent(encodeSlip(legs))}`);
    expect(overrides.legs?.map((leg) => leg.fixtureId)).toEqual(
      legs.slice(0, MAX_SLIP_LEGS).map((leg) => leg.fixtureId),
    );
    expect(notices).toEqual([
      `This link has ${MAX_SLIP_LEGS + 3} legs; a slip holds at most ${MAX_SLIP_LEGS} legs, so the last 3 were left out.`,
    ]);
  });

  it('changes nothing when the link carries no share parameters', () => {
    expect(readShareParams('?utm_source=x')).toEqual({ overrides: {}, notices: [] });
  });
});
