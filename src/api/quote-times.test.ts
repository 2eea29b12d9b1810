import { describe, expect, it } from 'vitest';
import { createOddsClient, readQuoteTimes } from './client.ts';
import { jsonResponse, recordingFetch } from './test-support/fake-fetch.ts';

const entries = [
  { fixture_id: 'F1', market: 'Moneyline', name: 'Houston Astros' },
  { fixture_id: 'F2', market: 'Total Runs', name: 'Over 8' },
];

describe('quote times from x-latency-<book> headers', () => {
  it('reads the books it knows, by slug, and ignores anything that is not a time', () => {
    const headers = new Headers({ 'x-latency-betmgm-uk': '523', 'x-latency-novig': '0', 'x-latency-bwin': 'soon', 'x-latency-fanduel': '90', 'x-latency-unibet': '' });
    expect([...readQuoteTimes(headers)]).toEqual([
      ['BetMGM (UK)', 523],
      ['Novig', 0],
    ]);
  });

  it('priceParlay hands them to onQuoteTimes, and stays quiet when the answer has none', async () => {
    const answer = { data: { Novig: { error: null, missing_entries: null, legs: entries.map((entry) => ({ ...entry, price: 120 })), price: 380 } } };
    const seen: [string, number][][] = [];
    const withTimes = recordingFetch(() => jsonResponse(answer, { headers: { 'x-latency-novig': '97' } }));
    await createOddsClient({ baseUrl: '', fetch: withTimes.fetch }).priceParlay({ entries, sportsbooks: ['Novig'] }, { onQuoteTimes: (times) => seen.push([...times]) });
    const withoutTimes = recordingFetch(() => jsonResponse(answer));
    await createOddsClient({ baseUrl: '', fetch: withoutTimes.fetch }).priceParlay({ entries, sportsbooks: ['Novig'] }, { onQuoteTimes: (times) => seen.push([...times]) });
    expect(seen).toEqual([[['Novig', 97]]]);
  });
});
