import { describe, expect, it } from 'vitest';
import { makeApp, postParlay } from '../testing/sandbox-client.ts';

const app = makeApp();
const entry = { fixture_id: '20251122ABCDEF12', market: 'Moneyline', name: 'Boston Celtics' };
const twoEntries = [entry, { ...entry, name: 'Miami Heat' }];

describe('POST /parlay/odds: bad bodies', () => {
  const cases: [string, unknown, string][] = [
    ['not JSON', '{"sportsbooks": [', 'body: expected a JSON object (the body is not valid JSON)'],
    ['not an object', '[1, 2]', 'body: expected a JSON object with sportsbooks and entries'],
    ['empty object', {}, 'sportsbooks: required; entries: required'],
    [
      'wrong types',
      { sportsbooks: 'DraftKings', entries: {} },
      'sportsbooks: expected an array of sportsbook names; entries: expected an array of entries',
    ],
    ['empty sportsbooks', { sportsbooks: [], entries: twoEntries }, 'sportsbooks: at least 1 sportsbook required'],
    [
      'unknown, duplicate and non-string books',
      { sportsbooks: ['Foo', 'BetMGM', 'BetMGM', 7], entries: twoEntries },
      'sportsbooks[0]: unknown sportsbook "Foo"; sportsbooks[2]: duplicate sportsbook "BetMGM"; sportsbooks[3]: expected a string',
    ],
    ['one entry', { sportsbooks: ['BetMGM'], entries: [entry] }, 'entries: at least 2 entries required'],
    [
      '51 entries',
      { sportsbooks: ['BetMGM'], entries: Array.from({ length: 51 }, () => entry) },
      'entries: at most 50 entries allowed',
    ],
    [
      'entry fields',
      { sportsbooks: ['BetMGM'], entries: [entry, { fixture_id: 5, name: ' ' }, 'x'] },
      'entries[1].fixture_id: expected a string; entries[1].market: required; entries[1].name: must not be empty; entries[2]: expected an object with fixture_id, market and name',
    ],
  ];

  it.each(cases)('%s -> 400 with a field-by-field message', async (_label, body, message) => {
    const response = await postParlay(app, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('accepts the documented maximum of 50 entries', async () => {
    const response = await postParlay(app, {
      sportsbooks: ['BetMGM'],
      entries: Array.from({ length: 50 }, (_, index) => ({ ...entry, name: `Team ${index}` })),
    });
    expect(response.status).toBe(200);
  });
});
