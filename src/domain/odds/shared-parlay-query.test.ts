import { describe, expect, it } from 'vitest';
import { decodeSlip, toParlayEntries } from '../slip.ts';
import { sharedParlayQueryString, sharedParlayQuestion } from './shared-parlay-query.ts';

const WHOLE_GAME = { fixture_id: 'F1', market: 'Moneyline', name: 'Boston Celtics' };
const FIRST_HALF = { fixture_id: 'F1', market: 'Moneyline 1st Half', name: 'Boston Celtics' };
const ODD_NAME = { fixture_id: 'F2', market: 'Player Points', name: 'A, B~C 100%' };

describe('the GET form of /parlay/odds', () => {
  it('names one question one way, whatever the slip’s order', () => {
    const orders = [
      [WHOLE_GAME, FIRST_HALF, ODD_NAME],
      [ODD_NAME, WHOLE_GAME, FIRST_HALF],
      [FIRST_HALF, ODD_NAME, WHOLE_GAME],
    ];
    const spellings = new Set(orders.map((order) => sharedParlayQueryString('Hard Rock', order)));
    expect([...spellings]).toEqual([
      `book=Hard%20Rock&legs=${encodeURIComponent(
        'F1~Moneyline 1st Half~Boston Celtics,F1~Moneyline~Boston Celtics,F2~Player Points~A%2C B%7EC 100%25',
      )}`,
    ]);
  });

  it('gives the caller’s own entries in the URL’s order, the order the answer’s legs come in', () => {
    const question = sharedParlayQuestion('DraftKings', [ODD_NAME, WHOLE_GAME, FIRST_HALF]);
    expect(question.entries).toEqual([FIRST_HALF, WHOLE_GAME, ODD_NAME]);
    expect(question.entries[0]).toBe(FIRST_HALF);
    // The URL's legs read back (as our server reads them) in that same order.
    expect(toParlayEntries(decodeSlip(question.query.legs).legs)).toEqual(question.entries);
  });
});
