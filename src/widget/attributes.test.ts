import { describe, expect, it } from 'vitest';
import { encodeSlip, MAX_SLIP_LEGS } from '../domain/slip.ts';
import { DEFAULT_DISCLOSURE, effectiveOddsFormat, parseWidgetOptions, type WidgetAttribute } from './attributes.ts';

const context = { defaultApiBase: 'https://widgets.example', baseUrl: 'https://news.example/articles/1' };

function parse(attributes: Partial<Record<WidgetAttribute, string>>) {
  return parseWidgetOptions((name) => attributes[name] ?? null, context);
}

describe('parseWidgetOptions', () => {
  it('gives the defaults with no attributes, and no problems', () => {
    expect(parse({})).toEqual({
      options: {
        apiBase: 'https://widgets.example',
        leagues: null,
        books: null,
        legs: null,
        oddsFormat: null,
        stake: null,
        theme: 'light',
        affiliateLinks: {},
        region: 'us',
        mode: 'full',
        storageKey: null,
        fairValue: null,
        controls: 'reader',
        disclosure: DEFAULT_DISCLOSURE,
        bookRegion: null,
      },
      problems: [],
    });
  });

  it('reads every attribute', () => {
    const legs = [
      { fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics' },
      { fixtureId: 'F2', market: 'Total Points', name: 'Over 221.5' },
    ];
    const { options, problems } = parse({
      'api-base': 'https://proxy.example/odds/',
      leagues: 'nba, NFL,nba',
      books: 'draftkings, BetMGM (UK),Hard Rock',
      legs: encodeSlip(legs),
      'odds-format': 'Decimal',
      stake: '25.5',
      theme: 'dark',
      'affiliate-links': '{"DraftKings": "https://aff.example/dk?legs={legs}", "hard rock": " http://aff.example/hr "}',
      region: 'uk',
      mode: 'grid',
      'storage-key': 'sidebar_1',
      'fair-value': 'Show',
      controls: 'Analyst',
      disclosure: '  We are paid\n by DraftKings. ',
      'book-region': 'us',
    });
    expect(problems).toEqual([]);
    expect(options).toEqual({
      apiBase: 'https://proxy.example/odds',
      leagues: ['nba', 'nfl'],
      // BetMGM (UK) is left out by book-region="us".
      books: ['DraftKings', 'Hard Rock'],
      legs: legs.map((leg) => ({ ...leg, game: null })),
      oddsFormat: 'decimal',
      stake: 25.5,
      theme: 'dark',
      affiliateLinks: { DraftKings: 'https://aff.example/dk?legs={legs}', 'Hard Rock': 'http://aff.example/hr' },
      region: 'uk',
      mode: 'grid',
      storageKey: 'sidebar_1',
      fairValue: true,
      controls: 'analyst',
      disclosure: 'We are paid by DraftKings.',
      bookRegion: 'us',
    });
    expect(parse({ 'fair-value': 'hide' }).options.fairValue).toBe(false);
  });

  it('keeps to one region’s books, and falls back to reader controls and the usual disclosure on bad values', () => {
    expect(parse({ 'book-region': 'uk' }).options.books).toEqual(['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet']);
    expect(parse({ 'book-region': 'uk', books: 'DraftKings' })).toMatchObject({
      options: { books: ['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet'], bookRegion: 'uk' },
      problems: ['book-region: none of the books given is a UK book; showing the UK books.'],
    });
    expect(parse({ controls: 'expert', disclosure: 'x'.repeat(301), 'book-region': 'eu' })).toEqual({
      options: expect.objectContaining({ controls: 'reader', disclosure: DEFAULT_DISCLOSURE, bookRegion: null }),
      problems: [
        'disclosure: longer than 300 characters; the usual disclosure is shown.',
        'book-region: “eu” is not one of us, uk.',
        'controls: “expert” is not one of reader, analyst.',
      ],
    });
  });

  it('resolves a relative api-base against the page and refuses other schemes', () => {
    expect(parse({ 'api-base': '/parlay' }).options.apiBase).toBe('https://news.example/parlay');
    const { options, problems } = parse({ 'api-base': 'javascript:alert(1)' });
    expect(options.apiBase).toBe('https://widgets.example');
    expect(problems).toEqual([
      'api-base: “javascript:alert(1)” must be an https: or http: URL; using https://widgets.example.',
    ]);
  });

  it('names unknown books, keeps the known ones, and falls back to all ten when none is known', () => {
    expect(parse({ books: 'DraftKings,FanDuel' })).toMatchObject({
      options: { books: ['DraftKings'] },
      problems: [
        expect.stringMatching(
          /^books: “FanDuel” is not a supported sportsbook \(supported: BetMGM, .*Unibet\); left out\.$/,
        ),
      ],
    });
    expect(parse({ books: 'FanDuel, Caesars' })).toMatchObject({
      options: { books: null },
      problems: [
        expect.stringMatching(/^books: “FanDuel”, “Caesars” are not supported sportsbooks .*; showing all ten\.$/),
      ],
    });
  });

  it('rejects malformed JSON, non-objects, unknown books, non-http links and unknown placeholders in affiliate-links', () => {
    expect(parse({ 'affiliate-links': '{DraftKings: https://x}' }).problems).toEqual([
      'affiliate-links: not valid JSON (expected {"Book name": "https://…"}); no affiliate links are used.',
    ]);
    expect(parse({ 'affiliate-links': '["https://x"]' }).problems[0]).toContain('expected a JSON object');
    const { options, problems } = parse({
      'affiliate-links': JSON.stringify({
        DraftKings: 'javascript:alert(document.cookie)',
        BetMGM: 'https://aff.example/?u={user}',
        FanDuel: 'https://aff.example/fd',
        Novig: 42,
        Bwin: 'https://aff.example/bwin',
      }),
    });
    expect(options.affiliateLinks).toEqual({ Bwin: 'https://aff.example/bwin' });
    expect(problems).toEqual([
      'affiliate-links: the link for DraftKings uses javascript:, but only https: and http: links are allowed; it is not used.',
      'affiliate-links: the link for BetMGM uses unknown placeholder {user} (known: {book}, {book_slug}, {legs}, {price}, {stake}); it is not used.',
      'affiliate-links: “FanDuel” is not a supported sportsbook; its link is not used.',
      'affiliate-links: the link for Novig is not a text URL; it is not used.',
    ]);
  });

  it('says the leg limit for more legs than a slip holds', () => {
    const legs = Array.from({ length: MAX_SLIP_LEGS + 1 }, (_, index) => ({
      fixtureId: `F${index}`,
      market: 'Moneyline',
      name: 'Boston Celtics',
    }));
    const { options, problems } = parse({ legs: encodeSlip(legs) });
    expect(options.legs).toHaveLength(MAX_SLIP_LEGS);
    expect(problems).toEqual([
      `legs: ${MAX_SLIP_LEGS + 1} given; a slip holds at most ${MAX_SLIP_LEGS} legs, so the last one was left out.`,
    ]);
  });

  it('reports unreadable legs and keeps the readable ones', () => {
    const good = encodeSlip([{ fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics' }]);
    const { options, problems } = parse({ legs: `${good},not-a-leg,bad id~m~n` });
    expect(options.legs?.map((leg) => leg.name)).toEqual(['Boston Celtics']);
    expect(problems).toEqual([
      'legs: 2 legs could not be read (expected the share-link encoding, fixture~market~name, legs separated by commas); they were left out.',
    ]);
  });

  it('reports bad enumerations, stakes, league ids and storage keys, using the defaults', () => {
    const { options, problems } = parse({
      'odds-format': 'roman',
      stake: '-5',
      theme: 'neon',
      region: 'fr',
      mode: 'tiny',
      leagues: 'nba,Premier League',
      'storage-key': 'a key',
      'fair-value': 'yes',
    });
    expect(options).toMatchObject({
      oddsFormat: null,
      stake: null,
      theme: 'light',
      region: 'us',
      mode: 'full',
      leagues: ['nba'],
      storageKey: null,
      fairValue: null,
    });
    expect(problems).toEqual([
      'storage-key: “a key” may hold only letters, digits, - and _ (at most 64); nothing is remembered.',
      'leagues: “premier league” is not a league id (ids look like nba or england_-_premier_league); left out.',
      'odds-format: “roman” is not one of american, decimal, fractional, probability.',
      'stake: “-5” is not an amount from 0 to 1,000,000.',
      'theme: “neon” is not one of light, dark, auto.',
      'region: “fr” is not one of us, uk.',
      'mode: “tiny” is not one of full, grid.',
      'fair-value: “yes” is not one of show, hide.',
    ]);
  });

  it('treats empty attributes as not given and cuts long values short in messages', () => {
    expect(parse({ theme: '  ', books: '' })).toMatchObject({ options: { theme: 'light', books: null }, problems: [] });
    expect(parse({ theme: 'x'.repeat(500) }).problems[0]).toBe(
      `theme: “${'x'.repeat(40)}…” is not one of light, dark, auto.`,
    );
  });
});

describe('effectiveOddsFormat', () => {
  it('uses the attribute, else the region’s usual format', () => {
    expect(effectiveOddsFormat({ oddsFormat: null, region: 'us' })).toBe('american');
    expect(effectiveOddsFormat({ oddsFormat: null, region: 'uk' })).toBe('fractional');
    expect(effectiveOddsFormat({ oddsFormat: 'decimal', region: 'uk' })).toBe('decimal');
  });
});
