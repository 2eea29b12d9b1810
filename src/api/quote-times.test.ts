import { describe, expect, it } from 'vitest';
import { createOddsClient } from './client.ts';
import { readQuoteTimeMs } from './pricing-endpoints.ts';
import { jsonResponse, recordingFetch } from '../test/api/fake-fetch.ts';

const entries = [
  { fixture_id: 'F1', market: 'Moneyline', name: 'Houston Astros' },
  { fixture_id: 'F2', market: 'Total Runs', name: 'Over 8' },
];

describe('quote time from the x-latency-time header', () => {
  it('reads seconds (with decimals) as milliseconds, and ignores anything that is not a time', () => {
    expect(readQuoteTimeMs(new Headers({ 'x-latency-time': '1.94298' }))).toBeCloseTo(1942.98, 6);
    expect(readQuoteTimeMs(new Headers({ 'x-latency-time': '0' }))).toBe(0);
    for (const value of ['soon', '', '-1', 'NaN'])
      expect(readQuoteTimeMs(new Headers({ 'x-latency-time': value }))).toBeNull();
    expect(readQuoteTimeMs(new Headers())).toBeNull();
  });

  it('priceParlay hands it to onQuoteTime, and stays quiet when the answer has none', async () => {
    const answer = {
      data: {
        Novig: {
          error: null,
          missing_entries: null,
          legs: entries.map((entry) => ({ ...entry, price: 120 })),
          price: 380,
        },
      },
    };
    const seen: number[] = [];
    const withTime = recordingFetch(() =>
      jsonResponse(answer, { headers: { 'x-latency-time': '0.097', 'x-latency-start': '1795000000.1' } }),
    );
    await createOddsClient({ baseUrl: '', fetch: withTime.fetch }).priceParlay(
      { entries, sportsbooks: ['Novig'] },
      { onQuoteTime: (ms) => seen.push(ms) },
    );
    const withoutTime = recordingFetch(() => jsonResponse(answer));
    await createOddsClient({ baseUrl: '', fetch: withoutTime.fetch }).priceParlay(
      { entries, sportsbooks: ['Novig'] },
      { onQuoteTime: (ms) => seen.push(ms) },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeCloseTo(97, 6);
  });

  it("asks for the books' own links with every pricing request", async () => {
    const answer = {
      data: {
        Novig: {
          error: null,
          missing_entries: null,
          legs: entries.map((entry) => ({ ...entry, price: 120 })),
          price: 380,
        },
      },
    };
    const recorded = recordingFetch(() => jsonResponse(answer));
    await createOddsClient({ baseUrl: '', fetch: recorded.fetch }).priceParlay({ entries, sportsbooks: ['Novig'] });
    expect(recorded.calls[0]?.url).toContain('always_include_deep_link=true');
  });
});
