import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { answerInClientOrder, canonicalParlayBody } from './parlay-order.ts';

const first = { fixture_id: '20261124AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const second = { fixture_id: '20261124BBBBBBBB', market: 'Moneyline', name: 'Atlanta Hawks' };
// Asked second-first: the canonical body (sorted) asks first, second.
const client: ParlayRequestBody = { sportsbooks: ['DraftKings', 'BetMGM'], entries: [second, first] };
const canonical = canonicalParlayBody(client);

function answerWithLegs(legs: unknown[]): string {
  return JSON.stringify({ data: { BetMGM: { price: 264, legs }, DraftKings: { price: 260, legs } } });
}

function legsOf(text: string, book: string): unknown[] {
  return (JSON.parse(text) as { data: Record<string, { legs: unknown[] }> }).data[book]?.legs ?? [];
}

afterEach(() => vi.restoreAllMocks());

describe('a parlay answer in the caller’s order', () => {
  it('matches named legs to the caller’s entries, books in the caller’s order', () => {
    expect(canonical.entries).toEqual([first, second]);
    const text = answerInClientOrder(
      answerWithLegs([
        { ...first, price: -150 },
        { ...second, price: 130 },
      ]),
      client,
      canonical,
    );
    expect(Object.keys((JSON.parse(text) as { data: object }).data)).toEqual(['DraftKings', 'BetMGM']);
    expect(legsOf(text, 'DraftKings')).toEqual([
      { ...second, price: 130 },
      { ...first, price: -150 },
    ]);
  });

  it('falls back to the order asked, by position, when the legs do not name themselves, and says so once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The service answers the canonical body: its first leg is `first`'s, priced -150.
    const unnamed = answerWithLegs([{ price: -150 }, { price: 130 }]);
    const text = answerInClientOrder(unnamed, client, canonical);
    expect(legsOf(text, 'DraftKings')).toEqual([{ price: 130 }, { price: -150 }]);
    expect(legsOf(text, 'BetMGM')).toEqual([{ price: 130 }, { price: -150 }]);
    answerInClientOrder(unnamed, client, canonical);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('in the order the caller asked');
  });
});
