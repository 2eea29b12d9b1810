import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createOddsClient } from '../../../api/client.ts';
import { jsonResponse, recordingFetch } from '../../../test/api/fake-fetch.ts';
import { parlayQuoteQuery } from './queries.ts';

const ENTRIES = [
  { fixture_id: 'F2', market: 'Total Runs', name: 'Over 8' },
  { fixture_id: 'F1', market: 'Moneyline', name: 'Houston Astros' },
];

const queryClients: QueryClient[] = [];
afterEach(() => {
  for (const queryClient of queryClients.splice(0)) queryClient.clear();
});

function pricedAtDraftKings() {
  const answer = {
    data: { DraftKings: { error: null, price: 264, legs: ENTRIES.map((entry) => ({ ...entry, price: -110 })) } },
  };
  const { fetch, calls } = recordingFetch(() => jsonResponse(answer));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClients.push(queryClient);
  return { oddsClient: createOddsClient({ baseUrl: '', fetch, sharedParlayForm: true }), queryClient, calls };
}

describe('a book’s price for a slip', () => {
  it('is first asked in the form a CDN may answer, and asked again (a poll, a leg moving) afresh by POST', async () => {
    const { oddsClient, queryClient, calls } = pricedAtDraftKings();
    const query = parlayQuoteQuery(oddsClient, 'DraftKings', ENTRIES);
    await expect(queryClient.fetchQuery(query)).resolves.toMatchObject({ status: 'priced', americanPrice: 264 });
    await queryClient.refetchQueries({ queryKey: query.queryKey });
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'POST']);
    expect(calls[0]?.url).toBe(
      `/api/v3/parlay/odds?book=DraftKings&legs=${encodeURIComponent('F1~Moneyline~Houston Astros,F2~Total Runs~Over 8')}`,
    );
  });

  it('is first asked by GET again for another slip', async () => {
    const { oddsClient, queryClient, calls } = pricedAtDraftKings();
    await queryClient.fetchQuery(parlayQuoteQuery(oddsClient, 'DraftKings', ENTRIES));
    await queryClient.fetchQuery(parlayQuoteQuery(oddsClient, 'DraftKings', ENTRIES.slice(1)));
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'GET']);
  });
});
