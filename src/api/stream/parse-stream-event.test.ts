import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireFixture, wireOdd } from '../../test/api/wire-examples.ts';
import { checkProperty } from '../../test/fuzz.ts';
import { parseStreamEvent } from './parse-stream-event.ts';

const FIXTURE = 'GAME-1';

function streamedOdd(book: string, extra: Record<string, unknown> = {}) {
  return {
    ...wireOdd(book, FIXTURE, extra),
    fixture_id: FIXTURE,
    is_live: false,
    sportsbook_id: 'x',
    league_id: 'mlb',
    limits: null,
  };
}

function payload(type: string, rows: readonly unknown[]) {
  return JSON.stringify({ data: rows, entry_id: '1730079534820-2', type });
}

describe('stream event parser', () => {
  it('reads an odds event into the app’s odds, with the game each belongs to', () => {
    const parsed = parseStreamEvent('odds', payload('odds', [streamedOdd('DraftKings', { price: 120 })]));
    expect(parsed.dropped).toBe(0);
    expect(parsed.event).toEqual({
      type: 'odds',
      entryId: '1730079534820-2',
      odds: [
        expect.objectContaining({
          fixtureId: FIXTURE,
          sportsbook: 'DraftKings',
          market: 'Moneyline',
          marketId: 'moneyline',
          name: 'Houston Astros',
          americanPrice: 120,
          decimalPrice: 2.2,
        }),
      ],
    });
  });

  it('counts and leaves out bad rows, books outside the ten and rows without a game, keeping the rest', () => {
    const rows = [
      streamedOdd('DraftKings'),
      streamedOdd('DraftKings', { price: 50 }),
      streamedOdd('Pinnacle'),
      { ...streamedOdd('Fanatics'), fixture_id: undefined },
      'not a row',
      null,
    ];
    const parsed = parseStreamEvent('odds', payload('odds', rows));
    expect(parsed.dropped).toBe(5);
    expect(parsed.event?.type === 'odds' ? parsed.event.odds.map((odd) => odd.sportsbook) : []).toEqual(['DraftKings']);
  });

  it('reads a locked line by its odd, price or not', () => {
    const { price: _price, ...withoutPrice } = streamedOdd('BetMGM');
    const parsed = parseStreamEvent('locked-odds', payload('locked-odds', [withoutPrice, { id: 'x' }]));
    expect(parsed).toEqual({
      event: {
        type: 'locked-odds',
        entryId: '1730079534820-2',
        locks: [
          {
            id: `${FIXTURE}:BetMGM:moneyline:houston_astros`,
            fixtureId: FIXTURE,
            sportsbook: 'BetMGM',
            market: 'Moneyline',
            marketId: 'moneyline',
            name: 'Houston Astros',
          },
        ],
      },
      dropped: 1,
    });
  });

  it('reads a game’s status from a fixture row (`fixture_id`, or `id` as listings have it)', () => {
    const rows = [
      { fixture_id: FIXTURE, ...wireFixture(FIXTURE, { status: 'live', is_live: true }) },
      { id: 'GAME-2', status: 'cancelled' },
      { fixture_id: 'GAME-3' },
    ];
    expect(parseStreamEvent('fixture-status', payload('fixture-status', rows))).toEqual({
      event: {
        type: 'fixture-status',
        entryId: '1730079534820-2',
        statuses: [
          { fixtureId: FIXTURE, status: 'live', isLive: true },
          { fixtureId: 'GAME-2', status: 'cancelled', isLive: false },
        ],
      },
      dropped: 1,
    });
  });

  it('takes an unnamed frame’s kind from its payload', () => {
    expect(parseStreamEvent('message', payload('odds', [streamedOdd('Unibet')])).event?.type).toBe('odds');
  });

  it.each([
    ['not JSON', 'odds', '{"data": ['],
    ['not an object', 'odds', '[1,2]'],
    ['no data list', 'odds', '{"data": 3, "type": "odds"}'],
    ['an unknown event', 'fixture-results', payload('fixture-results', [])],
    ['name and payload disagreeing', 'odds', payload('locked-odds', [])],
    ['an unnamed frame of no known kind', 'message', '{"data": []}'],
  ])('counts a frame that is %s as one dropped, and reads nothing from it', (_what, name, data) => {
    expect(parseStreamEvent(name, data)).toEqual({ event: null, dropped: 1 });
  });

  it('never throws, whatever the frame holds', async (context) => {
    await checkProperty(
      context,
      fc.property(
        fc.constantFrom('odds', 'locked-odds', 'fixture-status', 'message', 'ping'),
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .array(fc.oneof(fc.anything(), fc.constant(streamedOdd('DraftKings'))))
            .map((rows) => payload('odds', rows)),
        ),
        (name, data) => {
          const parsed = parseStreamEvent(name, data);
          expect(parsed.dropped).toBeGreaterThanOrEqual(0);
        },
      ),
      500,
    );
  });
});
